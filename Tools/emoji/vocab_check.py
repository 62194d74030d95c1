#!/usr/bin/env python3
"""Checks the hand-written vocabulary data: the corpus and the golden set.

  python3 Tools/emoji/vocab_check.py            counts, duplicates and format problems
  python3 Tools/emoji/vocab_check.py --dupes    also lists every item repeated across files

Corpus (Data/corpus/*.txt): one display-cased item a line, '#' comments allowed. Reports the
number of distinct items (after the core's case/accent/punctuation/plural folding, through
`EmojiLab fold`) and
items written more than once.

Golden set (Data/emoji/golden.tsv): 'item<TAB>emoji' lines. Reports malformed lines, emoji
that are not fully-qualified, items listed twice (exactly), and, for each golden item that the curated
table matches exactly as a keyword, whether the table agrees (a quick consistency check; the
real check is the engine's golden test).

Python 3 standard library only.
"""

import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import generate  # noqa: E402  (emoji set)
import namefold  # noqa: E402  (the core's folding)


def corpus_items():
    items = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Data", "corpus", "*.txt"))):
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            for number, raw in enumerate(f, 1):
                line = raw.strip()
                if line and not line.startswith("#"):
                    items.append((name, number, line))
    return items


def main(argv):
    problems = 0
    items = corpus_items()
    curated_rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Data", "emoji", "curated", "*.tsv"))):
        with open(path, encoding="utf-8") as f:
            for raw in f:
                if raw.strip() and not raw.startswith("#"):
                    fields = raw.rstrip("\n").split("\t")
                    if len(fields) >= 2:
                        curated_rows.append(fields)
    golden_path = os.path.join(ROOT, "Data", "emoji", "golden.tsv")
    golden_lines = open(golden_path, encoding="utf-8").read().split("\n") if os.path.exists(golden_path) else []
    keys = namefold.fold([t for _, _, t in items] + [r[0] for r in curated_rows]
                         + [l.split("\t")[0] for l in golden_lines if l.strip() and not l.startswith("#")])
    seen = {}
    repeats = []
    per_file = {}
    for name, number, text in items:
        per_file[name] = per_file.get(name, 0) + 1
        key = keys[text]
        if not any(c.isalnum() for c in key):
            print(f"Data/corpus/{name}:{number}: no letters in {text!r}")
            problems += 1
            continue
        if key in seen:
            repeats.append(f"Data/corpus/{name}:{number}: {text!r} repeats {seen[key]}")
        else:
            seen[key] = f"{seen.get(key, '')}{name}:{number} {text!r}"
        if text != text.strip() or "\t" in text:
            print(f"Data/corpus/{name}:{number}: stray whitespace")
            problems += 1
    for name in sorted(per_file):
        print(f"  {name:28} {per_file[name]:5}")
    print(f"corpus: {len(items)} lines, {len(seen)} distinct items, {len(repeats)} repeats")
    if "--dupes" in argv:
        for r in repeats:
            print("  " + r)

    emoji_set = generate.load_emoji_set()
    curated = {keys[r[0]]: r[1] for r in curated_rows}
    golden = 0
    if os.path.exists(golden_path):
        gseen = {}
        with open(golden_path, encoding="utf-8") as f:
            for number, raw in enumerate(f, 1):
                line = raw.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.split("\t")
                where = f"Data/emoji/golden.tsv:{number}"
                if len(fields) != 2 or not fields[0].strip():
                    print(f"{where}: expected 'item<TAB>emoji'")
                    problems += 1
                    continue
                item, emoji = fields
                golden += 1
                if emoji not in emoji_set:
                    print(f"{where}: {emoji!r} is not a fully-qualified emoji")
                    problems += 1
                key = keys[item]
                # The same folded key under a different spelling is a deliberate folding test
                # ("Jalapeño" / "Jalapeno"); only an exact repeat is a mistake.
                if item in gseen:
                    print(f"{where}: {item!r} already at line {gseen[item]}")
                    problems += 1
                gseen[item] = number
                if key in curated and curated[key] != emoji:
                    print(f"{where}: {item!r} expects {emoji} but the curated keyword says {curated[key]}")
                    problems += 1
    print(f"golden: {golden} pairs")
    print(f"curated keywords: {len(curated)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
