// The kitchen unit table: data, not code. Sizes come from these definitions:
//
// - US customary: NIST Handbook 44 (2024), Appendix C "General Tables of Units of Measurement",
//   and NIST SP 811 (2008), Appendix B.8. The US gallon is exactly 231 cubic inches
//   = 3.785 411 784 L; 1 gal = 4 qt = 8 pt = 16 cups = 128 fl oz; 1 fl oz = 2 tablespoons
//   = 6 teaspoons. The avoirdupois pound is exactly 453.592 37 g; 1 lb = 16 oz.
// - UK imperial: the Weights and Measures Act 1985, Schedule 1: the gallon is exactly
//   4.546 09 L; 1 gal = 4 qt = 8 pt = 160 fl oz (so 1 pt = 568.261 25 ml).
// - Metric kitchen measures (UK, Ireland, Australia, New Zealand, Canada): cup 250 ml,
//   tablespoon 15 ml, teaspoon 5 ml.
// - SI: 1 kg = 1000 g, 1 l = 1000 ml, 1 inch = 2.54 cm exactly.
//
// Foundation's UnitVolume is deliberately not used: its cup and its spoons come from different
// definitions, so 16 of its tablespoons are not one of its cups.

enum KitchenDefinitions {
  static let usGallon = 3785.411784  // ml
  static let usFluidOunce = usGallon / 128  // 29.573 529 562 5 ml
  static let usTablespoon = usFluidOunce / 2
  static let usTeaspoon = usFluidOunce / 6
  static let usCup = usFluidOunce * 8  // 236.588 236 5 ml
  static let ukGallon = 4546.09  // ml
  static let ukPint = ukGallon / 8  // 568.261 25 ml
  static let ukFluidOunce = ukGallon / 160
  static let pound = 453.59237  // g
  static let ounce = pound / 16  // 28.349 523 125 g
}

extension KitchenUnit {
  static let table: [KitchenUnitRow] = {
    typealias D = KitchenDefinitions
    return [
      // Mass (base: gram)
      KitchenUnitRow("mg", .mass, 0.001, "mg", "mg", ["milligram", "milligrams", "milligramme"]),
      KitchenUnitRow(
        "g", .mass, 1, "g", "g",
        ["gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes", "grammi"]),
      KitchenUnitRow(
        "kg", .mass, 1000, "kg", "kg",
        ["kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
      KitchenUnitRow("oz", .mass, D.ounce, "oz", "oz", ["ozs", "ounce", "ounces", "onz"]),
      KitchenUnitRow("lb", .mass, D.pound, "lb", "lb", ["lbs", "pound", "pounds", "ib", "ibs"]),

      // Volume (base: millilitre)
      KitchenUnitRow(
        "ml", .volume, 1, "ml", "ml",
        ["mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"]),
      KitchenUnitRow("cl", .volume, 10, "cl", "cl", ["centilitre", "centilitres", "centiliter"]),
      KitchenUnitRow("dl", .volume, 100, "dl", "dl", ["decilitre", "decilitres", "deciliter"]),
      KitchenUnitRow(
        "l", .volume, 1000, "l", "l",
        ["ltr", "ltrs", "lt", "litre", "litres", "liter", "liters"]),
      KitchenUnitRow(
        "tsp", .volume, D.usTeaspoon, "tsp", "tsp",
        ["tsps", "tspn", "tspns", "teaspoon", "teaspoons", "teasp", "teaspoonful", "teaspoonfuls"]),
      KitchenUnitRow(
        "tbsp", .volume, D.usTablespoon, "tbsp", "tbsp",
        [
          "tbsps", "tbs", "tbl", "tbls", "tblsp", "tblsps", "tbspn", "tablespoon", "tablespoons",
          "tablesp", "tablespoonful", "tablespoonfuls",
        ]),
      KitchenUnitRow(
        "fl oz", .volume, D.usFluidOunce, "fl oz", "fl oz",
        ["floz", "fl ozs", "fluid ounce", "fluid ounces", "fl ounce", "fl ounces"]),
      KitchenUnitRow("cup", .volume, D.usCup, "cup", "cups", ["cp", "cups"]),
      KitchenUnitRow("pint", .volume, D.usFluidOunce * 16, "pint", "pints", ["pt", "pts"]),
      KitchenUnitRow("quart", .volume, D.usFluidOunce * 32, "quart", "quarts", ["qt", "qts"]),
      KitchenUnitRow("gallon", .volume, D.usGallon, "gallon", "gallons", ["gal", "gals"]),
      KitchenUnitRow("metric tsp", .volume, 5, "metric tsp", "metric tsp", ["metric teaspoon"]),
      KitchenUnitRow(
        "metric tbsp", .volume, 15, "metric tbsp", "metric tbsp", ["metric tablespoon"]),
      KitchenUnitRow("metric cup", .volume, 250, "metric cup", "metric cups"),
      KitchenUnitRow("dessertspoon", .volume, 10, "dessertspoon", "dessertspoons", ["dsp"]),
      KitchenUnitRow("uk fl oz", .volume, D.ukFluidOunce, "UK fl oz", "UK fl oz"),
      KitchenUnitRow("uk pint", .volume, D.ukPint, "UK pint", "UK pints", ["imperial pint"]),
      KitchenUnitRow("uk quart", .volume, D.ukPint * 2, "UK quart", "UK quarts"),
      KitchenUnitRow("uk gallon", .volume, D.ukGallon, "UK gallon", "UK gallons"),

      // Length, for pieces of ginger and cinnamon (base: centimetre)
      KitchenUnitRow("cm", .length, 1, "cm", "cm", ["centimetre", "centimetres", "centimeter"]),
      KitchenUnitRow("inch", .length, 2.54, "inch", "inches", ["in", "inchs"]),

      // Count-like units: each adds up only with itself or its group. `kind:` says what it
      // counts (`KitchenUnit.Kind`: a pack, a bundle, a part of a food, a smidgen...), and the
      // word lists that name units by kind take them from here; a row that doesn't say is
      // `.other`. A unit shares its group's kind.
      KitchenUnitRow("clove", .count, 1, "clove", "cloves", kind: .part),
      KitchenUnitRow("can", .count, 1, "can", "cans", kind: .pack),
      KitchenUnitRow("tin", .count, 1, "tin", "tins", countGroup: "can", kind: .pack),
      KitchenUnitRow("pack", .count, 1, "pack", "packs", ["pk", "pks"], kind: .pack),
      KitchenUnitRow(
        "packet", .count, 1, "packet", "packets", ["pkt", "pkts"], countGroup: "pack", kind: .pack),
      KitchenUnitRow(
        "package", .count, 1, "package", "packages", ["pkg", "pkgs"], countGroup: "pack",
        kind: .pack),
      KitchenUnitRow("jar", .count, 1, "jar", "jars", kind: .pack),
      KitchenUnitRow("bottle", .count, 1, "bottle", "bottles", ["btl", "btls"], kind: .pack),
      KitchenUnitRow("bag", .count, 1, "bag", "bags", kind: .pack),
      KitchenUnitRow("box", .count, 1, "box", "boxes", kind: .pack),
      KitchenUnitRow("carton", .count, 1, "carton", "cartons", kind: .pack),
      KitchenUnitRow("container", .count, 1, "container", "containers", kind: .pack),
      KitchenUnitRow("tub", .count, 1, "tub", "tubs", countGroup: "container", kind: .pack),
      KitchenUnitRow("envelope", .count, 1, "envelope", "envelopes", kind: .pack),
      KitchenUnitRow("sachet", .count, 1, "sachet", "sachets", countGroup: "envelope", kind: .pack),
      KitchenUnitRow("bunch", .count, 1, "bunch", "bunches"),
      KitchenUnitRow("head", .count, 1, "head", "heads", kind: .part),
      KitchenUnitRow("bulb", .count, 1, "bulb", "bulbs", kind: .part),
      KitchenUnitRow("stalk", .count, 1, "stalk", "stalks", ["rib", "ribs"], kind: .part),
      KitchenUnitRow("sprig", .count, 1, "sprig", "sprigs", ["branch", "branches"], kind: .part),
      KitchenUnitRow("slice", .count, 1, "slice", "slices", kind: .part),
      KitchenUnitRow("piece", .count, 1, "piece", "pieces", ["pc", "pcs"]),
      KitchenUnitRow("stick", .count, 1, "stick", "sticks", kind: .part),
      KitchenUnitRow("sheet", .count, 1, "sheet", "sheets"),
      KitchenUnitRow("strip", .count, 1, "strip", "strips", ["rasher", "rashers"]),
      KitchenUnitRow("fillet", .count, 1, "fillet", "fillets", kind: .foodWord),
      KitchenUnitRow("loaf", .count, 1, "loaf", "loaves"),
      KitchenUnitRow("block", .count, 1, "block", "blocks"),
      KitchenUnitRow("cube", .count, 1, "cube", "cubes", kind: .foodWord),
      KitchenUnitRow("ear", .count, 1, "ear", "ears"),
      KitchenUnitRow("knob", .count, 1, "knob", "knobs"),
      KitchenUnitRow("scoop", .count, 1, "scoop", "scoops"),
      KitchenUnitRow("ball", .count, 1, "ball", "balls"),
      KitchenUnitRow("pinch", .count, 1, "pinch", "pinches", kind: .smidgen),
      KitchenUnitRow("dash", .count, 1, "dash", "dashes", kind: .smidgen),
      KitchenUnitRow("drop", .count, 1, "drop", "drops", kind: .smidgen),
      KitchenUnitRow("splash", .count, 1, "splash", "splashes", kind: .smidgen),
      KitchenUnitRow("handful", .count, 1, "handful", "handfuls"),
      // Sold as packs in the UK: a punnet of berries, a pot of yogurt (a tub is a container)
      KitchenUnitRow("punnet", .count, 1, "punnet", "punnets", kind: .pack),
      // How a shopping list counts what comes rolled or in a case: a roll of foil, a case of
      // water, a crate of beer, a tray of eggs
      KitchenUnitRow("roll", .count, 1, "roll", "rolls"),
      KitchenUnitRow("case", .count, 1, "case", "cases", kind: .bundle),
      KitchenUnitRow("crate", .count, 1, "crate", "crates", kind: .bundle),
      KitchenUnitRow("tray", .count, 1, "tray", "trays", kind: .bundle),
      KitchenUnitRow("pot", .count, 1, "pot", "pots", kind: .pack),
      KitchenUnitRow("leaf", .count, 1, "leaf", "leaves", kind: .foodWord),
      KitchenUnitRow("stem", .count, 1, "stem", "stems"),
      KitchenUnitRow("chunk", .count, 1, "chunk", "chunks"),
      KitchenUnitRow("drizzle", .count, 1, "drizzle", "drizzles", kind: .smidgen),
      KitchenUnitRow("glug", .count, 1, "glug", "glugs"),
      KitchenUnitRow("squeeze", .count, 1, "squeeze", "squeezes"),
      KitchenUnitRow("glass", .count, 1, "glass", "glasses"),
      // How meat and fish are sold: 4 links of sausage, a rack of lamb, a pair of shad roe
      // ("slab" stays a word of the food: "slab bacon")
      KitchenUnitRow("link", .count, 1, "link", "links"),
      KitchenUnitRow("rack", .count, 1, "rack", "racks"),
      KitchenUnitRow("pair", .count, 1, "pair", "pairs"),
      KitchenUnitRow("bar", .count, 1, "bar", "bars"),
      KitchenUnitRow("grind", .count, 1, "grind", "grinds"),
      // A batch of another recipe: "1 recipe flaky pastry dough (see below)"
      KitchenUnitRow("recipe", .count, 1, "recipe", "recipes", ["batch", "batches"]),
    ]
  }()
}
