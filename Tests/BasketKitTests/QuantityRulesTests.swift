import BasketKit
import Testing

@Suite struct QuantityRulesTests {
  @Test(
    arguments: [
      ("250000", "at most 100000 ml"), ("101 l", "at most 100 L"), ("100 l", nil),
      ("750", nil), ("lots", nil), ("", nil), ("2 kg", nil), ("-5", nil),
    ] as [(String, String?)])
  func onlyTooMuchIsRefusedWhenTyped(typed: String, refusal: String?) {
    let current = Quantity(amount: 500, unit: .ml)
    #expect(
      QuantityRules.refusal(typed: typed, current: current, allowed: [.ml, .liters, .units])
        == refusal, "\(typed)")
  }

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

}
