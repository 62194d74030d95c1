/// The one place amounts of a food are added and compared: the list's merge of recipe lines,
/// the pantry's "need 500 g, have 200 g → buy 300 g" and meal prep's merging of several
/// recipes all call these.
///
/// Rules:
/// - Within a unit family (mass, volume, length) amounts add up exactly, by the unit table
///   (`KitchenUnit`): g with kg, ml with L, cups with spoons and ml, oz with lb.
/// - Count-like units add up only within their group (can with tin), plain counts with plain
///   counts, and packages only when their sizes agree ("2 cans (14 oz)" + "1 can (14 oz)").
/// - Mass and volume meet only through the food's density (`FoodDensity`), and the result says
///   so (`ItemAmount.converted`); the sum is then a mass.
/// - Anything else doesn't meet: the amounts stay side by side.
/// - A range adds at both ends.
public enum AmountArithmetic {
  /// How an amount joined others.
  public enum Merge: Equatable, Sendable {
    /// Added to the amount at `index`, in the same family.
    case summed(index: Int)
    /// Added to the amount at `index` across mass and volume, through the food's density.
    case converted(index: Int)
    /// It met none of them, so it was put beside them (at `index`).
    case apart(index: Int)

    public var index: Int {
      switch self {
      case .summed(let index), .converted(let index), .apart(let index): index
      }
    }
  }

  /// `a + b` for the food `food`, or nil when the two don't meet. The second value says
  /// whether the sum went through the food's density.
  public static func sum(_ a: ItemAmount, _ b: ItemAmount, food: String) -> (
    ItemAmount, converted: Bool
  )? {
    if let same = sameFamilySum(a, b) { return (same, false) }
    if let crossed = densitySum(a, b, food: food) { return (crossed, true) }
    return nil
  }

  /// `amount` added into `amounts` (which hold at most one amount per family): into the first
  /// one of its family, else the first it meets through the food's density, else beside them.
  public static func merge(_ amount: ItemAmount, into amounts: [ItemAmount], food: String) -> (
    amounts: [ItemAmount], merge: Merge
  ) {
    var result = amounts
    for (index, existing) in amounts.enumerated() {
      if let sum = sameFamilySum(existing, amount) {
        result[index] = sum
        return (result, .summed(index: index))
      }
    }
    for (index, existing) in amounts.enumerated() {
      if let sum = densitySum(existing, amount, food: food) {
        result[index] = sum
        return (result, .converted(index: index))
      }
    }
    result.append(amount)
    return (result, .apart(index: result.count - 1))
  }

  /// What is left to buy when `have` is already there.
  public enum Remainder: Equatable, Sendable {
    /// `have` is at least what is needed.
    case covered
    /// Buy this much more (in the unit the need was stated in).
    case buy(ItemAmount)
    /// The two can't be compared (different kinds of amount, no density for the food).
    case incomparable
  }

  /// `need − have` for the food `food` ("need 500 g, have 200 g → buy 300 g"). A range is
  /// needed at its top.
  public static func remainder(of need: ItemAmount, after have: ItemAmount, food: String)
    -> Remainder
  {
    let needed = need.maxAmount ?? need.amount
    guard let (held, converted) = value(of: have, in: need, food: food) else {
      return .incomparable
    }
    if held >= needed * (1 - 1e-9) { return .covered }
    return .buy(
      ItemAmount(
        amount: (needed - held).tidy, unit: need.unit, packSize: need.packSize,
        converted: need.converted || have.converted || converted))
  }

  // MARK: - Same family

  /// `a + b` when they are in one family (or both plain counts) with agreeing package sizes.
  static func sameFamilySum(_ a: ItemAmount, _ b: ItemAmount) -> ItemAmount? {
    guard packagesAgree(a.packSize, b.packSize) else { return nil }
    let converted = a.converted || b.converted
    switch (a.unit, b.unit) {
    case (nil, nil):
      return ItemAmount(
        amount: a.amount + b.amount, maxAmount: sumOfTops(a, b, 1, 1), unit: nil,
        packSize: a.packSize, converted: converted)
    case (let first?, let second?) where first.isCompatible(with: second):
      let total = a.amount * first.baseFactor + b.amount * second.baseFactor
      let unit = sumUnit(first, second, total: total)
      let top = sumOfTops(a, b, first.baseFactor, second.baseFactor)
      return ItemAmount(
        amount: (total / unit.baseFactor).tidy, maxAmount: top.map { ($0 / unit.baseFactor).tidy },
        unit: unit, packSize: a.packSize, converted: converted)
    default:
      return nil
    }
  }

  /// The sum of the tops of two amounts in base units, when either is a range.
  private static func sumOfTops(
    _ a: ItemAmount, _ b: ItemAmount, _ aFactor: Double, _ bFactor: Double
  )
    -> Double?
  {
    guard a.maxAmount != nil || b.maxAmount != nil else { return nil }
    return (a.maxAmount ?? a.amount) * aFactor + (b.maxAmount ?? b.amount) * bFactor
  }

  /// The unit a sum of `first` and `second` is written in (`total` in the family's base
  /// unit): the same unit; for counts the first; metric when either is metric (the largest
  /// metric unit the sum fills at least once: 1.5 kg, 750 g); otherwise the larger unit when
  /// the sum is a kitchen fraction of it (1⅛ cups), else the smaller (17 tbsp).
  static func sumUnit(_ first: KitchenUnit, _ second: KitchenUnit, total: Double) -> KitchenUnit {
    if first == second || first.family == .count { return first }
    let metric = [first, second].filter(\.isMetric)
    if !metric.isEmpty {
      let base = KitchenUnit.base(of: first.family)
      let candidates = (metric + [base]).sorted { $0.baseFactor > $1.baseFactor }
      return candidates.first { total / $0.baseFactor >= 1 - 1e-9 } ?? candidates.last!
    }
    let (larger, smaller) =
      first.baseFactor >= second.baseFactor ? (first, second) : (second, first)
    if KitchenAmountFormat.isKitchenFraction(total / larger.baseFactor) { return larger }
    if KitchenAmountFormat.isKitchenFraction(total / smaller.baseFactor) { return smaller }
    return larger
  }

  /// Whether two package sizes are the same: both absent, or equal within 1 %.
  private static func packagesAgree(_ a: IngredientQuantity?, _ b: IngredientQuantity?) -> Bool {
    switch (a, b) {
    case (nil, nil):
      return true
    case (let a?, let b?):
      let other: Double?
      switch (a.unit, b.unit) {
      case (nil, nil): other = b.amount
      case (let unitA?, let unitB?): other = unitB.convert(b.amount, to: unitA)
      default: other = nil
      }
      guard let other else { return false }
      return abs(other - a.amount) <= 0.01 * max(abs(a.amount), 1e-9)
    default:
      return false
    }
  }

  // MARK: - Across mass and volume

  /// `a + b` across mass and volume through the density of `food`: the volume becomes grams
  /// and the sum is a mass, marked converted. Nil when the food's density is unknown.
  static func densitySum(_ a: ItemAmount, _ b: ItemAmount, food: String) -> ItemAmount? {
    guard a.packSize == nil, b.packSize == nil, let unitA = a.unit, let unitB = b.unit else {
      return nil
    }
    switch (unitA.family, unitB.family) {
    case (.mass, .volume):
      guard let grams = inGrams(b, food: food) else { return nil }
      return sameFamilySum(a, grams).map(markedConverted)
    case (.volume, .mass):
      guard let grams = inGrams(a, food: food) else { return nil }
      return sameFamilySum(grams, b).map(markedConverted)
    default:
      return nil
    }
  }

  private static func markedConverted(_ amount: ItemAmount) -> ItemAmount {
    var marked = amount
    marked.converted = true
    return marked
  }

  /// A volume of `food` as grams, through its density.
  private static func inGrams(_ amount: ItemAmount, food: String) -> ItemAmount? {
    guard let unit = amount.unit,
      let grams = FoodDensity.convert(amount.amount, from: unit, to: .gram, food: food)
    else { return nil }
    let top = amount.maxAmount.flatMap {
      FoodDensity.convert($0, from: unit, to: .gram, food: food)
    }
    return ItemAmount(amount: grams, maxAmount: top, unit: .gram, converted: true)
  }

  /// `have` expressed in `need`'s unit, and whether that went through the food's density.
  private static func value(of have: ItemAmount, in need: ItemAmount, food: String) -> (
    Double, Bool
  )? {
    guard packagesAgree(have.packSize, need.packSize) else { return nil }
    let held = have.amount
    switch (have.unit, need.unit) {
    case (nil, nil):
      return (held, false)
    case (let from?, let to?):
      if let direct = from.convert(held, to: to) { return (direct, false) }
      guard have.packSize == nil,
        let crossed = FoodDensity.convert(held, from: from, to: to, food: food)
      else { return nil }
      return (crossed, true)
    default:
      return nil
    }
  }
}

extension KitchenUnit {
  /// Metric units: their amounts are written in decimals and sums prefer them.
  var isMetric: Bool {
    ["mg", "g", "kg", "ml", "cl", "dl", "l", "cm"].contains(id)
  }

  /// The base unit of a measured family: g, ml or cm.
  static func base(of family: Family) -> KitchenUnit {
    switch family {
    case .mass: .gram
    case .volume: .milliliter
    case .length: KitchenUnit(known: "cm")
    case .count: KitchenUnit(known: "piece")
    }
  }
}
