"""Several lists, the phone side: tabs above To get switch lists in one
tap and the page remembers the last one; the sheet makes, renames, reorders and removes
lists (with Undo); a change made offline on list B lands on list B; a list removed on another
phone sends this one back to the first with a word why."""

import json
import os
import urllib.request

from playwright.sync_api import expect

from conftest import Server  # noqa: F401  (the fixtures' module)
from test_offline import offline, online, phones, status  # noqa: F401
from test_web_app import TO_GET, add, row


def api(server, method, path, body=None):
    request = urllib.request.Request(
        server.url + path, method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": server.url})
    with urllib.request.urlopen(request) as response:
        return json.load(response) if response.status != 204 else None


def names_on(server, list_id=None):
    path = "/api/v3/list" + (f"?list={list_id}" if list_id else "")
    return sorted(item["name"] for item in api(server, "GET", path)["toGet"])


def wait_for(check, page, tries=100):
    for _ in range(tries):
        if check():
            return True
        page.wait_for_timeout(100)
    return check()


def tab(page, name):
    return page.locator("#lists-tabs .list-tab", has=page.locator(".list-tab-name", has_text=name))


def make_list(page, name):
    page.click("#lists-edit")
    page.fill("#lists-new", name)
    page.press("#lists-new", "Enter")
    expect(page.locator("#lists-message")).to_have_text(f"Added {name}.")
    page.click("#lists-close")


def test_a_new_list_has_its_own_items_switches_in_one_tap_and_is_remembered(server, phones):
    phone = phones(server.url + "/")
    add(phone, "Milk")
    expect(tab(phone, "Groceries")).to_have_attribute("aria-pressed", "true")

    make_list(phone, "Party")
    expect(tab(phone, "Party")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator(TO_GET)).to_have_count(0)
    add(phone, "Balloons")
    expect(row(phone, "Balloons")).to_have_count(1)
    party = next(entry["id"] for entry in api(server, "GET", "/api/v3/lists")["lists"] if entry["name"] == "Party")
    assert wait_for(lambda: names_on(server, party) == ["Balloons"], phone)
    assert names_on(server) == ["Milk"]

    tab(phone, "Groceries").click()
    expect(row(phone, "Milk")).to_have_count(1)
    expect(phone.locator(TO_GET)).to_have_count(1)
    expect(tab(phone, "Party").locator(".list-tab-count")).to_have_text("1")
    tab(phone, "Party").click()
    expect(row(phone, "Balloons")).to_have_count(1)

    # Opened again, the phone shows the list it showed last.
    phone.reload()
    expect(status(phone)).to_have_text("Live")
    expect(tab(phone, "Party")).to_have_attribute("aria-pressed", "true")
    expect(row(phone, "Balloons")).to_have_count(1)
    if os.environ.get("BASKET_SCREENSHOTS"):
        phone.screenshot(path=os.path.join(os.environ["BASKET_SCREENSHOTS"], "lists-tabs.png"))


def test_a_change_made_offline_on_list_b_lands_on_list_b(server, phones):
    phone = phones(server.url + "/")
    add(phone, "Milk")
    make_list(phone, "Hardware")
    add(phone, "Screws")
    tab(phone, "Groceries").click()
    expect(row(phone, "Milk")).to_have_count(1)

    offline(phone)
    tab(phone, "Hardware").click()
    expect(row(phone, "Screws")).to_have_count(1)  # the phone's copy, offline
    add(phone, "Nails")
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    tab(phone, "Groceries").click()
    add(phone, "Eggs")
    expect(row(phone, "Eggs")).to_have_count(1)
    expect(row(phone, "Nails")).to_have_count(0)

    online(phone)
    expect(status(phone)).to_have_text("Live", timeout=15000)
    hardware = next(entry["id"] for entry in api(server, "GET", "/api/v3/lists")["lists"] if entry["name"] == "Hardware")
    assert wait_for(lambda: names_on(server, hardware) == ["Nails", "Screws"], phone), names_on(server, hardware)
    assert names_on(server) == ["Eggs", "Milk"]


def test_the_sheet_renames_orders_and_removes_with_undo_and_another_phone_follows(server, phones):
    phone = phones(server.url + "/")
    make_list(phone, "Party")
    add(phone, "Cake")
    phone.click("#lists-edit")
    rows = phone.locator("#lists-rows .list-row")
    expect(rows).to_have_count(2)
    name = rows.nth(1).locator("input.list-name")
    name.fill("Birthday")
    name.press("Enter")
    expect(tab(phone, "Birthday")).to_have_count(1)
    rows.nth(1).get_by_role("button", name="Move Birthday up").click()
    expect(phone.locator("#lists-tabs .list-tab").first).to_contain_text("Birthday")
    if os.environ.get("BASKET_SCREENSHOTS"):
        phone.screenshot(path=os.path.join(os.environ["BASKET_SCREENSHOTS"], "lists-sheet.png"))

    phone.get_by_role("button", name="Remove Birthday").click()
    expect(phone.locator("#toast")).to_contain_text("Removed Birthday: its 1 item waits with it.")
    expect(tab(phone, "Birthday")).to_have_count(0)
    expect(tab(phone, "Groceries")).to_have_attribute("aria-pressed", "true")
    phone.click("#toast-undo")
    expect(tab(phone, "Birthday")).to_have_count(1)
    tab(phone, "Birthday").click()
    expect(row(phone, "Cake")).to_have_count(1)

    # Removed on another phone (here, the API) while this one shows it: it hears of it, says
    # so and goes back to the first list.
    birthday = next(entry["id"] for entry in api(server, "GET", "/api/v3/lists")["lists"] if entry["name"] == "Birthday")
    api(server, "DELETE", f"/api/v3/lists/{birthday}")
    expect(phone.locator("#toast")).to_contain_text("Birthday was removed", timeout=15000)
    expect(tab(phone, "Groceries")).to_have_attribute("aria-pressed", "true")
    expect(tab(phone, "Birthday")).to_have_count(0)


def test_a_duplicate_or_empty_name_is_refused_in_the_sheet(page):
    page.click("#lists-edit")
    page.fill("#lists-new", "groceries")
    page.press("#lists-new", "Enter")
    expect(page.locator("#lists-message")).to_have_text("there is a list called Groceries already")
    page.fill("#lists-new", "x" * 40 + "<b>")
    page.locator("#lists-new").evaluate("(input) => { input.removeAttribute('maxlength'); }")
    page.fill("#lists-new", "x" * 41)
    page.press("#lists-new", "Enter")
    expect(page.locator("#lists-message")).to_contain_text("at most 40 characters")
    expect(page.locator("#lists-rows .list-row")).to_have_count(1)


def test_a_recipe_goes_on_the_list_chosen_in_recipe_ready(server, phones):
    phone = phones(server.url + "/")
    add(phone, "Milk")
    make_list(phone, "Party")
    tab(phone, "Groceries").click()
    soup = api(server, "POST", "/api/v3/recipes/import",
               {"text": "Soup\nServes 2\n\nIngredients\n- 2 onions\n- 1 l stock\n\nMethod\n1. Cook.", "save": True})
    phone.goto(f"{server.url}/#/recipes/{soup['recipe']['id']}")
    picker = phone.locator("#recipe-list")
    expect(picker).to_have_value(next(entry["id"] for entry in api(server, "GET", "/api/v3/lists")["lists"] if entry["name"] == "Groceries"))
    party = next(entry["id"] for entry in api(server, "GET", "/api/v3/lists")["lists"] if entry["name"] == "Party")
    picker.select_option(party)
    phone.locator("#add-recipe").click()
    assert wait_for(lambda: names_on(server, party) == ["onions", "stock"], phone), names_on(server, party)
    assert names_on(server) == ["Milk"]


def test_a_change_queued_for_a_list_removed_meanwhile_is_refused_plainly_and_the_list_kept(server, phones):
    phone = phones(server.url + "/")
    make_list(phone, "Party")
    add(phone, "Cake")
    party = next(entry["id"] for entry in api(server, "GET", "/api/v3/lists")["lists"] if entry["name"] == "Party")
    assert wait_for(lambda: names_on(server, party) == ["Cake"], phone)
    offline(phone)
    add(phone, "Candles")
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    api(server, "DELETE", f"/api/v3/lists/{party}")  # another phone removes Party meanwhile
    online(phone)
    expect(phone.locator("#toast")).to_contain_text("the list Party was removed", timeout=15000)
    expect(tab(phone, "Groceries")).to_have_attribute("aria-pressed", "true", timeout=15000)
    # The change is refused once, said plainly, and leaves the queue.
    expect(status(phone)).to_have_text("Live", timeout=15000)
    ops = []
    phone.on("request", lambda request: ops.append(request.url) if "/api/v3/ops" in request.url else None)
    phone.wait_for_timeout(1500)
    assert ops == []
    # Nothing of the list is lost: restored, it still has its cake.
    api(server, "POST", f"/api/v3/lists/{party}/restore", {})
    assert names_on(server, party) == ["Cake"]
