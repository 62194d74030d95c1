#!/usr/bin/env python3
"""The household's data (issue 43): backup time and size for a store of 1,000 items and 500
recipes, the import rate of a 500-recipe Paprika export, and `basket serve`'s peak memory
while it imports a 50 MB library through the web route. Prints a Markdown table for
docs/measurements.md. Standard library only.

    python3 Benchmarks/data/run.py basket=.build/release/basket [runs=5]
"""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "servers"))
from processes import free_port  # noqa: E402
MAKE = ROOT / "Tests/fixtures/archives/make_archives.py"


def run(basket, store, *args):
    started = time.perf_counter()
    done = subprocess.run([basket, "--store", store, *args], capture_output=True, text=True)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"basket {' '.join(args)}: {done.stderr}")
    return took, done.stdout


def memory(pid):
    fields = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields


def main():
    options = dict(arg.split("=", 1) for arg in sys.argv[1:])
    basket = os.path.abspath(options.get("basket", ROOT / ".build/release/basket"))
    runs = int(options.get("runs", 5))
    work = tempfile.mkdtemp(prefix="basket-data-bench-")
    plain, photos = f"{work}/plain", f"{work}/photos"
    subprocess.run([sys.executable, MAKE, plain, "--paprika-count", "500"], check=True, capture_output=True)
    subprocess.run([sys.executable, MAKE, photos, "--paprika-count", "500", "--photo-kb", "100"],
                   check=True, capture_output=True)
    archive = f"{plain}/paprika-500.paprikarecipes"
    big = f"{photos}/paprika-500.paprikarecipes"
    rows = []

    # Import rate: a fresh store each run.
    times = []
    for n in range(runs):
        store = f"{work}/import-{n}/basket.sqlite"
        took, _ = run(basket, store, "recipe", "import", archive)
        times.append(took)
    median = statistics.median(times)
    rows.append(("`basket recipe import` of a 500-recipe Paprika export "
                 f"({os.path.getsize(archive) / 1e6:.1f} MB), median of {runs}, into an empty store",
                 f"{median:.2f} s: {500 / median:.0f} recipes/s"))

    # A store of 1,000 items and 500 recipes, backed up.
    store = f"{work}/household/basket.sqlite"
    run(basket, store, "add", *[f"thing {n}" for n in range(1, 1001)])
    run(basket, store, "recipe", "import", archive)
    store_size = os.path.getsize(store)
    times = []
    for n in range(runs):
        took, _ = run(basket, store, "backup", f"{work}/backup-{n}.tar.gz")
        times.append(took)
    size = os.path.getsize(f"{work}/backup-0.tar.gz")
    rows.append((f"`basket backup` of 1,000 items and 500 recipes (a {store_size / 1e6:.1f} MB store), "
                 f"median of {runs}, copy and integrity check included",
                 f"{statistics.median(times) * 1000:.0f} ms, {size / 1e6:.2f} MB"))
    took, _ = run(basket, f"{work}/restored/basket.sqlite", "restore", f"{work}/backup-0.tar.gz")
    rows.append(("`basket restore` of that backup into an empty store", f"{took * 1000:.0f} ms"))

    # serve's peak memory on a 50 MB library through the web route.
    port = free_port()
    server = subprocess.Popen([basket, "--store", f"{work}/served/basket.sqlite", "serve", "--port", str(port),
                               "--no-snapshots"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/v1/list", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        before = memory(server.pid)
        with open(big, "rb") as body:
            data = body.read()
        started = time.perf_counter()
        request = urllib.request.Request(
            f"{base}/api/v1/recipes/library?name=paprika-500.paprikarecipes", data=data, method="POST",
            headers={"Content-Type": "application/octet-stream"})
        del data
        job = json.load(urllib.request.urlopen(request))["job"]
        during = before["VmRSS"]
        while job["state"] == "running":
            time.sleep(0.1)
            during = max(during, memory(server.pid)["VmRSS"])
            job = json.load(urllib.request.urlopen(f"{base}/api/v1/recipes/library/{job['id']}"))["job"]
        took = time.perf_counter() - started
        after = memory(server.pid)
        assert job["state"] == "done" and len(job["summary"]["imported"]) == 500, job
    finally:
        server.terminate()
        server.wait()
    rows.append((f"`basket serve` importing a {os.path.getsize(big) / 1e6:.0f} MB Paprika export "
                 "(500 recipes, a 100 KB photo each) through `POST /api/v1/recipes/library`",
                 f"peak {after['VmHWM']:.0f} MiB resident (from {before['VmRSS']:.0f} MiB idle; "
                 f"at most {during:.0f} MiB while importing, once the upload is on disk); "
                 f"{after['VmRSS']:.0f} MiB after; {took:.1f} s, {500 / took:.0f} recipes/s"))

    print("| what | figure |")
    print("| --- | --- |")
    for what, figure in rows:
        print(f"| {what} | {figure} |")


if __name__ == "__main__":
    main()
