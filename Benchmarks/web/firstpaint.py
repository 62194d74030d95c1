#!/usr/bin/env python3
"""How long the web app takes to paint the list at 50, 500 and 5,000 items (issue 45), in a
phone-sized chromium (Debian's, through Playwright) against a real `basket serve`.

For each size it serves a store holding that many items and opens the page in a new browser
context, twice per round:

  - first visit: nothing kept on the phone, so the list comes from `GET /api/v2/list`;
  - reopening: the same context loads the page again, the phone's own copy (IndexedDB) shown
    first, as a household's phone opens it every day.

Each figure is from the page's own clock (navigation start = 0): `first-contentful-paint`
(chromium's paint entry), and "rows painted": the first frame in which the list's rows are in
the document (polled on requestAnimationFrame from before the app's scripts run), the frame
counted as painted when the frame after it starts. Prints the median and the slowest of ROUNDS
rounds per size.

    python3 Benchmarks/web/firstpaint.py [--rounds R] [--sizes 50,500,5000]
        (BASKET_BIN picks the binary; default .build/release/basket)
"""

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
BASKET = os.environ.get("BASKET_BIN", str(ROOT / ".build" / "release" / "basket"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
sys.path.insert(0, str(ROOT / "Benchmarks" / "homeassistant"))
from run import free_port, names  # noqa: E402  (the same item names as the side-by-side benchmark)

# Runs before the app's own scripts: records the first frame with the list's rows in it.
WATCH = """(() => {
  const look = () => {
    if (document.querySelector('#to-get li.item')) {
      const seen = performance.now();
      requestAnimationFrame(() => { window.__rowsPainted = performance.now(); window.__rowsSeen = seen; });
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

READ = """() => ({
  rows: window.__rowsPainted ?? null,
  fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  count: document.querySelectorAll('#to-get li.item').length,
})"""


def serve(size, work):
    store = os.path.join(work, f"basket-{size}.sqlite")
    env = {k: v for k, v in os.environ.items() if not k.startswith("BASKET_")}
    listed = names(size)
    for start in range(0, size, 1000):
        subprocess.run([BASKET, "--store", store, "add", *listed[start:start + 1000]], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    port = free_port()
    process = subprocess.Popen([BASKET, "--store", store, "serve", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/session", timeout=1).read()
            return process, f"http://127.0.0.1:{port}/"
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("basket serve did not start")
            time.sleep(0.05)


def painted(page, size):
    page.wait_for_function("() => window.__rowsPainted !== undefined", timeout=60_000)
    figures = page.evaluate(READ)
    if figures["count"] < min(size, 1):
        raise RuntimeError(f"only {figures['count']} rows shown of {size}")
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--sizes", default="50,500,5000")
    options = parser.parse_args()
    sizes = [int(text) for text in options.sizes.split(",")]
    work = tempfile.mkdtemp(prefix="basket-paint-")
    servers = {}
    figures = {size: {} for size in sizes}
    try:
        for size in sizes:
            servers[size] = serve(size, work)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            # NB: sizes alternate within each round, so the machine's load falls on all alike.
            for _ in range(options.rounds):
                for size in sizes:
                    context = browser.new_context(
                        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                        device_scale_factor=2, reduced_motion="reduce", service_workers="block")
                    context.add_init_script(WATCH)
                    page = context.new_page()
                    page.goto(servers[size][1])
                    first = painted(page, size)
                    page.wait_for_timeout(300)  # the phone's copy is written
                    page.reload()
                    again = painted(page, size)
                    context.close()
                    for label, value in (("first visit: first contentful paint", first["fcp"]),
                                         ("first visit: rows painted", first["rows"]),
                                         ("reopening: first contentful paint", again["fcp"]),
                                         ("reopening: rows painted", again["rows"])):
                        if value is not None:
                            figures[size].setdefault(label, []).append(value)
            browser.close()
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"web app's first paint of the list ({BASKET}), {options.rounds} rounds, "
          f"{time.strftime('%Y-%m-%d')}: median / slowest, ms from navigation start")
    for size in sizes:
        cells = [f"{label} {statistics.median(values):.0f} / {max(values):.0f}"
                 for label, values in figures[size].items()]
        print(f"{size:>6,} items: " + "; ".join(cells))


if __name__ == "__main__":
    main()
