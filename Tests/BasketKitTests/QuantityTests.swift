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
    // Found by FuzzAddText: U+06DD joins the space after it into one Character.
    ("tea\u{6DD} , milk", ["tea\u{6DD}", "milk"]),
  ])
  func commasSeparateEntriesButNotDecimals(text: String, entries: [String]) {
    #expect(AddTextParser.entries(in: text) == entries)
  }
}
