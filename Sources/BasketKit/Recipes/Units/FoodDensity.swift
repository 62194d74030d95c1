/// Grams per millilitre for common recipe foods, so mass and volume meet only where a food's
/// density is known ("1 cup flour" ≈ 125 g). The rows are generated from USDA SR24 household
/// weights by `Tools/recipes/densities.py`; see `Data/recipes/densities.tsv` for each row's source.
public enum FoodDensity {
  /// The density of the food `name` names, matched on its `NameKey` (case, accents, plurals
  /// folded), dropping leading words until a known food is left ("organic unsalted butter" →
  /// "unsalted butter"). Nil for foods the table does not know.
  public static func gramsPerMilliliter(for name: String) -> Double? {
    var words = NameKey.of(name).split(separator: " ")
    while !words.isEmpty {
      if let density = table[words.joined(separator: " ")] { return density }
      words.removeFirst()
    }
    return nil
  }

  /// `amount` in `unit` of the food `name`, expressed in `target`: within a family by the unit
  /// table, across mass and volume only through the food's density. Nil when they don't meet.
  public static func convert(
    _ amount: Double, from unit: KitchenUnit, to target: KitchenUnit, food name: String
  ) -> Double? {
    if let direct = unit.convert(amount, to: target) { return direct }
    guard let density = gramsPerMilliliter(for: name) else { return nil }
    switch (unit.family, target.family) {
    case (.volume, .mass):
      return amount * unit.baseFactor * density / target.baseFactor
    case (.mass, .volume):
      return amount * unit.baseFactor / density / target.baseFactor
    default:
      return nil
    }
  }

  static let table: [String: Double] = {
    var map: [String: Double] = [:]
    for row in rows {
      for name in row.names.split(separator: "|") {
        let key = NameKey.of(String(name))
        if map[key] == nil { map[key] = row.gramsPerMilliliter }
      }
    }
    return map
  }()
}
