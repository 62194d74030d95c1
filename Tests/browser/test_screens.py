"""Every screen at phone (390×844) and desktop (1366×900) size, as a household with a little of
everything sees it, so no screen is left unreviewed: no serious or critical axe finding, every
control in the app's look, no sideways scroll on the phone, and a full-page screenshot of each saved
for review (not committed) in $BASKET_SCREENSHOTS, or /tmp/basket-screens."""

import json
import os
import pathlib
import re
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import BASKET

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
    "week": ("#/week", ".week-day .week-meal"),
    "pantry": ("#/pantry", "#pantry-area"),
    "trip": ("#/trip", "#trip-start"),
    "shops": ("#/shops", ".shop-card"),
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
    server.cli("plan", "add", "chili", "--on", "today", "--servings", "6")
    return saved["id"]


# Every control in the app's look, so no screen falls back to the system's: selects without the
# system's chrome, with the drawn caret and the app's border; file inputs hidden behind a styled
# button; checkboxes full size.
CONTROLS = """() => {
  const shown = (element) => element.getClientRects().length > 0;
  const problems = [];
  for (const select of document.querySelectorAll('select')) {
    if (!shown(select)) continue;
    const style = getComputedStyle(select);
    if (style.appearance !== 'none' || !style.backgroundImage.includes('gradient') || style.borderTopWidth !== '2px')
      problems.push(`select ${select.name || select.className}: ${style.appearance}, ${style.backgroundImage}, ${style.borderTopWidth}`);
  }
  for (const input of document.querySelectorAll('input[type=file]')) {
    const label = input.closest('label');
    if (label && !shown(label)) continue;
    const button = label && label.querySelector('.file-button');
    if (input.getBoundingClientRect().width > 1 || !button || !shown(button)) problems.push(`file input ${input.id} is not a button`);
  }
  for (const box of document.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    if (shown(box) && box.getBoundingClientRect().width < 20) problems.push(`${box.type} ${box.name} shrank to ${box.getBoundingClientRect().width} px`);
  }
  return problems;
}"""


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
        problems += [(name, problem) for problem in page.evaluate(CONTROLS)]
        found = Axe().run(page).response["violations"]
        problems += [(name, v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]
        if size == "phone":
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{name} scrolls sideways by {wide} px on a phone"
    assert problems == [], problems


# Screen: (address, the first column's element, the one beside it on a wide screen).
BESIDE = {
    "list": ("#/", "#to-get-section", "#got-it-section"),
    "recipes": ("#/recipes", "#library-title", "#import-title"),
    "recipe-ready": (None, ".card.ready", ".card.method"),
    "week": ("#/week", ".week-add", ".week-shop"),
    "pantry": ("#/pantry", "#pantry-area .column-main", "#pantry-area .column-aside"),
    "trip": ("#/trip", "#trip-start", "#trip-area .column-aside > *"),
}


BOXES = """(selectors) => selectors.map((selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
})"""


@pytest.mark.parametrize("size", SIZES)
def test_wide_screens_put_two_columns_side_by_side_and_phones_keep_one(page, server, household, size):
    page.set_viewport_size(SIZES[size])
    page.reload()
    for name, (address, first, second) in BESIDE.items():
        page.evaluate("(hash) => { location.hash = hash; }", address or f"#/recipes/{household}")
        expect(page.locator(first).first).to_be_visible()
        expect(page.locator(second).first).to_be_visible()
        # Both boxes in one step: a screen may redraw between two reads.
        one, two = page.evaluate(BOXES, [first, second])
        if size == "desktop":
            assert two["x"] >= one["x"] + one["width"], f"{name}: {second} is not beside {first}"
            assert abs(two["y"] - one["y"]) < 40, f"{name}: the columns start {two['y'] - one['y']} px apart"
        else:
            assert two["y"] >= one["y"] + one["height"], f"{name}: {second} is not below {first}"
        # The add bar belongs to the list alone, at every size.
        assert page.locator("#add-bar").is_visible() == (name == "list"), name
    # Beside the lines, the method is open; on a phone it waits to be opened.
    page.evaluate("(hash) => { location.hash = hash; }", f"#/recipes/{household}")
    method = expect(page.locator(".card.method"))
    if size == "desktop":
        method.to_have_attribute("open", "")
    else:
        method.not_to_have_attribute("open", "")


def test_a_wide_list_with_nothing_got_keeps_to_get_and_the_add_bar_in_the_middle(page, server):
    page.set_viewport_size(SIZES["desktop"])
    server.cli("add", "milk")
    page.reload()
    expect(page.locator("#to-get li.item")).to_have_count(1)
    expect(page.locator("#got-it-section")).to_be_hidden()
    column, bar = page.locator("#to-get-section").bounding_box(), page.locator("#add-input").bounding_box()
    middle = SIZES["desktop"]["width"] / 2
    assert abs(column["x"] + column["width"] / 2 - middle) < 20, column
    assert column["x"] - 1 <= bar["x"] and bar["x"] + bar["width"] <= column["x"] + column["width"] + 1, (column, bar)


def test_the_readme_pictures_of_the_phone_and_the_terminal_app(page, server, household, tmp_path):
    """Makes docs/phone.png and docs/terminal.png's sources in $BASKET_SCREENSHOTS (copied into
    docs/ by hand when the screens change): the list on a phone, and the terminal app in tmux
    at 80×24, its screen (with colours) drawn as cells in the same chromium."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SIZES["phone"])
    page.reload()
    expect(page.locator("#to-get li.item").first).to_be_visible()
    page.wait_for_timeout(1200)  # the launch flourish is over
    page.screenshot(path=str(SHOTS / "phone.png"), scale="css")

    socket = f"basket-pictures-{os.getpid()}"
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    command = f"env -u NO_COLOR COLORTERM=truecolor TERM=xterm-256color BASKET_REDUCE_MOTION=1 {BASKET} --store {server.store}"
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", command], check=True)
    try:
        screen = ""
        for _ in range(50):  # the app draws within a moment; no fixed sleep
            screen = subprocess.run(tmux + ["capture-pane", "-p", "-e", "-N", "-t", "0"], capture_output=True, text=True).stdout
            if "milk" in screen:
                break
            page.wait_for_timeout(100)
        assert "milk" in screen, screen
    finally:
        subprocess.run(tmux + ["kill-server"], check=False)
    html = terminal_html(screen)
    assert "milk" in html and "<span" in html  # coloured cells, not plain text
    page.set_viewport_size({"width": 80 * 9 + 30, "height": 24 * 18 + 24})
    page.goto("about:blank")  # away from the app's page, whose policy refuses inline styles
    page.set_content(html)
    page.screenshot(path=str(SHOTS / "terminal.png"), scale="css")


PALETTE = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
           (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67), (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255)]


def colour_256(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        return tuple(0 if c == 0 else 55 + 40 * c for c in (n // 36, n // 6 % 6, n % 6))
    return (8 + 10 * (n - 232),) * 3


def terminal_html(screen):
    """Draws tmux's `capture-pane -e` output (SGR colour and bold sequences) as HTML cells."""
    import html as escape
    fg, bg, bold, out = None, None, False, []
    for part in re.split(r"(\x1b\[[0-9;]*m)", screen.rstrip("\n")):
        if not part.startswith("\x1b["):
            style = (f"color:rgb{fg};" if fg else "") + (f"background:rgb{bg};" if bg else "") + ("font-weight:bold;" if bold else "")
            out.append(f'<span style="{style}">{escape.escape(part)}</span>' if style else escape.escape(part))
            continue
        codes = [int(c) if c else 0 for c in part[2:-1].split(";")]
        while codes:
            code = codes.pop(0)
            if code == 0:
                fg, bg, bold = None, None, False
            elif code == 1:
                bold = True
            elif code == 22:
                bold = False
            elif code in (38, 48) and codes:
                kind = codes.pop(0)
                value = tuple(codes[:3]) if kind == 2 else colour_256(codes[0]) if codes else None
                codes = codes[3:] if kind == 2 else codes[1:]
                if code == 38:
                    fg = value
                else:
                    bg = value
            elif code == 39:
                fg = None
            elif code == 49:
                bg = None
            elif 30 <= code <= 37 or 90 <= code <= 97:
                fg = PALETTE[code - 30 if code < 90 else code - 82]
            elif 40 <= code <= 47 or 100 <= code <= 107:
                bg = PALETTE[code - 40 if code < 100 else code - 92]
    body = "".join(out)
    return ("<!doctype html><meta charset=utf-8><meta name=viewport content=\"width=device-width\"><body style=\"margin:0;padding:12px;background:#d4ebc6\">"
            "<pre style=\"margin:0;font-family:'DejaVu Sans Mono',monospace;font-size:15px;line-height:18px;color:#2d2a26\">" + body + "</pre>")
