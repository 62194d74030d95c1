#!/usr/bin/env python3
"""Builds Basket's emoji data from readable sources.

Reads:
  Data/emoji/curated/*.tsv   keyword<TAB>emoji<TAB>category<TAB>measure   (# comments allowed)
  Data/emoji/anchors.tsv     WordNet synset<TAB>emoji<TAB>category<TAB>measure
  Data/corpus/*.txt          one grocery item per line (# comments allowed)
  Data/suggestions/popularity.tsv   how common each dictionary word is (Tools/suggest/popularity.py)
  /usr/share/wordnet/        WordNet 3.0 noun database (Debian wordnet-base)
  /usr/share/unicode/emoji/emoji-test.txt   the fully-qualified emoji (Debian unicode-data)

Writes Sources/BasketKit/Emoji/Generated/*.swift (string literals the core parses at start-up).
Table keys come from the core's own folding (`EmojiLab fold`, see namefold.py); `--check` reuses
the keys already shipped and needs neither a Swift build nor the shared data folder.

  python3 Tools/emoji/generate.py           regenerate
  python3 Tools/emoji/generate.py --check   exit 1 if the generated files are out of date
  python3 Tools/emoji/generate.py --keep-going     report data errors but write anyway (exit 2)
  python3 Tools/emoji/generate.py --explain WORD   show how WordNet maps WORD

Python 3 standard library only. Run from anywhere.
"""

import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import namefold  # noqa: E402  (the core's folding, through EmojiLab fold)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CURATED_DIR = os.path.join(ROOT, "Data", "emoji", "curated")
ANCHORS = os.path.join(ROOT, "Data", "emoji", "anchors.tsv")
CORPUS_DIR = os.path.join(ROOT, "Data", "corpus")
POPULARITY = os.path.join(ROOT, "Data", "suggestions", "popularity.tsv")
OUT_DIR = os.path.join(ROOT, "Sources", "BasketKit", "Emoji", "Generated")
EMOJI_TEST = "/usr/share/unicode/emoji/emoji-test.txt"
WORDNET = "/usr/share/wordnet"

MEASURES = {"poured", "weighed", "counted", ""}
MEASURE_CODE = {"poured": "p", "weighed": "w", "counted": "c", "": "-"}


class DataError(Exception):
    pass


def load_emoji_set():
    qualified = set()
    with open(EMOJI_TEST, encoding="utf-8") as f:
        for line in f:
            if "; fully-qualified" not in line:
                continue
            codes = line.split(";", 1)[0].split()
            qualified.add("".join(chr(int(c, 16)) for c in codes))
    return qualified


def read_tsv(path, columns, errors):
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n").rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split("\t")
            while len(fields) < columns and len(fields) >= columns - 1:
                fields.append("")
            where = f"{os.path.relpath(path, ROOT)}:{number}"
            if len(fields) != columns:
                errors.append(f"{where}: expected {columns} tab-separated fields, got {len(fields)}")
                continue
            rows.append((where, [x.strip() for x in fields]))
    return rows


def load_curated(emoji_set, errors):
    """Validated curated rows (where, keyword, emoji, category, measure), in file order."""
    rows = []
    for path in sorted(glob.glob(os.path.join(CURATED_DIR, "*.tsv"))):
        for where, (keyword, emoji, category, measure) in read_tsv(path, 4, errors):
            if not keyword:
                errors.append(f"{where}: empty keyword")
                continue
            if emoji not in emoji_set:
                errors.append(f"{where}: {emoji!r} is not a fully-qualified emoji")
                continue
            if not category or category != category.lower() or not category.replace("-", "").isalpha():
                errors.append(f"{where}: category {category!r} must be a lowercase word")
                continue
            if measure not in MEASURES:
                errors.append(f"{where}: measure {measure!r} must be poured, weighed, counted or empty")
                continue
            rows.append((where, keyword, emoji, category, measure))
    return rows


def keyed_curated(rows, keys, errors):
    """The curated rows sorted by key, each keyword once: two lines whose keywords fold to the
    same key (by the core's folding) are an error that names both places."""
    entries = {}
    for where, keyword, emoji, category, measure in rows:
        key = keys[keyword]
        if not key or not any(c.isalnum() for c in key):
            errors.append(f"{where}: keyword {keyword!r} has no letters")
            continue
        if key in entries:
            first = entries[key]
            same = first[2:] == (emoji, category, measure)
            kind = "duplicate" if same else "conflicting"
            alias = "" if first[1] == keyword else f" {first[1]!r}, the same once case, accents, punctuation and plurals fold,"
            errors.append(
                f"{where}: {kind} keyword {keyword!r} (first{alias} at {first[0]}: "
                f"{first[2]} {first[3]} {first[4] or '-'}; here: {emoji} {category} {measure or '-'})")
            continue
        entries[key] = (where, keyword, emoji, category, measure)
    return [entries[k] for k in sorted(entries)]


def load_corpus():
    items = []
    for path in sorted(glob.glob(os.path.join(CORPUS_DIR, "*.txt"))):
        with open(path, encoding="utf-8") as f:
            for raw in f:
                line = raw.strip()
                if line and not line.startswith("#"):
                    items.append(line)
    return items


SMALL_WORDS = {"of", "and", "in", "with", "for", "a", "the", "de", "la", "le", "du", "al", "con", "y", "en", "à", "au", "aux", "on", "or"}


def display_case(text):
    if any(c.isupper() for c in text):
        return text
    words = text.split(" ")
    out = []
    for i, w in enumerate(words):
        if i > 0 and w in SMALL_WORDS:
            out.append(w)
        else:
            out.append(w[:1].upper() + w[1:])
    return " ".join(out)


# MARK: - WordNet


def wordnet_nouns():
    synsets = {}  # offset -> (lemmas, hypernym offsets, gloss, lexicographer file)
    with open(os.path.join(WORDNET, "data.noun"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("  "):
                continue
            body, _, gloss = line.partition(" | ")
            parts = body.split()
            offset = parts[0]
            count = int(parts[3], 16)
            lemmas = [parts[4 + 2 * i] for i in range(count)]
            i = 4 + 2 * count
            pointers = int(parts[i])
            hypernyms = []
            for p in range(pointers):
                symbol, target, pos = parts[i + 1 + 4 * p: i + 4 + 4 * p]
                if symbol in ("@", "@i") and pos == "n":
                    hypernyms.append(target)
            synsets[offset] = (lemmas, hypernyms, gloss.strip(), int(parts[1]))
    index = {}  # lemma -> [offsets by sense rank]
    with open(os.path.join(WORDNET, "index.noun"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("  "):
                continue
            parts = line.split()
            lemma = parts[0]
            senses = int(parts[2])
            index[lemma] = parts[-senses:]
    return synsets, index


def resolve_synset(name, index):
    lemma, pos, number = name.rsplit(".", 2)
    if pos != "n":
        raise DataError(f"anchor {name}: only nouns are supported")
    senses = index.get(lemma)
    if not senses or int(number) > len(senses):
        raise DataError(f"anchor {name}: no such WordNet noun sense")
    return senses[int(number) - 1]


def load_anchors(emoji_set, index, errors):
    anchors = {}
    if not os.path.exists(ANCHORS):
        return anchors
    for where, (name, emoji, category, measure) in read_tsv(ANCHORS, 4, errors):
        if emoji not in emoji_set:
            errors.append(f"{where}: {emoji!r} is not a fully-qualified emoji")
            continue
        if measure not in MEASURES:
            errors.append(f"{where}: bad measure {measure!r}")
            continue
        try:
            offset = resolve_synset(name, index)
        except DataError as e:
            errors.append(f"{where}: {e}")
            continue
        if offset in anchors:
            errors.append(f"{where}: anchor {name} listed twice")
            continue
        anchors[offset] = (emoji, category, measure, name)
    return anchors


def nearest_anchor(offset, synsets, anchors, memo):
    """Breadth-first up the hypernyms; the nearest anchor wins. None if the walk meets none,
    or if two different anchors sit at the same nearest depth (ambiguous)."""
    if offset in memo:
        return memo[offset]
    frontier = [offset]
    seen = {offset}
    result = None
    while frontier:
        found = {anchors[o] for o in frontier if o in anchors}
        if found:
            emojis = {a[0] for a in found}
            result = sorted(found)[0] if len(emojis) == 1 else None
            break
        nxt = []
        for o in frontier:
            for h in synsets[o][1]:
                if h not in seen:
                    seen.add(h)
                    nxt.append(h)
        frontier = nxt
    memo[offset] = result
    return result


SKIPPED_LEXFILES = {18, 20}  # noun.person, noun.plant


def semantic_map(synsets, index, anchors):
    """A lemma maps to an anchor only when its first sense reaches one and no other of its
    first three senses reaches a different one (prefer no answer over a confident wrong one).
    Senses that name a plant or a person are skipped: nobody shops for the tree or the singer.
    Lemmas that are also curated keywords stay in: the loader skips them, except when the
    hold-out evaluation has taken the curated keyword out (the semantic map must not know which
    words the curated table has, or that evaluation would flatter it)."""
    memo = {}
    table = {}
    for lemma, all_senses in index.items():
        senses = [o for o in all_senses if synsets[o][3] not in SKIPPED_LEXFILES]
        if not senses:
            continue
        if not lemma.replace("_", "").replace("-", "").isalpha():
            continue
        words = lemma.replace("-", "_").split("_")
        if len(words) > 3:
            continue
        word = " ".join(words)
        first = nearest_anchor(senses[0], synsets, anchors, memo)
        if first is None:
            continue
        agree = True
        for other in senses[1:3]:
            a = nearest_anchor(other, synsets, anchors, memo)
            if a is not None and a[0] != first[0]:
                agree = False
                break
        if agree:
            table[word] = first
    return table


# MARK: - Swift output

HEADER = "// Generated by Tools/emoji/generate.py from {src}. Do not edit; run the generator.\n\n"


def swift_literal(lines):
    body = "\n".join(lines)
    if '"""#' in body:
        raise DataError("data contains a raw-string terminator")
    # NB: indented like the closing delimiter, which Swift strips, so swift-format stays quiet.
    return '#"""\n' + "\n".join("    " + line for line in lines) + '\n    """#'


def table_literal(rows, keys):
    """Rows of (keyword, emoji, category, measure) as the compact text EmojiTables parses:
    an `E` line listing the emoji and a `C` line listing the categories (tab-separated), then
    one line per keyword: its key (the core's folding, from `keys`), the keyword as written when
    it differs from the key, emoji index, category index, measure code."""
    emojis, categories = [], []
    e_index, c_index = {}, {}
    body = []
    for keyword, emoji, category, measure in rows:
        if emoji not in e_index:
            e_index[emoji] = len(emojis)
            emojis.append(emoji)
        if category not in c_index:
            c_index[category] = len(categories)
            categories.append(category)
        key = keys[keyword]
        shown = "" if keyword == key else keyword
        body.append(f"{key}\t{shown}\t{e_index[emoji]}\t{c_index[category]}\t{MEASURE_CODE[measure]}")
    return ["E\t" + "\t".join(emojis), "C\t" + "\t".join(categories)] + body


def swift_file(src, doc, name, lines):
    """A generated file's text: `static let name` in `extension EmojiData`, with its doc lines."""
    return (HEADER.format(src=src)
            + "extension EmojiData {\n"
            + "".join(f"  /// {line}\n" for line in doc)
            + f"  static let {name} = "
            + swift_literal(lines)
            + "\n}\n")


def render(curated, semantic, dictionary, keys):
    files = {}
    files["CuratedData.swift"] = swift_file(
        "Data/emoji/curated/*.tsv",
        [f"{len(curated)} curated keywords (format: `EmojiTables.parse`)."],
        "curated", table_literal([(e[1], e[2], e[3], e[4]) for e in curated], keys))
    files["SemanticData.swift"] = swift_file(
        "WordNet 3.0 and Data/emoji/anchors.tsv",
        [f"{len(semantic)} WordNet nouns mapped to their nearest anchor (format: `EmojiTables.parse`)."],
        "semantic", table_literal([(w, a[0], a[1], a[2]) for w, a in sorted(semantic.items())], keys))
    # NB: by the word whatever its case: the popularity file names words as they were
    # display-cased ("Banana"), the dictionary as a household writes them ("banana").
    popularity = {word.lower(): score for word, score in load_popularity().items()}
    files["DictionaryData.swift"] = swift_file(
        "the curated keywords, Data/corpus/*.txt and Data/suggestions/popularity.tsv",
        [f"{len(dictionary)} display-cased grocery and household words, one a line, each with its",
         "popularity score after a tab when it has one."],
        "dictionary",
        [f"{w}\t{popularity[w.lower()]}" if popularity.get(w.lower()) else w for w in dictionary])
    return files


class Stale(Exception):
    pass


def build(keep_going=False, check=False):
    """The generated files. Keys come from the core (`EmojiLab fold`); with `check`, from the
    files already generated, and a name they lack means those files are out of date."""
    errors = []
    emoji_set = load_emoji_set()
    rows = load_curated(emoji_set, errors)
    synsets, index = wordnet_nouns()
    anchors = load_anchors(emoji_set, index, errors)
    if errors and not keep_going:
        raise DataError("\n".join(errors))
    semantic = semantic_map(synsets, index, anchors)
    names = [r[1] for r in rows] + list(semantic)
    if check:
        keys = namefold.cached_keys(generated_texts())
        missing = sorted(n for n in names if n not in keys)
        if missing:
            raise Stale(f"{len(missing)} keywords are not in the generated tables yet "
                        f"(first: {', '.join(map(repr, missing[:5]))})")
    else:
        keys = namefold.fold(names)
    curated = keyed_curated(rows, keys, errors)
    if errors and not keep_going:
        raise DataError("\n".join(errors))
    return render(curated, semantic, dictionary_words(curated), keys), errors


def generated_texts():
    texts = []
    for name in ("CuratedData.swift", "SemanticData.swift"):
        path = os.path.join(OUT_DIR, name)
        if os.path.exists(path):
            texts.append(open(path, encoding="utf-8").read())
    return texts


def common_words():
    """Every word WordNet writes in lower case as a noun or adjective: a common word, not a
    proper name. Read from the data files, whose lemmas keep their case ("French", "bread")."""
    words = set()
    for part in ("noun", "adj"):
        path = os.path.join(WORDNET, "data." + part)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                fields = line.split(" ", 5)
                count = int(fields[3], 16)
                for lemma in line.split()[4:4 + 2 * count:2]:
                    lemma = lemma.split("(")[0]
                    # NB: single words only: "french_fries" doesn't make "french" common.
                    if "_" not in lemma and lemma == lemma.lower():
                        words.add(lemma)
    return words


# Letters a shopping list writes in capitals though WordNet has them as words ("AA batteries").
ACRONYMS = {"aa", "aaa", "bbq", "uht", "diy", "led", "usb", "pva", "hdmi", "uk", "us", "xl", "xxl"}


def chip_case(text, common):
    """A dictionary word as a household writes it: common words in lower case, proper names
    and brands as they are spelled ("orange juice", "Orangina", "French bread", "Oral-B")."""
    out = []
    for word in text.split(" "):
        lower = word.lower()
        stems = {lower}
        if lower.endswith("'s"):
            stems.add(lower[:-2])
        elif lower.endswith("ies"):
            stems.add(lower[:-3] + "y")
        elif lower.endswith("es"):
            stems |= {lower[:-1], lower[:-2]}
        elif lower.endswith("s"):
            stems.add(lower[:-1])
        mixed = any(c.isupper() for c in word[1:])
        if lower in ACRONYMS:
            out.append(word.upper())
        elif not mixed and (lower in SMALL_WORDS or stems & common or not any(c.isalpha() for c in word)):
            out.append(lower)
        else:
            out.append(word)
    return " ".join(out)


def dictionary_words(curated):
    """Every curated keyword, then every corpus item, without exact repeats (ignoring case),
    each as a household writes it (`chip_case`). Spellings that fold together stay:
    `SuggestionEngine` keeps the first."""
    seen = set()
    dictionary = []
    sources = [display_case(e[1]) for e in curated] + list(load_corpus())
    # A word some source writes in lower case after the first word is a common word too
    # ("Blackcurrant cordial" beside "fresh blackcurrants").
    common = common_words() | {
        word for text in sources for word in text.split()[1:] if word.islower()
    }
    for text in [chip_case(text, common) for text in sources]:
        text = " ".join(text.split())
        if text and text.lower() not in seen:
            seen.add(text.lower())
            dictionary.append(text)
    dictionary.sort(key=lambda t: (t.lower(), t))
    return dictionary


def load_popularity():
    """{dictionary word: score} from Data/suggestions/popularity.tsv (empty when absent)."""
    scores = {}
    if not os.path.exists(POPULARITY):
        return scores
    with open(POPULARITY, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 4 or not fields[1].isdigit():
                raise DataError(f"Data/suggestions/popularity.tsv:{number}: expected word, score, recipe lines, corpus lines")
            scores[fields[0]] = int(fields[1])
    return scores


def explain(word):
    errors = []
    synsets, index = wordnet_nouns()
    anchors = load_anchors(load_emoji_set(), index, errors)
    memo = {}
    lemma = word.lower().replace(" ", "_")
    for rank, offset in enumerate(index.get(lemma, []), 1):
        a = nearest_anchor(offset, synsets, anchors, memo)
        lemmas, _, gloss, lexfile = synsets[offset]
        if lexfile in SKIPPED_LEXFILES:
            print(f"{rank}. {','.join(lemmas)} (skipped: plant or person)")
            continue
        print(f"{rank}. {','.join(lemmas)} -> {a[3] + ' ' + a[0] if a else '-'}   ({gloss[:70]})")


def main(argv):
    if len(argv) > 2 and argv[1] == "--explain":
        explain(" ".join(argv[2:]))
        return 0
    check = "--check" in argv
    keep_going = "--keep-going" in argv
    try:
        files, errors = build(keep_going, check)
    except DataError as e:
        print(e, file=sys.stderr)
        return 2
    except Stale as e:
        print(f"out of date: {e} (run python3 Tools/emoji/generate.py)", file=sys.stderr)
        return 1
    except namefold.FoldError as e:
        print(e, file=sys.stderr)
        return 2
    for e in errors:
        print(e, file=sys.stderr)
    stale = []
    for name, text in files.items():
        path = os.path.join(OUT_DIR, name)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != text:
            stale.append(name)
            if not check:
                os.makedirs(OUT_DIR, exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if check:
        if stale:
            print("out of date: " + ", ".join(stale) + " (run python3 Tools/emoji/generate.py)", file=sys.stderr)
            return 1
        print("generated emoji data is up to date")
        return 0
    print(f"wrote {', '.join(stale) if stale else 'nothing (already up to date)'}")
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
