"""The core's name folding, for the tools: Python never re-implements it.

Keys come from `EmojiLab fold`, which prints `NameKey.of` (Sources/BasketKit/Names) for each
line it reads. `generate.py --check` must work without building Swift (CI runs it first), so
`cached_keys` reads the keys already shipped in the generated tables; a Swift test
(`EmojiDataTests.shippedKeysAreTheCoreFolding`) checks every shipped key against the core, so a
change to the folding that was not regenerated fails the test suite.

Python 3 standard library only.
"""

import os
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class FoldError(Exception):
    pass


def fold_tool():
    """Builds EmojiLab (debug, incremental) and returns its path."""
    try:
        subprocess.run(["swift", "build", "--product", "EmojiLab"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as e:
        raise FoldError(f"cannot build EmojiLab to fold names with the core ({e})")
    return os.path.join(path, "EmojiLab")


def fold(texts, tool=None):
    """{text: NameKey.of(text)} for every text (which must not contain a newline)."""
    texts = sorted(set(texts))
    if not texts:
        return {}
    if any("\n" in t or "\r" in t for t in texts):
        raise FoldError("a name to fold contains a line break")
    tool = tool or fold_tool()
    result = subprocess.run([tool, "fold"], input="\n".join(texts) + "\n", capture_output=True,
                            text=True, check=True)
    keys = result.stdout.split("\n")[:-1]
    if len(keys) != len(texts):
        raise FoldError(f"EmojiLab fold returned {len(keys)} keys for {len(texts)} names")
    return dict(zip(texts, keys))


def cached_keys(table_texts):
    """{keyword: key} from generated table literals (`EmojiTables.parse` format: key, the
    keyword when it differs, emoji index, category index, measure)."""
    keys = {}
    for text in table_texts:
        for line in text.split("\n"):
            fields = line.strip().split("\t")
            if len(fields) != 5 or fields[0] in ("E", "C"):
                continue
            keys[fields[1] or fields[0]] = fields[0]
    return keys
