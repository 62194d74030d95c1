import BasketKit
import Testing

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
