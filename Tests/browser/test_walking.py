"""The list in the current shop's walking order in the web app: aisles learnt from
check-offs, an item moved with the keyboard, an aisle dragged, and the shop learning both."""

import datetime
import json
import os
import subprocess

from playwright.sync_api import expect

from basket_server import BASKET

ITEMS = "#to-get > li.item"
AISLES = "#to-get > li.aisle"


def cli_at(server, when, *args):
    """Runs the command line against the server's store with "now" pinned to `when`."""
    env = dict(os.environ, BASKET_NOW=when.strftime("%Y-%m-%dT%H:%M:%SZ"))
    return subprocess.run(
        [str(BASKET), "--store", server.store, *args], check=True, capture_output=True, text=True, env=env
    )


def taught(page):
    """Waits for the order left by the moves to be sent to the server."""
    return page.expect_response(
        lambda response: response.url.endswith("/api/v3/walking-order") and response.request.method == "POST"
    )


def names(page):
    return [text.strip() for text in page.locator(f"{ITEMS} .label").all_inner_texts()]


def learnt(server):
    """The server's walk for the current shop, as item names in order."""
    walk = json.loads(server.cli("list", "--walking-order", "--json").stdout)
    return [item["name"] for stretch in walk["stretches"] for item in stretch["items"]]


def shopped_at_lidl(server):
    """Yesterday at Lidl: bread, then milk, then cheese, then apples; today they are needed again."""
    yesterday = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)
    cli_at(server, yesterday, "shop", "add", "Lidl")
    for name in ["Bread", "Milk", "Cheese", "Apples"]:
        cli_at(server, yesterday, "add", name)
    for minute, name in enumerate(["Bread", "Milk", "Cheese", "Apples"]):
        cli_at(server, yesterday + datetime.timedelta(minutes=minute + 1), "check", name)
    for name in ["Bread", "Milk", "Cheese", "Apples"]:
        server.cli("add", name)  # the list shows the newest first: Apples … Bread


def test_the_walking_order_shows_the_shops_aisles_and_moves_teach_it(server, page):
    shopped_at_lidl(server)
    page.reload()
    expect(page.locator(ITEMS)).to_have_count(4)
    assert names(page) == ["Apples", "Cheese", "Milk", "Bread"]

    page.click("#walk-toggle")
    expect(page.locator("#walk-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#walk-shop")).to_have_value("Lidl")
    expect(page.locator(AISLES).first).to_be_visible()
    expect(page.locator(f"{ITEMS} .label").first).to_have_text("Bread")
    assert names(page) == ["Bread", "Milk", "Cheese", "Apples"], names(page)

    # Apples are by the door in this shop: two presses of ↑ on its handle, and Lidl learns it.
    apples = page.locator(ITEMS, has_text="Apples").locator(".drag-handle")
    apples.focus()
    with taught(page):
        for _ in range(3):
            page.keyboard.press("ArrowUp")
        expect(page.locator(f"{ITEMS} .label").first).to_have_text("Apples")
        expect(page.locator(ITEMS, has_text="Apples").locator(".drag-handle")).to_be_focused()
    assert learnt(server) == ["Apples", "Bread", "Milk", "Cheese"], learnt(server)
    # The shop's answer keeps what the user did.
    expect(page.locator(f"{ITEMS} .label").first).to_have_text("Apples")

    # The bakery is at the back: drag Bread's aisle heading below the last item.
    bread = page.locator(ITEMS, has_text="Bread")
    title = bread.evaluate("row => row.previousElementSibling.querySelector('.aisle-title').textContent")
    handle = page.locator(AISLES, has_text=title).locator(".drag-handle").bounding_box()
    last = page.locator(ITEMS).last.bounding_box()
    with taught(page):
        page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        page.mouse.down()
        page.mouse.move(last["x"] + 20, last["y"] + last["height"] + 10, steps=8)
        page.mouse.up()
        expect(page.locator(f"{ITEMS} .label").last).to_have_text("Bread")
    assert learnt(server) == ["Apples", "Milk", "Cheese", "Bread"], learnt(server)

    # The choice stays on this phone across a reload.
    page.reload()
    expect(page.locator("#walk-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"{ITEMS} .label").first).to_have_text("Apples")
    expect(page.locator(f"{ITEMS} .label").last).to_have_text("Bread")

    # Off again: the list order, no aisles.
    page.click("#walk-toggle")
    expect(page.locator(AISLES)).to_have_count(0)
    expect(page.locator("#walk-bar")).to_be_hidden()


def test_naming_the_first_shop_from_the_walking_order(page, server):
    page.locator("#add-input").fill("Milk")
    page.keyboard.press("Enter")
    expect(page.locator(ITEMS)).to_have_count(1)
    page.click("#walk-toggle")
    expect(page.locator("#walk-new-shop")).to_have_attribute("placeholder", "Which shop are you in?")
    page.fill("#walk-new-shop", "   ")
    page.click("#walk-bar button[type=submit]")
    expect(page.locator("#walk-shop")).to_have_count(0)
    page.fill("#walk-new-shop", "Corner shop")
    page.click("#walk-bar button[type=submit]")
    expect(page.locator("#walk-shop")).to_have_value("Corner shop")
    expect(page.locator(AISLES)).to_have_count(1)
    assert json.loads(server.cli("shop", "list", "--json").stdout)
    expect(page.locator("#walk-new-shop")).to_have_value("")

    # A name half typed survives a redraw from a live update once the focus has left the box.
    page.fill("#walk-new-shop", "Mark")
    page.locator("#walk-toggle").focus()
    server.cli("add", "Eggs")
    expect(page.locator(ITEMS)).to_have_count(2)
    expect(page.locator("#walk-new-shop")).to_have_value("Mark")

    # Enter adds the shop and empties the box; a name already taken says so and keeps the text.
    page.fill("#walk-new-shop", "Market")
    page.press("#walk-new-shop", "Enter")
    expect(page.locator("#walk-shop")).to_have_value("Market")
    expect(page.locator("#walk-new-shop")).to_have_value("")
    page.fill("#walk-new-shop", "corner shop")
    page.press("#walk-new-shop", "Enter")
    expect(page.locator(".walk-message")).to_contain_text("already a shop")
    expect(page.locator("#walk-new-shop")).to_have_value("corner shop")
    expect(page.locator("#walk-shop option")).to_have_count(3)
    page.select_option("#walk-shop", "")
    expect(page.locator(AISLES)).to_have_count(0)
    expect(page.locator(ITEMS)).to_have_count(2)
