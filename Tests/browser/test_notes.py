"""Notes on items, the phone side: a note is set in the item's editor, shown
under the name, made offline like any other change and sent once the signal returns, seen by a
second phone, cleared by emptying it, and shown as text (never as markup). A note too long is
refused on the phone with the note before kept."""

import json
import os
import urllib.request

from playwright.sync_api import expect

from conftest import Server  # noqa: F401  (the fixtures' module)
from test_offline import offline, online, phones, server_is, status  # noqa: F401
from test_web_app import TO_GET, add, api_list, row


def set_note(page, name, text):
    row(page, name).locator(".qty-chip").click()
    field = row(page, name).locator("input.note-input")
    field.fill(text)
    field.press("Enter")
    row(page, name).get_by_role("button", name="Done").click()


def note_of(server, name):
    item = next(item for item in api_list(server)["toGet"] if item["name"] == name)
    return item.get("note")


def test_a_note_made_offline_shows_under_the_name_arrives_once_and_a_second_phone_sees_it(server, phones):
    phone = phones(server.url + "/")
    for name in ["Yoghurt", "Bread"]:
        add(phone, name)
    server_is(server, ["Yoghurt", "Bread"])
    other = phones(server.url + "/")
    expect(other.locator(TO_GET)).to_have_count(2)

    offline(phone)
    set_note(phone, "Yoghurt", "  the big tub,\tfor Sam's lunch ")
    expect(row(phone, "Yoghurt").locator(".item-note")).to_have_text("the big tub, for Sam's lunch")
    expect(status(phone)).to_have_text("Offline · 1 change waiting")
    expect(row(phone, "Yoghurt").locator(".qty-chip")).to_have_class("qty-chip unset")
    assert note_of(server, "Yoghurt") is None  # nothing has left the phone

    online(phone)
    expect(status(phone)).to_have_text("Live", timeout=15000)
    deadline_note = "the big tub, for Sam's lunch"
    for _ in range(100):
        if note_of(server, "Yoghurt") == deadline_note:
            break
        phone.wait_for_timeout(100)
    assert note_of(server, "Yoghurt") == deadline_note
    expect(other.locator(".item-note")).to_have_text(deadline_note)
    assert row(other, "Bread").locator(".item-note").count() == 0

    # Emptied, the note goes on both phones and the server.
    set_note(phone, "Yoghurt", "   ")
    expect(row(phone, "Yoghurt").locator(".item-note")).to_have_count(0)
    expect(other.locator(".item-note")).to_have_count(0)
    assert note_of(server, "Yoghurt") is None
    assert phone.errors == [] and other.errors == []


def test_a_note_is_text_never_markup_and_one_too_long_is_refused_keeping_the_one_before(page, server):
    add(page, "Jam")
    set_note(page, "Jam", '<img src=x onerror="window.hacked=1"><b>apricot</b>')
    note = row(page, "Jam").locator(".item-note")
    expect(note).to_have_text('<img src=x onerror="window.hacked=1"><b>apricot</b>')
    assert note.locator("img, b").count() == 0
    assert page.evaluate("() => window.hacked") is None

    # The field takes 500 characters; a longer note (pasted past it, say) is refused.
    row(page, "Jam").locator(".qty-chip").click()
    field = row(page, "Jam").locator("input.note-input")
    field.evaluate("(input) => { input.removeAttribute('maxlength'); }")
    field.fill("a" * 501)
    field.press("Enter")
    expect(page.locator("#toast")).to_contain_text("A note can be at most 500 characters")
    if os.environ.get("BASKET_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["BASKET_SCREENSHOTS"], "notes-editor.png"))
    row(page, "Jam").get_by_role("button", name="Done").click()
    expect(row(page, "Jam").locator(".qty-chip")).to_have_class("qty-chip unset")
    expect(note).to_have_text('<img src=x onerror="window.hacked=1"><b>apricot</b>')
    with urllib.request.urlopen(server.url + "/api/v3/list") as response:
        listed = json.load(response)
    assert listed["toGet"][0]["note"] == '<img src=x onerror="window.hacked=1"><b>apricot</b>'
    if os.environ.get("BASKET_SCREENSHOTS"):
        add(page, "2 l milk")
        set_note(page, "milk", "the big tub")
        page.screenshot(path=os.path.join(os.environ["BASKET_SCREENSHOTS"], "notes-phone.png"))
    assert page.errors == []
