import BasketKit
import BasketTestSupport
import Testing

/// Editing an amount in a recipe's own unit: which amount the editor opens on, the steps of
/// each kind of unit, what `basket qty` reads, and the list change every face sends. (The
/// stepper and typed-entry arithmetic is in `Tests/cases/quantity-cases.json`.)
@Suite struct RecipeAmountRulesTests {
  let clock = TestClock()
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  private static let cup = KitchenUnit.cup
  private static let can = KitchenUnit(id: "can")!
  private static let clove = KitchenUnit(id: "clove")!

  @Test func theEditorOpensOnTheRecipesAmountInItsUnitOnlyWhileTheItemHasNoQuantity()
    throws
  {
    let basket = basket
    _ = try basket.add(
      recipe(
        "Chili", id: 1,
        ["2¼ cups flour", "2-3 cloves garlic", "1½ onions", "2 (14-oz) cans beans", "500 g mince"]
      ))
    #expect(
      RecipeAmountRules.editable(try item("flour", in: basket))
        == ItemAmount(amount: 2.25, unit: Self.cup))
    #expect(
      RecipeAmountRules.editable(try item("garlic", in: basket))
        == ItemAmount(amount: 3, unit: Self.clove), "a range opens at the top, what gets bought")
    #expect(
      RecipeAmountRules.editable(try item("beans", in: basket))
        == ItemAmount(
          amount: 2, unit: Self.can, packSize: IngredientQuantity(amount: 14, unit: .ounce)))
    #expect(RecipeAmountRules.editable(try item("onions", in: basket)) == nil, "a plain count")
    #expect(RecipeAmountRules.editable(try item("mince", in: basket)) == nil, "the stepper's g")
    let flour = try item("flour", in: basket)
    try basket.setQuantity(flour.id, Quantity(amount: 1, unit: .kilograms))
    #expect(RecipeAmountRules.editable(try item("flour", in: basket)) == nil, "its own quantity")
  }

  @Test(arguments: [
    ("tsp", 0.25), ("tbsp", 0.5), ("cup", 0.25), ("fl oz", 1), ("oz", 1), ("lb", 0.25),
    ("pint", 0.25), ("can", 1), ("clove", 1), ("cm", 1), ("mg", 50),
  ])
  func eachKindOfUnitStepsBySomethingACookWouldMeasure(unit: String, step: Double) throws {
    #expect(RecipeAmountRules.step(for: try #require(KitchenUnit(id: unit))) == step)
  }

  @Test func limitsMatchTheListsOwnForEachKindOfUnit() {
    #expect(RecipeAmountRules.maximum(for: Self.can) == 999)
    #expect(RecipeAmountRules.maximum(for: Self.cup) == 422, "100 L of cups")
    #expect(RecipeAmountRules.maximum(for: KitchenUnit(id: "inch")!) == 393, "10 m")
  }

  @Test func theCheckRefusesPastTheLimitAndKeepsAPackageSizeOnlyOnACount() throws {
    #expect(throws: ListError.recipeAmountOutOfRange("500 cups", limit: "422 cups")) {
      try RecipeAmountRules.checked(ItemAmount(amount: 500, unit: Self.cup))
    }
    #expect(throws: ListError.self) {
      try RecipeAmountRules.checked(ItemAmount(amount: -1, unit: Self.cup))
    }
    #expect(throws: ListError.self) {
      try RecipeAmountRules.checked(ItemAmount(amount: .nan, unit: Self.cup))
    }
    #expect(throws: ListError.self) { try RecipeAmountRules.checked(ItemAmount(amount: 2)) }
    let pack = IngredientQuantity(amount: 14, unit: .ounce)
    #expect(
      try RecipeAmountRules.checked(ItemAmount(amount: 2, unit: Self.cup, packSize: pack))
        == ItemAmount(amount: 2, unit: Self.cup))
    #expect(
      try RecipeAmountRules.checked(ItemAmount(amount: 2.00001, unit: Self.can, packSize: pack))
        == ItemAmount(amount: 2, unit: Self.can, packSize: pack))
  }

  @Test func theCommandLineReadsAnAmountInARecipeUnitAndLeavesTheListsUnitsAlone() throws {
    let current = ItemAmount(
      amount: 2, unit: Self.can, packSize: IngredientQuantity(amount: 14, unit: .ounce))
    #expect(
      try RecipeAmountRules.reading(amount: "2¼", unit: "cups", current: nil)
        == ItemAmount(amount: 2.25, unit: Self.cup))
    #expect(
      try RecipeAmountRules.reading(amount: "2 1/4 cups", unit: nil, current: nil)
        == ItemAmount(amount: 2.25, unit: Self.cup))
    #expect(
      try RecipeAmountRules.reading(amount: "3", unit: nil, current: current)
        == ItemAmount(amount: 3, unit: Self.can, packSize: current.packSize),
      "no unit: the item's own, with its package size")
    #expect(
      try RecipeAmountRules.reading(amount: "4", unit: "tins", current: current)
        == ItemAmount(amount: 4, unit: KitchenUnit(id: "tin")!), "another unit starts afresh")
    #expect(try RecipeAmountRules.reading(amount: "2", unit: "L", current: current) == nil)
    #expect(try RecipeAmountRules.reading(amount: "500g", unit: nil, current: current) == nil)
    #expect(try RecipeAmountRules.reading(amount: "3", unit: nil, current: nil) == nil)
    #expect(try RecipeAmountRules.reading(amount: "2", unit: "wombats", current: nil) == nil)
    #expect(throws: ListError.badAmount("lots")) {
      try RecipeAmountRules.reading(amount: "lots", unit: "cups", current: nil)
    }
  }

  @Test func anAmountChangeBecomesTheItemsOneAmountAndKeepsWhichRecipesAsked() throws {
    let basket = basket
    _ = try basket.add(recipe("Pancakes", id: 7, ["2¼ cups flour"]))
    let flour = try item("flour", in: basket)
    var phone = Phone(3)
    phone.make(.amount(flour.id, ItemAmount(amount: 2.5, unit: Self.cup)), at: clock.now)
    #expect(try phone.send(to: basket).map(\.status) == [.applied])
    let edited = try item("flour", in: basket)
    #expect(edited.recipeNeeds.amounts == [ItemAmount(amount: 2.5, unit: Self.cup)])
    #expect(edited.recipeNeeds.recipes.map(\.title) == ["Pancakes"])
    #expect(edited.buyable == BuyableAmount(text: "2.5 cups"))
    #expect(edited.quantity == nil)

    phone.make(.amount(flour.id, ItemAmount(amount: 0, unit: Self.cup)), at: clock.now)
    _ = try phone.send(to: basket)
    #expect(try item("flour", in: basket).recipeNeeds.amounts.isEmpty, "zero takes it off")
    #expect(try item("flour", in: basket).recipeNeeds.recipes.count == 1)
  }

  @Test func anAmountChangeReplacesAQuantityAndIsRefusedPastTheLimit() throws {
    let basket = basket
    let added = try basket.add(text: "milk 2 L")
    var phone = Phone(4)
    phone.make(.amount(added.item.id, ItemAmount(amount: 600, unit: Self.cup)), at: clock.now)
    let refused = try phone.send(to: basket)
    #expect(refused.map(\.status) == [.refused])
    #expect(try item("milk", in: basket).quantity == Quantity(amount: 2, unit: .liters))
    phone.make(.amount(added.item.id, ItemAmount(amount: 4, unit: Self.cup)), at: clock.now)
    _ = try phone.send(to: basket)
    let milk = try item("milk", in: basket)
    #expect(milk.quantity == nil)
    #expect(milk.amountText == "4 cups")
  }

  @Test func anAmountChangeOlderThanTheLastQuantityChangeIsIgnored() throws {
    let basket = basket
    _ = try basket.add(recipe("Pancakes", id: 7, ["2¼ cups flour"]))
    let flour = try item("flour", in: basket)
    clock.advance(by: 60)
    try basket.setQuantity(flour.id, Quantity(amount: 1, unit: .kilograms))
    var phone = Phone(5)
    phone.make(
      .amount(flour.id, ItemAmount(amount: 3, unit: Self.cup)),
      at: clock.now.addingTimeInterval(-30))
    _ = try phone.send(to: basket)
    #expect(try item("flour", in: basket).quantity == Quantity(amount: 1, unit: .kilograms))
  }

  @Test func theCommandLinesQuantityTextSetsARecipeUnitOrTheListsOwn() throws {
    let basket = basket
    _ = try basket.add(recipe("Pancakes", id: 7, ["2¼ cups flour"]))
    let flour = try item("flour", in: basket)
    #expect(try basket.setQuantity(flour.id, amount: "3", unit: nil).amountText == "3 cups")
    #expect(try basket.setQuantity(flour.id, amount: "2½", unit: "cups").amountText == "2.5 cups")
    #expect(throws: ListError.self) {
      try basket.setQuantity(flour.id, amount: "900", unit: "cups")
    }
    #expect(try item("flour", in: basket).amountText == "2.5 cups", "a refusal changes nothing")
    let weighed = try basket.setQuantity(flour.id, amount: "500", unit: "g")
    #expect(weighed.quantity == Quantity(amount: 500, unit: .grams))
    #expect(weighed.buyable == nil, "its own quantity is what to buy")
  }
}
