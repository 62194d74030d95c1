#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// The quantity editor's rules: default unit, unit pills, unit switching, stepper and limits.
public enum QuantityRules {
  /// The unit the editor starts in: ml for poured things, g for weighed ones, else units.
  public static func defaultUnit(for measure: MeasureKind?) -> MeasureUnit {
    switch measure {
    case .poured: .ml
    case .weighed: .grams
    case .counted, nil: .units
    }
  }

  /// The unit pills offered: a recognised liquid gets ml / L / units, a recognised weighed item
  /// g / kg / units, anything else the full set. Every item can be counted in units.
  public static func allowedUnits(for measure: MeasureKind?) -> [MeasureUnit] {
    switch measure {
    case .poured: [.ml, .liters, .units]
    case .weighed: [.grams, .kilograms, .units]
    case .counted, nil: MeasureUnit.allCases
    }
  }

  /// The amount the editor shows when it opens on an item with no quantity yet.
  public static func startingQuantity(for measure: MeasureKind?) -> Quantity {
    let unit = defaultUnit(for: measure)
    return Quantity(amount: startingAmount(unit), unit: unit)
  }

  static func startingAmount(_ unit: MeasureUnit) -> Double {
    switch unit {
    case .ml: 500
    case .liters: 1
    case .grams: 250
    case .kilograms: 1
    case .units: 1
    }
  }

  /// How far one press of − or + moves the amount.
  public static func step(for unit: MeasureUnit) -> Double {
    switch unit {
    case .ml: 50
    case .liters: 0.25
    case .grams: 50
    case .kilograms: 0.25
    case .units: 1
    }
  }

  /// The largest amount accepted in a unit; anything larger is treated as a typo.
  public static func maximum(for unit: MeasureUnit) -> Double {
    switch unit {
    case .ml, .grams: 100_000
    case .liters, .kilograms: 100
    case .units: 999
    }
  }

  /// Switches unit. Within a dimension (ml↔L, g↔kg) the amount converts; across dimensions the
  /// editor starts fresh at the new unit's starting amount (never "500 units").
  public static func switching(_ quantity: Quantity, to unit: MeasureUnit) -> Quantity {
    guard quantity.unit != unit else { return quantity }
    guard quantity.unit.dimension == unit.dimension else {
      return Quantity(amount: startingAmount(unit), unit: unit)
    }
    let amount = clamped(quantity.amount, unit: quantity.unit)
    let converted = amount * quantity.unit.baseFactor / unit.baseFactor
    return Quantity(amount: tidy(converted, unit: unit), unit: unit)
  }

  /// One press of +: up by a step, snapped to the step grid, capped at the maximum.
  public static func increment(_ quantity: Quantity) -> Quantity {
    let amount = clamped(quantity.amount, unit: quantity.unit)
    let next = stepped(amount, step: step(for: quantity.unit), up: true)
    return Quantity(
      amount: tidy(min(next, maximum(for: quantity.unit)), unit: quantity.unit),
      unit: quantity.unit)
  }

  /// One press of −: down by a step, snapped to the step grid, never below zero.
  public static func decrement(_ quantity: Quantity) -> Quantity {
    let amount = clamped(quantity.amount, unit: quantity.unit)
    let next = stepped(amount, step: step(for: quantity.unit), up: false)
    return Quantity(amount: tidy(max(next, 0), unit: quantity.unit), unit: quantity.unit)
  }

  /// One step of `step` up or down from `amount`, onto the step grid: 2.3 goes up to 2.5 and
  /// down to 2.25 with a step of ¼ (unbounded: the caller caps it).
  static func stepped(_ amount: Double, step: Double, up: Bool) -> Double {
    up
      ? (amount / step + 1e-9).rounded(.down) * step + step
      : (amount / step - 1e-9).rounded(.up) * step - step
  }

  /// The forgiving exact-amount entry: "750" → 750, "1,5" → 1.5, counts round to whole numbers.
  ///
  /// A unit named after the number is used when `allowed` offers it ("1,5 l" while ml is picked
  /// gives 1.5 L); other letters are ignored ("750 ml" on an item measured in g gives 750 g).
  /// Empty, negative, nonsense or too-large text keeps `current` as it is.
  public static func typed(_ text: String, current: Quantity, allowed: [MeasureUnit]) -> Quantity {
    guard let value = AmountParser.number(in: text) else { return current }
    var unit = current.unit
    if let word = AmountParser.unitWord(in: text), let named = MeasureUnit(word: word),
      allowed.contains(named)
    {
      unit = named
    }
    guard value <= maximum(for: unit) else { return current }
    return Quantity(amount: tidy(value, unit: unit), unit: unit)
  }

  /// Why `typed(_:current:allowed:)` can't take `text` although it reads as an amount: more
  /// than the unit holds ("at most 100 L"), as a sentence for the face to show beside what was
  /// typed. Nil otherwise: nonsense, an empty or a negative entry quietly keeps the old amount
  /// rather than clearing it, and a unit the item isn't measured in is ignored.
  public static func refusal(typed text: String, current: Quantity, allowed: [MeasureUnit])
    -> String?
  {
    guard let value = AmountParser.number(in: text) else { return nil }
    var unit = current.unit
    if let word = AmountParser.unitWord(in: text), let named = MeasureUnit(word: word),
      allowed.contains(named)
    {
      unit = named
    }
    guard value > maximum(for: unit) else { return nil }
    return "at most \(Quantity.format(maximum(for: unit))) \(unit.rawValue)"
  }

  /// Rounds counts to whole numbers and other units to at most three decimals, so binary
  /// floating-point noise never shows.
  static func tidy(_ amount: Double, unit: MeasureUnit) -> Double {
    if unit == .units { return amount.rounded() }
    return (amount * 1000).rounded() / 1000
  }

  /// `amount` made safe for the stepper's arithmetic: NaN counts as zero, and anything outside
  /// 0 through the unit's maximum is pulled inside, so a bad value steps to a good one.
  static func clamped(_ amount: Double, unit: MeasureUnit) -> Double {
    guard !amount.isNaN else { return 0 }
    return min(max(amount, 0), maximum(for: unit))
  }
}
