"""The Shops screen: the household's shops, the one you are in, what each has
learnt; add, choose, rename (what it learnt stays) and remove with a second tap; reached from
the Trip screen and the walking-order bar; "Walk the list" shows the list in that shop's
order."""

import json
import os
import urllib.request

from playwright.sync_api import expect

from conftest import Server  # noqa: F401  (the fixtures' module)
from test_web_app import add


def shops(server):
    with urllib.request.urlopen(server.url + "/api/v3/shops") as response:
        return json.load(response)


def card(page, name):
    return page.locator(".shop-card", has=page.locator(".shop-name", has_text=name))


def test_shops_are_added_chosen_renamed_and_removed_keeping_what_they_learnt(page, server):
    server.cli("shop", "add", "Lidl")
    for name in ["bread", "milk", "apples"]:
        server.cli("add", name)
        server.cli("check", name)
    page.goto(server.url + "/#/trip")
    page.get_by_role("link", name="Your shops").click()
    expect(page.locator("#shops-title")).to_be_visible()
    expect(page.locator("#list-area")).to_be_hidden()
    expect(card(page, "Lidl")).to_contain_text("you are here")
    aisles = card(page, "Lidl").locator(".shop-aisle-title")
    expect(aisles).to_have_text(["Bakery", "Dairy", "Produce"])
    # Put right by hand: produce is by the door in this Lidl.
    card(page, "Lidl").get_by_role("button", name="Move Produce nearer the door").click()
    expect(aisles).to_have_text(["Bakery", "Produce", "Dairy"])
    card(page, "Lidl").get_by_role("button", name="Move Produce nearer the door").click()
    expect(aisles).to_have_text(["Produce", "Bakery", "Dairy"])
    expect(card(page, "Lidl").get_by_role("button", name="Move Produce nearer the door")).to_be_disabled()
    assert [a["title"] for a in shops(server)["shops"][0]["aisles"]] == ["Produce", "Bakery", "Dairy"]

    page.fill("#shop-new", "Saturday market")
    page.press("#shop-new", "Enter")
    expect(page.locator("#shops-status")).to_have_text("Added Saturday market.")
    expect(card(page, "Saturday market").locator(".shop-aisles")).to_contain_text("Nothing learnt yet")
    card(page, "Saturday market").get_by_role("button", name="I'm here").click()
    expect(card(page, "Saturday market")).to_contain_text("you are here")
    assert shops(server)["current"] == next(s["id"] for s in shops(server)["shops"] if s["name"] == "Saturday market")

    card(page, "Lidl").get_by_role("button", name="Rename Lidl").click()
    page.locator(".shop-rename-input").fill("Lidl Kensal Rise")
    page.locator(".shop-rename-input").press("Enter")
    expect(card(page, "Lidl Kensal Rise").locator(".shop-aisle-title")).to_have_text(["Produce", "Bakery", "Dairy"])
    # A name that is taken is refused, and nothing changes.
    card(page, "Saturday market").get_by_role("button", name="Rename Saturday market").click()
    page.locator(".shop-rename-input").fill("lidl kensal rise")
    page.locator(".shop-rename-input").press("Enter")
    expect(page.locator("#shops-status")).to_have_text("there is already a shop called Lidl Kensal Rise")
    if os.environ.get("BASKET_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["BASKET_SCREENSHOTS"], "shops.png"), full_page=True)

    card(page, "Saturday market").get_by_role("button", name="Remove Saturday market").click()
    expect(card(page, "Saturday market").locator(".shop-confirm")).to_contain_text("Remove Saturday market and the walking order it learnt?")
    card(page, "Saturday market").get_by_role("button", name="Keep it").click()
    expect(card(page, "Saturday market")).to_have_count(1)
    card(page, "Saturday market").get_by_role("button", name="Remove Saturday market").click()
    card(page, "Saturday market").get_by_role("button", name="Remove", exact=True).click()
    expect(card(page, "Saturday market")).to_have_count(0)
    assert [s["name"] for s in shops(server)["shops"]] == ["Lidl Kensal Rise"]


def test_walk_the_list_shows_it_in_that_shops_order(page, server):
    server.cli("shop", "add", "Lidl")
    server.cli("shop", "add", "Aldi")
    add(page, "Milk")
    page.goto(server.url + "/#/shops")
    card(page, "Aldi").get_by_role("button", name="The list in Aldi's walking order").click()
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#walk-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#walk-shop")).to_have_value("Aldi")
    expect(page.locator("#walk-bar").get_by_role("link", name="Your shops")).to_be_visible()
