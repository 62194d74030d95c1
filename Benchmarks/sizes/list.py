#!/usr/bin/env python3
"""`basket list` at 50, 500 and 5,000 items beside `sqlite3` reading the same rows (issue 45).

For each size it fills a fresh store through `basket add` (made-up names, one item in five
checked off), then times `basket list` and `sqlite3` on that store in alternating runs and
prints the medians and their ratio, and how each grows from the smallest size: the list should
stay flat as the household's list grows, and within 3× of the floor.

    python3 Benchmarks/sizes/list.py [--sizes 50,500,5000] [--runs 41] [basket=PATH]

Release build by default (`.build/release/basket`). Python 3 standard library and Debian's
`sqlite3` only.
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

ROOT = pathlib.Path(__file__).resolve().parents[2]
QUERY = ("SELECT id, name, emoji, amount, unit, added_at, checked_at, listed_at, cleared_at "
         "FROM items ORDER BY listed_at DESC;")
SYLLABLES = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "de", "vu"]
WORDS = ["Apples", "Bread", "Carrots", "Dates", "Eggs", "Flour", "Garlic", "Honey", "Kale"]


def names(count):
    """Distinct names without digits (a number would be read as a quantity)."""
    out = []
    for index in range(count):
        word, rest = WORDS[index % len(WORDS)], index // len(WORDS)
        tag = "".join(SYLLABLES[int(digit)] for digit in str(rest))
        out.append(f"{word} {tag}")
    return out


def timed(argv, env):
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def measure(binary, size, runs, env):
    work = tempfile.mkdtemp(prefix=f"basket-list-{size}-")
    try:
        store = os.path.join(work, "basket.sqlite")
        listed = names(size)
        for start in range(0, size, 1000):
            subprocess.run([binary, "--store", store, "add", *listed[start:start + 1000]],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        checked = listed[::5]
        for start in range(0, len(checked), 500):
            subprocess.run([binary, "--store", store, "check", *checked[start:start + 500]],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        basket, floor = [], []
        for run in range(runs):
            pair = [("basket", [binary, "--store", store, "list"]),
                    ("sqlite3", ["sqlite3", store, QUERY])]
            for label, argv in (pair if run % 2 == 0 else pair[::-1]):
                (basket if label == "basket" else floor).append(timed(argv, env))
        return statistics.median(basket) * 1000, statistics.median(floor) * 1000
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="50,500,5000")
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("binary", nargs="?", default=f"basket={ROOT}/.build/release/basket")
    options = parser.parse_args()
    binary = options.binary.split("=", 1)[-1]
    if not shutil.which("sqlite3"):
        sys.exit("sqlite3 is missing: apt-get install sqlite3")
    env = {k: v for k, v in os.environ.items() if not k.startswith("BASKET_")}
    print(f"basket list ({binary}) beside sqlite3 reading the same rows, median of "
          f"{options.runs} alternating runs, {os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d')}")
    first = None
    for size in (int(text) for text in options.sizes.split(",")):
        listed, floor = measure(binary, size, options.runs, env)
        first = first or (listed, floor)
        print(f"{size:>6,} items: basket list {listed:7.2f} ms | sqlite3 {floor:7.2f} ms | "
              f"{listed / floor:.2f}× the floor (goal ≤ 3×) | growth from the first size: "
              f"basket {listed / first[0]:.2f}×, sqlite3 {floor / first[1]:.2f}×")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
