import BasketKit
import Testing

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
