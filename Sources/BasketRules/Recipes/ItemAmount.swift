#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// An amount a recipe asked for, as a list item carries it: in a kitchen unit, as written
/// ("2 cups", "3 cloves", "2 cans (14 oz)"), or a plain count.
public struct ItemAmount: Equatable, Hashable, Sendable {
  public var amount: Double
  /// The top of a range ("2–3 cloves").
  public var maxAmount: Double?
  /// nil for a plain count ("2 eggs").
  public var unit: KitchenUnit?
  /// The size of one package when the amount counts packages ("14 oz" in "2 cans").
  public var packSize: IngredientQuantity?
  /// Part of it came across mass and volume through `FoodDensity` ("≈ 250 g, converted").
  public var converted: Bool

  public init(
    amount: Double, maxAmount: Double? = nil, unit: KitchenUnit? = nil,
    packSize: IngredientQuantity? = nil, converted: Bool = false
  ) {
    self.amount = amount
    self.maxAmount = maxAmount
    self.unit = unit
    self.packSize = packSize
    self.converted = converted
  }

  /// The list's stepper quantity as a kitchen amount (ml → ml, L → l, units → a count).
  public init(_ quantity: Quantity, converted: Bool = false) {
    self.init(amount: quantity.amount, unit: quantity.unit.kitchenUnit, converted: converted)
  }

  /// As the item shows it: "2 cups", "2–3 cloves", "2 cans (14 oz)", "≈ 250 g, converted".
  /// Grams and millilitres from ten up show whole (a sum of 1 lb and 500 g is "954 g").
  public var text: String {
    func shown(_ value: Double) -> Double {
      guard let unit, unit == .gram || unit == .milliliter, value >= 10 else { return value }
      return value.rounded()
    }
    let quantity = IngredientQuantity(
      amount: shown(amount), maxAmount: maxAmount.map(shown), unit: unit)
    var text = KitchenAmountFormat.text(quantity)
    if let packSize { text += " (\(KitchenAmountFormat.text(packSize)))" }
    return converted ? "≈ \(text), converted" : text
  }

  /// The stepper quantity this amount is exactly, when it is one: a single amount in ml, L, g,
  /// kg or a whole count, no package size. Nil otherwise (cups, ranges, "1½ onions").
  public var stepperQuantity: Quantity? {
    guard maxAmount == nil, packSize == nil, amount.isFinite, amount > 0 else { return nil }
    guard let unit else {
      return amount == amount.rounded() ? Quantity(amount: amount, unit: .units) : nil
    }
    guard let measure = MeasureUnit(kitchen: unit) else { return nil }
    return Quantity(amount: amount, unit: measure)
  }
}

extension ItemAmount {
  /// The amount an ingredient line asks for; nil when it states none. A weight or volume the
  /// line also counts in the container it comes in ("400g tin chopped tomatoes", "20g bunch
  /// coriander") is bought as containers of that size: 1 tin (400 g).
  public init?(_ line: IngredientLine) {
    guard let quantity = line.quantity, quantity.amount.isFinite, quantity.amount > 0 else {
      return nil
    }
    if line.packSize == nil, quantity.maxAmount == nil,
      let family = quantity.unit?.family, family == .mass || family == .volume,
      let counted = line.equivalents.first(where: {
        $0.unit.map { IngredientVocabulary.containers.contains($0.id) } ?? false
      }), counted.amount > 0, counted.maxAmount == nil
    {
      let each = ((quantity.amount / counted.amount) * 1000).rounded() / 1000
      self.init(
        amount: counted.amount, unit: counted.unit,
        packSize: IngredientQuantity(amount: each, unit: quantity.unit))
      return
    }
    self.init(
      amount: quantity.amount, maxAmount: quantity.maxAmount, unit: quantity.unit,
      packSize: line.packSize)
  }
}

#if !hasFeature(Embedded)
  extension ItemAmount: Codable {
    private enum CodingKeys: String, CodingKey {
      case amount, maxAmount, unit, packSize, converted, text
    }

    /// `{"amount", "maxAmount", "unit", "packSize"?, "converted", "text"}`: `text` is the amount
    /// as shown, for faces that only display it.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(amount, forKey: .amount)
      try container.encode(maxAmount, forKey: .maxAmount)
      try container.encode(unit, forKey: .unit)
      try container.encodeIfPresent(packSize, forKey: .packSize)
      try container.encode(converted, forKey: .converted)
      try container.encode(text, forKey: .text)
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      amount = try container.decode(Double.self, forKey: .amount)
      maxAmount = try container.decodeIfPresent(Double.self, forKey: .maxAmount)
      unit = try container.decodeIfPresent(KitchenUnit.self, forKey: .unit)
      packSize = try container.decodeIfPresent(IngredientQuantity.self, forKey: .packSize)
      converted = try container.decodeIfPresent(Bool.self, forKey: .converted) ?? false
    }
  }
#endif

extension MeasureUnit {
  /// The kitchen unit that is this list unit; nil for units (a plain count).
  public var kitchenUnit: KitchenUnit? {
    switch self {
    case .ml: .milliliter
    case .liters: .liter
    case .grams: .gram
    case .kilograms: .kilogram
    case .units: nil
    }
  }

  /// The list unit that is this kitchen unit exactly, if there is one.
  public init?(kitchen unit: KitchenUnit) {
    switch unit.id {
    case "ml": self = .ml
    case "l": self = .liters
    case "g": self = .grams
    case "kg": self = .kilograms
    default: return nil
    }
  }
}
