"""The Pantry screen and the check-in card in a phone-sized chromium, against a real
`basket serve`: typed barcodes with their check-digit
errors, a known code offering "add a package", add, edit, use, remove, search, a photo of a
barcode read by the server's zbar, the camera where `BarcodeDetector` exists, and the check-in
after checking items off."""

import json
import pathlib
import re
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_web_app import GOT_IT, add, enter, row

ROOT = pathlib.Path(__file__).resolve().parents[2]
BARCODES = ROOT / "Tests" / "cases" / "barcodes"
ENTRIES = "#pantry-area .pantry-entry"


def api(server, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Origin": server.url}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None


def entry(page, name):
    """The pantry row named `name`."""
    exact = re.compile("^" + re.escape(name) + "$")
    return page.locator(ENTRIES).filter(has=page.locator(".pantry-name", has_text=exact))


def open_pantry(page):
    page.click("#pantry-link")
    expect(page).to_have_url(re.compile(r"#/pantry$"))
    expect(page.locator("#pantry-area")).to_be_visible()
    expect(page.locator("#list-area")).to_be_hidden()
    expect(page.locator("#pantry-link")).to_have_attribute("aria-current", "page")
    expect(page.locator("#recipes-link")).to_be_visible()


def pantry_names(server):
    return [e["name"] for e in api(server, "GET", "/api/v3/pantry")["entries"]]


def test_typing_a_code_shows_which_check_failed_then_names_a_new_one(page, server):
    open_pantry(page)
    code = page.locator("#barcode-input")
    code.fill("4006381333932")
    code.press("Enter")
    expect(page.locator("#barcode-error")).to_have_text(
        '"4006381333932" isn\'t a barcode: the check digit should be 1, not 2')
    expect(code).to_have_attribute("aria-invalid", "true")
    code.fill("40063813339")
    page.get_by_role("button", name="Look up").click()
    expect(page.locator("#barcode-error")).to_contain_text("a barcode has 8, 12, 13 or 14 digits; this has 11")

    # A valid code the pantry has never seen: the household names it.
    code.fill("4006381333931")
    code.press("Enter")
    expect(page.locator("#barcode-error")).to_be_hidden()
    expect(code).to_have_attribute("aria-invalid", "false")
    expect(page.locator("#scan-text")).to_have_text("4006381333931 (EAN-13) is new to this pantry: what is it?")
    name = page.locator("#scan-name")
    enter(name, "Dark <b>chocolate</b>")
    expect(page.locator("#pantry-status")).to_have_text("Added Dark <b>chocolate</b> to the pantry: 1 package.")
    row_ = entry(page, "Dark <b>chocolate</b>")
    expect(row_.locator(".pantry-meta")).to_have_text("code 4006381333931")
    expect(page.locator("#pantry-area b")).to_have_count(0)
    assert pantry_names(server) == ["Dark <b>chocolate</b>"]


def test_a_known_code_offers_a_package_more_instead_of_a_second_entry(page, server):
    api(server, "POST", "/api/v3/pantry", {"name": "Cola", "barcode": "036000291452", "packageSize": "330 ml"})
    # Removed and named before: the code brings its name back.
    gone = api(server, "POST", "/api/v3/pantry", {"name": "Muesli", "barcode": "96385074"})["entry"]
    api(server, "DELETE", f"/api/v3/pantry/{gone['id']}")
    open_pantry(page)
    code = page.locator("#barcode-input")
    code.fill("0 036000 291452")  # the UPC-A's EAN-13 form
    code.press("Enter")
    expect(page.locator("#scan-text")).to_have_text(
        "0036000291452 (EAN-13) is Cola, in the pantry: 1 × 330 ml.")
    offer = page.get_by_role("button", name="Add a package to Cola")
    expect(offer).to_be_focused()
    offer.press("Enter")
    expect(page.locator("#pantry-status")).to_have_text("Cola is in the pantry: now 2 × 330 ml.")
    expect(entry(page, "Cola").locator(".pantry-stock")).to_have_text("2 × 330 ml")
    expect(page.locator(ENTRIES)).to_have_count(1)

    code.fill("96385074")
    code.press("Enter")
    expect(page.locator("#scan-text")).to_have_text("96385074 (EAN-8) is Muesli (named before), not in the pantry now.")
    page.get_by_role("button", name="Add Muesli").click()
    expect(entry(page, "Muesli")).to_be_visible()
    assert pantry_names(server) == ["Cola", "Muesli"]


def test_add_edit_use_search_and_remove(page, server):
    open_pantry(page)
    page.fill("#pantry-name", "Basmati rice")
    page.locator(".pantry-more summary").click()
    page.fill("#pantry-packages", "2")
    page.fill("#pantry-size", "1 kg")
    page.fill("#pantry-note", "top shelf")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#pantry-status")).to_have_text("Added Basmati rice to the pantry: 2 × 1 kg.")
    expect(page.locator("#pantry-name")).to_be_focused()
    expect(page.locator("#pantry-name")).to_have_value("")
    page.fill("#pantry-name", "Oats")
    page.fill("#pantry-left", "a bit")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#pantry-status")).to_have_text(
        '"a bit" isn\'t an amount: a number and a unit, such as 500 g, 1.5 l, 2 cups or 6')
    expect(page.locator("#pantry-name")).to_have_value("Oats")  # nothing lost
    page.fill("#pantry-left", "750 g")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(entry(page, "Oats").locator(".pantry-stock")).to_have_text("1 package, 750 g left")

    # Edit in place; a refusal keeps the form open with what was typed.
    page.get_by_role("button", name="Edit Basmati rice").click()
    name = page.locator('[id^="edit-name-"]')
    enter(name, "oats")
    expect(page.locator("#pantry-status")).to_have_text("the pantry already has Oats")
    expect(name).to_have_value("oats")
    name.fill("Rice")
    page.locator('[id^="edit-left-"]').fill("1.2 kg")
    page.get_by_role("button", name="Save").click()
    expect(entry(page, "Rice").locator(".pantry-stock")).to_have_text("2 × 1 kg, 1.2 kg left")
    expect(page.get_by_role("button", name="Edit Rice")).to_be_focused()
    # Escape in the form cancels the edit, not the screen.
    page.get_by_role("button", name="Edit Rice").click()
    page.locator('[id^="edit-note-"]').press("Escape")
    expect(page.locator(".pantry-entry.editing")).to_have_count(0)
    expect(page.locator("#pantry-area")).to_be_visible()

    # Use an amount, then all of it.
    page.get_by_role("button", name="Use some of Rice").click()
    amount = page.locator(".use-amount")
    enter(amount, "500 g")
    expect(page.locator("#pantry-status")).to_have_text("Took 500 g of Rice: 1 × 1 kg, 0.7 kg left.")
    page.get_by_role("button", name="Use some of Oats").click()
    page.get_by_role("button", name="All of it").click()
    expect(page.locator("#pantry-status")).to_have_text("Oats is used up.")
    expect(entry(page, "Oats")).to_have_class(re.compile(r"\bused-up\b"))

    # Search by name, note or code.
    search = page.locator("#pantry-search")
    search.fill("shelf")
    expect(page.locator(ENTRIES)).to_have_count(1)
    expect(entry(page, "Rice")).to_be_visible()
    search.fill("pasta")
    expect(page.locator("#pantry-none")).to_have_text("Nothing in the pantry matches “pasta”.")
    search.fill("")
    expect(page.locator(ENTRIES)).to_have_count(2)

    # Remove asks first.
    page.get_by_role("button", name="Remove Rice").click()
    really = page.get_by_role("button", name="Really remove Rice?")
    expect(really).to_be_focused()
    really.click()
    expect(page.locator("#pantry-status")).to_have_text("Removed Rice from the pantry.")
    expect(page.locator(ENTRIES)).to_have_count(1)
    assert pantry_names(server) == ["Oats"]

    # Escape goes back to the list.
    page.locator("#pantry-title").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#list-area")).to_be_visible()
    expect(page.locator("#pantry-area")).to_be_hidden()
    expect(page.locator("#pantry-link")).to_be_focused()
    expect(page.locator("#recipes-link")).to_be_visible()


def test_a_photo_of_a_barcode_is_read_by_the_server(page, server, tmp_path):
    api(server, "POST", "/api/v3/pantry", {"name": "Cola", "barcode": "036000291452"})
    open_pantry(page)
    # No BarcodeDetector in this chromium: the camera button stays away, the photo input is there.
    expect(page.locator("#camera-button")).to_have_count(0)
    photo = page.locator("#barcode-photo")
    expect(photo).to_have_attribute("accept", "image/*")
    expect(photo).to_have_attribute("capture", "environment")

    photo.set_input_files(str(BARCODES / "upca.png"))
    expect(page.locator("#scan-text")).to_have_text("036000291452 (UPC-A) is Cola, in the pantry: 1 package.")
    page.get_by_role("button", name="Add a package to Cola").click()
    expect(entry(page, "Cola").locator(".pantry-stock")).to_have_text("2 packages")

    photo.set_input_files(str(BARCODES / "ean8.png"))
    expect(page.locator("#scan-text")).to_have_text("96385074 (EAN-8) is new to this pantry: what is it?")
    expect(page.locator("#barcode-input")).to_have_value("96385074")

    photo.set_input_files(str(BARCODES / "qr.png"))
    expect(page.locator("#pantry-status")).to_have_text(
        "no product barcode found on qr.png (1 other code seen, not a product's): "
        "photograph the barcode straight on, filling most of the picture, or type its digits")
    expect(page.locator("#scan-result")).to_have_count(0)

    heic = tmp_path / "IMG_0042.HEIC"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    photo.set_input_files(str(heic))
    expect(page.locator("#pantry-status")).to_contain_text("IMG_0042.HEIC is a HEIC photo, which can't be read here. Send it as JPEG")
    assert pantry_names(server) == ["Cola"]


CAMERA = """
window.BarcodeDetector = class {
  static async getSupportedFormats() { return ['qr_code', 'ean_13', 'upc_a']; }
  constructor(options) { window.askedFormats = options.formats; this.calls = 0; }
  async detect(source) {
    this.calls += 1;
    return this.calls < 3 ? [] : [{ rawValue: '4006381333931', format: 'ean_13' }];
  }
};
navigator.mediaDevices.getUserMedia = async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 48;
  const paint = () => { canvas.getContext('2d').fillRect(0, 0, 64, 48); };
  paint(); setInterval(paint, 50);
  window.cameraStream = canvas.captureStream(10);
  return window.cameraStream;
};
"""


def test_the_camera_reads_a_code_where_the_browser_has_barcode_detector(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    try:
        context.add_init_script(CAMERA)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "/#/pantry")
        expect(page.locator("#pantry-area")).to_be_visible()
        camera = page.get_by_role("button", name="📷 Scan with the camera")
        camera.click()
        expect(page.locator("#camera-video")).to_be_visible()
        expect(page.locator("#scan-text")).to_have_text("4006381333931 (EAN-13) is new to this pantry: what is it?",
                                                        timeout=5000)
        # Only product formats asked for; the camera is let go once a code is read.
        assert page.evaluate("window.askedFormats") == ["ean_13", "upc_a"]
        assert page.evaluate("window.cameraStream.getTracks().every((t) => t.readyState === 'ended')")
        expect(page.locator("#camera-video")).to_have_count(0)
        assert errors == []
    finally:
        context.close()


def asked_for_offers(response):
    return response.url.endswith("/api/v3/checkin") and response.request.method == "POST"


def test_the_check_in_card_after_checking_items_off(page, server):
    api(server, "POST", "/api/v3/pantry", {"name": "Milk", "left": "500 ml"})
    api(server, "POST", "/api/v3/pantry", {"name": "Eggs", "packageSize": "6"})
    api(server, "POST", "/api/v3/pantry", {"name": "Butter"})
    api(server, "POST", "/api/v3/items", {"name": "milk", "quantity": {"amount": 2, "unit": "L"}})
    recipe = "Scones\n\nIngredients\n225 g self-raising flour\n\nMethod\nBake."
    scones = api(server, "POST", "/api/v3/recipes/import", {"text": recipe, "save": True})["recipe"]
    api(server, "POST", f"/api/v3/recipes/{scones['id']}/add", {})
    for name in ("Eggs", "Butter", "Toothpaste"):
        add(page, name)
    expect(page.locator("#checkin-card")).to_be_hidden()
    for name in ("milk", "Eggs", "Butter", "Toothpaste", "self-raising flour"):
        row(page, name).locator(".check").click()
    expect(page.locator(GOT_IT)).to_have_count(5, timeout=3000)

    card = page.locator("#checkin-card")
    expect(card).to_be_visible(timeout=5000)
    offers = card.locator(".checkin-offer")
    # In the order checked off; toothpaste is neither in the pantry nor from a recipe.
    # The flour came from a recipe: offered as a new entry, saying what it was for.
    expect(offers.locator(".pantry-name")).to_have_text(["milk", "Eggs", "Butter", "self-raising flour"])
    expect(offers.nth(0).locator(".recipe-meta")).to_have_text("2 l → joins Milk")
    expect(offers.nth(1).locator(".recipe-meta")).to_have_text("1 package → joins Eggs")
    expect(offers.nth(3).locator(".recipe-meta")).to_have_text(["225 g → new in the pantry", "for Scones"])
    page.get_by_role("button", name="Add self-raising flour to the pantry").click()
    expect(offers).to_have_count(3)

    # Accept with the amount changed (Escape, or Cancel, goes back without deciding).
    change = page.get_by_role("button", name="Change how much milk")
    change.click()
    amount = page.locator("#checkin-card .use-amount")
    expect(amount).to_be_focused()
    amount.press("Escape")
    expect(change).to_be_focused()
    expect(page.locator("#list-area")).to_be_visible()
    change.click()
    card.get_by_role("button", name="Cancel").click()
    expect(amount).to_have_count(0)
    change.click()
    expect(amount).to_have_value("2 l")
    amount.fill("1 l")
    amount.press("Enter")
    expect(offers).to_have_count(2)
    expect(card.locator("#checkin-status")).to_have_text("Milk: 2 packages, 1.5 l left.")
    # Skip one; "not yet" the other: the card goes, the offer waits on the server.
    page.get_by_role("button", name="Skip Eggs").click()
    expect(offers).to_have_count(1)
    page.get_by_role("button", name="Not yet: Butter").click()
    expect(card).to_be_hidden()
    waiting = api(server, "GET", "/api/v3/checkin")["offers"]
    assert [offer["name"] for offer in waiting] == ["Butter"]
    stock = {e["name"]: e["stock"] for e in api(server, "GET", "/api/v3/pantry")["entries"]}
    assert stock == {
        "Butter": "1 package", "Eggs": "1 × 6", "Milk": "2 packages, 1.5 l left",
        "self-raising flour": "1 package, 225 g left",
    }

    # Still hidden after a reload; back once its "not yet" has passed.
    with page.expect_response(asked_for_offers):
        page.reload()
    expect(page.locator(GOT_IT)).to_have_count(5)
    expect(card).to_be_hidden()
    expire_not_yet(page)
    page.reload()
    expect(card.locator(".checkin-offer .pantry-name")).to_have_text(["Butter"], timeout=5000)
    # Later hides the whole card, in the same way.
    page.get_by_role("button", name="Not yet: ask about these later").click()
    expect(card).to_be_hidden()
    expire_not_yet(page)
    page.reload()
    expect(card.locator(".checkin-offer .pantry-name")).to_have_text(["Butter"], timeout=5000)
    # Decided elsewhere (the command line): the card follows.
    server.cli("checkin", "--skip-all")
    expect(card).to_be_hidden(timeout=5000)
    assert api(server, "GET", "/api/v3/checkin")["offers"] == []


def test_a_redraw_of_the_check_in_card_keeps_the_amount_being_typed(page, server):
    api(server, "POST", "/api/v3/pantry", {"name": "Milk", "left": "500 ml"})
    api(server, "POST", "/api/v3/items", {"name": "milk", "quantity": {"amount": 2, "unit": "L"}})
    row(page, "milk").locator(".check").click()
    card = page.locator("#checkin-card")
    expect(card.locator(".checkin-offer .pantry-name")).to_have_text(["milk"], timeout=5000)
    page.get_by_role("button", name="Change how much milk").click()
    amount = card.locator(".use-amount")
    expect(amount).to_have_value("2 l")
    amount.fill("1 l")
    amount.press("ArrowLeft")
    # The list moves on elsewhere: the card reads its offers again and draws itself anew.
    amount.evaluate("input => { input.dataset.before = 'drawn'; }")
    server.cli("add", "Eggs")
    expect(card.locator(".use-amount:not([data-before])")).to_have_count(1, timeout=15000)
    expect(amount).to_have_value("1 l")
    expect(amount).to_be_focused()
    assert amount.evaluate("input => [input.selectionStart, input.selectionEnd]") == [2, 2]
    amount.press("Enter")
    expect(card).to_be_hidden()
    stock = {e["name"]: e["stock"] for e in api(server, "GET", "/api/v3/pantry")["entries"]}
    assert stock == {"Milk": "2 packages, 1.5 l left"}


# The page's reads of the offers (GET /api/v3/checkin, or POST when it offers what is newly
# checked off: either can come after a list change) can be held on their way back: the
# server has answered, the page hears it only once `window.release()` is called; `window.heard`
# says the page has taken in every answer released (a task later: its draw is done).
HOLD_OFFERS = """
window.holding = false;
window.held = [];
window.heard = true;
const fetched = window.fetch;
window.fetch = async (url, options) => {
  const response = await fetched(url, options);
  if (!window.holding || !String(url).endsWith('/api/v3/checkin')) return response;
  const data = await response.json();
  await new Promise((resolve) => window.held.push(resolve));
  window.heard = false;
  return { ok: response.ok, status: response.status, json: async () => { setTimeout(() => { window.heard = true; }, 0); return data; } };
};
window.release = () => { window.holding = false; window.held.splice(0).forEach((go) => go()); };
"""


def test_a_read_of_the_offers_begun_before_a_decision_does_not_bring_it_back(server, new_page):
    api(server, "POST", "/api/v3/pantry", {"name": "Milk"})
    api(server, "POST", "/api/v3/pantry", {"name": "Eggs"})
    api(server, "POST", "/api/v3/items", {"name": "milk"})
    api(server, "POST", "/api/v3/items", {"name": "Eggs"})
    page = new_page(server.url + "/", init_script=HOLD_OFFERS)
    for name in ("milk", "Eggs"):
        row(page, name).locator(".check").click()
    card = page.locator("#checkin-card")
    offers = card.locator(".checkin-offer .pantry-name")
    expect(offers).to_have_text(["milk", "Eggs"], timeout=5000)

    # The list moves on elsewhere: the card reads the offers again; the answer (both offers)
    # is slow to arrive, and Eggs is added to the pantry meanwhile.
    page.evaluate("window.holding = true")
    server.cli("add", "Bread")
    # NB: the change reaches the page by its live stream, and the card asks 700 ms after it.
    page.wait_for_function("() => window.held.length > 0", timeout=15000)
    page.get_by_role("button", name="Add Eggs to the pantry").click()
    expect(offers).to_have_text(["milk"])
    page.evaluate("window.release()")
    page.wait_for_function("() => window.heard")
    # NB: heard and drawn: what shows now is what that answer left.
    assert offers.all_inner_texts() == ["milk"]
    expect(offers).to_have_text(["milk"])
    assert [offer["name"] for offer in api(server, "GET", "/api/v3/checkin")["offers"]] == ["milk"]
    assert page.errors == []


def expire_not_yet(page):
    """Moves every "not yet" on this phone into the past, as if its hours had gone by."""
    page.evaluate("""() => {
        const key = 'basket-checkin-not-yet';
        const snoozed = JSON.parse(localStorage.getItem(key));
        for (const id of Object.keys(snoozed)) snoozed[id] = Date.now() - 1;
        localStorage.setItem(key, JSON.stringify(snoozed));
    }""")


def test_the_screen_follows_changes_made_elsewhere(page, server):
    open_pantry(page)
    expect(page.locator("#pantry-none")).to_have_text("The pantry is empty: add what you have at home with “Add to the pantry”.")
    server.cli("pantry", "add", "Lentils", "--size", "500 g")
    expect(entry(page, "Lentils").locator(".pantry-stock")).to_have_text("1 × 500 g", timeout=5000)
    server.cli("pantry", "use", "lentils", "200", "g")
    expect(entry(page, "Lentils").locator(".pantry-stock")).to_have_text("1 × 500 g, 300 g left", timeout=5000)


def test_the_pantry_screen_has_no_serious_accessibility_violations(page, server):
    api(server, "POST", "/api/v3/pantry", {"name": "Rice", "barcode": "96385074", "note": "basmati"})
    open_pantry(page)
    page.fill("#barcode-input", "4006381333932")
    page.press("#barcode-input", "Enter")
    expect(page.locator("#barcode-error")).not_to_be_empty()
    page.locator(".pantry-more summary").click()
    page.get_by_role("button", name="Use some of Rice").click()
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]


def test_the_always_have_list_keeps_staples_off_the_list_until_ticked(page, server):
    stew = api(server, "POST", "/api/v3/recipes/import",
               {"text": "Stew\n\nIngredients\n2 onions\n1 tsp sea salt\n1 tsp cumin\n", "save": True})["recipe"]["id"]
    open_pantry(page)
    staples = page.locator(".staple")
    expect(staples).to_have_text(["salt×", "pepper×", "oil×"])
    expect(page.locator("#staples-title")).to_contain_text("suggested")
    page.get_by_role("button", name="Remove pepper from always have").click()
    expect(staples).to_have_text(["salt×", "oil×"])
    expect(page.locator("#staples-title")).not_to_contain_text("suggested")
    page.fill("#staple-input", "Cumin")
    page.press("#staple-input", "Enter")
    expect(staples).to_have_text(["salt×", "oil×", "Cumin×"])
    expect(page.locator("#staple-input")).to_have_value("")
    page.fill("#staple-input", "salt")
    page.press("#staple-input", "Enter")
    expect(page.locator("#pantry-status")).to_have_text("salt is already on the always-have list")
    expect(page.locator("#staple-input")).to_have_value("salt")
    assert api(server, "GET", "/api/v3/staples") == {"staples": ["salt", "oil", "Cumin"], "suggested": False}

    # Recipe Ready leaves the staples unticked and says why.
    page.goto(server.url + f"/#/recipes/{stew}")
    salt = page.locator(".review-line").filter(has_text="sea salt")
    expect(salt.locator(".line-status")).to_have_text("you always have this")
    expect(salt.locator("input[type=checkbox]")).not_to_be_checked()
    expect(page.locator(".review-line").filter(has_text="onions").locator("input[type=checkbox]")).to_be_checked()


def test_what_is_at_home_comes_first_each_with_its_emoji(page, server):
    server.cli("pantry", "add", "3 onions")
    open_pantry(page)
    onions = entry(page, "onions")
    expect(onions.locator(".pantry-emoji")).to_have_text("🧅")
    # "At home" before the cards that add to it, on a phone.
    at_home = page.locator("#pantry-list-title").bounding_box()
    add_card = page.locator("#pantry-add-title").bounding_box()
    assert at_home["y"] < add_card["y"], (at_home, add_card)
