#!/usr/bin/env python3
"""Generates the per-food density table (grams per millilitre) that converts recipe amounts
between mass and volume.

Source: USDA National Nutrient Database for Standard Reference, release 24 (public domain), as
Debian's `cronometer` package ships it: /usr/share/cronometer/usda_sr24.jar, a zip of one XML
file per food (`usda_sr24/<NDB number>.xml`) whose <measure amount= name= grams=> elements are
SR's household weights (the WEIGHT table): for example "1 cup = 125 g" for all-purpose flour.

For each food in FOODS below, the density is grams / (amount x the measure's volume), using
the volume of the largest plain household measure SR gives (cup, then tbsp, then tsp, then
fl oz), with US customary volumes from NIST Handbook 44 (1 cup = 236.5882365 ml,
1 tbsp = 14.78676478125 ml, 1 tsp = 4.92892159375 ml, 1 fl oz = 29.5735295625 ml).

Writes:
  Data/recipes/densities.tsv                          readable table with provenance
  Sources/BasketKit/Recipes/Units/FoodDensityData.swift  the same rows, embedded in the core

Usage:
  python3 Tools/recipes/densities.py           regenerate both (needs the cronometer package)
  python3 Tools/recipes/densities.py --check   check the Swift file matches the TSV (no jar needed)
"""
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JAR = Path("/usr/share/cronometer/usda_sr24.jar")
TSV = ROOT / "Data/recipes/densities.tsv"
SWIFT = ROOT / "Sources/BasketKit/Recipes/Units/FoodDensityData.swift"

US_FLUID_OUNCE_ML = 3785.411784 / 128
VOLUMES = {  # measure name in SR -> millilitres
    "cup": US_FLUID_OUNCE_ML * 8,
    "tbsp": US_FLUID_OUNCE_ML / 2,
    "tablespoon": US_FLUID_OUNCE_ML / 2,
    "tsp": US_FLUID_OUNCE_ML / 6,
    "teaspoon": US_FLUID_OUNCE_ML / 6,
    "fl oz": US_FLUID_OUNCE_ML,
}

# (name a recipe uses, other names, SR NDB number). Names are matched after NameKey folding.
FOODS = [
    ("all-purpose flour", "flour|plain flour|white flour", "20081"),
    ("bread flour", "strong flour|strong white flour", "20083"),
    ("whole wheat flour", "wholemeal flour|whole-wheat flour", "20080"),
    ("sugar", "granulated sugar|white sugar|caster sugar", "19335"),
    ("brown sugar", "light brown sugar|dark brown sugar", "19334", "cup packed"),
    ("powdered sugar", "icing sugar|confectioners sugar|confectioners' sugar", "19336", "cup unsifted"),
    ("honey", "", "19296"),
    ("maple syrup", "", "19353"),
    ("molasses", "treacle|black treacle", "19304"),
    ("corn syrup", "light corn syrup", "19350"),
    ("white rice", "rice|long-grain rice|basmati rice", "20044"),
    ("brown rice", "", "20036"),
    ("rolled oats", "oats|porridge oats|old-fashioned oats", "08120"),
    ("cocoa powder", "cocoa|unsweetened cocoa powder", "19165"),
    ("salt", "table salt|fine salt", "02047"),
    ("baking powder", "", "18369"),
    ("baking soda", "bicarbonate of soda|bicarb", "18372"),
    ("cornstarch", "cornflour|corn starch", "20027"),
    ("milk", "whole milk", "01077"),
    # NB: the fluid cup, not the whipped one SR lists first (half the weight).
    (
        "heavy cream",
        "double cream|whipping cream|heavy whipping cream",
        "01053",
        "cup, fluid (yields 2 cups whipped)",
    ),
    ("sour cream", "", "01056"),
    ("plain yogurt", "yogurt|yoghurt|natural yogurt", "01116"),
    ("buttermilk", "", "01088"),
    ("evaporated milk", "", "01078"),
    ("sweetened condensed milk", "condensed milk", "01095"),
    ("butter", "salted butter", "01001"),
    ("unsalted butter", "", "01145"),
    ("olive oil", "extra-virgin olive oil|extra virgin olive oil", "04053"),
    ("vegetable oil", "canola oil|rapeseed oil|neutral oil", "04582"),
    ("coconut oil", "", "04047"),
    ("shortening", "vegetable shortening", "04031"),
    ("lard", "", "04002"),
    ("parmesan", "grated parmesan|parmesan cheese", "01032"),
    ("cheddar", "cheddar cheese|shredded cheddar", "01009", "cup, shredded"),
    ("mozzarella", "mozzarella cheese", "01026"),
    ("feta", "feta cheese", "01019"),
    ("cream cheese", "", "01017"),
    ("ricotta", "ricotta cheese", "01036"),
    ("peanut butter", "smooth peanut butter", "16398"),
    ("almonds", "whole almonds", "12061", "cup, whole"),
    ("walnuts", "", "12155"),
    ("sesame seeds", "", "12023"),
    ("raisins", "sultanas", "09298"),
    ("breadcrumbs", "bread crumbs|dry breadcrumbs", "18079"),
    ("mayonnaise", "mayo", "04025"),
    ("ketchup", "catsup|tomato ketchup", "11935"),
    ("soy sauce", "tamari", "16124"),
    ("vinegar", "white vinegar|distilled vinegar", "02053"),
    ("lemon juice", "", "09152"),
    ("water", "", "14411"),
    ("tomato paste", "tomato puree", "11546"),
    ("cornmeal", "polenta", "20020"),
    ("coconut milk", "", "12118"),
    ("quinoa", "", "20035"),
    ("couscous", "", "20028"),
    ("lentils", "red lentils|green lentils", "16069"),
    ("chickpeas", "garbanzo beans", "16056"),
    ("frozen peas", "peas", "11312"),
    ("ground cinnamon", "cinnamon", "02010"),
    ("black pepper", "ground black pepper|pepper", "02030"),
    ("paprika", "smoked paprika", "02028"),
    ("cumin seeds", "cumin|ground cumin", "02014"),
    ("active dry yeast", "dried yeast|yeast|instant yeast", "18375"),
    ("chicken stock", "chicken broth|stock|broth", "06172"),
    ("mustard", "yellow mustard|prepared mustard", "02046"),
    ("egg", "eggs|beaten egg", "01123"),
    ("blueberries", "", "09050"),
    # Foods Data/recipes/packs.tsv sells in packs, so that a volume meets a pack in grams.
    ("spinach", "baby spinach|fresh spinach|spinach leaves|baby spinach leaves", "11457"),
    ("frozen spinach", "frozen chopped spinach|frozen leaf spinach", "11463"),
    ("kale", "curly kale|lacinato kale|tuscan kale|cavolo nero", "11233"),
    ("arugula", "rocket|baby arugula|wild rocket", "11959"),
    ("parsley", "flat-leaf parsley|flat leaf parsley|italian parsley|fresh parsley", "11297"),
    ("cilantro", "coriander|fresh coriander|coriander leaves|fresh cilantro", "11165"),
    ("basil", "fresh basil|basil leaves", "02044"),
    ("mint", "fresh mint|mint leaves", "02064"),
    ("dill", "fresh dill|dill weed", "02045"),
    ("chives", "fresh chives", "11156"),
    ("thyme", "fresh thyme", "02049"),
    ("rosemary", "fresh rosemary", "02063"),
    ("ginger", "fresh ginger|root ginger|ginger root", "11216"),
    ("garlic", "garlic cloves", "11215"),
    ("spring onion", "scallion|scallions|green onion|green onions|spring onions", "11291"),
    ("shallot", "shallots", "11677"),
    ("onion", "yellow onion|white onion|brown onion|red onion", "11282"),
    ("celery", "", "11143"),
    ("bell pepper", "red pepper|green pepper|red bell pepper|green bell pepper", "11333"),
    ("tomato", "tomatoes", "11529", "cup, chopped or sliced"),
    ("cherry tomatoes", "grape tomatoes", "11529", "cup cherry tomatoes"),
    ("mushrooms", "white mushrooms|button mushrooms|cremini mushrooms", "11260"),
    ("bean sprouts", "beansprouts", "11043"),
    ("cabbage", "white cabbage|green cabbage", "11109", "cup, chopped"),
    ("half-and-half", "half and half", "01049"),
    ("coconut cream", "", "12115"),
    ("cottage cheese", "", "01012"),
    ("beef stock", "beef broth", "06170"),
    ("vegetable stock", "vegetable broth", "06615"),
    ("sushi rice", "short-grain rice|short grain rice", "20052"),
    ("bulgur", "bulgur wheat", "20012"),
    ("pearl barley", "barley", "20005"),
    ("split peas", "yellow split peas|green split peas", "16085"),
    ("black beans", "dried black beans", "16014"),
    ("kidney beans", "dried kidney beans", "16027"),
    ("pinto beans", "dried pinto beans", "16042"),
    ("white beans", "navy beans|great northern beans|haricot beans", "16049"),
    ("pasta", "macaroni|elbow macaroni|dried pasta|penne|fusilli|rigatoni|farfalle", "20099"),
    ("egg noodles", "dried egg noodles", "20109"),
    ("self-raising flour", "self-rising flour|self raising flour", "20082"),
    ("chili powder", "chilli powder", "02009"),
    ("ground turmeric", "turmeric", "02043"),
    ("curry powder", "", "02015"),
    ("ground coriander", "coriander powder", "02013"),
    ("cayenne pepper", "cayenne", "02031"),
    ("dried oregano", "oregano", "02027"),
    ("dried basil", "", "02003"),
    ("dried thyme", "", "02042"),
    ("dried rosemary", "", "02036"),
    ("garlic powder", "", "02020"),
    ("onion powder", "", "02026"),
    ("ground nutmeg", "nutmeg", "02025"),
    ("vanilla extract", "vanilla|pure vanilla extract", "02050"),
    ("chocolate chips", "semi-sweet chocolate chips|chocolate morsels", "19080"),
    ("desiccated coconut", "shredded coconut|flaked coconut|coconut flakes", "12179"),
    ("pecans", "", "12142"),
    ("pumpkin seeds", "pepitas", "12014"),
    ("tomato sauce", "", "11549"),
    ("chopped tomatoes", "diced tomatoes|canned tomatoes|tinned tomatoes", "11531"),
    ("miso", "white miso|miso paste", "16112"),
    ("salsa", "", "06164"),
    ("apple cider vinegar", "cider vinegar", "02048"),
    ("balsamic vinegar", "balsamic", "02069"),
    ("sesame oil", "toasted sesame oil", "04058"),
    ("sweetcorn", "canned corn|corn kernels", "11176"),
    ("frozen corn", "frozen sweetcorn", "11913"),
    ("canned kidney beans", "", "16034"),
    ("canned pinto beans", "", "16044"),
    ("canned black beans", "", "16018"),
    ("canned white beans", "", "16051"),
    ("worcestershire sauce", "worcester sauce", "06971"),
    ("tahini", "tahina", "12698"),
    ("jam", "preserves", "19297"),
    ("carrot", "carrots", "11124", "cup chopped"),
    ("iceberg lettuce", "iceberg", "11252", "cup shredded"),
    ("romaine lettuce", "romaine", "11251"),
    ("red cabbage", "", "11112", "cup, chopped"),
    ("cauliflower", "", "11135"),
    ("zucchini", "courgette|courgettes", "11477", "cup, chopped"),
    ("potato", "potatoes", "11352"),
    ("jalapeño", "jalapeno", "11979"),
    ("leaf lettuce", "lettuce|green leaf lettuce", "11253"),
    ("dates", "pitted dates|medjool dates", "09087"),
    # Foods the saved recipe pages measure by the cup that packs.tsv sells by weight.
    # SR has ripe (black) olives only by the tbsp, so "olives" (green or black) gets no density.
    ("black olives", "ripe olives|ripe black olives", "09193"),
    # SR has no Kalamata entry and no retailer label giving grams per spoon of Kalamata was
    # found: Kalamata are ripe olives, cured in brine, so SR's ripe olives stand in (an
    # estimate, said so in Data/recipes/PACKS.md).
    ("kalamata olives", "kalamata|kalamata olive", "09193"),
    # SR has no spring mix or mesclun: green leaf lettuce, shredded, is the nearest leaf.
    (
        "mixed greens",
        "spring mix|mesclun|salad leaves|mixed leaves|baby greens",
        "11253",
        "cup shredded",
    ),
    ("refried beans", "", "16103"),
    # SR's romano (01038) has no volume measure: grated parmesan, the same hard grating cheese.
    ("pecorino", "pecorino romano|romano|romano cheese|pecorino cheese", "01032"),
    ("semisweet chocolate", "semi-sweet chocolate", "19080"),
]


def measures(archive, ndb):
    text = archive.read(f"usda_sr24/{ndb}.xml").decode("utf-8")
    name = re.search(r'<food [^>]*name="([^"]*)"', text).group(1)
    found = []
    for amount, measure, grams in re.findall(
        r'<measure amount="([^"]+)" name="([^"]+)" grams="([^"]+)"', text
    ):
        found.append((float(amount), measure.replace("&quot;", '"'), float(grams)))
    return name.replace("&amp;", "&"), found


def density(found, preferred=None):
    """The density from the largest household volume measure (or the named one, when a food
    says which: "cup packed" for brown sugar): (g per ml, measure text, grams)."""
    if preferred:
        for amount, measure, grams in found:
            if measure == preferred:
                unit = next(u for u in VOLUMES if measure.lower().startswith(u))
                return grams / (amount * VOLUMES[unit]), f"{amount:g} {measure}", grams
    for wanted in ("cup", "tbsp", "tablespoon", "tsp", "teaspoon", "fl oz"):
        # A plain measure first ("cup"), then a qualified one ("cup, packed", "cup, shredded").
        for qualified in (False, True):
            for amount, measure, grams in found:
                plain = measure.strip().lower()
                matches = (
                    any(plain.startswith(wanted + mark) for mark in (",", " ", "("))
                    if qualified
                    else plain == wanted
                )
                if matches and amount > 0 and grams > 0:
                    return grams / (amount * VOLUMES[wanted]), f"{amount:g} {measure}", grams
    return None


def generate_tsv():
    if not JAR.exists():
        sys.exit(f"{JAR} is missing: apt-get install cronometer (see scripts/setup)")
    rows = []
    with zipfile.ZipFile(JAR) as archive:
        for name, aliases, ndb, *preferred in FOODS:
            description, found = measures(archive, ndb)
            result = density(found, preferred[0] if preferred else None)
            if result is None:
                print(f"skipped {name}: SR {ndb} has no plain volume measure", file=sys.stderr)
                continue
            per_ml, measure, grams = result
            rows.append((name, aliases, ndb, description, measure, f"{grams:g}", f"{per_ml:.4f}"))
    lines = [
        "# Grams per millilitre for common recipe foods, from USDA SR24 household weights.",
        "# Source: USDA National Nutrient Database for Standard Reference, release 24 (public",
        "# domain), as shipped in Debian's cronometer package (usda_sr24.jar). Generated by",
        "# Tools/recipes/densities.py; volumes per NIST Handbook 44 (1 cup = 236.5882365 ml).",
        "name\taliases\tndb\tsr_description\tsr_measure\tsr_grams\tg_per_ml",
    ]
    lines += ["\t".join(row) for row in rows]
    TSV.write_text("\n".join(lines) + "\n")


def read_tsv():
    rows = []
    for line in TSV.read_text().splitlines():
        if line.startswith("#") or line.startswith("name\t"):
            continue
        name, aliases, ndb, _description, _measure, _grams, per_ml = line.split("\t")
        rows.append((name, aliases, ndb, per_ml))
    return rows


def swift_source():
    out = [
        "// Generated by Tools/recipes/densities.py from Data/recipes/densities.tsv: do not edit.",
        "// Grams per millilitre from USDA SR24 household weights (public domain).",
        "",
        "extension FoodDensity {",
        "  static let rows: [(names: String, ndb: String, gramsPerMilliliter: Double)] = [",
    ]
    for name, aliases, ndb, per_ml in read_tsv():
        names = "|".join([name] + ([aliases] if aliases else []))
        out.append(f'    ("{names}", "{ndb}", {per_ml}),')
    out += ["  ]", "}", ""]
    return "\n".join(out)


def main():
    if "--check" in sys.argv:
        if not SWIFT.exists() or SWIFT.read_text() != swift_source():
            sys.exit("FoodDensityData.swift is out of date: run python3 Tools/recipes/densities.py")
        print("density table is up to date")
        return
    generate_tsv()
    SWIFT.write_text(swift_source())
    print(f"wrote {TSV.relative_to(ROOT)} ({len(read_tsv())} foods) and {SWIFT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
