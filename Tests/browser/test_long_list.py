"""A long list is drawn a few screens at a time, so it stays quick on a phone: opening the page and
every change cost the same at 400 items as at 50; the rest of the rows are drawn as they scroll
near, and the section's count always says how many there are."""

import json
import urllib.request

from playwright.sync_api import expect

from conftest import Server  # noqa: F401  (the fixtures' module)
from test_web_app import TO_GET


def test_a_long_list_draws_a_few_screens_and_the_rest_as_they_scroll_near(server, new_page):
    letters = "abcdefghijklmnopqrstuvwxyz"
    names = [f"thing {letters[n // 26 % 26]}{letters[n % 26]}" for n in range(400)]
    for start in range(0, 400, 50):
        server.cli("add", *names[start:start + 50])
    with urllib.request.urlopen(server.url + "/api/v3/list") as response:
        total = len(json.load(response)["toGet"])
    assert total > 390  # a few names fold together ("thing as" is "thing a")
    page = new_page(server.url + "/")
    expect(page.locator("#to-get-count")).to_have_text(f"({total})")
    expect(page.locator(TO_GET)).to_have_count(150)
    expect(page.locator("#to-get .more-rows")).to_have_text(f"{total - 150} more below…")
    # Scrolled down, the rest arrives, a screenful ahead of the finger.
    for _ in range(10):
        page.locator("#to-get .more-rows").scroll_into_view_if_needed()
        page.wait_for_timeout(100)
        if page.locator(TO_GET).count() == total:
            break
    expect(page.locator(TO_GET)).to_have_count(total)
    expect(page.locator("#to-get .more-rows")).to_have_count(0)
    # A change still draws what is there, the last row included.
    last = page.locator(TO_GET).last.locator(".name").text_content()
    page.locator(TO_GET).last.locator(".check").click()
    with urllib.request.urlopen(server.url + "/api/v3/list") as response:
        listed = json.load(response)
    for _ in range(50):
        if len(listed["gotIt"]) == 1:
            break
        page.wait_for_timeout(100)
        with urllib.request.urlopen(server.url + "/api/v3/list") as response:
            listed = json.load(response)
    assert [item["name"] for item in listed["gotIt"]] == [last]
