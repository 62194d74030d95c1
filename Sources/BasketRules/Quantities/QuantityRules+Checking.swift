extension QuantityRules {
  /// Whether a stored item may hold `quantity`: its amount is above zero (zero means no
  /// quantity) and at most the unit's maximum. NaN and the infinities never are.
  public static func isStorable(_ quantity: Quantity) -> Bool {
    quantity.amount > 0 && quantity.amount <= maximum(for: quantity.unit)
  }

  /// The one check every quantity passes before it is stored, from whichever face it came.
  ///
  /// - Returns: the quantity tidied (counts whole, other units to thousandths), or nil when the
  ///   amount is zero, which means "no quantity".
  /// - Throws: `ListError.amountOutOfRange` for a negative, too large, infinite or NaN amount;
  ///   `ListError.unitNotAllowed` when `item` (whose measure is `measure`) isn't measured in
  ///   that unit (see `allowedUnits(for:)`).
  public static func checked(_ quantity: Quantity, measure: MeasureKind?, item: String)
    throws(ListError)
    -> Quantity?
  {
    try checkRange(quantity)
    guard allowedUnits(for: measure).contains(quantity.unit) else {
      throw ListError.unitNotAllowed(quantity.unit, item: item)
    }
    let amount = tidy(quantity.amount, unit: quantity.unit)
    return amount == 0 ? nil : Quantity(amount: amount, unit: quantity.unit)
  }

  /// The measure half of `checked` for an amount in a kitchen unit: a poured item takes no
  /// weight and a weighed one no volume ("2 lb milk"); counts and containers go with anything.
  ///
  /// - Throws: `ListError.kitchenUnitNotAllowed`.
  public static func checkMeasure(_ amount: ItemAmount, measure: MeasureKind?, item: String)
    throws(ListError)
  {
    guard let unit = amount.unit else { return }
    let allowed = allowedUnits(for: measure)
    let fits: Bool =
      switch unit.family {
      case .mass: allowed.contains(.grams)
      case .volume: allowed.contains(.ml)
      case .length, .count: true
      }
    guard fits else { throw ListError.kitchenUnitNotAllowed(unit.label(for: 2), item: item) }
  }

  /// The range half of `checked`, for a face that reads a quantity before it knows the item:
  /// the amount must be a number from 0 to the unit's maximum.
  ///
  /// - Throws: `ListError.amountOutOfRange` for a negative, too large, infinite or NaN amount.
  public static func checkRange(_ quantity: Quantity) throws(ListError) {
    guard quantity.amount >= 0, quantity.amount <= maximum(for: quantity.unit) else {
      throw ListError.amountOutOfRange(quantity)
    }
  }

  /// Reads an amount given with an optional unit, strictly, as `basket qty` takes it: "750",
  /// "2l", "1,5" with "L". Without a unit word the amount is in `fallback`. The result still
  /// has to pass `checked(_:measure:item:)`.
  ///
  /// - Throws: `ListError.badAmount` when the text isn't one number;
  ///   `ListError.unknownUnit` for a unit word Basket doesn't know.
  public static func reading(amount text: String, unit unitText: String?, fallback: MeasureUnit)
    throws(ListError) -> Quantity
  {
    guard let value = AmountParser.number(in: text) else {
      throw ListError.badAmount(String(text.prefix(40)))
    }
    guard let word = unitText ?? AmountParser.unitWord(in: text) else {
      return Quantity(amount: value, unit: fallback)
    }
    guard let unit = MeasureUnit(word: word) else {
      throw ListError.unknownUnit(String(word.prefix(20)))
    }
    return Quantity(amount: value, unit: unit)
  }
}
