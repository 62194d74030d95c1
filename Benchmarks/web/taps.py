#!/usr/bin/env python3
"""How long each tap on the list takes to show its effect, in a phone-sized chromium against a
real `basket serve` (issue 25: every tap under 100 ms), and how long opening the page takes to
show a list of 20 items (the app's `basket:list-shown` mark: the phone's own copy on screen).

Each action is timed inside the page, from the tap until the frame showing its effect has been
painted (the effect polled on requestAnimationFrame, then the start of the frame after), so the
figure is what a person sees, not the network's round trip. Prints the median and the slowest of ROUNDS runs per action, beside the budget.

    python3 Benchmarks/web/taps.py [ROUNDS]     (BASKET_BIN picks the binary; default debug)
"""

import os
import pathlib
import statistics
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "servers"))
from basket_server import Server  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
BUDGET_MS = 100
# Distinct names, none the start of another, so the add bar's suggestions never pick another.
NAMES = ["Apples", "Bread", "Carrots", "Dates", "Eggs", "Figs", "Garlic", "Honey", "Ice cream",
         "Jam", "Kale", "Lemons", "Mangoes", "Noodles", "Oats", "Pears", "Quinoa", "Rice",
         "Salmon", "Tea"]

# Clicks `selector` and waits for `done` (a JS expression) to be true on a frame; answers the
# milliseconds between the two, measured by the page's own clock.
TIMED = """async ([selector, done]) => {
  const check = new Function(`return (${done});`);
  const target = document.querySelector(selector);
  if (!target) throw new Error(`nothing matches ${selector}`);
  const start = performance.now();
  target.click();
  while (!check()) {
    if (performance.now() - start > 5000) throw new Error(`no effect within 5 s: ${done}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  // The frame with the effect is painted before the frame after it starts.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return performance.now() - start;
}"""


def timed(page, selector, done):
    return page.evaluate(TIMED, [selector, done])


def row(name):
    return f"[...document.querySelectorAll('#to-get li.item')].find((li) => li.querySelector('.label')?.textContent === '{name}')"


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    server = Server()
    figures = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                reduced_motion="reduce", service_workers="block")
            page = context.new_page()
            page.goto(server.url + "/")
            page.wait_for_selector("#list-area:not([hidden])")
            for n in range(rounds):
                name = NAMES[n % len(NAMES)] + ("" if n < len(NAMES) else f" {n}")
                page.fill("#add-input", name)
                figures.setdefault("add (Enter)", []).append(page.evaluate(
                    """async (done) => {
                      const check = new Function(`return (${done});`);
                      const start = performance.now();
                      document.querySelector('#add-bar').requestSubmit();
                      while (!check()) {
                        if (performance.now() - start > 5000) throw new Error('the add never showed');
                        await new Promise((resolve) => requestAnimationFrame(resolve));
                      }
                      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
                      return performance.now() - start;
                    }""", f"!!({row(name)})"))
                chip = f"#to-get li.item[data-id='{page.evaluate(f'({row(name)}).dataset.id')}']"
                figures.setdefault("open the quantity editor", []).append(
                    timed(page, f"{chip} .qty-chip", f"!!document.querySelector(\"{chip} .editor\")"))
                before = page.locator(f"{chip} .amount").text_content()
                figures.setdefault("quantity +", []).append(timed(
                    page, f"{chip} .step[aria-label='More']",
                    f"document.querySelector(\"{chip} .amount\")?.textContent !== {before!r}"
                    f" && document.querySelector(\"{chip} .qty-chip\")?.textContent === document.querySelector(\"{chip} .amount\")?.textContent"))
                figures.setdefault("unit switch", []).append(timed(
                    page, f"{chip} .pill[aria-pressed='false']",
                    f"document.querySelector(\"{chip} .pill[aria-pressed='true']\")?.dataset.unit !== 'units'"))
                figures.setdefault("done", []).append(timed(
                    page, f"{chip} .editor-actions .button:last-child", f"!document.querySelector(\"{chip} .editor\")"))
                figures.setdefault("check off", []).append(timed(
                    page, f"{chip} .check", f"document.querySelector(\"{chip}\")?.classList.contains('checking')"))
            page.wait_for_timeout(3000)  # the checked items settle into Got it
            for _ in range(rounds):
                page.reload()
                page.wait_for_selector("#to-get li.item, #got-it li.item")
                shown = page.evaluate(
                    "() => performance.getEntriesByName('basket:list-shown')[0]?.startTime ?? null")
                if shown is not None:
                    figures.setdefault("first paint of the list (opening)", []).append(shown)
            for n in range(min(rounds, 5)):
                restore = "#got-it li.item .restore"
                count = page.locator("#to-get li.item").count()
                figures.setdefault("put back from Got it", []).append(timed(
                    page, restore, f"document.querySelectorAll('#to-get li.item').length > {count}"))
            browser.close()
    finally:
        server.stop()
    print(f"{'action':<28} {'median':>8} {'slowest':>8}   budget {BUDGET_MS} ms")
    over = []
    for action, times in figures.items():
        median = statistics.median(times)
        print(f"{action:<28} {median:7.1f}ms {max(times):7.1f}ms   ({len(times)} taps)")
        if median >= BUDGET_MS and not action.startswith("first paint"):
            over.append(action)
    if over:
        print("over budget: " + ", ".join(over))


if __name__ == "__main__":
    main()
