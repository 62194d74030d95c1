#!/usr/bin/env python3
"""Builds the table of which Emoji release each emoji came in, and the fallbacks for terminals
that only draw older ones.

Reads:
  /usr/share/unicode/emoji/emoji-data.txt   Emoji_Presentation code points and the release
                                            each came in ("# E13.0" comments; Debian unicode-data)
  /usr/share/unicode/emoji/emoji-test.txt   the fully-qualified emoji and their releases
  Data/emoji/fallbacks.tsv                  emoji<TAB>fallback<TAB>why
  Data/emoji/curated/*.tsv, anchors.tsv     every emoji the classifier can give (to check that
                                            each one a compatible terminal can't draw has a
                                            fallback)

Writes Sources/BasketKit/Emoji/Generated/EmojiVersionData.swift.

  python3 Tools/emoji/versions.py           regenerate
  python3 Tools/emoji/versions.py --check   exit 1 if the generated file is out of date

Python 3 standard library only. Run from anywhere.
"""

import glob
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
UNICODE_EMOJI = "/usr/share/unicode/emoji"
EMOJI_DATA = os.path.join(UNICODE_EMOJI, "emoji-data.txt")
EMOJI_TEST = os.path.join(UNICODE_EMOJI, "emoji-test.txt")
FALLBACKS = os.path.join(ROOT, "Data", "emoji", "fallbacks.tsv")
CLASSIFIER_SOURCES = sorted(glob.glob(os.path.join(ROOT, "Data", "emoji", "curated", "*.tsv"))) + [
    os.path.join(ROOT, "Data", "emoji", "anchors.tsv")
]
OUT = os.path.join(ROOT, "Sources", "BasketKit", "Emoji", "Generated", "EmojiVersionData.swift")

# The newest release a "compatible" terminal is trusted to draw: Emoji 12.0 (2019). C libraries
# and terminals from before then measure later emoji as unknown, usually one cell or none.
COMPATIBLE_TENTHS = 120


class DataError(Exception):
    pass


def tenths(version):
    """'E13.0' -> 130."""
    major, minor = version.lstrip("E").split(".")
    return int(major) * 10 + int(minor)


def scalars(text):
    return " ".join(f"U+{ord(c):04X}" for c in text)


def load_presentation_runs():
    """[(first, last, tenths)] for Emoji_Presentation, adjacent runs of one release merged."""
    runs = []
    with open(EMOJI_DATA, encoding="utf-8") as f:
        for line in f:
            if "; Emoji_Presentation" not in line:
                continue
            codes, comment = line.split("#", 1)
            span = codes.split(";")[0].strip()
            first, _, last = span.partition("..")
            low = int(first, 16)
            high = int(last or first, 16)
            release = tenths(comment.split()[0])
            runs.append((low, high, release))
    runs.sort()
    merged = []
    for low, high, release in runs:
        if merged and merged[-1][1] + 1 == low and merged[-1][2] == release:
            merged[-1] = (merged[-1][0], high, release)
        else:
            merged.append((low, high, release))
    return merged


def load_emoji_test():
    """{emoji: tenths} for every fully-qualified emoji, and the file's Emoji version."""
    releases = {}
    version = None
    with open(EMOJI_TEST, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# Version:"):
                version = line.split(":", 1)[1].strip()
            if "; fully-qualified" not in line:
                continue
            codes, comment = line.split("#", 1)
            emoji = "".join(chr(int(c, 16)) for c in codes.split(";")[0].split())
            releases[emoji] = tenths(comment.split()[1])
    return releases, version


def presentation_release(runs, emoji):
    """The release of a one-code-point emoji drawn as an emoji by default, else None."""
    if len(emoji) != 1:
        return None
    value = ord(emoji)
    for low, high, release in runs:
        if low <= value <= high:
            return release
    return None


def compatible(runs, emoji):
    release = presentation_release(runs, emoji)
    return release is not None and release <= COMPATIBLE_TENTHS


# Circles, squares and hearts that say only a colour (🟢 🟥 ⚫ 🔴 …): never a stand-in for a thing.
COLOUR_SHAPES = set(range(0x1F7E0, 0x1F7EC)) | {0x26AA, 0x26AB, 0x2B1B, 0x2B1C, 0x1F534, 0x1F535}


def load_fallbacks(runs, releases):
    fallbacks = {}
    errors = []
    with open(FALLBACKS, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            where = f"{os.path.relpath(FALLBACKS, ROOT)}:{number}"
            if len(fields) != 3 or not fields[2].strip():
                errors.append(f"{where}: want emoji<TAB>fallback<TAB>why")
                continue
            emoji, fallback, _ = fields
            if emoji not in releases:
                errors.append(f"{where}: {emoji} ({scalars(emoji)}) is not a fully-qualified emoji")
            if compatible(runs, emoji):
                errors.append(f"{where}: {emoji} needs no fallback: compatible terminals draw it")
            if not compatible(runs, fallback):
                errors.append(
                    f"{where}: the fallback {fallback} ({scalars(fallback)}) must be one "
                    f"emoji-presentation code point from Emoji {COMPATIBLE_TENTHS / 10} or earlier")
            if len(fallback) == 1 and ord(fallback) in COLOUR_SHAPES:
                errors.append(
                    f"{where}: the fallback {fallback} is a coloured shape: choose by meaning (the "
                    f"closest older emoji of the same thing, or of its kind), not by colour")
            if emoji in fallbacks:
                errors.append(f"{where}: {emoji} has two fallbacks")
            fallbacks[emoji] = fallback
    return fallbacks, errors


def classifier_emoji():
    """{emoji: a file that uses it} for every emoji the classifier can give."""
    used = {}
    for path in CLASSIFIER_SOURCES:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.rstrip("\n").split("\t")
                if len(fields) > 1 and fields[1]:
                    used.setdefault(fields[1], os.path.relpath(path, ROOT))
    return used


def render(runs, fallbacks, version):
    lines = [
        "// Generated by Tools/emoji/versions.py from Unicode's emoji-data.txt (Emoji "
        f"{version}, Debian unicode-data)",
        "// and Data/emoji/fallbacks.tsv. Do not edit; run the generator.",
        "",
        "extension EmojiVersion {",
        "  /// The newest Emoji release the tables know.",
        f"  public static let newestKnown = EmojiVersion(tenths: {tenths(version)})",
        "",
        "  /// The newest release a compatible terminal is trusted to draw.",
        f"  public static let compatibleNewest = EmojiVersion(tenths: {COMPATIBLE_TENTHS})",
        "",
        "  /// Every code point drawn as an emoji by default (Emoji_Presentation) with the release",
        f"  /// it came in, as {len(runs)} runs of three numbers: first, last, release in tenths.",
        "  static let presentationRuns: [UInt32] = [",
    ]
    for low, high, release in runs:
        lines.append(f"    0x{low:04X}, 0x{high:04X}, {release},")
    lines += [
        "  ]",
        "}",
        "",
        "extension EmojiRepertoire {",
        f"  /// {len(fallbacks)} fallbacks, each one code point from Emoji "
        f"{COMPATIBLE_TENTHS / 10} or earlier.",
        "  static let fallbacks: [String: String] = [",
    ]
    for emoji in sorted(fallbacks, key=lambda e: [ord(c) for c in e]):
        lines.append(f'    "{emoji}": "{fallbacks[emoji]}",')
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def main(argv):
    check = "--check" in argv
    runs = load_presentation_runs()
    releases, version = load_emoji_test()
    if version is None:
        raise DataError(f"{EMOJI_TEST} names no version")
    fallbacks, errors = load_fallbacks(runs, releases)
    for emoji, source in sorted(classifier_emoji().items()):
        if emoji not in releases:
            errors.append(f"{source}: {emoji} ({scalars(emoji)}) is not a fully-qualified emoji")
        elif not compatible(runs, emoji) and emoji not in fallbacks:
            errors.append(
                f"{source}: {emoji} (Emoji {releases[emoji] / 10}, {scalars(emoji)}) needs a line "
                f"in {os.path.relpath(FALLBACKS, ROOT)}")
    if errors:
        raise DataError("\n".join(errors))
    text = render(runs, fallbacks, version)
    current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else None
    if check:
        if current != text:
            print(f"out of date: {os.path.relpath(OUT, ROOT)} (run python3 Tools/emoji/versions.py)",
                  file=sys.stderr)
            return 1
        return 0
    if current != text:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(OUT, ROOT)}")
    else:
        print("nothing to write (already up to date)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except DataError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
