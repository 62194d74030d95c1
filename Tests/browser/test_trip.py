"""The Shopping Trip screen in a phone-sized chromium, against a real `basket serve`: a shop's walk
that starts at once, a product made on the walk, a pause, a reload in the middle, the end with its
summary and check-in offers, and a retailer's searches accepted in one step."""

import json
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_web_app import api_list


def prepare(server):
    server.cli("shop", "add", "Lidl")
    server.cli("add", "2 l milk")
    server.cli("add", "saffron")
    server.cli("product", "add", "Whole milk", "--alias", "milk", "--size", "1 l", "--at", "Lidl",
               "--page", "https://lidl.example/p/milk?ref=a&b=c")


def no_serious_problems(page):
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]


def test_a_whole_trip_that_walks_at_once_with_a_pause_a_reload_and_the_end(page, server):
    prepare(server)
    page.reload()
    page.click("#trip-link")
    expect(page).to_have_url(re.compile(r"#/trip$"))
    expect(page.locator("#trip-area")).to_be_visible()
    expect(page.locator("#list-area")).to_be_hidden()
    expect(page.get_by_role("radio", name="Lidl (walking order)")).to_be_checked()
    no_serious_problems(page)
    page.get_by_role("button", name="Start the trip").click()

    # At a shop the walk starts at once, in a typical supermarket's walk (Lidl has no history
    # yet): milk (dairy) with its packs and page first, then saffron (spices), by its name.
    expect(page.locator("#trip-title")).to_have_text("Lidl · 1 of 2")
    expect(page.locator("#stop-name")).to_contain_text("milk")
    expect(page.locator(".stop-amount")).to_have_text("Buy 2 packs (need 2 l; 2 l ÷ 1 l = 2)")
    expect(page.locator(".stop-facts")).to_have_text("Dairy · 2 left")
    link = page.get_by_role("link", name="Product page: Whole milk")
    expect(link).to_have_attribute("href", "https://lidl.example/p/milk?ref=a&b=c")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    no_serious_problems(page)
    page.get_by_role("button", name="Got it").click()
    expect(page.locator("#trip-title")).to_have_text("Lidl · 2 of 2")
    expect(page.locator("#stop-name")).to_have_text("🧂 saffron")
    expect(page.locator(".stop-facts")).to_have_text("Spices · the last one")
    expect(page.locator(".stop-product")).to_have_count(0)
    assert [item["name"] for item in api_list(server)["gotIt"]] == ["milk"]

    # Saffron has no product at Lidl: one is made on the walk, and is Lidl's from now on.
    page.locator(".trip-product-details summary").click()
    page.fill("#make-name", "Saffron threads")
    page.fill("#make-size", "1 g")
    page.get_by_role("button", name="Make and use").click()
    expect(page.locator(".stop-product")).to_contain_text("Saffron threads")
    no_serious_problems(page)

    # Pause, reload the page in the middle: the trip is still paused at saffron, and resumes there.
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("#trip-paused")).to_have_text("Paused at 2 of 2: saffron.")
    page.reload()
    page.wait_for_selector("#trip-area:not([hidden])")
    expect(page.locator("#trip-paused")).to_have_text("Paused at 2 of 2: saffron.")
    page.get_by_role("button", name="Resume").click()
    expect(page.locator("#trip-title")).to_have_text("Lidl · 2 of 2")
    page.get_by_role("button", name="Got it").click()

    expect(page.get_by_text("That was everything on the trip.")).to_be_visible()
    page.get_by_role("button", name="End the trip").click()
    expect(page.locator("#trip-summary")).to_have_text(
        re.compile(r"^Trip at Lidl: got 2 of 2\. \d+ min\.$"))
    expect(page.locator("#trip-offers .trip-offer-name")).to_have_text(["milk · 2 l", "saffron · 1 package"])  # as got
    # The pantry check-in's own choices, on the phone: no command to type, as a phone has none.
    page.get_by_role("button", name="Add milk to the pantry").click()
    expect(page.locator("#trip-checkin-status")).to_contain_text("milk")
    expect(page.locator("#trip-offers .trip-offer-name")).to_have_text(["saffron · 1 package"])
    page.get_by_role("button", name="Skip saffron").click()
    expect(page.locator("#trip-checkin-status")).to_have_text("Skipped saffron.")
    expect(page.get_by_text("All put away or skipped.")).to_be_visible()
    pantry = json.loads(server.cli("pantry", "list", "--json").stdout)
    assert [entry["name"] for entry in pantry] == ["milk"], pantry
    page.get_by_role("link", name="Back to the list").click()
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#trip-link")).to_be_visible()
    assert sorted(item["name"] for item in api_list(server)["gotIt"]) == ["milk", "saffron"]


def test_a_retailer_trip_links_to_a_search_labelled_as_one(page, server):
    server.cli("add", "saffron")
    server.cli("add", "mac & cheese")
    page.reload()
    page.click("#trip-link")
    page.get_by_role("radio", name="Walmart (online, list order)").check()
    page.get_by_role("button", name="Start the trip").click()
    expect(page.locator("#trip-title")).to_have_text("Settle first · 2 to go")
    expect(page.get_by_role("button", name="Accept: search for it")).to_be_visible()
    # Both have no product: one tap accepts a search for each.
    page.get_by_role("button", name="Accept all searches (2)").click()
    expect(page.locator("#trip-title")).to_have_text("Walmart · 1 of 2")
    link = page.get_by_role("link", name=re.compile("Search Walmart"))
    expect(link).to_have_text("Search Walmart for “mac & cheese” (a search, not a product page)")
    expect(link).to_have_attribute("href", "https://www.walmart.com/search?q=mac%20%26%20cheese")
    # A step meant for an item the trip has moved past (another phone got it) says so.
    server.cli("trip", "skip")
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#trip-status")).to_contain_text("the trip has moved on")
    expect(page.locator("#trip-title")).to_have_text("Walmart · 2 of 2")


def test_steps_without_a_connection_are_taken_at_once_and_sent_when_it_returns(page, server):
    prepare(server)
    page.reload()
    page.click("#trip-link")
    page.get_by_role("button", name="Start the trip").click()
    # Making a product needs the server: offline it is refused, said so.
    expect(page.locator("#trip-title")).to_have_text("Lidl · 1 of 2")
    page.context.set_offline(True)
    page.locator(".trip-product-details summary").click()
    page.get_by_role("button", name="Make and use").click()
    expect(page.locator("#trip-status")).to_have_text("Can't reach Basket. Check the connection. Nothing was changed.")
    page.context.set_offline(False)
    expect(page.locator("#trip-title")).to_have_text("Lidl · 1 of 2")
    # Got it in the basement: the walk moves on at once, and the step waits to be sent.
    page.context.set_offline(True)
    page.get_by_role("button", name="Got it").click()
    expect(page.locator("#trip-title")).to_have_text("Lidl · 2 of 2")
    expect(page.locator("#trip-status")).to_contain_text("Offline · 1 step waiting")
    assert api_list(server)["gotIt"] == []
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("#trip-status")).to_contain_text("Offline · 2 steps waiting")
    page.context.set_offline(False)
    expect(page.locator("#trip-status")).not_to_contain_text("waiting")
    page.wait_for_function("() => localStorage.getItem('basket.trip.queue') === '[]'")
    # Milk (dairy) comes before saffron (spices) in a new shop's walk: milk was got.
    assert [item["name"] for item in api_list(server)["gotIt"]] == ["milk"]
    trip = json.loads(server.cli("trip", "status", "--json").stdout)
    assert trip.get("trip", trip)["phase"] == "paused", trip


def test_products_are_made_edited_and_removed_on_the_trip_screen(page, server):
    server.cli("shop", "add", "Lidl")
    server.cli("add", "oat milk")
    page.reload()
    page.click("#trip-link")
    products = page.locator("#products")
    expect(products.locator("#products-title")).to_have_text("Your products")
    # With no product, preferences about products would choose among nothing: not offered.
    expect(page.get_by_role("checkbox", name="organic")).to_have_count(1)  # the new product's own
    expect(page.locator("#trip-start").get_by_role("checkbox")).to_have_count(0)
    no_serious_problems(page)

    add = products.locator("#product-add")
    add.get_by_label("Name").fill("Oatly Barista")
    add.get_by_label("Pack size").fill("1 l")
    add.get_by_label("Price").fill("2,15")
    add.get_by_label("Bought at").select_option("Lidl")
    add.get_by_role("button", name="Add product").click()
    expect(page.locator("#trip-status")).to_have_text("Added Oatly Barista.")
    row = products.locator(".product", has_text="Oatly Barista")
    expect(row).to_contain_text("1 l · 2.15 noted")
    expect(row).to_contain_text("at Lidl")
    expect(products.locator("#products-title")).to_have_text("Your products (1)")
    expect(page.locator("#trip-start").get_by_role("checkbox", name="organic")).to_have_count(1)

    # A bad pack size is refused with the reason and nothing is lost.
    products.get_by_role("button", name="Edit Oatly Barista").click()
    edit = products.locator("#product-edit")
    expect(edit.get_by_label("Name")).to_have_value("Oatly Barista")
    edit.get_by_label("Pack size").fill("a lot")
    edit.get_by_role("button", name="Save").click()
    expect(page.locator("#trip-status")).to_contain_text("a lot")
    expect(edit.get_by_label("Pack size")).to_have_value("a lot")
    assert json.loads(server.cli("product", "list", "--json").stdout)[0]["packSize"] == "1 l"

    edit.get_by_label("Pack size").fill("1 l")
    edit.get_by_label("Name").fill("Oatly")
    edit.get_by_label("organic").check()
    edit.get_by_role("button", name="Save").click()
    expect(page.locator("#trip-status")).to_have_text("Saved Oatly.")
    expect(products.locator(".product", has_text="Oatly")).to_contain_text("organic")
    listed = json.loads(server.cli("product", "list", "--json").stdout)
    assert [(p["name"], p["organic"], p["shop"]) for p in listed] == [("Oatly", True, "Lidl")]

    products.get_by_role("button", name="Remove Oatly").click()
    expect(page.locator("#trip-status")).to_have_text("Removed Oatly.")
    expect(products.locator(".product")).to_have_count(0)
    assert json.loads(server.cli("product", "list", "--json").stdout) == []


def test_a_trip_starts_in_the_households_own_shop_unless_a_retailer_is_chosen(page, server):
    server.cli("add", "milk")
    page.reload()
    page.click("#trip-link")
    # No shop of its own yet: nothing is picked for the household, and starting asks for one.
    expect(page.get_by_role("radio", name="Walmart (online, list order)")).not_to_be_checked()
    assert page.locator("input[name=place]:checked").count() == 0
    server.cli("shop", "add", "Lidl")
    page.reload()
    page.click("#trip-link")
    expect(page.get_by_role("radio", name="Lidl (walking order)")).to_be_checked()
    expect(page.get_by_role("radio", name="Walmart (online, list order)")).not_to_be_checked()
