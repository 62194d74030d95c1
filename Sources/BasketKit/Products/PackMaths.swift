/// How many packs of a product cover what a list item needs, with the arithmetic shown:
/// packs = ⌈needed ÷ pack size⌉ when the two share a unit family (`KitchenUnit`: g with kg,
/// ml with l and cups, counts with counts), converted by the unit table. Across families (a
/// volume needed, a pack by weight) it says why it can't count, and never guesses.
public enum PackMaths {
  public enum Outcome: Equatable, Sendable {
    /// Buy `packs`; `arithmetic` shows why ("need 1.2 kg = 1200 g; 1200 g ÷ 500 g = 2.4 → 3").
    case packs(Int, arithmetic: String)
    /// The item states no amount: one pack, said so.
    case onePack(reason: String)
    /// The packs can't be counted from the amounts; `reason` says why.
    case cannot(reason: String)
    /// The product's pack size isn't known.
    case noPackSize

    /// A line for a face: "Buy 3 packs (need 1.2 kg = 1200 g; …)".
    public var text: String {
      switch self {
      case .packs(let count, let arithmetic):
        "Buy \(count) \(count == 1 ? "pack" : "packs") (\(arithmetic))"
      case .onePack(let reason): "Buy 1 pack (\(reason))"
      case .cannot(let reason): "Packs not counted: \(reason)"
      case .noPackSize: "Pack size not known: buy what the list says"
      }
    }

    public var packs: Int? {
      switch self {
      case .packs(let count, _): count
      case .onePack: 1
      default: nil
      }
    }
  }

  /// The most packs ever proposed: more is a mistake somewhere, and is said so.
  public static let maximumPacks = 999

  /// The packs of `pack` to buy for `amounts` (an item's amounts, `Item.amounts`): the ones
  /// in the pack's family are added up (ranges at their top); any others are named as not
  /// counted.
  public static func packs(for amounts: [ItemAmount], pack: IngredientQuantity?) -> Outcome {
    guard let pack, pack.amount > 0, pack.amount.isFinite else { return .noPackSize }
    guard !amounts.isEmpty else { return .onePack(reason: "the list gives no amount") }
    let packText = KitchenAmountFormat.text(pack)
    var inFamily: [(ItemAmount, Double)] = []
    var apart: [ItemAmount] = []
    for amount in amounts {
      if let value = value(of: amount, in: pack.unit) {
        inFamily.append((amount, value))
      } else {
        apart.append(amount)
      }
    }
    guard !inFamily.isEmpty else {
      let needed = amounts.map(\.text).joined(separator: " + ")
      return .cannot(reason: "need \(needed) but a pack is \(packText): \(why(amounts[0], pack))")
    }
    let needed = inFamily.map(\.1).reduce(0, +)
    guard needed.isFinite, needed > 0 else {
      return .onePack(reason: "the list gives no amount")
    }
    let ratio = needed / pack.amount
    let count = Int(exactly: (ratio - 1e-9).rounded(.up)) ?? Int.max
    guard count <= maximumPacks else {
      return .cannot(reason: "that would be more than \(maximumPacks) packs of \(packText)")
    }
    let neededText = KitchenAmountFormat.text(
      IngredientQuantity(amount: needed.tidy, unit: pack.unit))
    var statedParts = inFamily.map(\.0.text)
    let stated = statedParts.joined(separator: " + ")
    var arithmetic = "need \(stated)"
    if stated != neededText { arithmetic += " = \(neededText)" }
    arithmetic += "; \(neededText) ÷ \(packText) = \(KitchenAmountFormat.decimal(ratio))"
    if ratio.tidy != Double(max(count, 1)) { arithmetic += " → \(max(count, 1))" }
    if !apart.isEmpty {
      statedParts = apart.map(\.text)
      arithmetic += "; \(statedParts.joined(separator: " + ")) not counted: \(why(apart[0], pack))"
    }
    return .packs(max(count, 1), arithmetic: arithmetic)
  }

  /// `amount` in `unit` (nil: a plain count), its top when a range, its packages multiplied
  /// out; nil when the two are not one family.
  static func value(of amount: ItemAmount, in unit: KitchenUnit?) -> Double? {
    let top = amount.maxAmount ?? amount.amount
    guard top.isFinite, top > 0 else { return nil }
    if let size = amount.packSize {
      // "2 cans (400 g)": 800 g.
      guard let per = value(of: ItemAmount(amount: size.amount, unit: size.unit), in: unit)
      else {
        return amount.unit == unit && unit?.family == .count ? top : nil
      }
      return top * per
    }
    switch (amount.unit, unit) {
    case (nil, nil): return top
    case (let from?, let to?): return from.convert(top, to: to)
    default: return nil
    }
  }

  /// Why `amount` and `pack` can't be counted together.
  static func why(_ amount: ItemAmount, _ pack: IngredientQuantity) -> String {
    func kind(_ unit: KitchenUnit?) -> String {
      guard let unit else { return "a count" }
      switch unit.family {
      case .mass: return "a weight"
      case .volume: return "a volume"
      case .length: return "a length"
      case .count: return "a count of \(unit.label(for: 2))"
      }
    }
    let need = kind(amount.packSize?.unit ?? amount.unit)
    let have = kind(pack.unit)
    if need == have { return "they are different kinds of count" }
    return "\(need) and \(have) don't convert (Basket converts within one kind of unit only)"
  }
}
