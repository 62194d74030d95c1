"""The web app's finish: chips only while the add bar is in use, a check-off that celebrates
(a drawn strikethrough, sparks, All done!), the add bar first for the keyboard, toasts that stay
true, two-line names at large text sizes, and a rename that says it reset the amount."""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError, expect

from test_web_app import GOT_IT, TO_GET, add, row

LONG = "Extra large free range organic eggs from the farm down the lane " * 3


def pause(page):
    """Stops the page's timers (the page must come from new_page(..., clock=True)); only
    page.clock.run_for moves them on."""
    # NB: pause_at takes seconds in Python and must lie ahead of the page's flowing time, which
    # moves on while the call travels: aim a little ahead, further on a loaded machine.
    for lead in (100, 300, 1000):
        try:
            page.clock.pause_at((page.evaluate("Date.now()") + lead) / 1000)
            return
        except PlaywrightError as error:
            if "to the past" not in str(error) or lead == 1000:
                raise


def taken(page):
    """Waits, around what the block does, for the server to take a change: every change
    travels as an operation in the queue, POST /api/v3/ops, so it survives going offline."""
    return page.expect_response(lambda response: response.url.endswith("/api/v3/ops"))


def check(page, name):
    """Checks an item off and waits for the server to take it (timers may be paused)."""
    with taken(page):
        row(page, name).locator(".check").click()


def milk_and_bread_paused(server, new_page):
    """A page with Milk and Bread to get and its timers paused, so that a check-off's hold and
    what plays over it stay on screen until page.clock.run_for moves them on."""
    page = new_page(server.url + "/", clock=True)
    add(page, "Milk")
    add(page, "Bread")
    pause(page)
    return page


def saturation(css_colour):
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", css_colour)[:3])
    high, low = max(red, green, blue), min(red, green, blue)
    lightness = (high + low) / 2
    return 0 if high == low else (high - low) / (1 - abs(2 * lightness - 1))


# MARK: Chips and the toast


def test_chips_show_only_while_the_add_bar_is_in_use(page):
    chips = page.locator("#chips")
    page.click("#add-input")
    page.fill("#add-input", "banan")
    expect(chips.locator(".chip").first).to_be_visible()
    page.click("h1.title")  # elsewhere: the add bar is not in use
    expect(chips).to_be_hidden()
    page.click("#add-input")
    expect(chips.locator(".chip").first).to_be_visible()
    page.press("#add-input", "Escape")
    expect(chips).to_be_hidden()
    expect(page.locator("#add-input")).to_have_value("")
    expect(page.locator("#add-input")).to_be_focused()
    page.fill("#add-input", "Pears")
    expect(chips.locator(".chip").first).to_be_visible()
    page.click("#add-button")  # after an add the bar is empty and the input unfocused
    expect(row(page, "Pears")).to_have_count(1)
    expect(page.locator("#add-input")).to_have_value("")
    expect(chips).to_be_hidden()


def test_a_toast_sits_above_the_chips_never_between_them(server, new_page):
    page = new_page(server.url + "/", clock=True)
    add(page, "Milk")
    add(page, "milk")
    expect(page.locator("#toast-text")).to_have_text("Milk is already on the list: moved to the top.")
    pause(page)  # keep the toast up while the chips come
    page.fill("#add-input", "ch")
    expect(page.locator("#chips .chip").nth(4)).to_be_visible()  # more than one row of chips
    boxes = page.evaluate("""() => {
        const box = (element) => element.getBoundingClientRect().toJSON();
        return {
            toast: box(document.getElementById('toast')),
            input: box(document.getElementById('add-input')),
            chips: [...document.querySelectorAll('#chips .chip')].map(box),
        };
    }""")
    toast = boxes["toast"]
    assert toast["height"] > 0
    assert len({chip["top"] for chip in boxes["chips"]}) >= 2, boxes["chips"]
    for chip in boxes["chips"]:
        assert toast["bottom"] <= chip["top"], (toast, chip)
    assert toast["bottom"] <= boxes["input"]["top"]


# MARK: Check-off


def test_the_strikethrough_is_drawn_left_to_right_over_the_hold(server, new_page):
    page = milk_and_bread_paused(server, new_page)
    row(page, "Milk").locator(".check").click()
    expect(row(page, "Milk")).to_have_class(re.compile(r"\bchecking\b"))
    drawn = page.evaluate("""() => {
        const label = document.querySelector('#to-get .item.checking .label');
        const strike = label.getAnimations().find((animation) => animation.animationName === 'strike');
        if (!strike) return null;
        strike.pause();
        const duration = strike.effect.getTiming().duration;
        const widths = [0, 0.25, 0.5, 0.75, 1].map((part) => {
            strike.currentTime = duration * part;
            return parseFloat(getComputedStyle(label).backgroundSize);
        });
        return { duration, widths, from: getComputedStyle(label).backgroundPositionX };
    }""")
    assert drawn is not None, "the strikethrough is not animated"
    assert drawn["duration"] == 550  # the hold (CHECK_OFF_DELAY) before a checked item moves
    widths = drawn["widths"]
    assert widths[0] == 0 and widths[-1] == 100, widths
    assert all(a < b for a, b in zip(widths, widths[1:])), widths
    assert drawn["from"] in ("0%", "0px")  # anchored left: it grows to the right
    page.clock.run_for(600)
    expect(row(page, "Milk", GOT_IT)).to_have_count(1)


def test_sparks_fly_well_clear_of_the_circle_in_fruity_colours(server, new_page):
    page = milk_and_bread_paused(server, new_page)
    row(page, "Milk").locator(".check").click()
    burst = page.evaluate("""() => {
        const item = document.querySelector('#to-get .item.checking');
        const circle = item.querySelector('.check').getBoundingClientRect();
        const cx = circle.left + circle.width / 2, cy = circle.top + circle.height / 2;
        const sparks = [...item.querySelectorAll('.spark')];
        const at = (part) => sparks.map((spark) => {
            const flight = spark.getAnimations().find((animation) => animation.animationName === 'spark');
            flight.pause();
            const timing = flight.effect.getTiming();
            flight.currentTime = timing.delay + timing.duration * part;
            const box = spark.getBoundingClientRect();
            return {
                distance: Math.hypot(box.left + box.width / 2 - cx, box.top + box.height / 2 - cy),
                opacity: Number(getComputedStyle(spark).opacity),
                size: Math.min(box.width, box.height),
                star: spark.classList.contains('star'),
            };
        });
        return {
            radius: circle.width / 2,
            colours: sparks.map((spark) => getComputedStyle(spark).backgroundColor),
            half: at(0.5),
            late: at(0.75),
        };
    }""")
    radius = burst["radius"]
    assert len(burst["colours"]) >= 12
    assert len(set(burst["colours"])) >= 5, burst["colours"]
    assert all(saturation(colour) >= 0.5 for colour in burst["colours"]), burst["colours"]  # not pale
    for spark in burst["half"]:  # halfway: out past the circle, solid, and big enough to see
        assert spark["distance"] >= 2.5 * radius, (spark, radius)
        assert spark["opacity"] >= 0.9, spark
        assert spark["star"] or spark["size"] >= 6, spark
    assert max(spark["distance"] for spark in burst["late"]) >= 4 * radius


def test_quick_checks_move_together(server, new_page):
    page = new_page(server.url + "/", clock=True)
    for name in ["Apples", "Bread", "Cheese"]:
        add(page, name)
    page.evaluate("""() => {
        window.gotItCounts = [];
        new MutationObserver(() => window.gotItCounts.push(
            document.querySelectorAll('#got-it > li.item').length))
            .observe(document.getElementById('got-it'), { childList: true });
    }""")
    pause(page)
    check(page, "Cheese")
    page.clock.run_for(350)
    check(page, "Bread")
    page.clock.run_for(350)
    # Cheese's own delay is over, but Bread's check extended the hold.
    expect(row(page, "Cheese")).to_have_count(1)
    expect(page.locator(GOT_IT)).to_have_count(0)
    page.clock.run_for(250)
    expect(page.locator(GOT_IT)).to_have_count(2, timeout=2000)
    assert 1 not in page.evaluate("window.gotItCounts")  # they never moved one by one


def test_checking_off_holds_then_glides_into_got_it(server, new_page):
    page = milk_and_bread_paused(server, new_page)
    check(page, "Milk")
    expect(row(page, "Milk")).to_have_class("item checking")
    expect(page.locator("#to-get .burst, #to-get .spark").first).to_be_attached()
    page.clock.run_for(500)
    expect(row(page, "Milk")).to_have_count(1)  # still held in place
    expect(page.locator(GOT_IT)).to_have_count(0)
    page.clock.run_for(100)
    expect(row(page, "Milk", GOT_IT)).to_have_count(1, timeout=2000)
    expect(row(page, "Milk")).to_have_count(0)


# MARK: All done!


def celebrate(page, name="Milk"):
    """Checks off the last item and moves the paused clock on until All done! is up."""
    pause(page)
    check(page, name)
    page.clock.run_for(600)
    expect(row(page, name, GOT_IT)).to_have_count(1)
    page.clock.run_for(400)
    expect(page.locator("#celebration")).to_be_visible()


def test_all_done_rains_pixel_fruit_around_a_bouncy_banner(server, new_page):
    page = new_page(server.url + "/", clock=True)
    add(page, "Milk")
    celebrate(page)
    party = page.evaluate("""() => {
        const pieces = [...document.querySelectorAll('#celebration .confetti')];
        const fruit = pieces.filter((piece) => piece.classList.contains('fruit'));
        const spots = pieces.map((piece) => {
            const fall = piece.getAnimations().find((animation) => animation.animationName === 'fall');
            fall.pause();
            const timing = fall.effect.getTiming();
            fall.currentTime = timing.delay + timing.duration * 0.6;
            const box = piece.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const hit = x >= 0 && x < innerWidth && y >= 0 && y < innerHeight
                ? document.elementFromPoint(x, y) : null;
            return { x: x / innerWidth, y: y / innerHeight, takesTaps: !!hit && !!hit.closest('#celebration') };
        });
        const banner = document.querySelector('.celebration-banner');
        const scales = (banner ? banner.getAnimations() : []).flatMap((animation) => animation.effect.getKeyframes())
            .map((frame) => /scale\\(([0-9.]+)\\)/.exec(frame.transform || ''))
            .filter(Boolean).map((match) => Number(match[1]));
        return {
            pieces: pieces.length,
            kinds: new Set(fruit.map((piece) => getComputedStyle(piece).backgroundPositionX)).size,
            spots,
            scales,
        };
    }""")
    assert party["pieces"] >= 24
    assert party["kinds"] >= 5  # strawberries, lemons, apples, oranges, cherries…
    xs = [spot["x"] for spot in party["spots"]]
    assert min(xs) < 0.2 and max(xs) > 0.8, xs  # across the whole screen
    assert all(spot["y"] > 0.35 for spot in party["spots"]), party["spots"]  # well into the fall
    assert not any(spot["takesTaps"] for spot in party["spots"])  # never in the way of a tap
    assert max(party["scales"]) > 1.05 and min(party["scales"]) < 0.8, party["scales"]  # it bounces
    expect(page.locator("#announcer")).to_contain_text("All done!")  # and screen readers hear it
    page.clock.run_for(3000)
    expect(page.locator("#celebration")).to_be_visible()  # a few seconds…
    page.clock.run_for(2500)
    expect(page.locator("#celebration")).to_be_hidden()  # …then it goes by itself


def test_no_serious_accessibility_violations_while_celebrating(page):
    # Real time (axe runs on timers): All done! stays up for seconds, long enough to audit.
    add(page, "Milk")
    add(page, "Bread")
    add(page, "milk")
    expect(page.locator("#toast")).to_be_visible()
    row(page, "Bread").locator(".check").click()
    row(page, "Milk").locator(".check").click()
    expect(page.locator("#celebration")).to_be_visible(timeout=3000)
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]


def test_all_done_closes_on_request_and_never_blocks_the_list(server, new_page):
    page = new_page(server.url + "/", clock=True)
    celebration = page.locator("#celebration")
    add(page, "Milk")
    celebrate(page)
    page.click("#add-input")  # fails if anything of the celebration took the tap
    expect(page.locator("#add-input")).to_be_focused()
    page.keyboard.type("Tea")
    page.keyboard.press("Enter")
    expect(row(page, "Tea")).to_have_count(1)
    page.clock.run_for(400)
    expect(celebration).to_be_hidden()  # no longer all done
    page.locator("#add-input").blur()
    celebrate(page, "Tea")
    page.click("#celebration-close")
    page.clock.run_for(400)
    expect(celebration).to_be_hidden()
    row(page, "Tea", GOT_IT).locator("button").click()
    expect(row(page, "Tea")).to_have_count(1)
    celebrate(page, "Tea")
    page.keyboard.press("Escape")
    page.clock.run_for(400)
    expect(celebration).to_be_hidden()
    row(page, "Tea", GOT_IT).locator("button").click()
    expect(row(page, "Tea")).to_have_count(1)
    celebrate(page, "Tea")
    page.click(".celebration-line")  # a tap on the banner closes it too
    page.clock.run_for(400)
    expect(celebration).to_be_hidden()


def test_all_done_is_a_gentle_fade_when_motion_is_reduced(server, new_page):
    page = new_page(server.url + "/", reduced_motion="reduce", clock=True)
    add(page, "Milk")
    celebrate(page)
    calm = page.evaluate("""() => {
        const celebration = document.getElementById('celebration');
        const animations = document.getAnimations()
            .filter((animation) => celebration.contains(animation.effect.target));
        const properties = new Set(animations.flatMap((animation) => animation.effect.getKeyframes())
            .flatMap((frame) => Object.keys(frame))
            .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)));
        return { confetti: celebration.querySelectorAll('.confetti').length, properties: [...properties] };
    }""")
    assert calm["confetti"] == 0
    assert calm["properties"] == ["opacity"], calm["properties"]  # a fade, nothing moves
    page.clock.run_for(3000)
    expect(page.locator("#celebration")).to_be_visible()
    page.clock.run_for(2800)
    expect(page.locator("#celebration")).to_be_hidden()


# MARK: Keyboard


def test_the_add_bar_comes_first_in_the_keyboard_order(server, new_page):
    server.cli("add", "Milk", "Bread")
    page = new_page(server.url + "/")
    expect(page.locator(TO_GET)).to_have_count(2)
    page.keyboard.press("Tab")
    expect(page.locator("#add-input")).to_be_focused()


def test_slash_or_a_jumps_to_the_add_bar(server, new_page):
    server.cli("add", "Milk")
    page = new_page(server.url + "/")
    for key in ["/", "a"]:
        row(page, "Milk").locator(".check").focus()
        page.keyboard.press(key)
        expect(page.locator("#add-input")).to_be_focused()
        expect(page.locator("#add-input")).to_have_value("")
    page.keyboard.type("a/b")  # in a text field the keys type as usual
    expect(page.locator("#add-input")).to_have_value("a/b")
    row(page, "Milk").locator("button.name").click()
    page.keyboard.press("a")
    expect(page.locator("input.rename")).to_have_value("a")


# MARK: Toasts that stay true


def test_a_toast_about_an_item_goes_when_the_item_changes(server, new_page):
    page = new_page(server.url + "/", clock=True)
    toast = page.locator("#toast")
    add(page, "Milk")
    add(page, "Bread")
    add(page, "milk")
    expect(page.locator("#toast-text")).to_have_text("Milk is already on the list: moved to the top.")
    pause(page)  # the toast's own timer stands still: only a change can take it away
    check(page, "Milk")
    expect(toast).to_be_hidden()
    page.clock.run_for(600)
    expect(row(page, "Milk", GOT_IT)).to_have_count(1)
    add(page, "bread")
    expect(page.locator("#toast-text")).to_have_text("Bread is already on the list: moved to the top.")
    server.cli("add", "Tea")  # another item changing leaves it be
    expect(row(page, "Tea")).to_have_count(1, timeout=3000)
    expect(toast).to_be_visible()
    server.cli("check", "Bread")  # checked off on another device
    expect(row(page, "Bread", GOT_IT)).to_have_count(1, timeout=3000)
    expect(toast).to_be_hidden()


def test_a_removed_toast_goes_when_the_name_comes_back(server, new_page):
    page = new_page(server.url + "/", clock=True)
    add(page, "Milk")
    add(page, "Bread")
    row(page, "Milk").locator(".qty-chip").click()
    row(page, "Milk").get_by_role("button", name="Remove item").click()
    expect(page.locator("#toast-text")).to_have_text("Removed Milk.")
    pause(page)  # the toast's own timer stands still
    add(page, "Tea")  # something else: still true
    expect(page.locator("#toast")).to_be_visible()
    add(page, "milk")
    expect(row(page, "milk")).to_have_count(1)
    expect(page.locator("#toast")).to_be_hidden()


def test_undo_says_what_came_back(page):
    names = ["Milk", "Eggs", "Bread", "Tea", "Jam", "Rice"]
    for name in names + ["Oats"]:
        add(page, name)
    for name in names:
        row(page, name).locator(".check").click()
    expect(page.locator(GOT_IT)).to_have_count(6, timeout=3000)
    shown = page.locator(GOT_IT + " .name").all_inner_texts()
    page.click("#clear-all")
    expect(page.locator("#toast-text")).to_have_text("Cleared 6 items.")
    page.click("#toast-undo")
    expect(page.locator(GOT_IT)).to_have_count(6)
    expect(page.locator("#toast-text")).to_have_text(f"Brought back {shown[0]}, {shown[1]} and 4 more.")


def test_a_rename_says_the_amount_was_reset(page):
    add(page, "Bread")
    add(page, "Milk")
    row(page, "Bread").locator("button.name").click()  # no amount to lose: nothing to say
    page.fill("input.rename", "Rye bread")
    page.press("input.rename", "Enter")
    expect(row(page, "Rye bread")).to_have_count(1)
    expect(page.locator("#toast")).to_be_hidden()
    row(page, "Milk").locator(".qty-chip").click()
    row(page, "Milk").get_by_role("button", name="Done").click()
    expect(row(page, "Milk").locator(".qty-chip")).to_have_text("500 ml")
    row(page, "Milk").locator("button.name").click()
    page.fill("input.rename", "Oat milk")
    # NB: the phone's copy can't know Oat milk's units until the server has classified it, so
    # the amount is opened only once the rename has been answered (a person is never faster).
    with taken(page):
        page.press("input.rename", "Enter")
    expect(page.locator("#toast-text")).to_have_text("Renamed to Oat milk; its amount was reset.")
    expect(row(page, "Oat milk").locator(".qty-chip")).to_have_class(re.compile(r"\bunset\b"))
    row(page, "Oat milk").locator(".qty-chip").click()  # a new amount: the toast is out of date
    row(page, "Oat milk").get_by_role("button", name="Done").click()
    expect(row(page, "Oat milk").locator(".qty-chip")).to_have_text("500 ml")
    expect(page.locator("#toast")).to_be_hidden()


# MARK: Large text


@pytest.mark.parametrize("percent", [150, 200])
def test_names_take_two_lines_at_large_text_sizes(page, percent):
    add(page, "eggs x12")
    add(page, "Oat milk barista")
    add(page, LONG)
    page.locator("#add-input").blur()
    page.evaluate(f"document.documentElement.style.fontSize = '{percent}%'")
    rows = page.evaluate("""() => [...document.querySelectorAll('#to-get > li.item')].map((item) => {
        const name = item.querySelector('.name');
        const style = getComputedStyle(name);
        const text = name.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        const box = (element) => element.getBoundingClientRect().toJSON();
        return {
            text: name.textContent,
            lines: Math.round(text / parseFloat(style.lineHeight)),
            clipped: name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1,
            name: box(name), chip: box(item.querySelector('.qty-chip')), row: box(item.querySelector('.row')),
        };
    })""")
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    by_name = {entry["text"].strip()[:16]: entry for entry in rows}
    barista, long, eggs = by_name["Oat milk barista"], by_name[LONG[:16]], by_name["eggs"]
    assert barista["lines"] == 2 and not barista["clipped"], barista  # wraps, shown whole
    assert long["lines"] == 2 and long["clipped"], long  # two lines, then the ellipsis
    assert eggs["lines"] == 1 and not eggs["clipped"], eggs
    for entry in rows:  # the chip keeps its place: at the row's end, centred, beside the name
        chip, line = entry["chip"], entry["row"]
        assert chip["right"] <= min(width, line["right"]), entry
        assert chip["left"] >= entry["name"]["right"], entry
        middle = chip["top"] + chip["height"] / 2
        assert abs(middle - (line["top"] + line["height"] / 2)) <= 2, entry
