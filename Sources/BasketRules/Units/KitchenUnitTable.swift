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
    ] + countRows()
  }()

  /// Count-like units: each adds up only with itself or its group. The columns: the unit (its
  /// singular), its plural, what it counts (`KitchenUnit.Kind`: a pack, a bundle, a part of a
  /// food, a smidgen..., which the word lists that name units by kind take from here), the
  /// group it adds up with (none: its own), and further spellings. A unit shares its group's
  /// kind. One text rather than rows of code: the browser's module keeps it as data.
  static let countTable = """
      clove        | cloves     | part     |           |
      can          | cans       | pack     |           |
      tin          | tins       | pack     | can       |
      pack         | packs      | pack     |           | pk pks
      packet       | packets    | pack     | pack      | pkt pkts
      package      | packages   | pack     | pack      | pkg pkgs
      jar          | jars       | pack     |           |
      bottle       | bottles    | pack     |           | btl btls
      bag          | bags       | pack     |           |
      box          | boxes      | pack     |           |
      carton       | cartons    | pack     |           |
      container    | containers | pack     |           |
      tub          | tubs       | pack     | container |
      envelope     | envelopes  | pack     |           |
      sachet       | sachets    | pack     | envelope  |
      bunch        | bunches    | other    |           |
      head         | heads      | part     |           |
      bulb         | bulbs      | part     |           |
      stalk        | stalks     | part     |           | rib ribs
      sprig        | sprigs     | part     |           | branch branches
      slice        | slices     | part     |           |
      piece        | pieces     | other    |           | pc pcs
      stick        | sticks     | part     |           |
      sheet        | sheets     | other    |           |
      strip        | strips     | other    |           | rasher rashers
      fillet       | fillets    | foodWord |           |
      loaf         | loaves     | other    |           |
      block        | blocks     | other    |           |
      cube         | cubes      | foodWord |           |
      ear          | ears       | other    |           |
      knob         | knobs      | other    |           |
      scoop        | scoops     | other    |           |
      ball         | balls      | other    |           |
      pinch        | pinches    | smidgen  |           |
      dash         | dashes     | smidgen  |           |
      drop         | drops      | smidgen  |           |
      splash       | splashes   | smidgen  |           |
      handful      | handfuls   | other    |           |
      # Sold as packs in the UK: a punnet of berries, a pot of yogurt (a tub is a container)
      punnet       | punnets    | pack     |           |
      # How a shopping list counts what comes rolled or in a case: a roll of foil, a case of
      # water, a crate of beer, a tray of eggs
      roll         | rolls      | other    |           |
      case         | cases      | bundle   |           |
      crate        | crates     | bundle   |           |
      tray         | trays      | bundle   |           |
      pot          | pots       | pack     |           |
      leaf         | leaves     | foodWord |           |
      stem         | stems      | other    |           |
      chunk        | chunks     | other    |           |
      drizzle      | drizzles   | smidgen  |           |
      glug         | glugs      | other    |           |
      squeeze      | squeezes   | other    |           |
      glass        | glasses    | other    |           |
      # How meat and fish are sold: 4 links of sausage, a rack of lamb, a pair of shad roe
      # ("slab" stays a word of the food: "slab bacon")
      link         | links      | other    |           |
      rack         | racks      | other    |           |
      pair         | pairs      | other    |           |
      bar          | bars       | other    |           |
      grind        | grinds     | other    |           |
      # A batch of another recipe: "1 recipe flaky pastry dough (see below)"
      recipe       | recipes    | other    |           | batch batches
    """

  private static func countRows() -> [KitchenUnitRow] {
    countTable.split(separator: "\n").compactMap { line in
      let columns = line.split(separator: "|", omittingEmptySubsequences: false).map {
        String($0.split(separator: " ").joined(separator: " "))
      }
      guard columns.count == 5, !columns[0].hasPrefix("#") else { return nil }
      return KitchenUnitRow(
        columns[0], .count, 1, columns[0], columns[1],
        columns[4].split(separator: " ").map(String.init),
        countGroup: columns[3].isEmpty ? nil : columns[3],
        kind: KitchenUnit.Kind(rawValue: columns[2]) ?? .other)
    }
  }
}
