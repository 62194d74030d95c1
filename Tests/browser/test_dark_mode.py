"""The night look: every screen in the light and the dark scheme, at phone (390×844)
and desktop (1366×900) size, with no serious or critical axe finding (contrast included), the
dark one really dark, and a full-page screenshot of each saved for review in $BASKET_SCREENSHOTS
(or /tmp/basket-screens). The switch in the header (Auto, Light, Dark) is remembered on the
device, and Auto follows the system as it changes."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_screens import SCREENS, SHOTS, SIZES, household  # noqa: F401  (a fixture)

# The extra states worth a look in the dark: the week's shop reviewed.
STATES = {**SCREENS, "week-shop": ("#/week", "#week-plan-title")}

BACKGROUND = """() => {
  const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
}"""


def look(page):
    return page.evaluate("document.documentElement.dataset.theme")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_every_screen_passes_axe_in_both_schemes(page, server, household, size, scheme):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size(SIZES[size])
    page.reload()
    assert look(page) == scheme
    brightness = page.evaluate(BACKGROUND)
    assert brightness < 0.2 if scheme == "dark" else brightness > 0.8, brightness
    problems = []
    for name, (address, ready) in STATES.items():
        page.evaluate("(hash) => { location.hash = hash; }", address or f"#/recipes/{household}")
        if name == "week-shop":
            page.click("#week-shop")
        expect(page.locator(ready).first).to_be_visible()
        page.wait_for_timeout(400)  # motion settles before the picture
        page.screenshot(path=str(SHOTS / f"{name}-{size}-{scheme}.png"), full_page=True)
        found = Axe().run(page).response["violations"]
        problems += [(name, v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
                     for v in found if v["impact"] in ("serious", "critical")]
    assert problems == [], problems


def test_the_switch_is_remembered_and_auto_follows_the_system(page, server):
    page.emulate_media(color_scheme="light")
    switch = page.get_by_role("group", name="Look")
    expect(switch.get_by_role("button", name="Auto")).to_have_attribute("aria-pressed", "true")
    assert look(page) == "light"

    switch.get_by_role("button", name="Dark").click()
    assert look(page) == "dark"
    expect(switch.get_by_role("button", name="Dark")).to_have_attribute("aria-pressed", "true")
    expect(switch.get_by_role("button", name="Auto")).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.locator("#list-area")).to_be_visible()
    assert look(page) == "dark", "the choice is remembered on this device"
    assert page.evaluate("document.querySelector('meta[name=theme-color]').content") == "#151b14"

    switch.get_by_role("button", name="Light").click()
    page.emulate_media(color_scheme="dark")
    page.wait_for_timeout(200)
    assert look(page) == "light", "a choice beats the system"

    switch.get_by_role("button", name="Auto").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate("localStorage.getItem('basket-theme')") is None


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pairing_screen_passes_axe_in_both_schemes(secret_server, new_page, scheme):
    page = new_page(secret_server.url + "/")
    page.emulate_media(color_scheme=scheme)
    expect(page.locator("#pairing")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-theme", scheme)
    page.fill("#pair-secret", "not-it")
    page.get_by_role("button", name="Pair").click()
    expect(page.locator("#pair-error")).not_to_be_empty()
    page.wait_for_timeout(1200)  # the launch flourish is over
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pairing-phone-{scheme}.png"), full_page=True)
    found = Axe().run(page).response["violations"]
    assert [(v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")] == []
