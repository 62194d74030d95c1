"""Bringing a recipe library from another app on the Recipes screen: the upload
with its progress bar, the import's progress and the summary, in a phone-sized chromium
against a real `basket serve`. The archives come from Tests/fixtures/archives/make_archives.py,
written into a temporary folder for the test."""

import json
import pathlib
import re
import subprocess
import sys

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    out = tmp_path_factory.mktemp("archives")
    subprocess.run(
        [sys.executable, str(ROOT / "Tests/fixtures/archives/make_archives.py"), str(out), "--paprika-count", "300"],
        check=True, capture_output=True)
    return out


def open_recipes(page):
    page.click("#recipes-link")
    expect(page.locator("#recipes-area")).to_be_visible()
    expect(page.locator("#recipes-title")).to_have_text("Recipes")


def test_a_library_file_shows_its_progress_then_the_summary_and_fills_the_library(page, archives):
    open_recipes(page)
    picker = page.locator("#import-library")
    expect(picker).to_be_attached()
    picker.set_input_files(str(archives / "paprika-300.paprikarecipes"))
    progress = page.locator("#library-progress")
    expect(progress).to_be_visible()
    expect(page.locator(".library-note[role=status]").first).to_contain_text(
        re.compile(r"(Sending|Reading) paprika-300\.paprikarecipes… \d+ %"))
    summary = page.locator("#library-summary")
    expect(summary).to_have_text(re.compile(r"paprika-300\.paprikarecipes: 300 imported\."), timeout=60_000)
    expect(progress).to_have_count(0)
    expect(page.locator("#all-title + .recipe-list .recipe-entry")).to_have_count(300)
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)[:4000]


def test_a_library_with_broken_recipes_says_which_and_why(page, archives):
    open_recipes(page)
    page.locator("#import-library").set_input_files(str(archives / "mixed.paprikarecipes"))
    summary = page.locator("#library-summary")
    expect(summary).to_contain_text("mixed.paprikarecipes: 10 imported · 2 not imported.", timeout=30_000)
    why = summary.locator("details")
    expect(why.locator("summary")).to_have_text("Why 2 were not imported")
    why.locator("summary").click()
    expect(why.locator("li")).to_have_count(2)
    expect(why.locator("li").first).to_contain_text("Broken Gzip.paprikarecipe: its gzip data can't be read")
    # Sent again: nothing new, every recipe already here.
    page.locator("#import-library").set_input_files(str(archives / "mixed.paprikarecipes"))
    expect(summary).to_contain_text("0 imported · 10 already here · 2 not imported.", timeout=30_000)


def test_a_file_that_is_no_library_says_so(page, archives):
    open_recipes(page)
    page.locator("#import-library").set_input_files(str(archives / "not-a-zip.paprikarecipes"))
    failure = page.locator(".library-note.error")
    expect(failure).to_contain_text("not-a-zip.paprikarecipes is not a Paprika export", timeout=30_000)
    expect(page.locator("#all-title + .recipes-none")).to_be_visible()
