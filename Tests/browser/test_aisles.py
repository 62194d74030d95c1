"""Aisles on the list, the phone side: "By aisle" groups To get under the
supermarket walk's category headings (in the walk's order, Elsewhere last), remembered on the
phone and kept offline; an item is moved to another aisle from its editor and the choice holds
for its name when it is added again; category names are text, never markup. Screenshots at
phone and desktop size, light and dark, with no serious or critical axe finding."""

import json
import re
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import Server  # noqa: F401  (the fixtures' module)
from test_offline import offline, online  # noqa: F401
from test_screens import SHOTS, SIZES
from test_web_app import TO_GET, add, api_list, row

HEADINGS = "#to-get > li.aisle"


def shown(page):
    """To get as drawn: headings as "# Title", items by name."""
    return page.locator("#to-get > li").evaluate_all(
        """(rows) => rows.map((row) => row.classList.contains('aisle')
             ? '# ' + row.textContent.trim()
             : row.querySelector('.name .label').textContent)""")


def expect_shown(page, expected, timeout=5000):
    """Waits until To get is drawn as `expected` (the categories may still be on their way)."""
    try:
        page.wait_for_function(
            """(expected) => JSON.stringify([...document.querySelectorAll('#to-get > li')].map(
                 (row) => row.classList.contains('aisle') ? '# ' + row.textContent.trim()
                   : row.querySelector('.name .label').textContent)) === JSON.stringify(expected)""",
            arg=expected, timeout=timeout)
    except Exception:
        pass
    assert shown(page) == expected


def category_of(server, name):
    return next(item for item in api_list(server)["toGet"] if item["name"] == name).get("category")


def test_by_aisle_groups_to_get_in_the_walks_order_and_is_remembered(server, page):
    for name in ["Frozen peas", "Milk", "Zorblax", "Apples", "Oat milk"]:
        add(page, name)
    expect(page.locator(TO_GET)).to_have_count(5)
    expect(page.locator(HEADINGS)).to_have_count(0)

    page.click("#aisle-toggle")
    expect(page.locator("#aisle-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(HEADINGS)).to_have_count(4)
    expect_shown(page, ["# Produce", "Apples", "# Dairy", "Oat milk", "Milk",
                        "# Frozen", "Frozen peas", "# Elsewhere", "Zorblax"])

    # Remembered on the phone: a reload, even offline, groups again.
    page.reload()
    page.wait_for_selector("#list-area:not([hidden])")
    expect(page.locator(HEADINGS)).to_have_count(4)
    offline(page)
    add(page, "Bread")
    expect(page.locator(HEADINGS).filter(has_text="Elsewhere")).to_have_count(1)
    online(page)

    # The walking order and the aisles take turns; off, the list is in its own order again.
    page.click("#walk-toggle")
    expect(page.locator("#aisle-toggle")).to_have_attribute("aria-pressed", "false")
    page.click("#walk-toggle")
    expect(page.locator(HEADINGS)).to_have_count(0)
    assert shown(page)[:2] == ["Bread", "Oat milk"]
    assert page.errors == []


def test_an_item_moved_to_another_aisle_stays_there_for_its_name(server, page):
    for name in ["Zorblax", "Milk"]:
        add(page, name)
    page.click("#aisle-toggle")
    expect(page.locator(HEADINGS)).to_have_count(2)

    row(page, "Zorblax").locator(".qty-chip").click()
    picker = row(page, "Zorblax").locator("select.aisle-select")
    expect(picker).to_have_value("")
    picker.select_option(label="Household")
    expect(page.locator(HEADINGS).filter(has_text="Household")).to_have_count(1)
    assert shown(page) == ["# Dairy", "Milk", "# Household", "Zorblax"]
    assert category_of(server, "Zorblax") == "household"

    # Removed and added again (as another spelling of the name), it goes to the same aisle.
    row(page, "Zorblax").get_by_role("button", name="Remove item").click()
    expect(page.locator(TO_GET)).to_have_count(1)
    add(page, "zorblaxes")
    expect(page.locator(HEADINGS).filter(has_text="Household")).to_have_count(1)
    assert shown(page) == ["# Dairy", "Milk", "# Household", "zorblaxes"]
    assert page.errors == []


def test_a_refused_move_says_why_and_category_names_are_text(server, page):
    add(page, "Milk")
    page.click("#aisle-toggle")
    expect(page.locator(HEADINGS)).to_have_count(1)
    # A phone with a stale or tampered copy of the categories offers one the server doesn't know.
    # NB: written as the reloaded page starts, before the app reads it, and the server's copy
    # kept from it, so nothing writes over it.
    page.add_init_script("""localStorage.setItem('basket.categories', JSON.stringify({
      categories: [{category: 'dairy', title: 'Dairy'},
                   {category: '<img src=x onerror=window.hacked=1>', title: '<b>Aisle 9</b>'}],
      elsewhere: 'Elsewhere'}))""")
    page.route(re.compile(r".*/api/v3/categories(\?.*)?$"), lambda route: route.abort())
    page.reload()
    page.wait_for_selector("#list-area:not([hidden])")
    row(page, "Milk").locator(".qty-chip").click()
    picker = row(page, "Milk").locator("select.aisle-select")
    expect(picker.locator("option")).to_have_count(2)
    assert picker.locator("option b, img").count() == 0
    picker.select_option(label="<b>Aisle 9</b>")
    expect(page.locator("#aisle-message")).to_contain_text("there is no category")
    assert page.evaluate("() => window.hacked") is None
    assert category_of(server, "Milk") == "dairy"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_the_grouped_list_and_the_aisle_picker_look_right(server, page, size, scheme):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in ["2 l milk", "Frozen peas", "Bread", "Apples", "Tea", "Dish soap"]:
        add(page, name)
    page.click("#aisle-toggle")
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size(SIZES[size])
    expect(page.locator(HEADINGS).first).to_be_visible()
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / f"aisles-{size}-{scheme}.png"), full_page=True)
    row(page, "Bread").locator(".qty-chip").click()
    expect(row(page, "Bread").locator("select.aisle-select")).to_be_visible()
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / f"aisles-editor-{size}-{scheme}.png"), full_page=True)
    found = Axe().run(page).response["violations"]
    problems = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
                for v in found if v["impact"] in ("serious", "critical")]
    assert problems == [], problems
    with urllib.request.urlopen(server.url + "/api/v3/categories") as response:
        assert json.load(response)["categories"][0]["title"] == "Produce"
    assert page.errors == []
