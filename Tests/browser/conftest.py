"""Fixtures: a freshly started `basket serve` on a free port with a temporary store, and
phone-sized pages in Debian's chromium."""

import os
import pathlib
import sys

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "servers"))
from basket_server import BASKET, Server, free_port  # noqa: E402,F401
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}


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
def playwright_session():
    """One Playwright for the run: tests that launch a chromium of their own use it too."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session):
    launched = playwright_session.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield launched
    launched.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(url, reduced_motion="no-preference", clock=False, init_script=None):
        """With `clock`, the page's timers run on Playwright's clock: time flows as usual until a
        test pauses it (`page.clock.pause_at`) and moves it on by hand (`page.clock.run_for`)."""
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
            reduced_motion=reduced_motion, service_workers="block")
        contexts.append(context)
        if init_script:
            context.add_init_script(init_script)
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
