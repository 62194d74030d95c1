"""Every screen at phone (390×844) and desktop (1366×900) size, as a household with a little of
everything sees it (issue 25): no serious or critical axe finding, no sideways scroll on the
phone, and a full-page screenshot of each saved for review (not committed) in
$BASKET_SCREENSHOTS, or /tmp/basket-screens."""

import json
import os
import pathlib

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

SHOTS = pathlib.Path(os.environ.get("BASKET_SCREENSHOTS", "/tmp/basket-screens"))
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
CHILI = """Chili
Serves 4

Ingredients
500 g minced beef
2 onions, chopped
2 (14-oz) cans kidney beans
2¼ cups stock
1 tsp ground cumin

Method
Brown the beef. Add the rest and simmer for an hour."""

# Screen: (address, what shows once it is drawn).
SCREENS = {
    "list": ("#/", "#to-get li.item"),
    "recipes": ("#/recipes", "#library-title"),
    "recipe-ready": (None, "#recipes-title"),
    "mealprep": ("#/mealprep", "#mealprep-area"),
    "pantry": ("#/pantry", "#pantry-area"),
    "trip": ("#/trip", "#trip-start"),
}


@pytest.fixture
def household(server, tmp_path):
    recipe = tmp_path / "chili.txt"
    recipe.write_text(CHILI)
    saved = json.loads(server.cli("recipe", "import", str(recipe), "--save", "--json").stdout)
    server.cli("recipe", "add", "chili")
    server.cli("add", "2 l milk", "bread", "Extra large free range eggs from the farm down the lane")
    server.cli("check", "bread")
    server.cli("pantry", "add", "3 onions")
    server.cli("shop", "add", "Lidl")
    server.cli("product", "add", "Whole milk", "--alias", "milk", "--size", "1 l", "--at", "Lidl")
    return saved["id"]


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_is_clean_and_fits(page, server, household, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SIZES[size])
    page.reload()
    problems = []
    for name, (address, ready) in SCREENS.items():
        page.evaluate("(hash) => { location.hash = hash; }", address or f"#/recipes/{household}")
        expect(page.locator(ready).first).to_be_visible()
        page.wait_for_timeout(400)  # motion settles before the picture
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
        found = Axe().run(page).response["violations"]
        problems += [(name, v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]
        if size == "phone":
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{name} scrolls sideways by {wide} px on a phone"
    assert problems == [], problems
