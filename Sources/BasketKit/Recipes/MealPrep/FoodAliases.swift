/// Names that mean one food, for merging meal prep lines: "scallions" and "spring onions" are
/// bought as the same thing. Only pairs that are the same thing on a shop shelf are `same`;
/// pairs that are often but not always the same (US "coriander" is the seed, UK "coriander"
/// the leaf) are `maybe`, so the plan asks instead of merging.
///
/// Source: the American/British name pairs in Wikipedia's "List of culinary terms differing
/// between American and British English" and each food's own article (Scallion, Coriander,
/// Zucchini, Eggplant, Eruca vesicaria, Chickpea, Rutabaga, Beetroot, Snow pea, Vicia faba,
/// Romaine lettuce, Powdered sugar, Corn starch, Sodium bicarbonate, Ground beef), read
/// December 2026. Names are compared by `NameKey` (case, accents and plurals folded).
public enum FoodAliases {
  /// Each row: names of one food, the first the one it is called in the plan's key.
  static let same: [[String]] = [
    ["scallion", "spring onion", "green onion", "salad onion"],
    ["cilantro", "fresh coriander", "coriander leaves", "coriander leaf"],
    ["zucchini", "courgette"],
    ["eggplant", "aubergine"],
    ["arugula", "rocket", "roquette"],
    ["chickpea", "garbanzo bean", "garbanzo"],
    ["rutabaga", "swede"],
    ["beet", "beetroot"],
    ["snow pea", "mangetout"],
    ["fava bean", "broad bean"],
    ["romaine lettuce", "cos lettuce"],
    ["powdered sugar", "icing sugar", "confectioners sugar"],
    ["caster sugar", "superfine sugar"],
    ["cornstarch", "cornflour", "corn starch"],
    ["baking soda", "bicarbonate of soda", "bicarb", "sodium bicarbonate"],
    ["all-purpose flour", "plain flour"],
    ["ground beef", "minced beef", "beef mince"],
    ["bell pepper", "sweet pepper", "capsicum"],
  ]

  /// Pairs that may or may not be one food: the plan asks.
  static let maybe: [(String, String)] = [
    ("coriander", "cilantro"),  // US: the seed; UK: the leaf
    ("heavy cream", "double cream"),  // about 36 % against 48 % fat
    ("shrimp", "prawn"),
    ("golden raisin", "sultana"),
    ("molasses", "black treacle"),
    ("pepper", "bell pepper"),
  ]

  /// The key two names share when they surely name one food: the alias row's first name's
  /// key, else the name's own `NameKey`.
  public static func key(_ name: String) -> String {
    let own = NameKey.of(name)
    return canonical[own] ?? own
  }

  /// Whether two names might be one food but are not surely: a `maybe` pair.
  public static func mightBeSame(_ a: String, _ b: String) -> Bool {
    let pair = [key(a), key(b)].sorted()
    return maybeKeys.contains(pair[0] + "\n" + pair[1])
  }

  private static let canonical: [String: String] = {
    var map: [String: String] = [:]
    for row in same {
      let first = NameKey.of(row[0])
      for name in row { map[NameKey.of(name)] = first }
    }
    return map
  }()

  private static let maybeKeys: Set<String> = Set(
    maybe.map { pair in
      let keys = [key(pair.0), key(pair.1)].sorted()
      return keys[0] + "\n" + keys[1]
    })
}
