import BasketKit
import BasketTestSupport
import Testing

/// Every way a quantity reaches the list goes through the core's one check
/// (`QuantityRules.checked`), whichever face calls.
@Suite struct QuantityEnforcementTests {
  let clock = TestClock()
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  @Test(arguments: [
    Quantity(amount: .nan, unit: .ml), Quantity(amount: .infinity, unit: .ml),
    Quantity(amount: -.infinity, unit: .liters), Quantity(amount: 1e16, unit: .liters),
    Quantity(amount: 100.001, unit: .liters), Quantity(amount: -2, unit: .units),
  ])
  func setQuantityRefusesAnAmountOutOfRangeAndChangesNothing(quantity: Quantity) throws {
    let basket = self.basket
    let milk = try basket.add(name: "Milk", quantity: Quantity(amount: 1, unit: .liters)).item
    let refusal = #expect(throws: ListError.self) { try basket.setQuantity(milk.id, quantity) }
    guard case .amountOutOfRange? = refusal else {
      Issue.record("expected amountOutOfRange, got \(String(describing: refusal))")
      return
    }
    #expect(try basket.sections().toGet[0].quantity == Quantity(amount: 1, unit: .liters))
  }

  @Test func aPouredItemCantBeMeasuredInKilograms() throws {
    let basket = self.basket
    let milk = try basket.add(name: "Milk", quantity: Quantity(amount: 1, unit: .liters)).item
    #expect(throws: ListError.unitNotAllowed(.kilograms, item: "Milk")) {
      try basket.setQuantity(milk.id, Quantity(amount: 2, unit: .kilograms))
    }
    #expect(try basket.sections().toGet[0].quantity == Quantity(amount: 1, unit: .liters))
  }

  @Test func aWeighedItemCantBeMeasuredInMillilitres() throws {
    let basket = self.basket
    let flour = try basket.add(name: "Flour").item
    #expect(throws: ListError.unitNotAllowed(.ml, item: "Flour")) {
      try basket.setQuantity(flour.id, Quantity(amount: 500, unit: .ml))
    }
    let set = try basket.setQuantity(flour.id, Quantity(amount: 1.5, unit: .kilograms))
    #expect(set.quantity == Quantity(amount: 1.5, unit: .kilograms))
  }

  @Test(arguments: [
    "eggs x99999999999999999999", "999999999999 kg rice", "2 kg milk", "flour 100001 g",
  ])
  func aTypedAddWithAnImpossibleQuantityIsRefusedAndStoresNothing(text: String) throws {
    let basket = self.basket
    #expect(throws: ListError.self) { try basket.add(text: text) }
    #expect(try store.items().isEmpty)
    #expect(try store.memory().isEmpty)
    #expect(store.transactions == 0)
  }

  @Test func anAddByNameChecksItsQuantityToo() throws {
    let basket = self.basket
    #expect(throws: ListError.amountOutOfRange(Quantity(amount: 1e16, unit: .grams))) {
      try basket.add(name: "Flour", quantity: Quantity(amount: 1e16, unit: .grams))
    }
    #expect(throws: ListError.unitNotAllowed(.grams, item: "Milk")) {
      try basket.add(name: "Milk", quantity: Quantity(amount: 5, unit: .grams))
    }
    #expect(try store.items().isEmpty)
    let added = try basket.add(name: "Milk", quantity: Quantity(amount: 0.1 + 0.2, unit: .liters))
    #expect(added.item.quantity == Quantity(amount: 0.3, unit: .liters))
  }

  @Test func aBumpingAddWithABadQuantityLeavesTheItemAlone() throws {
    let basket = self.basket
    try basket.add(text: "milk 2 l")
    #expect(throws: ListError.self) { try basket.add(text: "milk 500 l") }
    let item = try basket.sections().toGet[0]
    #expect(item.quantity == Quantity(amount: 2, unit: .liters))
  }

  @Test func quantityTextIsReadStrictlyInTheItemsUnit() throws {
    let basket = self.basket
    let milk = try basket.add(name: "Milk").item
    #expect(try basket.setQuantity(milk.id, amount: "750", unit: nil).quantity?.unit == .ml)
    #expect(
      try basket.setQuantity(milk.id, amount: "1,5", unit: "L").quantity
        == Quantity(amount: 1.5, unit: .liters))
    #expect(
      try basket.setQuantity(milk.id, amount: "2", unit: nil).quantity
        == Quantity(amount: 2, unit: .liters))
    #expect(
      try basket.setQuantity(milk.id, amount: "2.6pcs", unit: nil).quantity
        == Quantity(amount: 3, unit: .units))
    #expect(throws: ListError.badAmount("lots")) {
      try basket.setQuantity(milk.id, amount: "lots", unit: nil)
    }
    #expect(throws: ListError.unknownUnit("parsecs")) {
      try basket.setQuantity(milk.id, amount: "2", unit: "parsecs")
    }
    #expect(throws: ListError.unitNotAllowed(.kilograms, item: "Milk")) {
      try basket.setQuantity(milk.id, amount: "2kg", unit: nil)
    }
    #expect(throws: ListError.amountOutOfRange(Quantity(amount: 99_999_999, unit: .units))) {
      try basket.setQuantity(milk.id, amount: "99999999", unit: nil)
    }
    #expect(try basket.sections().toGet[0].quantity == Quantity(amount: 3, unit: .units))
    #expect(try basket.setQuantity(milk.id, amount: "0", unit: nil).quantity == nil)
  }

  @Test func aRenameWithAQuantityIsOneTransaction() throws {
    let basket = self.basket
    let milk = try basket.add(name: "Milk").item
    let before = store.transactions
    let item = try basket.update(
      milk.id, name: "Flour", quantity: .set(Quantity(amount: 1, unit: .kilograms)))
    #expect(store.transactions == before + 1)
    #expect(item.name == "Flour")
    #expect(item.emoji == "🌾")
    #expect(item.quantity == Quantity(amount: 1, unit: .kilograms))
  }

  @Test func aRefusedQuantityLeavesTheRenameUnapplied() throws {
    let basket = self.basket
    let milk = try basket.add(name: "Milk", quantity: Quantity(amount: 2, unit: .liters)).item
    // Litres suit milk but not flour: the check runs against the new name, after the rename.
    #expect(throws: ListError.unitNotAllowed(.liters, item: "Flour")) {
      try basket.update(milk.id, name: "Flour", quantity: .set(Quantity(amount: 1, unit: .liters)))
    }
    let item = try basket.sections().toGet[0]
    #expect(item.name == "Milk")
    #expect(item.quantity == Quantity(amount: 2, unit: .liters))
  }
}
