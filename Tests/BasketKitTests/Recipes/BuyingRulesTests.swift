import BasketKit
import BasketTestSupport
import Testing

/// What to buy for what recipes asked (`BuyingRules`, `Item.buyable`): one row per rule.
@Suite struct BuyingRulesTests {
  static func unit(_ id: String?) -> KitchenUnit? { id.flatMap(KitchenUnit.init(id:)) }

  @Test(
    arguments: [
      // (amount, top of a range, unit, container, recipes, what to buy, the need beside it)
      (3.5, nil, "can", nil, 2, "4 cans", "recipes need 3½"),
      (1.5, nil, "can", nil, 1, "2 cans", "recipe needs 1½"),
      (2.0, nil, "can", nil, 1, "2 cans", nil),
      (0.5, nil, "can", nil, 1, "1 can", "recipe needs ½"),
      (1.5, nil, nil, nil, 1, "2", "recipe needs 1½"),
      (4.5, nil, "clove", nil, 1, "5 cloves", "recipe needs 4½"),
      (2.0, 3.0, "clove", nil, 1, "3 cloves", "recipe needs 2–3 cloves"),
      (6.0, nil, "clove", nil, 1, "1 head", "recipe needs 6 cloves"),
      (14.0, nil, "clove", nil, 3, "2 heads", "recipes need 14 cloves"),
      (3.0, nil, "sprig", "bunch", 1, "1 bunch", "recipe needs 3 sprigs"),
      (2.0, nil, "tsp", "jar", 1, "1 jar", "recipe needs 2 tsp"),
      (3.0, nil, "tbsp", "bottle", 2, "1 bottle", "recipes need 3 tbsp"),
      (1.0, nil, "pinch", "jar", 1, "1 jar", "recipe needs 1 pinch"),
      (2.0, nil, "tsp", nil, 1, "2 tsp", nil),
      (0.15, nil, "cup", "pack", 1, "1 pack", "recipe needs ≈ 2½ tbsp"),
      (2.25, nil, "cup", "pack", 1, "2¼ cups", nil),
      (500.0, nil, "g", nil, 1, "500 g", nil),
      (4.0, nil, "cm", nil, 1, "1 piece", "recipe needs 4 cm"),
    ] as [(Double, Double?, String?, String?, Int, String, String?)])
  func anAmountIsBoughtAsAShopSellsIt(
    amount: Double, top: Double?, unit: String?, container: String?, recipes: Int,
    buy: String, need: String?
  ) {
    let asked = ItemAmount(amount: amount, maxAmount: top, unit: Self.unit(unit))
    let bought = BuyingRules.buyable(asked, container: container, recipes: recipes)
    #expect(bought == BuyableAmount(text: buy, need: need))
  }

  @Test func aCanWithASizeKeepsItsSize() {
    let asked = ItemAmount(
      amount: 1.5, unit: Self.unit("can"),
      packSize: IngredientQuantity(amount: 15, unit: Self.unit("oz")))
    let bought = BuyingRules.buyable(asked, container: nil, recipes: 1)
    #expect(bought.chip == "2 cans (15 oz) · recipe needs 1½")
  }

  @Test(
    arguments: [
      ("spices", "ground cumin", "jar"), ("spices", "fresh parsley", "bunch"),
      ("spices", "dried oregano", "jar"), ("pantry", "olive oil", "bottle"),
      ("condiments", "soy sauce", "bottle"), ("pantry", "flour", "pack"),
      ("produce", "onion", nil), ("proteins", "chicken thighs", nil),
      (nil, "vanilla extract", "bottle"),
    ] as [(String?, String, String?)])
  func aFoodsContainerComesFromItsCategoryAndName(
    category: String?, name: String, container: String?
  ) {
    #expect(BuyingRules.container(category: category, name: name) == container)
  }

  /// Needs from two recipes are added up before they are rounded: 1½ cans and 2 cans are 4
  /// cans, not 2 + 2; an item with a stepper quantity of its own shows that instead.
  @Test func needsFromSeveralRecipesAreSummedBeforeRounding() throws {
    let clock = TestClock()
    let store = InMemoryStore()
    let basket = Fixtures.basket(clock: clock, store: store)
    try basket.add(recipe("Chili", id: 1, ["1.5 cans kidney beans", "4 cloves garlic"]))
    try basket.add(recipe("Soup", id: 2, ["2 cans kidney beans", "3 cloves garlic"]))
    let items = try basket.sections().toGet
    let beans = try #require(items.first { $0.name.contains("kidney beans") })
    #expect(beans.buyable == BuyableAmount(text: "4 cans", need: "recipes need 3½"))
    let garlic = try #require(items.first { $0.name == "garlic" })
    #expect(garlic.buyable == BuyableAmount(text: "1 head", need: "recipes need 7 cloves"))
    var set = beans
    set.quantity = Quantity(amount: 3, unit: .units)
    #expect(set.buyable == nil)
  }
}
