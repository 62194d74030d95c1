"""The household's phones, as a real phone meets them: a home-network name (basket.home,
mapped to this machine by chromium's resolver rules), the household's own authority trusted
in an NSS database (Debian's certutil, in a scratch HOME, as a phone trusts it from the
welcome page), a one-time invitation opened, then the server gone, hanging and back."""

import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import BASKET, CHROMIUM, PHONE, free_port

CERTUTIL = shutil.which("certutil")
ZBARIMG = shutil.which("zbarimg")


class HouseholdServer:
    """`basket serve --host 0.0.0.0 --name basket.home` on free ports: HTTPS with the
    household's authority, and the welcome page over plain HTTP."""

    def __init__(self, directory):
        self.directory = directory
        self.store = os.path.join(directory, "basket.sqlite")
        self.port = free_port()
        self.welcome_port = free_port()
        self.process = None
        self.start()

    def start(self):
        env = {k: v for k, v in os.environ.items() if k not in ("BASKET_SECRET", "BASKET_NOW")}
        self.process = subprocess.Popen(
            [str(BASKET), "--store", self.store, "serve", "--host", "0.0.0.0", "--port",
             str(self.port), "--welcome-port", str(self.welcome_port), "--name", "basket.home"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.welcome_port}/", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(self.process.stderr.read().decode())
                time.sleep(0.05)
        raise RuntimeError("basket serve did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        if self.process:
            self.process.stdout.close()
            self.process.stderr.close()

    def cli(self, *args):
        return subprocess.run([str(BASKET), "--store", self.store, *args], capture_output=True,
                              text=True, check=True).stdout

    @property
    def authority(self):
        return self.store + ".ca.pem"


class Hanger:
    """A listener that accepts connections and never answers, as a home address can look to a
    phone on mobile data."""

    def __init__(self, port):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("0.0.0.0", port))
        self.sock.listen(64)
        self.held = []
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        self.sock.settimeout(0.2)
        while self.running:
            try:
                connection, _ = self.sock.accept()
                self.held.append(connection)
            except OSError:
                continue

    def close(self):
        self.running = False
        time.sleep(0.3)
        for connection in self.held:
            connection.close()
        self.sock.close()


def trusting_home(authority):
    """A scratch HOME whose NSS database trusts `authority`, as chromium on Linux reads it."""
    home = tempfile.mkdtemp(prefix="basket-phone-home-")
    database = os.path.join(home, ".pki", "nssdb")
    os.makedirs(database)
    subprocess.run([CERTUTIL, "-d", f"sql:{database}", "-N", "--empty-password"], check=True)
    subprocess.run([CERTUTIL, "-d", f"sql:{database}", "-A", "-t", "C,,", "-n",
                    "Basket household authority", "-i", authority], check=True)
    return home


def decode_qr_text(text, directory):
    """Decodes a QR code drawn in half blocks (light modules drawn, as on a dark terminal) by
    drawing it as pixels (a PGM) and asking zbar."""
    rows = []
    for line in text.splitlines():
        top, bottom = [], []
        for character in line:
            top.append(255 if character in "█▀" else 0)
            bottom.append(255 if character in "█▄" else 0)
        rows += [top, bottom]
    width = max(len(row) for row in rows)
    scale = 6
    pixels = bytearray()
    for row in rows:
        padded = row + [0] * (width - len(row))
        line = bytearray()
        for value in padded:
            line += bytes([value]) * scale
        pixels += bytes(line) * scale
    path = os.path.join(directory, "terminal-qr.pgm")
    with open(path, "wb") as image:
        image.write(f"P5 {width * scale} {len(rows) * scale} 255\n".encode() + bytes(pixels))
    return zbar(path)


def zbar(path):
    found = subprocess.run([ZBARIMG, "--raw", "-q", path], capture_output=True, text=True)
    return found.stdout.strip()


def opening_offline(page):
    """Opens the page again and waits for the list and "Offline"; returns how long after the
    page began opening both were there, in seconds, by the page's own clock (the app's
    `basket:list-shown` and `basket:offline` marks), and the two marks, for a message."""
    page.reload()
    page.wait_for_selector("#to-get li", timeout=3000)
    expect(page.locator("#connection")).to_contain_text("Offline", timeout=3000)
    marks = page.evaluate(
        "() => ['basket:list-shown', 'basket:offline'].map((name) => performance.getEntriesByName(name)[0].startTime)")
    return max(marks) / 1000, f"list shown at {marks[0]:.0f} ms, Offline at {marks[1]:.0f} ms"


@pytest.fixture
def household():
    directory = tempfile.mkdtemp(prefix="basket-household-")
    running = HouseholdServer(directory)
    yield running
    running.stop()
    shutil.rmtree(directory, ignore_errors=True)


@pytest.mark.skipif(not CERTUTIL or not ZBARIMG, reason="needs certutil (libnss3-tools) and zbar")
def test_a_phone_joins_by_invitation_installs_the_app_and_keeps_the_list_offline(household, playwright_session):
    household.cli("add", "milk", "eggs")
    invited = household.cli("invite")
    url = next(line for line in invited.splitlines() if line.startswith("http"))
    assert url.startswith(f"http://basket.home:{household.welcome_port}/join/"), invited
    # The terminal's QR code is the same link.
    scratch = tempfile.mkdtemp(prefix="basket-qr-")
    qr_lines = [line for line in invited.splitlines() if line and set(line) <= set("█▀▄ ")]
    assert decode_qr_text("\n".join(qr_lines), scratch) == url

    home = trusting_home(household.authority)
    app = f"https://basket.home:{household.port}"
    if True:
        browser = playwright_session.chromium.launch(
            executable_path=CHROMIUM, env={**os.environ, "HOME": home},
            args=["--no-sandbox", "--host-resolver-rules=MAP basket.home 127.0.0.1"])
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
            service_workers="allow")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        # The invitation opens the welcome page, which finds the authority trusted and goes on
        # to the invitation over HTTPS by itself.
        page.goto(url)
        page.wait_for_url(f"{app}/**", timeout=15000)
        page.wait_for_selector("#list-area:not([hidden])", timeout=15000)
        assert page.evaluate("window.isSecureContext") is True
        assert page.locator("#to-get").inner_text().count("milk") == 1
        # The service worker installs (only in a secure context) and keeps the shell.
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)") is True
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15000)
        assert page.locator("#install-notice").is_hidden()
        page.screenshot(path=os.path.join(scratch, "joined.png"))

        # Add a phone: the page's QR code is a new invitation, not the used one.
        page.click("#add-phone")
        page.wait_for_selector("#add-phone-qr svg")
        link = page.locator("#add-phone-link").inner_text()
        assert link.startswith(f"http://basket.home:{household.welcome_port}/join/") and link != url
        page.locator("#add-phone-qr svg").screenshot(path=os.path.join(scratch, "page-qr.png"))
        assert zbar(os.path.join(scratch, "page-qr.png")) == link
        page.click("#add-phone-close")

        # The server gone: the list and "Offline" within a second of opening.
        household.stop()
        gone, marks = opening_offline(page)
        print(f"the list and Offline with the server gone: {gone:.2f} s after opening ({marks})")
        assert gone < 1.0, f"{gone:.2f} s with the server gone ({marks})"

        # A listener that accepts and never answers: the same.
        hanger = Hanger(household.port)
        try:
            hanging, marks = opening_offline(page)
            print(f"the list and Offline with a hanging server: {hanging:.2f} s after opening ({marks})")
            assert hanging < 1.0, f"{hanging:.2f} s with a hanging server ({marks})"
            page.fill("#add-input", "bread")
            page.press("#add-input", "Enter")
            expect(page.locator("#to-get")).to_contain_text("bread")
            # The screens follow the address while the page still waits on the server.
            page.evaluate("location.hash = '#/recipes'")
            expect(page.locator("#recipes-area")).to_be_visible()
            page.evaluate("location.hash = '#/'")
            expect(page.locator("#list-area")).to_be_visible()
        finally:
            hanger.close()

        # The server back: the change made offline arrives once.
        household.start()
        deadline = time.time() + 30
        listed = ""
        while time.time() < deadline:
            listed = household.cli("list")
            if "bread" in listed:
                break
            time.sleep(0.3)
        assert listed.count("bread") == 1, listed
        time.sleep(1.5)
        assert household.cli("list").count("bread") == 1

        # A used invitation is refused, in plain words.
        used = context.new_page()
        response = used.goto(f"{app}/join/{url.rsplit('/', 1)[1]}")
        assert response.status == 410
        assert "used already" in used.content()
        assert errors == [], errors
        browser.close()
    shutil.rmtree(home, ignore_errors=True)
    shutil.rmtree(scratch, ignore_errors=True)


def test_the_welcome_page_gives_the_steps_and_the_authority_and_sends_the_rest_to_https(household):
    welcome = f"http://127.0.0.1:{household.welcome_port}"
    with urllib.request.urlopen(welcome + "/") as answer:
        page = answer.read().decode()
    for words in ["iPhone or iPad", "Android", "A computer", "Certificate Trust Settings", "SHA-256"]:
        assert words in page
    with urllib.request.urlopen(welcome + "/ca.crt") as answer:
        assert answer.headers["Content-Type"] == "application/x-x509-ca-cert"
        der = answer.read()
    with open(household.authority) as pem:
        assert der, pem.read()
    with urllib.request.urlopen(welcome + "/ca.mobileconfig") as answer:
        assert answer.headers["Content-Type"] == "application/x-apple-aspen-config"
        assert b"com.apple.security.root" in answer.read()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(welcome + "/api/v3/list")
        raise AssertionError("not redirected")
    except urllib.error.HTTPError as error:
        assert error.code == 308
        assert error.headers["Location"] == f"https://127.0.0.1:{household.port}/api/v3/list"
