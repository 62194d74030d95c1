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

}
