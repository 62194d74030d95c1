"""Fixtures: a freshly started `basket serve` on a free port with a temporary store, and
phone-sized pages in Debian's chromium."""

import os
import pathlib
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
BASKET = pathlib.Path(os.environ.get("BASKET_BIN", ROOT / ".build" / "debug" / "basket"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, secret=None):
        if not BASKET.exists():
            pytest.fail(f"{BASKET} is missing: run `swift build` first")
        self.dir = tempfile.TemporaryDirectory(prefix="basket-browser-")
        self.store = os.path.join(self.dir.name, "basket.sqlite")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = [str(BASKET), "--store", self.store, "serve", "--port", str(self.port)]
        if secret:
            args += ["--secret", secret]
        env = {k: v for k, v in os.environ.items() if k not in ("BASKET_SECRET", "BASKET_NOW")}
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(self.process.stderr.read().decode())
                time.sleep(0.05)
        raise RuntimeError("basket serve did not start")

    def cli(self, *args):
        """Runs the basket command line against the same store."""
        return subprocess.run([str(BASKET), "--store", self.store, *args], check=True, capture_output=True, text=True)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.process.stdout.close()
        self.process.stderr.close()
        self.dir.cleanup()


@pytest.fixture
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture
def secret_server():
    running = Server(secret="household-secret-42")
    running.secret = "household-secret-42"
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(url, reduced_motion="no-preference", clock=False):
        """With `clock`, the page's timers run on Playwright's clock: time flows as usual until a
        test pauses it (`page.clock.pause_at`) and moves it on by hand (`page.clock.run_for`)."""
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
            reduced_motion=reduced_motion, service_workers="block")
        contexts.append(context)
        page = context.new_page()
        if clock:
            page.clock.install()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(url)
        page.wait_for_selector("#list-area:not([hidden]), #pairing:not([hidden])")
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(server, new_page):
    opened = new_page(server.url + "/")
    yield opened
    assert opened.errors == [], opened.errors
