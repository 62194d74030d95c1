#!/usr/bin/env python3
"""Generates the retail pack table and the cooked-to-dry table that turn a recipe's volume or
weight of something sold in packs into the pack a shop sells (see Data/recipes/PACKS.md).

Reads (both tab-separated, `#` comment lines first, then a header line):
  Data/recipes/packs.tsv    pack sizes per food, US and UK, with the source of every row
  Data/recipes/cooked.tsv   how much cooked food one measure of dry food makes

Writes:
  Sources/BasketKit/Recipes/Units/FoodPackData.swift   the same rows, embedded in the core

The names are matched in Swift after the core's name folding (`NameKey`), so this script only
checks what it can without it: the columns, the regions, the pack words, sizes that are either
an amount or a weight each, rows of a food and region from small to large, one alias list per
food, no word naming two foods, and every cooked food's dry food being a known food.
`PackTableTests` checks the folded names.

Usage:
  python3 Tools/recipes/packs.py           regenerate the Swift file
  python3 Tools/recipes/packs.py --check   check the Swift file matches the tables
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "Data/recipes/packs.tsv"
COOKED = ROOT / "Data/recipes/cooked.tsv"
DENSITIES = ROOT / "Data/recipes/densities.tsv"
SWIFT = ROOT / "Sources/BasketKit/Recipes/Units/FoodPackData.swift"

# The words a list may show for a pack, with their plurals. `tube` (UK tomato purée) and `bar`
# (chocolate) are kept: they are what the shop's label says, and no other word fits.
PACK_WORDS = {
    "bag": "bags", "bar": "bars", "block": "blocks", "bottle": "bottles", "box": "boxes",
    "bulb": "bulbs", "bunch": "bunches", "can": "cans", "carton": "cartons", "head": "heads",
    "jar": "jars", "pack": "packs", "packet": "packets", "piece": "pieces",
    "punnet": "punnets", "stick": "sticks", "tin": "tins", "tub": "tubs", "tube": "tubes",
}
UNITS = {"g": ("g", 1), "kg": ("g", 1000), "ml": ("ml", 1), "l": ("ml", 1000)}
REGIONS = ("us", "uk", "any")


def table(path, columns):
    """The rows of a tab-separated table as dicts, after its comments and header."""
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    header = lines[0].split("\t")
    if header != columns:
        sys.exit(f"{path.name}: the header must be {columns}, not {header}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(columns):
            sys.exit(f"{path.name}: row {number} has {len(cells)} cells, not {len(columns)}")
        rows.append(dict(zip(columns, cells)))
    return rows


def packs():
    rows = table(
        PACKS, ["name", "aliases", "region", "pack", "amount", "unit", "each_grams", "source"]
    )
    aliases = {}
    owner = {}
    last = {}
    for row in rows:
        name = row["name"]
        where = f"packs.tsv: {name} ({row['region']})"
        if name != name.lower() or not name:
            sys.exit(f"{where}: the name must be lower case")
        if row["region"] not in REGIONS:
            sys.exit(f"{where}: the region must be one of {REGIONS}")
        if row["pack"] not in PACK_WORDS:
            sys.exit(f"{where}: '{row['pack']}' is not a pack word (add it to PACK_WORDS)")
        if not row["source"].strip():
            sys.exit(f"{where}: every row names its source")
        if aliases.setdefault(name, row["aliases"]) != row["aliases"]:
            sys.exit(f"{where}: every row of a food has the same aliases")
        for word in [name] + [a for a in row["aliases"].split("|") if a]:
            if owner.setdefault(word, name) != name:
                sys.exit(f"{where}: '{word}' names both {owner[word]} and {name}")
        sized = bool(row["amount"]) and bool(row["unit"])
        if sized == bool(row["each_grams"]) or bool(row["amount"]) != bool(row["unit"]):
            sys.exit(f"{where}: give amount and unit, or each_grams, not both")
        if sized:
            if row["unit"] not in UNITS:
                sys.exit(f"{where}: the unit must be one of {list(UNITS)}")
            base, factor = UNITS[row["unit"]]
            size = float(row["amount"]) * factor
            key = (name, row["region"], base)
            if size <= 0 or size < last.get(key, 0):
                sys.exit(f"{where}: rows of a food and region go from small to large")
            last[key] = size
        elif float(row["each_grams"]) <= 0:
            sys.exit(f"{where}: each_grams must be positive")
    regions = {}
    for row in rows:
        regions.setdefault(row["name"], set()).add(row["region"])
    for name, found in regions.items():
        if "any" in found and len(found) > 1:
            sys.exit(f"packs.tsv: {name} has rows for 'any' and for a region")
    return rows


def cooked(known):
    rows = table(
        COOKED,
        ["cooked_name", "dry_name", "cooked_per_dry_volume", "cooked_per_dry_weight", "source"],
    )
    for row in rows:
        if row["dry_name"] not in known:
            sys.exit(f"cooked.tsv: {row['cooked_name']}: {row['dry_name']} is not a known food")
        if float(row["cooked_per_dry_volume"]) <= 0 or float(row["cooked_per_dry_weight"]) <= 0:
            sys.exit(f"cooked.tsv: {row['cooked_name']}: the ratios must be positive")
    return rows


def density_names():
    names = set()
    for line in DENSITIES.read_text().splitlines():
        if line.startswith("#") or line.startswith("name\t"):
            continue
        name, aliases = line.split("\t")[:2]
        names.update([name] + [a for a in aliases.split("|") if a])
    return names


def number(text):
    value = float(text)
    return str(int(value)) if value == int(value) else repr(value)


def wrapped(words, indent):
    """Swift string literals, as many to a line as fit in 100 columns."""
    lines, line = [], indent
    for word in words:
        item = f'"{word}",'
        if line != indent and len(line) + 1 + len(item) > 100:
            lines.append(line)
            line = indent
        line += ("" if line == indent else " ") + item
    return lines + [line]


def swift_source():
    pack_rows = packs()
    cooked_rows = cooked({row["name"] for row in pack_rows} | density_names())
    out = [
        "// Generated by Tools/recipes/packs.py from Data/recipes/packs.tsv and cooked.tsv: do not",
        "// edit. Each row's source is in the TSV; see Data/recipes/PACKS.md.",
        "",
        "extension FoodPacks {",
        "  /// The pack words a list shows, singular and plural.",
        "  static let words: [String: String] = [",
    ]
    out += [f'    "{word}": "{plural}",' for word, plural in sorted(PACK_WORDS.items())]
    out += [
        "  ]",
        "",
        "  /// Each food's other names, US and UK words.",
        "  static let aliases: [(food: String, aliases: [String])] = [",
    ]
    seen = set()
    for row in pack_rows:
        if row["name"] in seen:
            continue
        seen.add(row["name"])
        words = [a for a in row["aliases"].split("|") if a]
        line = f'    ("{row["name"]}", [{", ".join(chr(34) + w + chr(34) for w in words)}]),'
        if len(line) <= 100:
            out.append(line)
        else:
            out += ["    (", f'      "{row["name"]}",', "      ["]
            out += wrapped(words, "        ")
            out += ["      ]", "    ),"]
    out += [
        "  ]",
        "",
        "  /// (food, region, pack word, size, the size's unit id, grams of one piece-sold pack)",
        "  static let rows: [Row] = [",
    ]
    for row in pack_rows:
        amount = number(row["amount"]) if row["amount"] else "nil"
        unit = f'"{row["unit"]}"' if row["unit"] else "nil"
        each = number(row["each_grams"]) if row["each_grams"] else "nil"
        out.append(
            f'    Row("{row["name"]}", "{row["region"]}", "{row["pack"]}", {amount}, {unit}, {each}),'
        )
    out += [
        "  ]",
        "",
        "  /// (cooked food, the dry food it is made from, cooked per dry by volume, by weight)",
        "  static let cookedRows: [(cooked: String, dry: String, perVolume: Double, perWeight: Double)] =",
        "    [",
    ]
    for row in cooked_rows:
        out.append(
            f'      ("{row["cooked_name"]}", "{row["dry_name"]}", '
            f'{number(row["cooked_per_dry_volume"])}, {number(row["cooked_per_dry_weight"])}),'
        )
    out += ["    ]", "}", ""]
    return "\n".join(out)


def main():
    source = swift_source()
    if "--check" in sys.argv:
        if not SWIFT.exists() or SWIFT.read_text() != source:
            sys.exit("FoodPackData.swift is out of date: run python3 Tools/recipes/packs.py")
        print("pack table is up to date")
        return
    SWIFT.write_text(source)
    print(f"wrote {SWIFT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
