"""Pantry coverage in Recipe Ready and the Meal Prep screen, in a phone-sized chromium against a
real `basket serve`. Pantry entries are made through the
command line on the same store."""

import json
import os
import re
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_recipes import post
from test_web_app import TO_GET, row

CHILI = """Chili
Serves 4

Ingredients
2 onions
500 g flour
1 tsp salt

Method
1. Cook.
"""

SOUP = """Soup
Serves 2

Ingredients
1 onion
200 g onion
300 g flour

Method
1. Simmer.
"""


def save(server, text):
    return post(server, "/api/v3/recipes/import", {"text": text, "save": True})["recipe"]["id"]


def to_get(server):
    """To get by name, each item's amount text filled in (v2 leaves out one that reads as the
    chip, docs/api.md)."""
    with urllib.request.urlopen(server.url + "/api/v3/list") as response:
        items = json.load(response)["toGet"]
    return {item["name"]: {"amountText": item.get("chip"), **item} for item in items}


def review_line(page, name):
    return page.locator(".review-line").filter(has=page.locator(".line-name", has_text=re.compile("^" + re.escape(name) + "$")))


def test_recipe_ready_shows_pantry_coverage_and_the_add_respects_overrides(page, server):
    chili = save(server, CHILI)
    server.cli("staples", "remove", "salt")  # NB: so the pantry's salt is weighed, not left out
    server.cli("pantry", "add", "flour", "--left", "200 g")
    server.cli("pantry", "add", "salt", "--left", "1 kg")
    page.goto(server.url + f"/#/recipes/{chili}")
    expect(page.locator("#recipes-title")).to_have_text("Chili")

    flour = review_line(page, "flour")
    expect(flour.locator(".coverage-text")).to_have_text("Partly covered: need 500 g, have 200 g → buy 300 g")
    expect(flour.locator(".plan")).to_have_text("New item: flour (300 g)")
    salt = review_line(page, "salt")
    expect(salt.locator(".coverage")).to_have_class(re.compile(r"\bcovered\b"))
    expect(salt.locator(".plan")).to_have_text("Not added: you have it")
    expect(review_line(page, "onions").locator(".coverage-text")).to_have_text("Not in the pantry → buy 2")
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]

    # One status a line, the pantry's arithmetic and choice a tap away.
    expect(flour.locator(".line-status")).to_have_text("buy 1 bag (907 g)")  # the rest, in packs
    expect(salt.locator(".line-status")).to_have_text("have it")
    expect(flour.locator(".line-details")).to_be_hidden()
    # Overrides: buy all the flour after all; then no, we have it. Buy the salt anyway.
    flour.get_by_role("button", name="Details of flour").click()
    salt.get_by_role("button", name="Details of salt").click()
    choice = flour.get_by_label("Pantry choice for flour")
    choice.select_option(label="Buy the full amount")
    expect(flour.locator(".plan")).to_have_text("New item: flour (500 g)")
    choice.select_option(label="Skip, I have it")
    expect(flour.locator(".coverage-decision")).to_have_text("→ skip")
    expect(flour.locator(".plan")).to_have_text("Not added: you have it")
    salt.get_by_label("Pantry choice for salt").select_option(label="Buy the full amount")
    expect(salt.locator(".coverage-decision")).to_have_text("→ buy 1 jar · recipe needs 1 tsp")
    # A line the pantry doesn't know has no pantry choice: its checkbox leaves it out.
    expect(review_line(page, "onions").locator("select")).to_have_count(0)

    page.locator("#add-recipe").click()
    expect(page.locator("#result-title")).to_have_text("On the list: 2 new, 0 merged")
    items = to_get(server)
    assert sorted(items) == ["onions", "salt"]
    assert items["salt"]["amountText"] == "1 tsp"


def test_meal_prep_merges_two_recipes_asks_about_the_rest_and_adds_to_the_list(page, server):
    save(server, CHILI)
    save(server, SOUP)
    server.cli("pantry", "add", "flour", "--left", "200 g")
    page.click("#recipes-link")
    page.click("#mealprep-nav-link")
    expect(page).to_have_url(re.compile(r"#/mealprep$"))
    expect(page.locator("#mealprep-title")).to_have_text("Meal Prep")
    expect(page.locator("#list-area")).to_be_hidden()
    expect(page.locator("#recipes-area")).to_be_hidden()

    page.get_by_role("checkbox", name="Chili").check()
    page.get_by_role("checkbox", name="Soup").check()
    lines = page.locator(".plan-line")
    expect(lines).to_have_count(4)

    # A merged line shows where it came from; flour is partly covered by the pantry.
    onions = lines.nth(0)
    expect(onions.locator(".line-amount")).to_have_text("3")
    expect(onions.locator(".sources")).to_have_text("Chili ×2, Soup ×1")
    expect(onions).to_have_class(re.compile(r"\buncertain\b"))
    flour = lines.nth(1)
    expect(flour.locator(".sources")).to_have_text("Chili 500 g, Soup 300 g")
    expect(flour.locator(".coverage-text")).to_have_text("Partly covered: need 800 g, have 200 g → buy 600 g")

    # Servings scale one recipe only.
    page.get_by_role("button", name="More servings of Soup").click()
    page.get_by_role("button", name="More servings of Soup").click()
    expect(page.get_by_role("group", name="Servings of Soup")).to_contain_text("4 servings")
    expect(onions.locator(".sources")).to_have_text("Chili ×2, Soup ×2")

    # 200 g onion may be the onions: merge it, the amounts stay side by side.
    question = page.locator(".mealprep-question")
    expect(question).to_have_count(1)
    expect(question).to_contain_text("Line 1 “onions” and line 4 “onion” may be one food (the amounts don't add up)")
    question.get_by_role("button", name="Merge onions and onion").click()
    expect(lines).to_have_count(3)
    expect(lines.nth(0).locator(".line-amount")).to_have_text("4 + 400 g")
    expect(lines.nth(0)).not_to_have_class(re.compile(r"\buncertain\b"))
    expect(page.locator(".mealprep-answered")).to_contain_text("Merged: onions and onion")

    # Salt is on the always-have list: it starts left out, and says why. Then add.
    salt = page.locator(".plan-line").filter(has=page.get_by_role("checkbox", name="Add salt"))
    expect(salt.locator(".line-status")).to_have_text("you always have this")
    expect(page.get_by_role("checkbox", name="Add salt")).not_to_be_checked()
    expect(page.locator("#mealprep-add")).to_have_text("Add to list (2 of 3)")
    if os.environ.get("BASKET_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["BASKET_SCREENSHOTS"], "mealprep-plan.png"), full_page=True)
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]
    page.locator("#mealprep-add").click()
    expect(page.locator("#mealprep-result-title")).to_have_text("On the list: 2 new, 1 merged")
    # The plan stays as added: a second tap asks first, and Cancel adds nothing, so a double tap
    # doesn't put the week on the list twice.
    expect(page.locator("#mealprep-add")).to_have_text("Add again…")
    page.locator("#mealprep-add").click()
    expect(page.locator("#mealprep-again-question")).to_contain_text("on the list already")
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#mealprep-add")).to_have_text("Add again…")
    assert to_get(server)["flour"]["amountText"] == "900 g"

    page.get_by_role("link", name="See the list").click()
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#mealprep-area")).to_be_hidden()
    expect(row(page, "onions").locator(".recipe-note")).to_contain_text("For Chili, Soup")
    expect(page.locator(TO_GET)).to_have_count(2)
    items = to_get(server)
    assert sorted(items) == ["flour", "onions"]
    assert items["onions"]["amountText"] == "4 + 400 g"
    assert items["flour"]["amountText"] == "900 g"  # 500 g + 2 × 300 g, less 200 g at home
    assert [recipe["title"] for recipe in items["onions"]["recipes"]] == ["Chili", "Soup"]


def test_meal_prep_leaves_optional_lines_out_until_ticked(page, server):
    save(server, "Salad\nServes 2\n\nIngredients\n1 cucumber\n2 tbsp chopped parsley, optional\n\nMethod\nToss.")
    page.goto(server.url + "/#/mealprep")
    page.get_by_role("checkbox", name="Salad").check()
    expect(page.locator(".plan-line")).to_have_count(2)
    parsley = page.get_by_role("checkbox", name="Add parsley")
    expect(parsley).not_to_be_checked()
    expect(page.locator("#mealprep-add")).to_have_text("Add to list (1 of 2)")
    parsley.check()
    expect(page.locator("#mealprep-add")).to_have_text("Add to list (2 of 2)")


def test_meal_prep_takes_at_most_five_recipes(page, server):
    for number in range(6):
        save(server, f"Dish {number}\n\nIngredients\n1 onion\n\nMethod\nCook.")
    page.goto(server.url + "/#/mealprep")
    for number in range(5):
        page.get_by_role("checkbox", name=f"Dish {number}").check()
    expect(page.get_by_role("checkbox", name="Dish 5")).to_be_disabled()
    expect(page.locator("#mealprep-choose-title")).to_have_text("Choose 1 to 5 recipes (5 chosen)")
    expect(page.locator(".plan-line")).to_have_count(1)
    expect(page.locator(".plan-line .sources")).to_have_text("Dish 0 ×1, Dish 1 ×1, Dish 2 ×1, Dish 3 ×1, Dish 4 ×1")


def test_i_cooked_this_takes_the_chosen_lines_out_of_the_pantry(page, server):
    chili = save(server, CHILI)
    server.cli("staples", "remove", "salt")  # NB: a staple's line is left out, cooked or bought
    server.cli("pantry", "add", "flour", "--left", "1 kg")
    server.cli("pantry", "add", "onions", "--left", "6")
    page.goto(server.url + f"/#/recipes/{chili}")
    expect(page.locator("#recipes-title")).to_have_text("Chili")
    page.click("#cooked-button")
    expect(page.locator("#cooked-title")).to_be_focused()
    expect(page.locator("#cooked-title")).to_contain_text("Cooked Chili")
    card = page.locator("section.cooked")
    expect(card.get_by_label("Take 500 g of flour")).to_be_checked()
    expect(card.get_by_label("Take 2 of onions")).to_be_checked()
    expect(card).to_contain_text("not in the pantry")
    card.get_by_label("Take 2 of onions").uncheck()
    expect(page.locator("#cooked-take")).to_have_text("Take 1 out of the pantry")
    page.click("#cooked-take")
    expect(page.locator("#cooked-title")).to_have_text("Took 1 out of the pantry")
    expect(card).to_contain_text("flour: 1 package, 0.5 kg left")
    stock = {e["name"]: e["stock"] for e in json.loads(server.cli("pantry", "list", "--json").stdout)}
    assert stock == {"flour": "1 package, 0.5 kg left", "onions": "1 package, 6 left"}, stock
    # Recipe Ready reads the pantry as it is now.
    expect(review_line(page, "flour").locator(".coverage-text")).to_contain_text("have 0.5 kg")


def kept_with_the_merge(response):
    """The server's answer to keeping the draft, once a question is answered."""
    if not (response.url.endswith("/api/v3/mealprep/draft") and response.request.method == "PUT"):
        return False
    return any(answer["answer"] == "merge" for answer in response.request.post_data_json["answers"])


def test_the_meal_prep_draft_survives_leaving_a_reload_and_another_phone(page, server, new_page):
    save(server, CHILI)
    save(server, SOUP)
    page.goto(server.url + "/#/mealprep")
    page.get_by_role("checkbox", name="Chili").check()
    page.get_by_role("checkbox", name="Soup").check()
    page.get_by_role("button", name="More servings of Soup").click()
    servings = page.get_by_role("group", name="Servings of Soup")
    expect(servings).to_contain_text("3 servings")
    question = page.locator(".mealprep-question")
    # The choices are kept a moment after the last change: the merge, with the servings before it.
    with page.expect_response(kept_with_the_merge):
        question.get_by_role("button", name=re.compile("^Merge")).click()
        expect(page.locator(".mealprep-question")).to_have_count(0)

    # Leaving for the list and coming back, then a reload: the same choices.
    page.click("#list-link")
    page.click("#mealprep-nav-link")
    expect(page.get_by_role("checkbox", name="Soup")).to_be_checked()
    expect(servings).to_contain_text("3 servings")
    page.reload()
    expect(page.get_by_role("checkbox", name="Chili")).to_be_checked()
    expect(page.get_by_role("group", name="Servings of Soup")).to_contain_text("3 servings")
    expect(page.locator(".mealprep-question")).to_have_count(0)

    # Another phone opens the same plan; after the add, the draft is gone.
    # NB: opened at the list (the fixture waits for it), then to Meal prep by its link.
    other = new_page(server.url + "/")
    other.click("#mealprep-nav-link")
    expect(other.get_by_role("checkbox", name="Soup")).to_be_checked()
    expect(other.get_by_role("group", name="Servings of Soup")).to_contain_text("3 servings")
    other.click("#mealprep-add")
    expect(other.locator("#mealprep-result-title")).to_be_visible()
    with urllib.request.urlopen(server.url + "/api/v3/mealprep/draft") as response:
        assert json.load(response)["draft"] is None


def test_a_choice_made_just_before_a_reload_or_leaving_is_kept(page, server):
    save(server, CHILI)
    save(server, SOUP)
    page.goto(server.url + "/#/mealprep")
    page.get_by_role("checkbox", name="Chili").check()
    # At once: sooner than the screen's moment of waiting before it keeps the choices.
    page.reload()
    expect(page.get_by_role("checkbox", name="Chili")).to_be_checked()

    page.get_by_role("checkbox", name="Soup").check()
    page.click("#list-link")
    page.click("#mealprep-nav-link")
    expect(page.get_by_role("checkbox", name="Soup")).to_be_checked()
    expect(page.get_by_role("checkbox", name="Chili")).to_be_checked()
