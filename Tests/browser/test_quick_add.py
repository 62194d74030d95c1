"""The add bar reads a typed line as the core does, online and offline alike: the
phone runs the core's own reading (WebAssembly), so the rows it draws at once, the rows the
server keeps once the queue drains, and the rows a connected phone gets are the same. A line
the core refuses keeps its text and says why; a quantity typed before a name still gets chips.

The lines are the first twenty the case table reads (Tests/cases/quick-add-cases.json)."""

import json
import pathlib
import time

from playwright.sync_api import expect

from conftest import Server
from test_offline import offline, online, phones, status  # noqa: F401 (phones: a fixture)
from test_web_app import TO_GET, api_list

CASES = json.loads((pathlib.Path(__file__).resolve().parents[1] / "cases" / "quick-add-cases.json").read_text())
LINES = [case["text"] for case in CASES["read"] if "items" in case][:20]


def type_line(page, text):
    page.fill("#add-input", text)
    page.press("#add-input", "Enter")
    expect(page.locator("#add-input")).to_have_value("")


def rows(page):
    """(name, amount chip) of every To get row, top to bottom."""
    return page.eval_on_selector_all(
        TO_GET,
        "rows => rows.map(r => [r.querySelector('.name').textContent.trim(),"
        " (r.querySelector('.qty-chip')?.textContent || '').trim()])")


def kept(server):
    """What the server keeps of each To get item, in list order, ids left out."""
    volatile = {"id", "addedAt", "checkedAt", "listedAt"}
    return [
        json.dumps({key: value for key, value in item.items() if key not in volatile}, sort_keys=True)
        for item in api_list(server)["toGet"]
    ]


def wait_for(check, what, timeout=15.0):
    deadline = time.time() + timeout
    while not check():
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def test_a_line_reads_the_same_online_offline_and_on_the_server(phones):
    assert len(LINES) == 20
    online_server, offline_server = Server(), Server()
    try:
        live = phones(online_server.url + "/")
        for line in LINES:
            type_line(live, line)
        wait_for(lambda: len(api_list(online_server)["toGet"]) == len(rows(live)), "the online adds")

        phone = phones(offline_server.url + "/")
        offline(phone)
        for line in LINES:
            type_line(phone, line)
        # The offline phone draws what the online one drew, before the server has a word of it.
        assert rows(phone) == rows(live)
        assert api_list(offline_server)["toGet"] == []
        online(phone)
        expect(status(phone)).to_have_text("Live", timeout=15000)
        wait_for(lambda: len(kept(offline_server)) == len(kept(online_server)), "the queue to drain")
        assert kept(offline_server) == kept(online_server)
        # Read back from the server, the phone still shows the same rows.
        phone.reload()
        expect(status(phone)).to_have_text("Live")
        assert rows(phone) == rows(live)
        for name, chip in rows(live):
            assert name and not name[0].isdigit(), (name, chip)
    finally:
        online_server.stop()
        offline_server.stop()


def test_a_refused_line_keeps_its_text_and_says_why(server, phones):
    page = phones(server.url + "/")
    for text in ["-5 apples", "0 apples", "milk, 0 eggs", "2 kg"]:
        page.fill("#add-input", text)
        page.press("#add-input", "Enter")
        expect(page.locator("#toast-text")).to_contain_text("Not added:")
        expect(page.locator("#add-input")).to_have_value(text)
    offline(page)
    page.fill("#add-input", "-5 apples")
    page.press("#add-input", "Enter")
    expect(page.locator("#toast-text")).to_contain_text("Not added:")
    expect(page.locator("#add-input")).to_have_value("-5 apples")
    assert page.locator(TO_GET).count() == 0
    online(page)
    assert api_list(server)["toGet"] == []


def test_chips_follow_a_typed_amount_and_add_with_it(server, phones):
    page = phones(server.url + "/")
    page.fill("#add-input", "2 l ora")
    chip = page.locator("#chips .chip", has_text="orange juice").first
    expect(chip).to_be_visible()
    # The chips sit on a band of their own: the rows under them don't show through.
    band = page.eval_on_selector("#chips", "chips => getComputedStyle(chips).backgroundColor")
    assert band not in ("transparent", "rgba(0, 0, 0, 0)"), band
    chip.click()
    expect(page.locator(TO_GET)).to_have_count(1)
    wait_for(lambda: len(api_list(server)["toGet"]) == 1, "the add")
    item = api_list(server)["toGet"][0]
    assert item["name"] == "orange juice"
    [(name, chip)] = rows(page)
    assert (name, chip.replace("\u00a0", " ")) == ("orange juice", "2 L")
