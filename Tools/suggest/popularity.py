#!/usr/bin/env python3
"""Counts how common each suggestion-dictionary word is, for ranking suggestions.

Reads:
  /work/shared/data/ingredients/*.csv   labelled recipe ingredient lines (the `name` column
                                        holds the food); another folder with --ingredients DIR
  Data/corpus/*.txt                     the shopping-list corpus, one item a line
  the suggestion dictionary             every curated keyword plus the corpus (generate.py)

Writes Data/suggestions/popularity.tsv: for each dictionary word found in either source, the
number of recipe lines whose food contains it as whole words ("cheese" in "grated parmesan
cheese"), the number of corpus lines that do, and a score that weighs the two sources equally:
parts per million of recipe lines plus parts per million of corpus lines, halved. Words are
matched by the core's folding (`EmojiLab fold`), so "Tomatoes" and "tomato" count together.
`Tools/emoji/generate.py` turns the TSV into the dictionary's ranking; it never needs the
shared data, so the ranking builds anywhere.

  python3 Tools/suggest/popularity.py                   regenerate the TSV
  python3 Tools/suggest/popularity.py --ingredients DIR read the labelled sets from DIR

When the ingredient folder is absent it says so and leaves the TSV as it is (exit 0).
Python 3 standard library only.
"""

import csv
import glob
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tools", "emoji"))
import generate  # noqa: E402  (the dictionary and corpus, as the app ships them)
import namefold  # noqa: E402  (the core's folding)

DEFAULT_INGREDIENTS = "/work/shared/data/ingredients"
OUT = os.path.join(ROOT, "Data", "suggestions", "popularity.tsv")
MAX_WORDS = 6


def recipe_foods(folder):
    """The `name` column of every labelled CSV in the folder, one entry per recipe line."""
    foods = []
    files = sorted(glob.glob(os.path.join(folder, "*.csv")))
    for path in files:
        with open(path, encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                name = " ".join((row.get("name") or "").split())
                if name:
                    foods.append(name)
    return foods, [os.path.basename(p) for p in files]


def phrase_counts(keys):
    """For each run of consecutive words, the number of lines whose key contains it."""
    counts = Counter()
    for key in keys:
        words = key.split(" ")
        seen = set()
        for i in range(len(words)):
            for j in range(i + 1, min(len(words), i + MAX_WORDS) + 1):
                seen.add(" ".join(words[i:j]))
        counts.update(seen)
    return counts


def main(argv):
    folder = DEFAULT_INGREDIENTS
    if "--ingredients" in argv:
        folder = argv[argv.index("--ingredients") + 1]
    if not os.path.isdir(folder):
        print(f"skipped: no ingredient data at {folder}; {os.path.relpath(OUT, ROOT)} left as it is")
        return 0
    foods, files = recipe_foods(folder)
    if not foods:
        print(f"skipped: no labelled CSV files with a name column in {folder}")
        return 0
    errors = []
    curated = generate.load_curated(generate.load_emoji_set(), errors)
    dictionary = generate.dictionary_words([r for r in curated])
    corpus = generate.load_corpus()
    keys = namefold.fold(dictionary + foods + corpus)
    recipes = phrase_counts(keys[f] for f in foods)
    shopping = phrase_counts(keys[c] for c in corpus)

    rows = []
    for word in dictionary:
        key = keys[word]
        r, c = recipes.get(key, 0), shopping.get(key, 0)
        if r or c:
            score = round((r / len(foods) + c / len(corpus)) * 1e6 / 2)
            rows.append((score, r, c, word))
    rows.sort(key=lambda row: (-row[0], row[3].lower(), row[3]))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# How common each suggestion-dictionary word is. Written by Tools/suggest/popularity.py;\n")
        f.write(f"# edit the sources, not this file. Recipe lines: {len(foods)} labelled ingredient lines\n")
        f.write(f"# ({', '.join(files)}, from the ingredient-parser project, MIT; NYT set Apache-2.0),\n")
        f.write(f"# counting a line when its food contains the word. Corpus lines: {len(corpus)} items of\n")
        f.write("# Data/corpus. score = (recipe lines / all recipe lines + corpus lines / all corpus lines)\n")
        f.write("# in parts per million, halved. Words found in neither source are left out (score 0).\n")
        f.write("# word\tscore\trecipe lines\tcorpus lines\n")
        for score, r, c, word in rows:
            f.write(f"{word}\t{score}\t{r}\t{c}\n")
    print(f"wrote {os.path.relpath(OUT, ROOT)}: {len(rows)} of {len(dictionary)} dictionary words "
          f"found in {len(foods)} recipe lines and {len(corpus)} corpus lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
