"""Offline-first, the phone side, as a shop's signal comes and goes, and Undo for a removal: the
list opens without a network, every change shows at once and waits on the phone (surviving a
reload), the queue drains by itself when the network returns, each change arrives exactly once,
a refused change is said plainly, a page that reconnects reads only what it missed, and the
status line tells the truth.

The network goes with Playwright's `context.set_offline` (the whole phone loses it; each phone
is its own browser context), with the service worker keeping the shell: the server is
http://127.0.0.1, where browsers allow one. A route stands in only where set_offline can't:
one tab of two cut off (the network is the context's), and a server that answers "too far
behind". A stream gone silent and a slow answer come from the server frozen with SIGSTOP.
NB: chromium's offline switch fails new requests but leaves an open event stream flowing; the
page closes its stream on the browser's `offline` event, as a phone losing its signal would."""

import contextlib
import json
import os
import re
import signal
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import PHONE, Server
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


def remove(page, name):
    row(page, name).locator(".qty-chip").click()
    row(page, name).get_by_role("button", name="Remove item").click()


def rename(page, name, to):
    row(page, name).locator("button.name").click()
    page.fill("input.rename", to)
    page.press("input.rename", "Enter")
    expect(row(page, to)).to_have_count(1)


def status(page):
    return page.locator("#connection")


def record_status(page):
    """From now on, every text the status line shows is kept in window.statusTexts."""
    page.evaluate("""() => {
        const line = document.getElementById('connection');
        window.statusTexts = [];
        new MutationObserver(() => window.statusTexts.push(line.textContent))
            .observe(line, { childList: true, characterData: true, subtree: true });
    }""")


def offline(page, on=True):
    """The phone's network off (or on again): Playwright's switch for its whole context."""
    page.context.set_offline(on)
    if on:
        expect(status(page)).to_contain_text("Offline")


def online(page):
    page.context.set_offline(False)


@pytest.fixture
def phones(browser):
    """Opens phones: each its own browser context (its own IndexedDB, service worker and
    network), at `url`, once live. With `service_worker` (the default) the worker has taken
    the page over, so the app's shell is kept for opening with no network."""
    contexts = []

    def open_phone(url, service_worker=True):
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
            service_workers="allow" if service_worker else "block")
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(url)
        expect(status(page)).to_have_text("Live")
        if service_worker:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        return page

    yield open_phone
    errors = [error for context in contexts for page in context.pages for error in getattr(page, "errors", [])]
    for context in contexts:
        context.close()
    assert errors == [], errors


def test_opening_offline_after_a_visit_shows_the_list_and_every_control_works(server, phones):
    page = phones(server.url + "/")
    add(page, "Milk")
    add(page, "Bread")
    server_is(server, ["Milk", "Bread"])

    page.context.set_offline(True)
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

    online(page)  # back: the queue drains by itself
    server_is(server, ["Bread", "Tea"], ["Milk"])
    expect(status(page)).to_have_text("Live", timeout=15000)


def test_add_check_rename_and_remove_offline_arrive_exactly_once_and_a_second_phone_agrees(server, phones):
    phone = phones(server.url + "/")
    for name in ["Milk", "Bread", "Eggs"]:
        add(phone, name)
    server_is(server, ["Milk", "Bread", "Eggs"])
    other = phones(server.url + "/")
    expect(other.locator(TO_GET)).to_have_count(3)

    offline(phone)
    add(phone, "Tea")
    expect(row(phone, "Tea")).to_have_count(1)
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    row(phone, "Milk").locator(".check").click()
    expect(row(phone, "Milk", GOT_IT)).to_have_count(1, timeout=3000)
    remove(phone, "Bread")
    expect(row(phone, "Bread")).to_have_count(0)
    rename(phone, "Eggs", "Duck eggs")
    row(phone, "Tea").locator(".qty-chip").click()
    row(phone, "Tea").get_by_role("button", name="More").click()
    row(phone, "Tea").get_by_role("button", name="Done").click()
    expect(row(phone, "Tea").locator(".qty-chip")).to_have_text("2")
    expect(status(phone)).to_have_text("Offline · 5 changes waiting")
    server_is(server, ["Milk", "Bread", "Eggs"])  # nothing has left the phone
    expect(other.locator(TO_GET)).to_have_count(3)

    online(phone)  # no click: the queue drains by itself
    listed = server_is(server, ["Tea", "Duck eggs"], ["Milk"])
    tea = next(item for item in listed["toGet"] if item["name"] == "Tea")
    assert tea["quantity"] == {"amount": 2, "unit": "units"}
    expect(status(phone)).to_have_text("Live", timeout=15000)
    # The second phone, live all along, agrees: each change once.
    expect(row(other, "Duck eggs")).to_have_count(1, timeout=5000)
    expect(row(other, "Tea").locator(".qty-chip")).to_have_text("2")
    expect(other.locator(TO_GET)).to_have_count(2)
    expect(row(other, "Milk", GOT_IT)).to_have_count(1)
    expect(other.locator(GOT_IT)).to_have_count(1)
    expect(phone.locator(TO_GET)).to_have_count(2)
    phone.wait_for_timeout(500)
    server_is(server, ["Tea", "Duck eggs"], ["Milk"])  # and nothing arrives twice


def test_the_queue_survives_a_reload_while_offline(server, phones):
    phone = phones(server.url + "/")
    add(phone, "Milk")
    add(phone, "Bread")
    server_is(server, ["Milk", "Bread"])
    offline(phone)
    add(phone, "Tea")
    row(phone, "Milk").locator(".check").click()
    expect(row(phone, "Milk", GOT_IT)).to_have_count(1, timeout=3000)
    expect(status(phone)).to_have_text("Offline · 2 changes waiting")

    response = phone.reload()  # the tab opened again, still with no network
    assert response is not None and response.from_service_worker  # the shell, from the cache
    expect(row(phone, "Tea")).to_have_count(1)  # the queue, from IndexedDB
    expect(row(phone, "Milk", GOT_IT)).to_have_count(1)
    expect(status(phone)).to_have_text("Offline · 2 changes waiting")
    server_is(server, ["Milk", "Bread"])

    online(phone)
    server_is(server, ["Bread", "Tea"], ["Milk"])
    expect(status(phone)).to_have_text("Live", timeout=15000)


def test_over_plain_http_the_queue_outlives_the_tab(server, phones):
    # No service worker (plain HTTP on the household's network): IndexedDB keeps the queue.
    phone = phones(server.url + "/", service_worker=False)
    add(phone, "Milk")
    server_is(server, ["Milk"])
    offline(phone)
    add(phone, "Tea")
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    context = phone.context
    # NB: not a reload while offline: chromium's error page reloads itself past the switch.
    phone.close()  # the tab closed with the change still on the phone
    server_is(server, ["Milk"])
    context.set_offline(False)
    again = context.new_page()  # opened again once the server answers: the queue drains
    again.goto(server.url + "/")
    server_is(server, ["Milk", "Tea"])
    expect(row(again, "Tea")).to_have_count(1)
    expect(status(again)).to_have_text("Live", timeout=15000)


def test_a_change_the_server_refuses_is_said_plainly_and_the_list_follows_the_server(server, phones):
    server.cli("add", "Milk", "Bread")
    phone = phones(server.url + "/")
    other = phones(server.url + "/")
    expect(row(phone, "Milk")).to_have_count(1)
    offline(phone)
    rename(phone, "Milk", "Oat milk")  # renamed on a phone in the basement…
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    remove(other, "Milk")  # …while another phone removes it
    server_is(server, ["Bread"])

    online(phone)
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


def test_undo_of_a_removal_made_offline_takes_it_back_before_it_leaves_the_phone(server, phones):
    page = phones(server.url + "/")
    add(page, "Milk")
    add(page, "Bread")
    before = {item["name"]: item["id"] for item in server_is(server, ["Milk", "Bread"])["toGet"]}
    offline(page)
    remove(page, "Milk")
    expect(row(page, "Milk")).to_have_count(0)
    expect(status(page)).to_have_text("Offline · 1 change waiting")
    page.click("#toast-undo")
    expect(row(page, "Milk")).to_have_count(1)
    expect(page.locator(TO_GET).nth(1).locator(".name")).to_have_text("Milk")  # in its own place
    expect(status(page)).to_have_text("Offline")  # nothing waits: it never left
    online(page)
    expect(status(page)).to_have_text("Live", timeout=15000)
    after = {item["name"]: item["id"] for item in server_is(server, ["Milk", "Bread"])["toGet"]}
    assert after == before  # the very same item, never removed


def test_clear_all_offline_then_undo_takes_it_back_and_a_clear_sent_later_arrives(server, phones):
    page = phones(server.url + "/")
    for name in ["Milk", "Bread", "Tea"]:
        add(page, name)
    row(page, "Milk").locator(".check").click()
    row(page, "Bread").locator(".check").click()
    expect(page.locator(GOT_IT)).to_have_count(2, timeout=3000)
    server_is(server, ["Tea"], ["Milk", "Bread"])
    offline(page)
    page.click("#clear-all")
    expect(page.locator("#got-it-section")).to_be_hidden()
    expect(status(page)).to_have_text("Offline · 1 change waiting")
    page.click("#toast-undo")  # the clear never left the phone: taken back
    expect(page.locator(GOT_IT)).to_have_count(2)
    expect(page.locator("#toast-text")).to_have_text(re.compile(r"^Brought back (Milk and Bread|Bread and Milk)\.$"))
    expect(status(page)).to_have_text("Offline")
    page.click("#clear-all")  # and again, for good this time
    expect(page.locator("#got-it-section")).to_be_hidden()
    online(page)
    server_is(server, ["Tea"])
    expect(page.locator("#got-it-section")).to_be_hidden()


def test_two_phones_offline_at_once_end_as_the_rules_say(server, phones):
    # ARCHITECTURE.md, "Changes made offline": the later change to each field wins (3), removal
    # is final (4), the same name added on two phones is one item (5).
    server.cli("add", "Milk", "Bread")
    first = phones(server.url + "/")
    second = phones(server.url + "/")
    for page in (first, second):
        expect(row(page, "Bread")).to_have_count(1)
        offline(page)
    rename(first, "Milk", "Oat milk")
    add(first, "Lemons")
    row(first, "Bread").locator(".check").click()
    expect(row(first, "Bread", GOT_IT)).to_have_count(1, timeout=3000)
    first.wait_for_timeout(50)  # the second phone's rename is the later one
    rename(second, "Milk", "Soy milk")
    add(second, "lemon")
    remove(second, "Bread")
    expect(status(first)).to_have_text("Offline · 3 changes waiting")
    expect(status(second)).to_have_text("Offline · 3 changes waiting")
    server_is(server, ["Milk", "Bread"])

    online(second)  # the later changes arrive first…
    server_is(server, ["Soy milk", "lemon"])
    online(first)  # …then the earlier rename doesn't win, and the check of a removed item is refused
    expect(status(first)).to_have_text("Not saved: Bread was removed on another phone", timeout=15000)
    server_is(server, ["Soy milk", "lemon"])
    for page in (first, second):
        expect(row(page, "Soy milk")).to_have_count(1, timeout=5000)
        expect(row(page, "lemon")).to_have_count(1)
        expect(page.locator(TO_GET)).to_have_count(2)
        expect(page.locator(GOT_IT)).to_have_count(0)  # no ghost Bread
    expect(status(first)).to_have_text("Live", timeout=15000)
    expect(status(second)).to_have_text("Live")


def test_the_server_restarting_while_the_phone_is_offline_loses_nothing(server, phones):
    page = phones(server.url + "/")
    add(page, "Milk")
    server_is(server, ["Milk"])
    offline(page)
    add(page, "Bread")
    row(page, "Milk").locator(".check").click()
    expect(row(page, "Milk", GOT_IT)).to_have_count(1, timeout=3000)
    expect(status(page)).to_have_text("Offline · 2 changes waiting")
    server.restart()  # the same store on the same port
    server_is(server, ["Milk"])
    online(page)
    server_is(server, ["Bread"], ["Milk"], timeout=15)
    expect(status(page)).to_have_text("Live", timeout=15000)
    page.wait_for_timeout(300)
    server_is(server, ["Bread"], ["Milk"])


def test_a_tab_that_can_reach_the_server_sends_what_another_tab_queued(server, browser):
    # One tab of two cut off: set_offline would take the network from both (one context).
    context = browser.new_context(viewport=PHONE, service_workers="block")
    api = re.compile(r"/api/")
    try:
        cut, connected = context.new_page(), context.new_page()
        for page in (cut, connected):
            page.goto(server.url + "/")
            expect(status(page)).to_have_text("Live")
        cut.route(api, lambda route: route.abort("internetdisconnected"))
        add(cut, "Tea")
        expect(status(cut)).to_have_text("Offline · 1 change waiting")
        add(connected, "Jam")  # its queue drains, with the other tab's change in it (one store)
        server_is(server, ["Tea", "Jam"])
        cut.unroute(api)
        cut.evaluate("window.dispatchEvent(new Event('online'))")
        expect(status(cut)).to_have_text("Live", timeout=15000)
        connected.wait_for_timeout(300)
        server_is(server, ["Tea", "Jam"])  # sent by both tabs, applied once
    finally:
        context.close()


def requests_to(page, path):
    """The requests the page makes from now on whose path is `path` (a growing list of URLs)."""
    seen = []
    page.on("request", lambda request: seen.append(request.url) if request.url.split("?")[0].endswith(path) else None)
    return seen


def test_a_live_change_arrives_with_the_change_itself_and_no_list_read(server, page):
    # A change notice carries the change, so a page that missed nothing applies it without
    # reading the list again.
    expect(status(page)).to_have_text("Live")
    reads = requests_to(page, "/api/v3/list")
    server.cli("add", "Coffee")
    expect(row(page, "Coffee")).to_have_count(1, timeout=3000)
    server.cli("check", "Coffee")
    expect(row(page, "Coffee", GOT_IT)).to_have_count(1, timeout=3000)
    server.cli("remove", "Coffee")
    expect(page.locator(GOT_IT)).to_have_count(0, timeout=3000)
    assert reads == [], reads


def test_a_page_that_missed_a_change_while_offline_reads_only_what_it_missed(server, phones):
    server.cli("add", "Milk", "Bread")
    phone = phones(server.url + "/", service_worker=False)
    expect(phone.locator(TO_GET)).to_have_count(2)
    revision = api_list(server)["revision"]
    reads = requests_to(phone, "/api/v3/list")
    asked = requests_to(phone, "/api/v3/changes")
    offline(phone)
    server.cli("add", "Jam")  # missed: the phone has no network
    server.cli("remove", "Bread")
    phone.wait_for_timeout(300)
    expect(row(phone, "Jam")).to_have_count(0)
    online(phone)
    expect(row(phone, "Jam")).to_have_count(1, timeout=10000)
    expect(row(phone, "Bread")).to_have_count(0)
    expect(status(phone)).to_have_text("Live", timeout=15000)
    phone.wait_for_timeout(300)
    assert reads == [], reads  # caught up without reading the whole list…
    assert any(url.endswith(f"/api/v3/changes?since={revision}") for url in asked), asked  # …from its revision


def test_a_page_too_far_behind_reads_the_whole_list_again(server, phones):
    server.cli("add", "Milk")
    phone = phones(server.url + "/", service_worker=False)
    expect(row(phone, "Milk")).to_have_count(1)
    reads = requests_to(phone, "/api/v3/list")
    # A server refusal set_offline can't make: the store no longer knows what changed since
    # the page's revision (tombstones past OpLog.retention).
    phone.route(re.compile(r"/api/v3/changes\?"), lambda route: route.fulfill(
        status=410, content_type="application/json",
        body='{"error":"too much has changed since revision 1; fetch /api/v3/list again"}'))
    offline(phone)
    server.cli("add", "Jam")
    online(phone)
    expect(row(phone, "Jam")).to_have_count(1, timeout=10000)
    expect(status(phone)).to_have_text("Live", timeout=15000)
    assert reads, "the whole list was never read again"


@contextlib.contextmanager
def frozen(server):
    """The server stopped dead (SIGSTOP) and thawed on leaving: its sockets stay open, silent."""
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.process.pid, signal.SIGCONT)


def test_coming_back_to_a_slow_server_says_syncing_until_it_answers(server, phones):
    phone = phones(server.url + "/")
    offline(phone)
    add(phone, "Tea")
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    with frozen(server):
        online(phone)  # the network is back, the answer slow to come
        expect(status(phone)).to_have_text("Syncing…", timeout=5000)
        expect(row(phone, "Tea")).to_have_count(1)
    server_is(server, ["Tea"])
    expect(status(phone)).to_have_text("Live", timeout=15000)


@pytest.fixture
def quick_server():
    """A server whose pages hear a ping every 0.5 s (rather than 15 s)."""
    running = Server(heartbeat=0.5)
    yield running
    running.stop()


def test_a_stream_that_goes_silent_stops_saying_live_and_reconnects(quick_server, phones):
    phone = phones(quick_server.url + "/", service_worker=False)
    record_status(phone)
    phone.wait_for_timeout(2000)  # four pings: a stream that speaks stays "Live"
    assert phone.evaluate("window.statusTexts") == [], phone.evaluate("window.statusTexts")
    expect(status(phone)).to_have_text("Live")
    streams = requests_to(phone, "/api/v3/events")
    with frozen(quick_server):  # a connection that dies without a word
        started = time.time()
        expect(status(phone)).not_to_have_text("Live", timeout=5000)
        assert time.time() - started < 2.5  # 2.5 heartbeats of 0.5 s, and some slack
        expect(status(phone)).to_have_text(re.compile(r"^(Reconnecting…|Offline)$"))
    expect(status(phone)).to_have_text("Live", timeout=15000)
    assert streams, "the page never opened a new stream"


def test_who_we_are_is_asked_while_the_phone_reads_its_copy(page, server):
    """A busy phone's slow read of its own copy must not hold back the question to the server:
    the opening's patience counts from the asking (controller.js), so asked late, a server
    that answers in time would look gone."""
    add(page, "Milk")
    expect(row(page, "Milk")).to_have_count(1)
    page.reload()
    page.wait_for_function(
        "() => performance.getEntriesByName('basket:list-shown').length"
        " && performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/api/v3/session'))")
    asked, shown = page.evaluate(
        "() => [performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/v3/session')).startTime,"
        " performance.getEntriesByName('basket:list-shown')[0].startTime]")
    assert asked < shown, f"asked who we are at {asked:.0f} ms, after the phone's list was shown at {shown:.0f} ms"


def test_meal_prep_opened_offline_keeps_the_phones_choices_and_shows_them_when_basket_answers(server, phones):
    from test_mealprep import CHILI, SOUP, save

    save(server, CHILI)
    save(server, SOUP)
    page = phones(server.url + "/#/mealprep")
    page.get_by_role("checkbox", name="Chili").check()
    offline(page)
    page.get_by_role("checkbox", name="Soup").check()  # its send fails: kept on the phone
    expect(page.locator("#mealprep-area")).to_contain_text("kept on this phone", timeout=5000)

    page.reload()  # opened with no network: no recipes to choose from
    area = page.locator("#mealprep-area")
    expect(area).to_contain_text("Your recipes show here once Basket can be reached.")
    expect(area).not_to_contain_text("No recipes yet")
    expect(page.locator("#list-area")).to_be_hidden()  # the list's card is not drawn over it
    expect(page.locator("#add-bar")).to_be_hidden()

    online(page)  # Basket answers: the screen reads the recipes and the phone's choices win
    expect(page.get_by_role("checkbox", name="Soup")).to_be_checked(timeout=10000)
    expect(page.get_by_role("checkbox", name="Chili")).to_be_checked()
    expect(page.locator("#list-area")).to_be_hidden()
    deadline = time.monotonic() + 10
    while True:
        with urllib.request.urlopen(server.url + "/api/v3/mealprep/draft") as response:
            draft = json.load(response)["draft"]
        chosen = sorted(recipe["id"] for recipe in (draft or {}).get("recipes", []))
        if len(chosen) == 2 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert len(chosen) == 2, draft
    assert page.evaluate("() => localStorage.getItem('basket:mealprep-unsent')") is None


@pytest.mark.parametrize("screen, shown, waiting, empty", [
    ("recipes", "Chili", "Your recipes show here once Basket can be reached.", "No recipes yet"),
    ("pantry", "flour", "What is at home shows here once Basket can be reached.", "The pantry is empty"),
])
def test_a_screen_opened_offline_says_it_waits_for_basket_not_that_it_is_empty(server, phones, screen, shown, waiting, empty):
    from test_mealprep import CHILI, save

    save(server, CHILI)
    server.cli("pantry", "add", "flour", "--left", "200 g")
    page = phones(server.url + "/")
    offline(page)
    page.goto(server.url + f"/#/{screen}")
    page.reload()  # opened with no network, on that screen
    area = page.locator(f"#{screen}-area")
    expect(area).to_contain_text(waiting)
    expect(area).to_contain_text("Can't reach Basket")
    expect(area).not_to_contain_text(empty)
    expect(page.locator("#list-area")).to_be_hidden()

    online(page)  # Basket answers: the screen reads what it shows
    expect(area).to_contain_text(shown, timeout=10000)
    expect(area).not_to_contain_text(waiting)
    expect(area).not_to_contain_text("Can't reach Basket")


def test_the_week_opened_offline_is_read_when_basket_answers(server, phones):
    page = phones(server.url + "/")
    offline(page)
    page.goto(server.url + "/#/week")
    page.reload()  # opened with no network, on the week
    area = page.locator("#week-area")
    expect(area).to_contain_text("Can't reach Basket")
    expect(page.locator("#list-area")).to_be_hidden()

    online(page)
    expect(area.locator(".week-day.today")).to_have_count(1, timeout=10000)
    expect(area).not_to_contain_text("Can't reach Basket")
