"""The web app in a phone-sized chromium, against a real `basket serve`: adding, checking off,
amounts, renaming, Undo, pairing and keyboard use, as a household uses the list every day."""

import json
import re
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

TO_GET = "#to-get > li.item"
GOT_IT = "#got-it > li.item"


def add(page, text):
    page.fill("#add-input", text)
    page.press("#add-input", "Enter")
    expect(page.locator("#add-input")).to_have_value("")


def row(page, name, section=TO_GET):
    exact = re.compile("^" + re.escape(name) + "$")
    return page.locator(section).filter(has=page.locator(".name", has_text=exact))


def open_amount_editor(page, name):
    """Opens the amount editor from `name`'s amount chip; returns the editor."""
    row(page, name).locator(".qty-chip").click()
    return row(page, name).locator(".editor")


def type_amount(page, editor, text):
    """Types `text` as the amount in the open `editor`, as a person taps the amount and types."""
    editor.locator(".amount").click()
    page.fill(".amount-input", text)
    page.press(".amount-input", "Enter")


def enter(field, text):
    """Types `text` into `field`, which must have the focus already, and presses Enter."""
    expect(field).to_be_focused()
    field.fill(text)
    field.press("Enter")


def api_list(server):
    with urllib.request.urlopen(server.url + "/api/v3/list") as response:
        return json.load(response)


def test_adding_via_a_suggestion_chip(page):
    page.click("#add-input")
    page.fill("#add-input", "banan")
    chip = page.locator("#chips .chip", has_text="Banana").first
    expect(chip).to_be_visible()
    name = chip.inner_text().split(" ", 1)[-1].strip()
    chip.click()
    expect(row(page, name)).to_have_count(1)
    expect(page.locator("#add-input")).to_be_focused()


def test_usuals_show_on_focus_once_there_is_history(page):
    page.click("#add-input")
    expect(page.locator("#chips .chip")).to_have_count(0)  # a fresh install has no usuals
    add(page, "Lemons")
    add(page, "Tea")
    row(page, "Lemons").locator(".check").click()
    expect(row(page, "Lemons", GOT_IT)).to_have_count(1, timeout=2000)
    page.locator("#add-input").blur()
    page.click("#add-input")
    expect(page.locator("#chips .chip.history", has_text="Lemons")).to_be_visible()
    expect(page.locator("#chips .chip", has_text="Tea")).to_have_count(0)  # on To get: never suggested


def test_tapping_a_got_it_row_restores_it(page):
    add(page, "Eggs")
    add(page, "Jam")
    row(page, "Eggs").locator(".check").click()
    expect(row(page, "Eggs", GOT_IT)).to_have_count(1, timeout=2000)
    row(page, "Eggs", GOT_IT).locator("button").click()
    expect(row(page, "Eggs")).to_have_count(1)
    expect(page.locator(TO_GET).first.locator(".name")).to_have_text("Eggs")


def test_quantity_editor_switches_units_and_takes_a_typed_amount(page, server):
    add(page, "Milk")
    editor = open_amount_editor(page, "Milk")
    expect(editor.locator(".pill")).to_have_text(["ml", "L", "units"])
    expect(editor.locator(".amount")).to_have_text("500 ml")
    editor.locator('.pill[data-unit="L"]').click()
    expect(editor.locator(".amount")).to_have_text("0.5 L")
    editor.get_by_role("button", name="More").click()
    expect(editor.locator(".amount")).to_have_text("0.75 L")
    type_amount(page, editor, "1,5 l")
    expect(editor.locator(".amount")).to_have_text("1.5 L")
    editor.locator('.pill[data-unit="units"]').click()
    expect(editor.locator(".amount")).to_have_text("1")
    editor.get_by_role("button", name="More").click()
    editor.get_by_role("button", name="Done").click()
    expect(row(page, "Milk").locator(".qty-chip")).to_have_text("2")
    page.wait_for_timeout(400)
    assert api_list(server)["toGet"][0]["quantity"] == {"amount": 2, "unit": "units"}


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        pytest.param("-3", "250 g", id="nonsense_typed_amounts_keep_the_old_amount"),
        pytest.param("750 ml", "750 g", id="a_typed_unit_the_item_doesnt_offer_is_ignored"),
    ],
)
def test_a_typed_amount_flour_cannot_take(page, typed, shown):
    add(page, "Flour")
    editor = open_amount_editor(page, "Flour")
    expect(editor.locator(".amount")).to_have_text("250 g")
    type_amount(page, editor, typed)
    expect(editor.locator(".amount")).to_have_text(shown)


def test_a_typed_amount_takes_a_unit_it_names_when_the_item_allows_it(page, server):
    # A typed unit wins: "1,5 l" while ml is picked means 1.5 L, not 1.5 ml.
    add(page, "Milk")
    editor = open_amount_editor(page, "Milk")
    expect(editor.locator(".amount")).to_have_text("500 ml")
    type_amount(page, editor, "1,5 l")
    expect(editor.locator(".amount")).to_have_text("1.5 L")
    expect(editor.locator('.pill[aria-pressed="true"]')).to_have_text("L")
    editor.get_by_role("button", name="Done").click()
    expect(row(page, "Milk").locator(".qty-chip")).to_have_text("1.5 L")
    page.wait_for_timeout(400)
    assert api_list(server)["toGet"][0]["quantity"] == {"amount": 1.5, "unit": "L"}


def test_renaming_in_place(page):
    add(page, "Milk")
    add(page, "Bread")
    row(page, "Milk").locator("button.name").click()
    page.fill("input.rename", "Oat milk")
    page.press("input.rename", "Enter")
    expect(row(page, "Oat milk")).to_have_count(1)
    expect(page.locator(TO_GET).nth(1).locator(".name")).to_have_text("Oat milk")  # kept its place
    row(page, "Bread").locator("button.name").click()
    page.fill("input.rename", "   ")
    page.press("input.rename", "Enter")
    expect(row(page, "Bread")).to_have_count(1)
    expect(page.locator("#toast-text")).to_contain_text("can't be empty")


def test_clear_all_and_undo(page):
    add(page, "Milk")
    add(page, "Bread")
    add(page, "Tea")
    row(page, "Milk").locator(".check").click()
    row(page, "Bread").locator(".check").click()
    expect(page.locator(GOT_IT)).to_have_count(2, timeout=2000)
    page.click("#clear-all")
    expect(page.locator("#got-it-section")).to_be_hidden()
    expect(page.locator("#toast-text")).to_have_text("Cleared 2 items.")
    page.click("#toast-undo")
    expect(page.locator(GOT_IT)).to_have_count(2)
    expect(page.locator("#toast-text")).to_have_text(re.compile(r"^Brought back (Milk and Bread|Bread and Milk)\.$"))


def test_checking_the_last_item_celebrates(page):
    add(page, "Milk")
    row(page, "Milk").locator(".check").click()
    expect(page.locator("#celebration")).to_be_visible(timeout=3000)
    expect(page.locator("#celebration")).to_contain_text("All done!")


def test_reduced_motion_swaps_the_sparks_for_a_calm_ring(server, new_page):
    page = new_page(server.url + "/", reduced_motion="reduce")
    add(page, "Milk")
    add(page, "Tea")
    row(page, "Milk").locator(".check").click()
    expect(page.locator(".burst.calm")).to_be_attached()
    expect(page.locator(".spark")).to_have_count(0)


def test_a_duplicate_add_flashes_the_existing_row(page):
    add(page, "Apples")
    add(page, "Bread")
    add(page, "apple")
    expect(page.locator(TO_GET)).to_have_count(2)
    expect(page.locator(TO_GET).first).to_have_class("item flash")
    expect(page.locator(TO_GET).first.locator(".name")).to_have_text("Apples")


def test_two_pages_and_the_command_line_stay_in_step(server, new_page):
    left = new_page(server.url + "/")
    right = new_page(server.url + "/")
    expect(right.locator("#connection")).to_have_text("Live")
    add(left, "Pears")
    expect(row(right, "Pears")).to_have_count(1, timeout=2000)
    row(right, "Pears").locator(".check").click()
    expect(row(left, "Pears", GOT_IT)).to_have_count(1, timeout=2500)
    server.cli("add", "Coffee")
    expect(row(left, "Coffee")).to_have_count(1, timeout=2000)
    expect(row(right, "Coffee")).to_have_count(1, timeout=2000)


def test_markup_in_a_name_shows_as_text(page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    evil = "<img src=x onerror=alert(1)>"
    add(page, evil)
    expect(page.locator(TO_GET).first.locator(".name")).to_have_text(evil)
    assert page.locator("#to-get img").count() == 0
    page.wait_for_timeout(300)
    assert dialogs == []


def test_a_long_name_truncates_and_keeps_its_chip_on_screen(page):
    add(page, "eggs x12")
    add(page, "Extra large free range organic eggs from the farm down the lane " * 3)
    expect(page.locator(TO_GET)).to_have_count(2)
    expect(page.locator(TO_GET + " .qty-chip")).to_have_count(2)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    rights = page.evaluate(
        "() => [...document.querySelectorAll('#to-get .qty-chip')]"
        ".map(chip => chip.getBoundingClientRect().right)"
    )
    assert len(rights) == 2 and max(rights) <= width


def test_the_add_url_focuses_the_add_bar(server, new_page):
    page = new_page(server.url + "/?add")
    expect(page.locator("#add-input")).to_be_focused()


def test_the_empty_state_shows_the_days_line(page, server):
    line = api_list(server)["mood"]["emptyLine"]
    expect(page.locator("#empty")).to_be_visible()
    expect(page.locator(".empty-line")).to_have_text(line)


def test_keyboard_alone_can_add_and_check_off(page):
    page.focus("#add-input")
    page.keyboard.type("Butter")
    page.keyboard.press("Enter")
    page.keyboard.type("Jam")
    page.keyboard.press("Enter")
    row(page, "Butter").locator(".check").focus()
    page.keyboard.press("Enter")
    expect(row(page, "Butter", GOT_IT)).to_have_count(1, timeout=2000)


def test_no_serious_or_critical_accessibility_violations(page):
    add(page, "Milk")
    add(page, "Bread")
    row(page, "Bread").locator(".check").click()
    expect(page.locator(GOT_IT)).to_have_count(1, timeout=2000)
    row(page, "Milk").locator(".qty-chip").click()
    page.click("#add-input")
    page.fill("#add-input", "ch")
    expect(page.locator("#chips .chip").first).to_be_visible()
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]


def test_pairing_with_the_link(secret_server, new_page):
    page = new_page(secret_server.url + "/")
    expect(page.locator("#pairing")).to_be_visible()
    page.goto(f"{secret_server.url}/pair?secret=wrong-secret-1")
    expect(page.locator("#pair-error")).to_contain_text("not right")
    page.goto(f"{secret_server.url}/pair?secret={secret_server.secret}")
    expect(page.locator("#list-area")).to_be_visible()
    # NB: a slow answer to who we are shows the phone's list first (Offline), and `?paired`
    # goes once the answer comes.
    expect(page).to_have_url(secret_server.url + "/")
    add(page, "Milk")
    expect(row(page, "Milk")).to_have_count(1)


def test_pairing_with_the_form(secret_server, new_page):
    page = new_page(secret_server.url + "/")
    page.fill("#pair-secret", secret_server.secret)
    page.click("#pair-form button")
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#connection")).to_have_text("Live")
