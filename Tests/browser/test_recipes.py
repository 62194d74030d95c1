"""The Recipes screen in a phone-sized chromium, against a real `basket serve`: import, the
Recipe Ready review, adding to the list, the library."""

import json
import os
import pathlib
import re
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_web_app import TO_GET, enter, row

PANCAKES = """Pancakes
Serves 4

Ingredients
2 eggs
1 cup milk
200 g flour
1 cup butter or margarine
3 splodges 7 of jam
2 tbsp chopped parsley, optional

Method
1. Mix everything.
2. Fry in small rounds.
"""

LINES = ".review-line"


def post(server, path, body):
    request = urllib.request.Request(
        server.url + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": server.url})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def line(page, text):
    """The review row whose line as written is `text`."""
    return page.locator(LINES).filter(has=page.locator(".written", has_text=re.compile("^" + re.escape(text) + "$")))


def import_pasted(page, text):
    page.click("#recipes-link")
    expect(page.locator("#recipes-area")).to_be_visible()
    expect(page.locator("#list-area")).to_be_hidden()
    page.fill("#import-text", text)
    page.get_by_role("button", name="Import text").click()
    expect(page).to_have_url(re.compile(r"#/recipes/[0-9a-f-]{36}$"))


def test_paste_review_edit_scale_skip_and_add_to_the_list(page, server):
    post(server, "/api/v3/items", {"name": "flour", "quantity": {"amount": 500, "unit": "g"}})
    import_pasted(page, PANCAKES)
    expect(page.locator("#recipes-title")).to_have_text("Pancakes")
    expect(page.locator(LINES)).to_have_count(6)
    expect(page.locator(".method li")).to_have_count(2)

    # What was understood, beside the line as written; the unreadable line stands out.
    expect(line(page, "1 cup milk").locator(".line-amount")).to_have_text("1 cup")
    expect(line(page, "1 cup milk").locator(".line-name")).to_have_text("milk")
    expect(line(page, "3 splodges 7 of jam")).to_have_class(re.compile(r"\buncertain\b"))
    # Optional lines start left out; the rest would be added, flour joining the list's.
    expect(line(page, "2 tbsp chopped parsley, optional").locator(".include")).not_to_be_checked()
    expect(line(page, "200 g flour").locator(".plan")).to_have_text("Joins flour: 500 g → 700 g (added up)")
    expect(line(page, "2 eggs").locator(".plan")).to_have_text("New item: eggs (2)")

    # Edit in place: the server reads the line again.
    page.get_by_role("button", name="Edit “3 splodges 7 of jam”").click()
    edit = page.locator(".line-edit")
    enter(edit, "3 tbsp jam")
    fixed = line(page, "3 tbsp jam")
    expect(fixed.locator(".line-name")).to_have_text("jam")
    expect(fixed.locator(".line-amount")).to_have_text("3 tbsp")
    expect(fixed).not_to_have_class(re.compile(r"\buncertain\b"))
    expect(page.get_by_role("button", name="Edit “3 tbsp jam”")).to_be_focused()

    # Servings: every amount scaled by the core.
    for _ in range(4):
        page.get_by_role("button", name="More servings").click()
    expect(page.locator("#servings-count")).to_have_text("8 servings")
    expect(line(page, "1 cup milk").locator(".line-amount")).to_have_text("2 cups")
    expect(line(page, "200 g flour").locator(".plan")).to_have_text("Joins flour: 500 g → 900 g (added up)")
    expect(line(page, "3 tbsp jam").locator(".line-amount")).to_have_text("6 tbsp")

    # Skip a line, choose an alternative.
    page.get_by_role("checkbox", name="Add eggs").uncheck()
    expect(line(page, "2 eggs").locator(".plan")).to_have_text("Skipped")
    line(page, "1 cup butter or margarine").locator("select").select_option(label="margarine")
    expect(line(page, "1 cup butter or margarine").locator(".line-name")).to_have_text("margarine")
    expect(page.locator("#add-recipe")).to_have_text("Add to list (4 of 6)")

    page.locator("#add-recipe").click()
    result = page.locator(".result")
    expect(result.locator("#result-title")).to_have_text("On the list: 3 new, 1 merged")
    expect(result).to_contain_text("Joins flour: 500 g → 900 g (added up)")
    expect(result).to_contain_text("New item: margarine (2 cups)")

    result.get_by_role("link", name="See the list").click()
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#recipes-area")).to_be_hidden()
    # A recipe's amount is the chip, as bought: the pack a shop sells, never an unset "+ Qty".
    expect(row(page, "milk").locator(".qty-chip")).to_have_text("1 bottle (473 ml)")
    expect(row(page, "milk").locator(".qty-chip")).to_have_class(re.compile(r"\brecipe-buy\b"))
    expect(row(page, "milk").locator(".recipe-note")).to_contain_text("For Pancakes")
    expect(row(page, "flour").locator(".recipe-note")).to_have_text("For Pancakes")
    expect(row(page, "flour").locator(".qty-chip")).to_have_text("900 g")
    expect(row(page, "eggs")).to_have_count(0)
    expect(page.locator(TO_GET)).to_have_count(4)
    with urllib.request.urlopen(server.url + "/api/v3/list") as response:
        names = sorted(item["name"].lower() for item in json.load(response)["toGet"])
    assert names == ["flour", "jam", "margarine", "milk"]

    # The note leads back to the recipe.
    row(page, "milk").get_by_role("link", name="Pancakes: open the recipe").click()
    expect(page.locator("#recipes-title")).to_have_text("Pancakes")
    expect(page.locator("#recipes-title")).to_be_focused()


def test_library_search_recents_and_remove(page, server):
    post(server, "/api/v3/recipes/import", {"text": "Toast\n\nIngredients\n2 slices bread\n\nMethod\nToast.", "save": True})
    page.click("#recipes-link")
    expect(page.locator("#all-title + ul .recipe-entry")).to_have_count(1)
    # A short library is listed once, not again as the recent ones.
    expect(page.locator("#recent-title")).to_have_count(0)
    page.click("#list-link")
    for number in range(1, 5):
        post(server, "/api/v3/recipes/import", {"text": f"Dish {number}\n\nIngredients\n1 egg\n\nMethod\nCook.", "save": True})
    for text in ["Tomato soup\n\nIngredients\n4 tomatoes\n1 onion\n\nMethod\nSimmer.",
                 "Lemon cake\n\nIngredients\n2 lemons\n200 g sugar\n\nMethod\nBake."]:
        post(server, "/api/v3/recipes/import", {"text": text, "save": True})
    page.click("#recipes-link")
    expect(page.locator("#all-title + ul .recipe-entry")).to_have_count(7)
    page.fill("#recipe-search", "onion")
    found = page.locator("#found-title + ul .recipe-name")
    expect(found).to_have_text(["Tomato soup"])
    page.fill("#recipe-search", "")
    expect(page.locator("#all-title")).to_be_visible()

    # Opening the soup puts it first among the recent ones.
    page.locator("#all-title + ul").get_by_role("link", name=re.compile("^Tomato soup")).click()
    expect(page.locator("#recipes-title")).to_have_text("Tomato soup")
    page.get_by_role("link", name="← Recipes").click()
    expect(page.locator("#recent-title + ul .recipe-name")).to_have_text(["Tomato soup", "Lemon cake", "Dish 4", "Dish 3", "Dish 2"])

    page.locator("#all-title + ul").get_by_role("button", name="Remove Tomato soup").click()
    page.locator("#all-title + ul").get_by_role("button", name="Really remove Tomato soup?").click()
    expect(page.locator("#recipes-status")).to_have_text("Removed Tomato soup.")
    expect(page.locator("#all-title + ul .recipe-entry")).to_have_count(6)
    expect(page.locator("#all-title + ul .recipe-name", has_text="Tomato soup")).to_have_count(0)


def test_importing_a_saved_page_file(page, tmp_path):
    recipe = {
        "@context": "https://schema.org", "@type": "Recipe", "name": "Garlic <b>bread</b> & butter",
        "recipeYield": "2", "recipeIngredient": ["1 baguette", "3 cloves garlic", "50 g butter"],
        "recipeInstructions": [{"@type": "HowToStep", "text": "Bake it."}],
    }
    saved = tmp_path / "garlic.html"
    saved.write_text("<html><head><title>x</title><script type=\"application/ld+json\">"
                     + json.dumps(recipe) + "</script></head><body><p>page</p></body></html>")
    page.click("#recipes-link")
    page.set_input_files("#import-file", str(saved))
    expect(page.locator("#recipes-title")).to_have_text("Garlic bread & butter")
    expect(page.locator(LINES)).to_have_count(3)
    expect(page.locator("#servings-count")).to_have_text("2 servings")


def test_recipe_text_shows_as_typed_never_as_markup(page):
    import_pasted(page, "<img src=x onerror=alert(1)> toast\n\nIngredients\n2 slices <b>bread</b>\n\nMethod\nToast it.")
    expect(page.locator("#recipes-title")).to_have_text("<img src=x onerror=alert(1)> toast")
    expect(page.locator("#recipes-area img, #recipes-area b")).to_have_count(0)
    expect(page.locator(".written")).to_have_text(["2 slices <b>bread</b>"])


@pytest.mark.parametrize(
    ("field", "typed", "button"),
    [
        pytest.param(
            "#import-text", "just some words", "Import text",
            id="a_page_without_a_recipe_says_so_and_keeps_the_text"),
        pytest.param(
            "#import-url", "http://127.0.0.1:9/pie", "Fetch",
            id="an_address_on_the_household_network_is_refused_with_the_address_kept"),
    ],
)
def test_a_refused_import_says_so_and_keeps_what_was_typed(page, field, typed, button):
    page.click("#recipes-link")
    page.fill(field, typed)
    page.get_by_role("button", name=button).click()
    expect(page.locator("#recipes-status")).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#recipes-status")).not_to_be_empty()
    expect(page.locator(field)).to_have_value(typed)


def test_escape_goes_back_a_step(page):
    import_pasted(page, PANCAKES)
    expect(page.locator(LINES)).to_have_count(6)
    page.locator("#add-recipe").focus()
    page.keyboard.press("Escape")
    expect(page).to_have_url(re.compile(r"#/recipes$"))
    expect(page.locator("#recipes-title")).to_have_text("Recipes")
    expect(page.locator("#recipes-title")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#recipes-link")).to_be_focused()


def test_the_recipes_screen_has_no_serious_accessibility_problems(page):
    import_pasted(page, PANCAKES)
    expect(page.locator(LINES)).to_have_count(6)
    expect(page.locator(".line-status.buy").first).to_be_visible()
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]
    page.get_by_role("link", name="← Recipes").click()
    expect(page.locator("#import-text")).to_be_visible()
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]


PHOTOS = pathlib.Path(__file__).resolve().parents[1] / "cases" / "photos"


def test_importing_photos_of_a_recipe_card(page):
    """A photo of a card (rendered by Tools/photos/make-cards.py) read by Tesseract on the
    server, then reviewed like any import."""
    page.click("#recipes-link")
    expect(page.locator("#import-photos")).to_have_attribute("accept", "image/*")
    page.set_input_files("#import-photos", str(PHOTOS / "two-column-card.png"))
    expect(page.locator("#recipes-title")).to_have_text("Tomato Soup", timeout=60_000)
    expect(page.locator("#servings-count")).to_have_text("6 servings")
    expect(page.locator(LINES)).not_to_have_count(0)


def test_a_doubted_line_of_a_photo_shows_where_it_stands_in_the_photo(page):
    """Tesseract was unsure of "%" in "½ tsp salt" on the worn card: the line says so and shows
    that part of the photo, drawn from the file the phone still holds."""
    page.click("#recipes-link")
    page.set_input_files("#import-photos", str(PHOTOS / "worn-card.jpg"))
    salt = page.locator(LINES, has_text="salt")
    expect(salt).to_have_count(1, timeout=60_000)
    expect(salt).to_contain_text("unsure of “%”")
    expect(page.locator(LINES, has_text="eggs").locator(".photo-toggle")).to_have_count(0)
    salt.locator(".photo-toggle").click()
    canvas = salt.locator("canvas.photo-region")
    expect(canvas).to_be_visible()
    page.wait_for_function("c => c.width > 100 && c.height > 20", arg=canvas.element_handle())
    # The crop is of the photo itself: its middle is not blank.
    inked = canvas.evaluate(
        """c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  let dark = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 128) dark++;
                  return dark; }"""
    )
    assert inked > 50
    salt.locator(".photo-toggle").click()
    expect(salt.locator("canvas")).to_have_count(0)
    # After a reload the photo is no longer on the page: the line is still flagged, without it.
    page.reload()
    expect(page.locator(LINES, has_text="salt")).to_have_count(1)
    expect(page.locator(".photo-toggle")).to_have_count(0)


def test_a_photo_that_cannot_be_read_says_why(page, tmp_path):
    heic = tmp_path / "card.heic"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic" + b"\x00" * 64)
    page.click("#recipes-link")
    page.set_input_files("#import-photos", str(heic))
    expect(page.locator("#recipes-status")).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#recipes-status")).to_contain_text("JPEG")


def test_the_chip_says_what_to_buy_and_the_note_what_the_recipes_need(page, server):
    for title, beans in (("Chili", "1.5"), ("Soup", "2")):
        recipe = post(server, "/api/v3/recipes/import", {
            "text": f"{title}\n\nIngredients\n{beans} cans kidney beans\n", "save": True})
        post(server, f"/api/v3/recipes/{recipe['recipe']['id']}/add", {})
    page.reload()
    beans = row(page, "kidney beans")
    expect(beans.locator(".qty-chip")).to_have_text("4 cans")
    expect(beans.locator(".recipe-note")).to_have_text("For Chili, Soup · recipes need 3½")
    page.screenshot(path="/tmp/basket-buy-chip.png")


STEW = """Stew
Serves 4

Ingredients
2 carrots
1 onion
500 g beef
200 g peas

Method
Simmer it all.
"""


def listed(server):
    """The list as the command line gives it: {name: amount text} for To get and Got it."""
    answer = json.loads(server.cli("list", "--json").stdout)
    return {side: {item["name"]: item["amountText"] for item in answer[side]} for side in ("toGet", "gotIt")}


def test_recipe_ready_after_the_add_counts_links_and_asks_before_adding_again(page, server):
    stew = post(server, "/api/v3/recipes/import", {"text": STEW, "save": True})["recipe"]["id"]
    post(server, "/api/v3/items", {"name": "beef", "quantity": {"amount": 300, "unit": "g"}})
    post(server, "/api/v3/items", {"name": "onion"})
    server.cli("check", "onion")
    page.goto(f"{server.url}/#/recipes/{stew}")
    expect(page.locator("#recipes-title")).to_have_text("Stew")
    expect(line(page, "500 g beef").locator(".plan")).to_have_text("Joins beef: 300 g → 800 g (added up)")

    # The header's servings follow the stepper.
    expect(page.locator("#recipe-yields")).to_have_text("4 servings")
    page.get_by_role("button", name="More servings").click()
    expect(page.locator("#servings-count")).to_have_text("5 servings")
    expect(page.locator("#recipe-yields")).to_have_text("5 servings")
    page.get_by_role("button", name="Fewer servings").click()
    expect(page.locator("#recipe-yields")).to_have_text("4 servings")
    expect(line(page, "500 g beef").locator(".plan")).to_have_text("Joins beef: 300 g → 800 g (added up)")

    add = page.locator("#add-recipe")
    expect(add).to_have_text("Add to list (4 of 4)")
    add.click()
    result = page.locator(".result")
    title = result.get_by_role("heading", name="On the list: 2 new, 1 merged, 1 back from Got it")
    expect(title).to_be_visible()
    # The review is asked for again after the add (now planning onto 800 g); the heading keeps focus.
    expect(line(page, "500 g beef").locator(".plan")).to_have_text("Joins beef: 800 g → 1300 g (added up)")
    expect(title).to_be_focused()
    expect(result).to_contain_text("Back from Got it: onion")
    expect(result.get_by_role("link", name="See the list")).to_have_attribute("href", "#/")
    after_first = listed(server)
    assert after_first["toGet"]["beef"] == "800 g"
    assert after_first["toGet"]["carrots"] == "2"
    assert "onion" in after_first["toGet"] and after_first["gotIt"] == {}

    # Adding again asks first, and the first press adds nothing.
    expect(add).to_have_text("Add again…")
    add.click()
    ask = page.get_by_role("group", name="Stew is already on the list. Add its amounts again?")
    expect(ask).to_be_visible()
    expect(ask.get_by_role("button", name="Cancel")).to_be_focused()
    assert listed(server) == after_first
    ask.get_by_role("button", name="Cancel").click()
    expect(ask).to_have_count(0)
    expect(add).to_be_focused()
    assert listed(server) == after_first

    # Confirming adds the amounts again.
    add.click()
    ask.get_by_role("button", name="Add again").click()
    expect(ask).to_have_count(0)
    expect(result.get_by_role("heading", name="On the list: 0 new, 4 merged")).to_be_focused()
    again = listed(server)
    assert again["toGet"]["beef"] == "1300 g"
    assert again["toGet"]["carrots"] == "4"
    assert again["toGet"]["peas"] == "400 g"

    # Opened afresh, a recipe whose items are on the list asks too.
    page.reload()
    expect(page.locator("#recipes-title")).to_have_text("Stew")
    expect(add).to_have_text("Add again…")
    add.click()
    expect(ask).to_be_visible()
    assert listed(server) == again
    page.keyboard.press("Escape")
    expect(ask).to_have_count(0)
    expect(page).to_have_url(re.compile(r"#/recipes/"))


LENTILS = """Creamy Coconut Curry Lentils with Spinach
Serves 4

Ingredients
1 Tbsp olive oil
1 yellow onion
2 cloves garlic
1 Tbsp grated fresh ginger
2 Tbsp curry powder
1 cup brown lentils
2 cups vegetable broth
1 (13 oz.) can coconut milk
3 cups fresh baby spinach
4 cups cooked rice
1/4 bunch fresh cilantro

Method
Soften the onion, garlic and ginger in the oil.
Add the curry powder, lentils and broth; simmer until tender.
Stir in the coconut milk and spinach; serve over rice with cilantro.
"""


def test_recipe_ready_is_one_line_an_ingredient_with_add_to_list_in_reach(page, server):
    """A recipe is reviewed without endless scrolling: an 11-ingredient recipe fits in two phone
    screens (it was 4,690 px), each line one status, the details a tap away, and "Add to list" on
    screen wherever the page is."""
    saved = post(server, "/api/v3/recipes/import", {"text": LENTILS, "save": True})["recipe"]["id"]
    page.goto(server.url + f"/#/recipes/{saved}")
    expect(page.locator(LINES)).to_have_count(11)
    expect(page.locator(".line-status.buy").first).to_be_visible()
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height <= 1700, height
    add = page.locator("#add-recipe")
    expect(add).to_be_in_viewport()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight / 2)")
    expect(add).to_be_in_viewport()
    # One status a line; the line as written and the pantry's word a tap away.
    spinach = page.locator(LINES).filter(has=page.locator(".line-name", has_text=re.compile("spinach")))
    expect(spinach.locator(".line-status")).to_have_text(re.compile(r"^buy "))
    expect(spinach.locator(".line-details")).to_be_hidden()
    spinach.get_by_role("button", name=re.compile("^Details of")).click()
    expect(spinach.locator(".written")).to_have_text("3 cups fresh baby spinach")
    expect(spinach.get_by_role("button", name=re.compile("^Details of"))).to_have_attribute("aria-expanded", "true")
    page.screenshot(path=os.environ.get("BASKET_SHOTS", "/tmp") + "/recipe-ready-phone.png", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 900})
    expect(page.locator(".method")).to_be_visible()
    page.screenshot(path=os.environ.get("BASKET_SHOTS", "/tmp") + "/recipe-ready-desktop.png", full_page=True)
