"""One way around, so no screen is a dead end: List · Recipes · Meal prep · Week · Pantry · Trip
on every screen, the current one marked, each link showing its screen and only it, at phone and
desktop size."""

import re

from playwright.sync_api import expect

AREAS = {
    "List": "#list-area", "Recipes": "#recipes-area", "Meal prep": "#mealprep-area",
    "Week": "#week-area", "Pantry": "#pantry-area", "Trip": "#trip-area",
}


def screens(page):
    return page.get_by_role("navigation", name="Screens")


def goes_to(page, name):
    screens(page).get_by_role("link", name=name).click()
    for other, area in AREAS.items():
        if other == name:
            expect(page.locator(area)).to_be_visible()
        else:
            expect(page.locator(area)).to_be_hidden()
    expect(screens(page).get_by_role("link", name=name)).to_have_attribute("aria-current", "page")
    expect(screens(page).locator("[aria-current]")).to_have_count(1)
    # The row of links is the one way around: no screen adds a back link of its own.
    expect(page.locator(AREAS[name]).get_by_role("link", name=re.compile("^←"))).to_have_count(0)


def test_every_screen_reaches_every_other_from_one_place(page, server):
    expect(screens(page).get_by_role("link")).to_have_text(["🧺 List", "📖 Recipes", "🥘 Meal prep", "📅 Week", "🥫 Pantry", "🛒 Trip"])
    expect(screens(page).get_by_role("link", name="List")).to_have_attribute("aria-current", "page")
    # Each screen to each other one, in an order that visits every pair at least one way.
    for name in ["Recipes", "Pantry", "Trip", "Meal prep", "List", "Trip", "Recipes", "Meal prep",
                 "Pantry", "List", "Pantry", "Recipes", "List", "Meal prep", "Trip", "List",
                 "Week", "Recipes", "Week", "Meal prep", "Week", "Pantry", "Week", "Trip", "Week", "List"]:
        goes_to(page, name)
    expect(page.locator("#add-bar")).to_be_visible()
    # No sideways scroll on a phone.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_links_fit_beside_each_other_at_both_sizes(page, server):
    for width, height in [(390, 844), (1366, 900)]:
        page.set_viewport_size({"width": width, "height": height})
        # NB: the six boxes are read at one moment, at the new size: read one by one, a status
        # line changing meanwhile ("Live", "Reconnecting…": one line or two above the links)
        # moved the later ones down and looked like a second row.
        page.wait_for_function("width => window.innerWidth === width", arg=width)
        page.evaluate("document.fonts.ready.then(() => true)")  # for the screenshot
        boxes = screens(page).get_by_role("link").evaluate_all(
            "links => links.map((link) => link.getBoundingClientRect().toJSON())")
        assert len(boxes) == 6, boxes
        tops = [box["y"] for box in boxes]
        assert max(tops) - min(tops) <= 3, boxes  # one row (the current one sits 2 px lower)
        assert all(box["x"] + box["width"] <= width for box in boxes), boxes
        page.screenshot(path=f"/tmp/nav-{width}.png")
    goes_to(page, "Pantry")
    expect(page).to_have_url(re.compile(r"#/pantry$"))


def test_recipes_shows_the_library_first_once_there_are_recipes(page, server):
    def order():
        return page.evaluate("""() => [...document.querySelectorAll('#recipes-area h3')]
            .map((h) => h.id).filter((id) => id === 'import-title' || id === 'library-title')""")

    goes_to(page, "Recipes")
    expect(page.locator("#import-title")).to_be_visible()
    assert order() == ["import-title", "library-title"]
    page.fill("#import-text", "Stew\n\nIngredients\n2 onions\n\nMethod\nCook.")
    page.get_by_role("button", name="Import text").click()
    expect(page).to_have_url(re.compile(r"#/recipes/[0-9a-f-]{36}$"))
    goes_to(page, "List")
    goes_to(page, "Recipes")
    expect(page.locator("#all-title")).to_be_visible()
    assert order() == ["library-title", "import-title"]
