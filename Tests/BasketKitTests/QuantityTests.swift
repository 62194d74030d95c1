import BasketKit
import Testing

@Suite struct AmountParserTests {
  @Test(
    arguments: [
      ("750", 750.0), ("750 ml", 750), ("750ml", 750), ("1,5", 1.5), ("1.5", 1.5), (" 2 ", 2),
      ("0.25 kg", 0.25), ("x12", 12), ("0", 0),
    ] as [(String, Double)])
  func readsForgivingNumbers(text: String, value: Double) {
    #expect(AmountParser.number(in: text) == value)
  }

  @Test(arguments: ["", "   ", "abc", "-2", "−3", "1.2.3", "1 2", "1,5,0", "2/3", "🍎", "1e400"])
  func rejectsWhatIsNotOneNumber(text: String) {
    #expect(AmountParser.number(in: text) == nil)
  }
}

@Suite struct QuantityRulesTests {
  @Test func picksTheSmartDefaultUnitFromTheMeasureKind() {
    #expect(QuantityRules.defaultUnit(for: .poured) == .ml)
    #expect(QuantityRules.defaultUnit(for: .weighed) == .grams)
    #expect(QuantityRules.defaultUnit(for: .counted) == .units)
    #expect(QuantityRules.defaultUnit(for: nil) == .units)
  }

  @Test func offersUnitPillsByKindAndAlwaysUnits() {
    #expect(QuantityRules.allowedUnits(for: .poured) == [.ml, .liters, .units])
    #expect(QuantityRules.allowedUnits(for: .weighed) == [.grams, .kilograms, .units])
    #expect(QuantityRules.allowedUnits(for: nil) == MeasureUnit.allCases)
  }

  @Test(arguments: [
    (Quantity(amount: 500, unit: .ml), MeasureUnit.liters, Quantity(amount: 0.5, unit: .liters)),
    (Quantity(amount: 1.5, unit: .liters), .ml, Quantity(amount: 1500, unit: .ml)),
    (Quantity(amount: 250, unit: .grams), .kilograms, Quantity(amount: 0.25, unit: .kilograms)),
    (Quantity(amount: 2, unit: .kilograms), .grams, Quantity(amount: 2000, unit: .grams)),
    (Quantity(amount: 500, unit: .ml), .units, Quantity(amount: 1, unit: .units)),
    (Quantity(amount: 6, unit: .units), .grams, Quantity(amount: 250, unit: .grams)),
    (Quantity(amount: 3, unit: .units), .units, Quantity(amount: 3, unit: .units)),
  ])
  func switchingConvertsWithinAKindAndStartsFreshAcross(
    from: Quantity, to unit: MeasureUnit, expected: Quantity
  ) {
    #expect(QuantityRules.switching(from, to: unit) == expected)
  }

  @Test func stepsInSensibleIncrementsAndNeverBelowZero() {
    #expect(QuantityRules.increment(Quantity(amount: 1, unit: .units)).amount == 2)
    #expect(QuantityRules.increment(Quantity(amount: 500, unit: .ml)).amount == 550)
    #expect(QuantityRules.increment(Quantity(amount: 0.5, unit: .liters)).amount == 0.75)
    #expect(QuantityRules.increment(Quantity(amount: 120, unit: .grams)).amount == 150)
    #expect(QuantityRules.decrement(Quantity(amount: 120, unit: .grams)).amount == 100)
    #expect(QuantityRules.decrement(Quantity(amount: 0.25, unit: .kilograms)).amount == 0)
    #expect(QuantityRules.decrement(Quantity(amount: 0, unit: .units)).amount == 0)
    #expect(QuantityRules.increment(Quantity(amount: 999, unit: .units)).amount == 999)
  }

  @Test(arguments: [
    ("750 ml", MeasureUnit.ml, 750.0), ("1,5", .liters, 1.5), ("2.6", .units, 3),
    ("", .units, 4), ("-2", .units, 4), ("lots", .grams, 4), ("9999999", .grams, 4),
    ("0", .units, 0),
  ])
  func typedAmountsAreForgivingAndKeepTheOldOneOnNonsense(
    text: String, unit: MeasureUnit, expected: Double
  ) {
    #expect(QuantityRules.typed(text, unit: unit, old: 4) == expected)
  }

  @Test(arguments: [
    (Quantity(amount: 2, unit: .units), "2"), (Quantity(amount: 500, unit: .ml), "500 ml"),
    (Quantity(amount: 1.5, unit: .liters), "1.5 L"), (Quantity(amount: 250, unit: .grams), "250 g"),
    (Quantity(amount: 0.25, unit: .kilograms), "0.25 kg"),
    (Quantity(amount: 0.1 + 0.2, unit: .liters), "0.3 L"),
  ])
  func chipTextIsShort(quantity: Quantity, text: String) {
    #expect(quantity.chipText == text)
  }
}

@Suite struct AddTextParserTests {
  @Test(
    arguments: [
      ("milk", "milk", nil),
      ("2 l milk", "milk", Quantity(amount: 2, unit: .liters)),
      ("milk 2l", "milk", Quantity(amount: 2, unit: .liters)),
      ("milk 2 L", "milk", Quantity(amount: 2, unit: .liters)),
      ("eggs x12", "eggs", Quantity(amount: 12, unit: .units)),
      ("12 x eggs", "eggs", Quantity(amount: 12, unit: .units)),
      ("12x eggs", "eggs", Quantity(amount: 12, unit: .units)),
      ("500g flour", "flour", Quantity(amount: 500, unit: .grams)),
      ("1,5 kg potatoes", "potatoes", Quantity(amount: 1.5, unit: .kilograms)),
      ("3 lemons", "lemons", Quantity(amount: 3, unit: .units)),
      ("oat milk 750 ml", "oat milk", Quantity(amount: 750, unit: .ml)),
      ("Vitamin B12", "Vitamin B12", nil),
      ("7up", "7up", nil),
      ("Size 4 nappies", "Size 4 nappies", nil),
      ("2", "2", nil),
    ] as [(String, String, Quantity?)])
  func understandsAQuantityBeforeOrAfterTheName(text: String, name: String, quantity: Quantity?) {
    let parsed = AddTextParser.parse(text)
    #expect(parsed.name == name)
    #expect(parsed.quantity == quantity)
  }
}

@Suite struct EntrySplittingTests {
  @Test(arguments: [
    ("milk", ["milk"]), ("milk, eggs", ["milk", "eggs"]),
    ("eggs x12, 500g flour", ["eggs x12", "500g flour"]),
    ("1,5 l milk, bread", ["1,5 l milk", "bread"]), (" , milk,, ", ["milk"]), ("", []),
  ])
  func commasSeparateEntriesButNotDecimals(text: String, entries: [String]) {
    #expect(AddTextParser.entries(in: text) == entries)
  }
}
