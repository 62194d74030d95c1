"""The Week screen: saved recipes on days with servings, taken off again, and the
week's shop through Meal Prep's review onto the list, in a phone-sized chromium against a
real `basket serve`. Recipes and meals made through the command line share its store."""

import json
import re
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_mealprep import CHILI, SOUP, save, to_get


def week(server, date=None):
    path = "/api/v3/plan" + (f"?week={date}" if date else "")
    with urllib.request.urlopen(server.url + path) as response:
        return json.load(response)


def planned(server, date=None):
    return [f'{meal["date"]} {meal["recipe"]["title"]} {meal["servingsText"]}'
            for day in week(server, date)["days"] for meal in day["meals"]]


def serious(page):
    found = Axe().run(page).response["violations"]
    return [(v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]


def open_week(page):
    page.get_by_role("navigation", name="Screens").get_by_role("link", name="Week").click()
    expect(page).to_have_url(re.compile(r"#/week$"))
    expect(page.locator("#week-title")).to_have_text("Week")
    expect(page.locator(".week-day")).to_have_count(7)


def test_a_meal_goes_on_a_day_with_servings_and_comes_off(page, server):
    save(server, CHILI)
    save(server, SOUP)
    this_week = week(server)
    monday, wednesday = this_week["days"][0], this_week["days"][2]
    page.reload()
    open_week(page)
    expect(page.locator("#list-area")).to_be_hidden()
    expect(page.locator("#add-bar")).to_be_hidden()
    expect(page.locator(".week-day.today")).to_have_count(1)

    # The day's ＋ picks the day in the form; a recipe and servings plan it.
    page.get_by_role("button", name=f'Plan a meal on {monday["weekday"]} {monday["label"][4:]}').click()
    expect(page.locator("#week-recipe")).to_be_focused()
    expect(page.locator("#week-day")).to_have_value(monday["date"])
    page.select_option("#week-recipe", label="Chili")
    page.fill("#week-servings", "6")
    page.click("#week-form-add")
    expect(page.locator("#week-status")).to_have_text(f'Planned Chili on {monday["weekday"]} {monday["label"][4:]}.')
    day = page.locator(f'.week-day[data-date="{monday["date"]}"]')
    expect(day.locator(".week-meal-title")).to_have_text(["Chili"])
    expect(day.locator(".week-meal-servings")).to_have_text(["for 6"])

    # As written: no servings.
    page.select_option("#week-day", value=wednesday["date"])
    page.select_option("#week-recipe", label="Soup")
    page.click("#week-form-add")
    expect(page.locator(f'.week-day[data-date="{wednesday["date"]}"] .week-meal-servings')).to_have_text(["as written"])
    assert planned(server) == [f'{monday["date"]} Chili for 6', f'{wednesday["date"]} Soup as written']
    assert serious(page) == []

    page.get_by_role("button", name=f'Remove Chili from {monday["weekday"]}').click()
    expect(day.locator(".week-nothing")).to_have_text("Nothing planned")
    assert planned(server) == [f'{wednesday["date"]} Soup as written']


def test_bad_servings_and_a_recipe_twice_on_a_day_are_refused_and_nothing_is_lost(page, server):
    save(server, CHILI)
    monday = week(server)["days"][0]["date"]
    server.cli("plan", "add", "chili", "--on", monday)
    page.reload()
    open_week(page)
    page.select_option("#week-recipe", label="Chili")
    for typed in ["0", "10000", "lots"]:
        page.fill("#week-servings", typed)
        page.click("#week-form-add")
        expect(page.locator("#week-servings")).to_have_attribute("aria-invalid", "true")
        expect(page.locator(".field-error")).to_contain_text("a whole number from 1 to 1000")
    page.fill("#week-servings", "")
    page.select_option("#week-day", value=monday)
    page.click("#week-form-add")
    expect(page.locator("#week-status")).to_contain_text("Chili is already planned on")
    expect(page.locator("#week-status")).to_have_attribute("role", "alert")
    assert planned(server) == [f"{monday} Chili as written"]


def test_another_week_is_a_tap_away(page, server):
    save(server, CHILI)
    later = week(server)["next"]
    server.cli("plan", "add", "chili", "--on", later, "--servings", "2")
    page.reload()
    open_week(page)
    expect(page.locator(".week-meal")).to_have_count(0)
    page.get_by_role("button", name="The week after").click()
    expect(page.locator(f'.week-day[data-date="{later}"] .week-meal-title')).to_have_text(["Chili"])
    expect(page.locator(".week-day.today")).to_have_count(0)
    page.get_by_role("button", name="This week").click()
    expect(page.locator(".week-day.today")).to_have_count(1)
    expect(page.locator(".week-meal")).to_have_count(0)


def test_shopping_the_week_merges_its_meals_and_puts_them_on_the_list(page, server):
    save(server, CHILI)
    save(server, SOUP)
    days = [day["date"] for day in week(server)["days"]]
    server.cli("plan", "add", "chili", "--on", days[0], "--servings", "6")
    server.cli("plan", "add", "chili", "--on", days[3])
    server.cli("plan", "add", "soup", "--on", days[2])
    server.cli("pantry", "add", "flour", "--left", "200 g")
    page.reload()
    open_week(page)
    page.click("#week-shop")
    expect(page.locator("#week-plan-title")).to_have_text("Shopping for the week")
    lines = page.locator("#week-area .plan-line")
    onions = lines.filter(has=page.locator(".line-name", has_text=re.compile("^onions$")))
    expect(onions.locator(".sources")).to_have_text("Chili ×5, Soup ×1")
    flour = lines.filter(has=page.locator(".line-name", has_text=re.compile("^flour$")))
    expect(flour.locator(".coverage-text")).to_contain_text("need 1550 g, have 200 g → buy 1350 g")
    # The soup's 200 g onion may be the chili's onions: asked, as meal prep asks.
    question = page.locator("#week-area .mealprep-question")
    expect(question).to_have_count(1)
    question.get_by_role("button", name=re.compile("^Keep")).click()
    expect(page.locator("#week-area .mealprep-question")).to_have_count(0)
    assert serious(page) == []

    page.click("#week-add")
    expect(page.locator("#week-result-title")).to_be_focused()
    expect(page.locator("#week-result-title")).to_contain_text("On the list:")
    assert set(to_get(server)) >= {"onions", "flour"}
    assert to_get(server)["flour"]["amountText"] == "1350 g"


def test_some_days_of_the_week_shop_alone(page, server):
    save(server, CHILI)
    save(server, SOUP)
    days = week(server)["days"]
    server.cli("plan", "add", "chili", "--on", days[0]["date"])
    server.cli("plan", "add", "soup", "--on", days[2]["date"])
    page.reload()
    open_week(page)
    expect(page.locator("#week-shop")).to_have_text("Shop the week (2 meals)")
    page.select_option("#week-shop-from", value=days[2]["date"])
    page.select_option("#week-shop-to", value=days[4]["date"])
    expect(page.locator("#week-shop")).to_have_text("Shop these days (1 meal)")
    # A first day after the last moves the last along: never a backwards range.
    page.select_option("#week-shop-from", value=days[5]["date"])
    expect(page.locator("#week-shop-to")).to_have_value(days[5]["date"])
    expect(page.locator("#week-shop")).to_be_disabled()
    page.select_option("#week-shop-from", value=days[2]["date"])
    page.select_option("#week-shop-to", value=days[2]["date"])
    page.click("#week-shop")
    expect(page.locator("#week-plan-title")).to_have_text(f'Shopping for {days[2]["label"]}')
    lines = page.locator("#week-area .plan-line")
    flour = lines.filter(has=page.locator(".line-name", has_text=re.compile("^flour$")))
    expect(flour.locator(".sources")).to_have_text("Soup 300 g")
    expect(lines.filter(has_text="Chili")).to_have_count(0)
    assert serious(page) == []
    page.click("#week-add")
    expect(page.locator("#week-result-title")).to_contain_text("On the list:")
    assert "flour" in to_get(server) and "beef" not in to_get(server)
