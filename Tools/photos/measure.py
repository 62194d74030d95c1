#!/usr/bin/env python3
"""Measures photo import on the cards Tools/photos/make-cards.py renders.

Usage: Tools/photos/measure.py [--basket PATH] [--cards DIR]

Renders the cards (into a temporary folder unless --cards names one already made), then for
each card, clean and worn, imports it with `basket recipe import CARD --json` and, as the
baseline, feeds Tesseract's own plain text (`tesseract CARD stdout`) to the same importer
(`basket recipe import - --json`). The expected reading of each ingredient line is what
`basket recipe parse` makes of the line as written on the card.

Prints, per set and per reader: ingredient lines read fully right (quantity, unit and name),
character error rate over the ingredient lines, whether two-column cards kept ingredients and
method apart, how many lines were flagged uncertain and how many of those were in fact wrong
(and how many wrong lines were flagged), and the median time and peak memory per page.
"""
import argparse
import difflib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(command, stdin=None):
    """Runs a command; returns (stdout, seconds, peak RSS in MB of it and its children)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    out, err = process.communicate(stdin)
    # NB: communicate reaped it; resource figures come from a second run when needed.
    return process.returncode, out, err, time.perf_counter() - start


def timed(command, stdin=None):
    """Like run, but reaps with wait4 for the peak memory of the process and its children."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if stdin:
        process.stdin.write(stdin)
        process.stdin.close()
    out = process.stdout.read()
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, out, err, time.perf_counter() - start, usage.ru_maxrss / 1024


def key(line):
    quantity = line.get("quantity") or {}
    unit = quantity.get("unit")
    return (quantity.get("amount"), quantity.get("maxAmount"), unit,
            (line.get("name") or "").lower())


def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def score(card, recipe, expected):
    lines = [line for group in recipe.get("ingredientGroups", []) for line in group["ingredients"]] \
        if recipe else []
    wanted = [key(line) for line in expected]
    remaining = list(wanted)
    right_lines = []
    for line in lines:
        if key(line) in remaining:
            remaining.remove(key(line))
            right_lines.append(True)
        else:
            right_lines.append(False)
    right = len(wanted) - len(remaining)
    truth_text = "\n".join(card["ingredients"])
    read_text = "\n".join(line["text"] for line in lines)
    errors = levenshtein(truth_text, read_text)
    steps = " ".join(recipe.get("instructions", [])).lower() if recipe else ""
    mixed_in = any(text.lower() in steps for text in card["ingredients"] if len(text) > 6)
    strays = any(max((difflib.SequenceMatcher(None, line["text"].lower(), text.lower()).ratio()
                      for text in card["ingredients"]), default=0) < 0.6 for line in lines)
    apart = recipe is not None and not mixed_in and not strays and len(lines) == len(wanted)
    flagged = [line.get("uncertain", False) for line in lines]
    return {
        "right": right, "lines": len(wanted), "errors": errors, "chars": len(truth_text),
        "apart": apart,
        "flagged": sum(flagged),
        "flagged_wrong": sum(1 for f, ok in zip(flagged, right_lines) if f and not ok),
        "wrong": sum(1 for ok in right_lines if not ok),
    }


# Tesseract's own plain text through the same importer: as it comes, and with the local
# threshold basket asks for (so the difference is the reading order and clean-up alone).
BASELINES = [("tesseract text", []), ("tesseract text, Sauvola", ["-c", "thresholding_method=2"])]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--basket", default=os.path.join(ROOT, ".build/release/basket"))
    parser.add_argument("--cards")
    arguments = parser.parse_args()
    basket = arguments.basket
    if not os.path.exists(basket):
        sys.exit(f"no {basket}: build it (swift build -c release --product basket) or give --basket")
    os.environ["OMP_THREAD_LIMIT"] = "1"  # NB: as basket runs it, for comparable times
    folder = arguments.cards or tempfile.mkdtemp(prefix="basket-cards-")
    if not os.path.exists(os.path.join(folder, "cards.json")):
        subprocess.run([sys.executable, os.path.join(ROOT, "Tools/photos/make-cards.py"), folder],
                       check=True)
    with open(os.path.join(folder, "cards.json")) as file:
        cards = json.load(file)

    results = {}
    for card in cards:
        code, out, err, _ = run([basket, "recipe", "parse", "--json", *card["ingredients"]])
        expected = json.loads(out)
        for kind in ("clean", "worn"):
            image = os.path.join(folder, card[kind])
            code, out, err, seconds, memory = timed([basket, "recipe", "import", image, "--json"])
            recipe = json.loads(out) if code == 0 else None
            mine = score(card, recipe, expected)
            mine.update(seconds=seconds, memory=memory)
            results.setdefault((kind, "basket"), []).append((card, mine))
            line = (f"{card['name']} {kind:5} {card['layout']:11} {card['font']:16} "
                    f"basket {mine['right']}/{mine['lines']} apart={mine['apart']} flagged "
                    f"{mine['flagged']} ({mine['flagged_wrong']} wrong of {mine['wrong']}) "
                    f"{seconds:.2f}s")
            for name, options in BASELINES:
                code, text, err, base_seconds, base_memory = timed(
                    ["tesseract", image, "stdout", *options])
                code, out, err, _ = run([basket, "recipe", "import", "-", "--json"], stdin=text)
                base = score(card, json.loads(out) if code == 0 else None, expected)
                base.update(seconds=base_seconds, memory=base_memory)
                results.setdefault((kind, name), []).append((card, base))
                line += f" | {name}: {base['right']}/{base['lines']} apart={base['apart']}"
            print(line, flush=True)

    print()
    print("| set | reader | ingredient lines fully right (median per card) | all lines | CER | "
          "two-column cards kept apart | flags: wrong of flagged | wrong lines flagged | "
          "time per page (median) | peak memory (median) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (kind, reader), rows in results.items():
        shares = [r["right"] / r["lines"] for _, r in rows]
        right = sum(r["right"] for _, r in rows)
        lines = sum(r["lines"] for _, r in rows)
        cer = sum(r["errors"] for _, r in rows) / sum(r["chars"] for _, r in rows)
        two = [r for card, r in rows if card["layout"] == "two-columns"]
        apart = sum(1 for r in two if r["apart"])
        flagged = sum(r["flagged"] for _, r in rows)
        flagged_wrong = sum(r["flagged_wrong"] for _, r in rows)
        wrong = sum(r["wrong"] for _, r in rows)
        seconds = statistics.median(r["seconds"] for _, r in rows)
        memory = statistics.median(r["memory"] for _, r in rows)
        flags = f"{flagged_wrong} of {flagged}" if reader == "basket" else "—"
        caught = f"{flagged_wrong} of {wrong}" if reader == "basket" else "—"
        print(f"| {kind} | {reader} | {statistics.median(shares):.0%} | {right}/{lines} "
              f"({right / lines:.1%}) | {cer:.1%} | {apart}/{len(two)} | {flags} | {caught} | "
              f"{seconds * 1000:.0f} ms | {memory:.0f} MB |")


if __name__ == "__main__":
    main()
