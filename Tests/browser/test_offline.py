"""Offline-first, the phone side (BASKET.md §8, issue 10), and Undo for a removal (issue 9): the
list opens without a network, every change shows at once and waits on the phone (surviving a
reload), the queue drains by itself when the server answers, each change arrives exactly once,
a refused change is said plainly, and the status line tells the truth.

Two ways of losing the server: Playwright's `context.set_offline` (the whole network, with the
service worker keeping the shell), and a route that fails every /api/ request (the page itself
still loads: a server that is down while the page is open, or plain HTTP with no service
worker, where only IndexedDB keeps the list and the queue)."""

import os
import re
import subprocess
import time
import urllib.request

from playwright.sync_api import expect

from conftest import BASKET
from test_web_app import GOT_IT, TO_GET, add, api_list, row


def names(items):
    return sorted(item["name"] for item in items)


def server_is(server, to_get, got_it=(), timeout=10.0):
    """Waits until the server's list (read over HTTP) has exactly these names, each once."""
    deadline = time.time() + timeout
    while True:
        listed = api_list(server)
        found = (names(listed["toGet"]), names(listed["gotIt"]))
        if found == (sorted(to_get), sorted(got_it)):
            return listed
        if time.time() > deadline:
            raise AssertionError(f"server has {found}, expected {(sorted(to_get), sorted(got_it))}")
        time.sleep(0.1)


def cut_off(page):
    """The server can't be reached from this page (its requests fail at once)."""
    page.route(re.compile(r"/api/"), lambda route: route.abort("internetdisconnected"))


def reconnect(page):
    page.unroute(re.compile(r"/api/"))


def remove(page, name):
    row(page, name).locator(".qty-chip").click()
    row(page, name).get_by_role("button", name="Remove item").click()


def status(page):
    return page.locator("#connection")


def test_opening_offline_after_a_visit_shows_the_list_and_every_control_works(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="allow")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "/")
        expect(status(page)).to_have_text("Live")
        add(page, "Milk")
        add(page, "Bread")
        server_is(server, ["Milk", "Bread"])
        page.wait_for_function("navigator.serviceWorker.controller !== null")  # the shell is kept

        context.set_offline(True)
        page.reload()
        expect(row(page, "Milk")).to_have_count(1)  # from the phone: no network at all
        expect(row(page, "Bread")).to_have_count(1)
        expect(status(page)).to_have_text("Offline")
        add(page, "Tea")
        expect(row(page, "Tea")).to_have_count(1)
        row(page, "Milk").locator(".check").click()
        expect(row(page, "Milk", GOT_IT)).to_have_count(1, timeout=3000)
        expect(status(page)).to_have_text("Offline · 2 changes waiting")
        page.click("#add-input")
        page.locator("#add-input").blur()
        page.click("#add-input")  # usuals from what the phone saw: Milk is off To get now
        expect(page.locator('#chips .chip[aria-label="Add Milk"]')).to_be_visible()
        expect(page.locator('#chips .chip[aria-label="Add Bread"]')).to_have_count(0)
        page.fill("#add-input", "mi")  # suggestions from what the phone saw
        expect(page.locator('#chips .chip[aria-label="Add Milk"]')).to_be_visible()
        page.fill("#add-input", "bre")
        page.wait_for_timeout(200)
        expect(page.locator('#chips .chip[aria-label="Add Bread"]')).to_have_count(0)  # on To get
        page.press("#add-input", "Escape")
        server_is(server, ["Milk", "Bread"])  # nothing has left the phone

        context.set_offline(False)  # back: the queue drains by itself
        server_is(server, ["Bread", "Tea"], ["Milk"])
        expect(status(page)).to_have_text("Live", timeout=15000)
        assert errors == [], errors
    finally:
        context.close()


def test_offline_changes_show_at_once_survive_a_reload_and_arrive_exactly_once(server, new_page):
    page = new_page(server.url + "/")
    for name in ["Milk", "Bread", "Eggs"]:
        add(page, name)
    server_is(server, ["Milk", "Bread", "Eggs"])

    cut_off(page)
    add(page, "Tea")
    expect(row(page, "Tea")).to_have_count(1)
    expect(status(page)).to_have_text("Offline · 1 change waiting")
    row(page, "Milk").locator(".check").click()
    expect(row(page, "Milk", GOT_IT)).to_have_count(1, timeout=3000)
    remove(page, "Bread")
    expect(row(page, "Bread")).to_have_count(0)
    row(page, "Eggs").locator("button.name").click()
    page.fill("input.rename", "Duck eggs")
    page.press("input.rename", "Enter")
    expect(row(page, "Duck eggs")).to_have_count(1)
    row(page, "Tea").locator(".qty-chip").click()
    row(page, "Tea").get_by_role("button", name="More").click()
    row(page, "Tea").get_by_role("button", name="Done").click()
    expect(row(page, "Tea").locator(".qty-chip")).to_have_text("2")
    expect(status(page)).to_have_text("Offline · 5 changes waiting")
    server_is(server, ["Milk", "Bread", "Eggs"])

    page.reload()  # the tab closed and opened again, still without the server
    expect(row(page, "Tea")).to_have_count(1)
    expect(row(page, "Tea").locator(".qty-chip")).to_have_text("2")
    expect(row(page, "Duck eggs")).to_have_count(1)
    expect(row(page, "Milk", GOT_IT)).to_have_count(1)
    expect(row(page, "Bread")).to_have_count(0)
    expect(status(page)).to_have_text("Offline · 5 changes waiting")

    page.evaluate("""() => {
        const line = document.getElementById('connection');
        window.statusTexts = [];
        new MutationObserver(() => window.statusTexts.push(line.textContent))
            .observe(line, { childList: true, characterData: true, subtree: true });
    }""")
    reconnect(page)  # no click, no online event: the retry timer finds the server
    listed = server_is(server, ["Tea", "Duck eggs"], ["Milk"])
    tea = next(item for item in listed["toGet"] if item["name"] == "Tea")
    assert tea["quantity"] == {"amount": 2, "unit": "units"}
    expect(status(page)).to_have_text("Live", timeout=15000)
    texts = page.evaluate("window.statusTexts")
    assert any(text.startswith("Syncing…") for text in texts), texts  # said while sending
    other = new_page(server.url + "/")  # a second page agrees
    expect(other.locator(TO_GET)).to_have_count(2)
    expect(row(other, "Duck eggs")).to_have_count(1)
    expect(row(other, "Milk", GOT_IT)).to_have_count(1)
    page.wait_for_timeout(500)
    server_is(server, ["Tea", "Duck eggs"], ["Milk"])  # and nothing arrives twice


def test_a_change_the_server_refuses_is_said_plainly_and_the_list_follows_the_server(server, new_page):
    server.cli("add", "Milk", "Bread")
    phone = new_page(server.url + "/")
    other = new_page(server.url + "/")
    expect(row(phone, "Milk")).to_have_count(1)
    cut_off(phone)
    row(phone, "Milk").locator("button.name").click()  # renamed on a phone in the basement…
    phone.fill("input.rename", "Oat milk")
    phone.press("input.rename", "Enter")
    expect(row(phone, "Oat milk")).to_have_count(1)
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    remove(other, "Milk")  # …while another phone removes it
    server_is(server, ["Bread"])

    reconnect(phone)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status(phone)).to_have_text("Not saved: Milk was removed on another phone", timeout=10000)
    expect(phone.locator("#toast-text")).to_have_text("Not saved: Milk was removed on another phone.")
    expect(row(phone, "Oat milk")).to_have_count(0)  # no ghost: the server's list stands
    expect(row(phone, "Milk")).to_have_count(0)
    expect(row(phone, "Bread")).to_have_count(1)
    server_is(server, ["Bread"])


def test_removing_offers_undo_which_adds_the_item_back(server, new_page):
    page = new_page(server.url + "/")
    add(page, "eggs x6")
    add(page, "Bread")
    server_is(server, ["eggs", "Bread"])
    remove(page, "eggs")
    expect(page.locator("#toast-text")).to_have_text("Removed eggs.")
    server_is(server, ["Bread"])  # sent already: Undo adds it again
    page.click("#toast-undo")
    expect(row(page, "eggs")).to_have_count(1)
    expect(row(page, "eggs").locator(".qty-chip")).to_have_text("6")
    expect(page.locator("#toast-text")).to_have_text("Brought back eggs.")
    listed = server_is(server, ["eggs", "Bread"])
    eggs = next(item for item in listed["toGet"] if item["name"] == "eggs")
    assert eggs["quantity"] == {"amount": 6, "unit": "units"}


def test_undo_of_a_removal_made_offline_takes_it_back_before_it_leaves_the_phone(server, new_page):
    page = new_page(server.url + "/")
    add(page, "Milk")
    add(page, "Bread")
    before = {item["name"]: item["id"] for item in server_is(server, ["Milk", "Bread"])["toGet"]}
    cut_off(page)
    remove(page, "Milk")
    expect(row(page, "Milk")).to_have_count(0)
    expect(status(page)).to_have_text("Offline · 1 change waiting")
    page.click("#toast-undo")
    expect(row(page, "Milk")).to_have_count(1)
    expect(page.locator(TO_GET).nth(1).locator(".name")).to_have_text("Milk")  # in its own place
    expect(status(page)).to_have_text("Offline")  # nothing waits: it never left
    reconnect(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status(page)).to_have_text("Live", timeout=15000)
    after = {item["name"]: item["id"] for item in server_is(server, ["Milk", "Bread"])["toGet"]}
    assert after == before  # the very same item, never removed


def test_clear_all_offline_then_undo_takes_it_back_and_a_clear_sent_later_arrives(server, new_page):
    page = new_page(server.url + "/")
    for name in ["Milk", "Bread", "Tea"]:
        add(page, name)
    row(page, "Milk").locator(".check").click()
    row(page, "Bread").locator(".check").click()
    expect(page.locator(GOT_IT)).to_have_count(2, timeout=3000)
    server_is(server, ["Tea"], ["Milk", "Bread"])
    cut_off(page)
    page.click("#clear-all")
    expect(page.locator("#got-it-section")).to_be_hidden()
    expect(status(page)).to_have_text("Offline · 1 change waiting")
    page.click("#toast-undo")  # the clear never left the phone: taken back
    expect(page.locator(GOT_IT)).to_have_count(2)
    expect(page.locator("#toast-text")).to_have_text(re.compile(r"^Brought back (Milk and Bread|Bread and Milk)\.$"))
    expect(status(page)).to_have_text("Offline")
    page.click("#clear-all")  # and again, for good this time
    expect(page.locator("#got-it-section")).to_be_hidden()
    reconnect(page)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    server_is(server, ["Tea"])
    expect(page.locator("#got-it-section")).to_be_hidden()


def test_two_phones_offline_at_once_end_as_the_rules_say(server, new_page):
    # ARCHITECTURE.md, "Changes made offline": the later change to each field wins; the same
    # name added on two phones is one item.
    server.cli("add", "Milk")
    first = new_page(server.url + "/")
    second = new_page(server.url + "/")
    for page in (first, second):
        expect(row(page, "Milk")).to_have_count(1)
        cut_off(page)
    row(first, "Milk").locator("button.name").click()
    first.fill("input.rename", "Oat milk")
    first.press("input.rename", "Enter")
    add(first, "Lemons")
    first.wait_for_timeout(50)  # the second phone's rename is the later one
    row(second, "Milk").locator("button.name").click()
    second.fill("input.rename", "Soy milk")
    second.press("input.rename", "Enter")
    add(second, "lemon")
    for page in (first, second):
        expect(status(page)).to_have_text("Offline · 2 changes waiting")
    reconnect(second)  # the later changes arrive first…
    second.evaluate("window.dispatchEvent(new Event('online'))")
    server_is(server, ["Soy milk", "lemon"])
    reconnect(first)  # …and the earlier rename, arriving after, doesn't win
    first.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status(first)).to_have_text("Live", timeout=15000)
    server_is(server, ["Soy milk", "lemon"])
    for page in (first, second):
        expect(row(page, "Soy milk")).to_have_count(1, timeout=5000)
        expect(page.locator(TO_GET)).to_have_count(2)


def test_the_server_restarting_while_the_phone_is_offline_loses_nothing(server, new_page):
    page = new_page(server.url + "/")
    add(page, "Milk")
    server_is(server, ["Milk"])
    server.process.terminate()
    server.process.wait(timeout=10)
    server.process.stdout.close()
    server.process.stderr.close()
    expect(status(page)).to_have_text("Offline", timeout=10000)
    add(page, "Bread")
    row(page, "Milk").locator(".check").click()
    expect(row(page, "Milk", GOT_IT)).to_have_count(1, timeout=3000)
    expect(status(page)).to_have_text("Offline · 2 changes waiting")
    env = {k: v for k, v in os.environ.items() if k not in ("BASKET_SECRET", "BASKET_NOW")}
    server.process = subprocess.Popen(  # the same store on the same port, as the fixture started it
        [str(BASKET), "--store", server.store, "serve", "--port", str(server.port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.time() + 10
    while True:
        try:
            urllib.request.urlopen(server.url + "/", timeout=1).read()
            break
        except OSError:
            assert time.time() < deadline, "basket serve did not start again"
            time.sleep(0.05)
    server_is(server, ["Bread"], ["Milk"], timeout=40)  # by the retry timer alone
    expect(status(page)).to_have_text("Live", timeout=15000)


def test_a_tab_that_can_reach_the_server_sends_what_another_tab_queued(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        cut, connected = context.new_page(), context.new_page()
        for page in (cut, connected):
            page.goto(server.url + "/")
            expect(status(page)).to_have_text("Live")
        cut_off(cut)
        add(cut, "Tea")
        expect(status(cut)).to_have_text("Offline · 1 change waiting")
        add(connected, "Jam")  # its queue drains, with the other tab's change in it (one store)
        server_is(server, ["Tea", "Jam"])
        reconnect(cut)
        cut.evaluate("window.dispatchEvent(new Event('online'))")
        expect(status(cut)).to_have_text("Live", timeout=15000)
        connected.wait_for_timeout(300)
        server_is(server, ["Tea", "Jam"])  # sent by both tabs, applied once
    finally:
        context.close()


def test_a_live_change_arrives_with_the_change_itself_and_no_list_read(server, page):
    # Issue 10: a change notice carries the change; a page that missed nothing applies it.
    expect(status(page)).to_have_text("Live")
    reads = []
    page.on("request", lambda request: reads.append(request.url) if request.url.endswith("/api/v1/list") else None)
    server.cli("add", "Coffee")
    expect(row(page, "Coffee")).to_have_count(1, timeout=3000)
    server.cli("check", "Coffee")
    expect(row(page, "Coffee", GOT_IT)).to_have_count(1, timeout=3000)
    server.cli("remove", "Coffee")
    expect(page.locator(GOT_IT)).to_have_count(0, timeout=3000)
    assert reads == [], reads


def test_an_add_the_server_refuses_keeps_what_was_typed_and_says_why(server, page):
    add(page, "Bread")
    page.fill("#add-input", "2 kg milk")  # milk is poured: kg is not a unit it takes
    page.press("#add-input", "Enter")
    expect(page.locator("#toast-text")).to_contain_text("Not saved: ")
    expect(status(page)).to_contain_text("Not saved: ")
    expect(page.locator("#add-input")).to_have_value("2 kg milk")  # to mend, not lost
    expect(page.locator(TO_GET)).to_have_count(1)
    server_is(server, ["Bread"])
