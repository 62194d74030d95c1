"""The whole journey from recipe to pantry on a phone, as a new household meets it: paste a recipe,
review it against the pantry, add it, see amounts you can buy in the chips, open the walking order
of a new shop (grouped by aisle), start a trip that walks at once, take Got it on each item, end,
check in, and see the pantry updated."""

import re

from playwright.sync_api import expect

from test_pantry import api
from test_recipes import LINES, import_pasted, line
from test_web_app import TO_GET, open_amount_editor, row, type_amount

STEW = """Stew
Serves 4

Ingredients
2 onions
2 (14-oz) cans tomatoes
1.5 cans kidney beans
4 cloves garlic
1 tsp salt
1 tsp ground cumin
4 cups water

Method
Cook it all slowly."""


def test_from_a_pasted_recipe_to_the_shop_and_back_into_the_pantry(page, server):
    server.cli("pantry", "add", "3 onions")
    server.cli("pantry", "add", "2 x 400 g chopped tomatoes")
    page.reload()

    # Recipe Ready: what the pantry covers, what is left out and why.
    import_pasted(page, STEW)
    expect(page.locator("#recipes-title")).to_have_text("Stew")
    expect(page.locator(LINES)).to_have_count(7)
    expect(line(page, "2 onions").locator(".coverage-text")).to_have_text("Covered: need 2, have 3 → skip")
    expect(line(page, "2 (14-oz) cans tomatoes").locator(".coverage-text")).to_have_text(
        "Covered from chopped tomatoes: need 2 cans (14 oz), have 2 cans → skip")
    salt = line(page, "1 tsp salt")
    expect(salt.locator(".line-status")).to_have_text("you always have this")
    expect(salt.locator(".include")).not_to_be_checked()
    expect(line(page, "4 cups water").locator(".line-status")).to_have_text("tap water")
    expect(line(page, "1 tsp ground cumin").locator(".coverage-text")).to_have_text(
        "Not in the pantry → buy 1 jar · recipe needs 1 tsp")
    page.locator("#add-recipe").click()
    result = page.locator(".result")
    expect(result.locator("#result-title")).to_contain_text("On the list: 3 new")

    # The list: amounts you can buy, the exact need in the note.
    result.get_by_role("link", name="See the list").click()
    expect(page.locator(TO_GET)).to_have_count(3)
    expect(row(page, "kidney beans").locator(".qty-chip")).to_have_text("2 cans")
    expect(row(page, "kidney beans").locator(".recipe-note")).to_contain_text("recipe needs 1½")
    expect(row(page, "garlic").locator(".qty-chip")).to_have_text("4 cloves")
    expect(row(page, "ground cumin").locator(".qty-chip")).to_have_text("1 jar (71 g)")

    # A new shop starts in a typical supermarket's walk, one aisle each.
    page.click("#walk-toggle")
    page.fill("#walk-new-shop", "Corner shop")
    page.press("#walk-new-shop", "Enter")
    expect(page.locator("#walk-shop")).to_have_value("Corner shop")
    expect(page.locator("#to-get > li.aisle .aisle-title")).to_have_text(["Produce", "Pantry", "Spices"])

    # The trip walks at once: no exception to settle first.
    page.click("#trip-link")
    expect(page.get_by_role("radio", name="Corner shop (walking order)")).to_be_checked()
    page.get_by_role("button", name="Start the trip").click()
    expect(page.locator("#trip-title")).to_have_text("Corner shop · 1 of 3")
    expect(page.locator("#stop-name")).to_have_text("🧄 garlic")
    expect(page.locator(".stop-facts")).to_have_text("for Stew · Produce · 3 left")
    for position in (2, 3):
        page.get_by_role("button", name="Got it").click()
        expect(page.locator("#trip-title")).to_have_text(f"Corner shop · {position} of 3")
    expect(page.locator(".stop-facts")).to_have_text("for Stew · Spices · the last one")
    page.get_by_role("button", name="Got it").click()
    expect(page.get_by_text("That was everything on the trip.")).to_be_visible()
    page.get_by_role("button", name="End the trip").click()
    expect(page.locator("#trip-summary")).to_have_text(re.compile(r"^Trip at Corner shop: got 3 of 3\. \d+ min\.$"))
    expect(page.locator("#trip-offers .trip-offer-name")).to_have_text(
        ["garlic · 4 cloves", "kidney beans · 2 cans", "ground cumin · 1 package"])

    # Check in on the list, then the pantry has what was bought, as bought.
    page.get_by_role("link", name="Back to the list").click()
    card = page.locator("#checkin-card")
    expect(card).to_be_visible(timeout=5000)
    for name in ("garlic", "kidney beans", "ground cumin"):
        card.get_by_role("button", name=f"Add {name} to the pantry").click()
    expect(card).to_be_hidden()
    page.click("#pantry-link")
    stock = {e["name"]: e["stock"] for e in api(server, "GET", "/api/v3/pantry")["entries"]}
    assert stock == {
        "chopped tomatoes": "2 × 400 g", "onions": "3", "kidney beans": "2 cans",
        "garlic": "1 package, 4 cloves left", "ground cumin": "1 package",
    }, stock
    entry = page.locator("#pantry-area .pantry-entry").filter(has_text="kidney beans")
    expect(entry).to_contain_text("2 cans")


def test_a_recipe_amount_is_edited_in_the_recipes_own_unit(page, server, tmp_path):
    recipe = tmp_path / "pancakes.txt"
    recipe.write_text("Pancakes\n\nIngredients\n2¼ cups flour\n2 (14-oz) cans coconut milk\n\nMethod\nMix.\n")
    server.cli("recipe", "import", str(recipe), "--save")
    # NB: --plain: the recipe's own amounts, not the packs a shop sells, to edit them.
    server.cli("recipe", "add", "pancakes", "--plain")
    page.reload()
    expect(row(page, "flour").locator(".qty-chip")).to_have_text("2¼ cups")

    # The editor opens in cups, steps a quarter cup and takes a typed fraction.
    editor = open_amount_editor(page, "flour")
    expect(editor.locator(".amount")).to_have_text("2¼ cups")
    expect(editor.locator('.pill[aria-pressed="true"]')).to_have_text("cups")
    editor.get_by_role("button", name="More").click()
    expect(editor.locator(".amount")).to_have_text("2.5 cups")
    type_amount(page, editor, "2 3/4")
    expect(editor.locator(".amount")).to_have_text("2¾ cups")
    editor.get_by_role("button", name="Done").click()
    expect(row(page, "flour").locator(".qty-chip")).to_have_text("2¾ cups")
    expect(row(page, "flour").locator(".recipe-note")).to_have_text("For Pancakes")

    # Counts step by one and keep their can size; it all survives a reload.
    cans = open_amount_editor(page, "coconut milk")
    expect(cans.locator(".amount")).to_have_text("2 cans (14 oz)")
    cans.get_by_role("button", name="Less").click()
    expect(cans.locator(".amount")).to_have_text("1 can (14 oz)")
    cans.get_by_role("button", name="Done").click()
    page.wait_for_timeout(400)
    page.reload()
    expect(row(page, "flour").locator(".qty-chip")).to_have_text("2¾ cups")
    expect(row(page, "coconut milk").locator(".qty-chip")).to_have_text("1 can (14 oz)")

    # Choosing one of the list's units starts the list's own quantity instead.
    row(page, "flour").locator(".qty-chip").click()
    editor.locator('.pill[data-unit="g"]').click()
    expect(editor.locator(".amount")).to_have_text("250 g")
    editor.get_by_role("button", name="Done").click()
    expect(row(page, "flour").locator(".qty-chip")).to_have_text("250 g")
