import BasketKit
import Testing

/// The pantry reads typed amounts as the list and recipes do, so one typed amount means one
/// thing everywhere.
@Suite struct PantryTypedAdditionTests {
  @Test(
    arguments: [
      ("3 onions", "onions", 3, nil, nil),
      ("2 x 400 g chopped tomatoes", "chopped tomatoes", 2, "400 g", nil),
      ("2 (14-oz) cans tomatoes", "tomatoes", 2, "14 oz", nil),
      ("1 kg flour", "flour", 1, "1 kg", nil),
      ("500 ml milk", "milk", 1, "500 ml", nil),
      ("milk", "milk", 1, nil, nil),
      ("1.5 onions", "onions", 1, nil, "1.5"),
      ("7up", "7up", 1, nil, nil),
    ] as [(String, String, Int, String?, String?)])
  func typedTextBecomesNamePackagesAndSize(
    text: String, name: String, packages: Int, size: String?, left: String?
  ) {
    let addition = PantryAddition(typed: text)
    #expect(addition.name == name, "\(text)")
    #expect(addition.packages == packages, "\(text)")
    #expect(addition.packageSize.map(KitchenAmountFormat.text) == size, "\(text)")
    #expect(addition.amount.map(KitchenAmountFormat.text) == left, "\(text)")
  }
}
