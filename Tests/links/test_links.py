"""Every relative link and #anchor in README.md, ARCHITECTURE.md and docs/*.md points at a file
that exists and, for a Markdown file, a heading it has (GitHub's anchors: lower case, spaces
to hyphens, punctuation dropped, a repeated heading numbered -1, -2, …). Web addresses are not
fetched. Run by scripts/test: `python3 -m pytest -q Tests/links`."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^ {0,3}(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def documents():
    """The maps a newcomer reads: README.md, ARCHITECTURE.md and docs/*.md."""
    found = [ROOT / name for name in ("README.md", "ARCHITECTURE.md") if (ROOT / name).exists()]
    return found + sorted((ROOT / "docs").glob("*.md"))


def prose_lines(text):
    """The lines outside fenced code blocks, with inline code blanked out."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, INLINE_CODE.sub("", line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text):
    """Every anchor the Markdown `text` has."""
    seen = {}
    found = set()
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(text):
    """(line number, target) of every link in `text`'s prose."""
    for number, line in prose_lines(text):
        for match in INLINE_LINK.finditer(line):
            yield number, match.group(1)
        reference = REFERENCE.match(line)
        if reference:
            yield number, reference.group(1)


def broken(path):
    """What is wrong with `path`'s relative links: ["README.md:12: docs/x.md is missing"]."""
    text = path.read_text(encoding="utf-8")
    problems = []
    for number, target in links(text):
        if EXTERNAL.match(target) or target.startswith("//"):
            continue
        where = f"{path.name}:{number}"
        file_part, _, anchor = target.partition("#")
        file_part = file_part.split("?", 1)[0]
        linked = (path.parent / file_part).resolve() if file_part else path
        if file_part and not linked.exists():
            problems.append(f"{where}: {target}: {file_part} does not exist")
            continue
        if anchor and linked.suffix == ".md" and linked.is_file():
            if anchor.lower() not in anchors(linked.read_text(encoding="utf-8")):
                problems.append(f"{where}: {target}: no heading #{anchor} in {linked.name}")
    return problems


@pytest.mark.parametrize("path", documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(path):
    assert broken(path) == []


def test_the_maps_are_checked():
    names = [str(path.relative_to(ROOT)) for path in documents()]
    assert "README.md" in names and "ARCHITECTURE.md" in names and "docs/api.md" in names


def test_a_missing_file_or_heading_is_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# The guide\n\n## Shops & trips\n\n## Shops & trips\n")
    page = tmp_path / "README.md"
    page.write_text(
        "# Basket\n\n## Set up `basket`\n\n"
        "[guide](docs/guide.md) [trips](docs/guide.md#shops--trips) "
        "[again](docs/guide.md#shops--trips-1) [up](#set-up-basket) [web](https://example.org)\n"
        "[gone](docs/gone.md) and [no heading](docs/guide.md#nowhere) and [self](#nothing)\n"
        "`[code](not-a-link.md)`\n\n```\n[fenced](not-a-link-either.md)\n```\n"
        "[ref]: docs/missing.md\n")
    assert broken(page) == [
        "README.md:6: docs/gone.md: docs/gone.md does not exist",
        "README.md:6: docs/guide.md#nowhere: no heading #nowhere in guide.md",
        "README.md:6: #nothing: no heading #nothing in README.md",
        "README.md:12: docs/missing.md: docs/missing.md does not exist",
    ]


def test_slugs_follow_github():
    assert slug("The list") == "the-list"
    assert slug("Shops & trips") == "shops--trips"
    assert slug("`basket serve` and pairing") == "basket-serve-and-pairing"
    assert slug("Sync/ops: [the queue](x.md)") == "syncops-the-queue"
