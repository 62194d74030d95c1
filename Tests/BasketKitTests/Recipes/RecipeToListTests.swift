import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A recipe from ingredient lines as written, frozen: the same every run.
func recipe(
  _ title: String, id: Int? = nil, servings: Int? = nil, _ lines: [String]
) -> Recipe {
  Recipe(
    id: id.map(Fixtures.id), title: title, servings: servings,
    ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))])
}

/// The item on `basket`'s list that is `name` by the list's own folding.
func item(_ name: String, in basket: Basket) throws -> Item {
  try #require(
    try basket.sections().allItemsForTests.first { NameKey.of($0.name) == NameKey.of(name) })
}

@Suite struct RecipeToListTests {
  let clock = TestClock()
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  @Test func eachLineBecomesAnItemThatNotesTheRecipe() throws {
    let basket = basket
    let results = try basket.add(recipe("Pancakes", id: 7, ["2 eggs", "3 cloves garlic", "salt"]))
    #expect(results.map(\.outcome) == [.added, .added, .added])
    let eggs = try item("eggs", in: basket)
    #expect(eggs.quantity == Quantity(amount: 2, unit: .units))
    #expect(eggs.recipeNeeds.recipes == [RecipeReference(id: Fixtures.id(7), title: "Pancakes")])
    let garlic = try item("garlic", in: basket)
    #expect(garlic.quantity == nil)
    #expect(garlic.amountText == "3 cloves")
    #expect(try item("salt", in: basket).amountText == nil)
    #expect(store.transactions == 1)
  }

  @Test(
    arguments: [
      // (on the list, the recipe line, how it merged, the item's amounts after)
      ("flour", Quantity(amount: 1, unit: .kilograms), "500 g flour", "summed", "1.5 kg"),
      (
        "flour", Quantity(amount: 500, unit: .grams), "1 cup flour", "converted",
        "≈ 625 g, converted"
      ),
      ("milk", Quantity(amount: 2, unit: .liters), "250 ml milk", "summed", "2.25 L"),
      ("milk", Quantity(amount: 500, unit: .ml), "1 cup milk", "summed", "737 ml"),
      ("eggs", Quantity(amount: 6, unit: .units), "2 eggs", "summed", "8"),
      (
        "garlic", Quantity(amount: 2, unit: .units), "3 cloves garlic", "sideBySide", "2 + 3 cloves"
      ),
      (
        "unobtainium", Quantity(amount: 500, unit: .grams), "1 cup unobtainium", "sideBySide",
        "500 g + 1 cup"
      ),
    ] as [(String, Quantity, String, String, String)])
  func aLineJoinsTheSameFoodOnToGet(
    name: String, quantity: Quantity, line: String, merge: String, expected: String
  ) throws {
    let basket = basket
    try basket.add(name: name, quantity: quantity)
    var lineRecipe = recipe("Bake", [line])
    // The same food, whatever the line calls it.
    lineRecipe.ingredientGroups[0].ingredients[0].name = name
    let result = try #require(try basket.add(lineRecipe).first)
    #expect(result.outcome == .merged(RecipeLineResult.AmountMerge(rawValue: merge)!))
    #expect(
      result.before == Quantity.format(quantity.amount)
        + (quantity.unit == .units ? "" : " \(quantity.unit.rawValue)"))
    #expect(try item(name, in: basket).amountText == expected)
    #expect(try basket.sections().toGet.count == 1)
  }

  @Test func aConvertedStepperAmountSaysSoUntilItIsEditedByHand() throws {
    let basket = basket
    try basket.add(name: "flour", quantity: Quantity(amount: 500, unit: .grams))
    try basket.add(recipe("Bread", ["1 cup flour"]))
    var flour = try item("flour", in: basket)
    #expect(flour.isQuantityConverted)
    #expect(flour.quantity == Quantity(amount: 625, unit: .grams))
    try basket.setQuantity(flour.id, Quantity(amount: 700, unit: .grams))
    flour = try item("flour", in: basket)
    #expect(!flour.isQuantityConverted)
    #expect(flour.amountText == "700 g")
  }

  @Test func amountsTheStepperCantShowStayAsWritten() throws {
    let basket = basket
    try basket.add(recipe("Soup", ["250 ml flour", "1 1/2 onions", "2-3 carrots"]))
    // flour is weighed: ml is not one of its units, so the recipe's amount stays beside it
    #expect(try item("flour", in: basket).quantity == nil)
    #expect(try item("flour", in: basket).amountText == "250 ml")
    #expect(try item("onions", in: basket).amountText == "1.5")
    #expect(try item("carrots", in: basket).amountText == "2–3")
  }

  @Test func twoLinesForOneFoodAddUp() throws {
    let basket = basket
    let results = try basket.add(
      recipe("Cake", ["2 eggs", "200 g flour", "1 egg, beaten, to glaze"]))
    #expect(results.map(\.outcome) == [.added, .added, .merged(.summed)])
    #expect(try item("eggs", in: basket).quantity == Quantity(amount: 3, unit: .units))
    #expect(try item("eggs", in: basket).recipeNeeds.recipes.count == 1)
  }

  @Test func anItemRemembersEveryRecipeThatAskedForIt() throws {
    let basket = basket
    try basket.add(recipe("Cake", id: 1, ["2 eggs"]))
    try basket.add(recipe("Quiche", id: 2, ["4 eggs"]))
    try basket.add(recipe("Cake", id: 1, ["1 egg"]))
    let eggs = try item("eggs", in: basket)
    #expect(eggs.recipeNeeds.recipes.map(\.title) == ["Cake", "Quiche"])
    #expect(eggs.quantity == Quantity(amount: 7, unit: .units))
  }

  @Test func anItemInGotItComesBackForThisRecipesAmountAlone() throws {
    let basket = basket
    let bought = try basket.add(name: "eggs", quantity: Quantity(amount: 12, unit: .units))
    try basket.check(bought.item.id)
    let result = try #require(try basket.add(recipe("Cake", ["2 eggs"])).first)
    #expect(result.outcome == .restored)
    let eggs = try item("eggs", in: basket)
    #expect(eggs.checkedAt == nil)
    #expect(eggs.quantity == Quantity(amount: 2, unit: .units))
  }

  @Test func servingsScaleAndSkippedLinesStayOff() throws {
    let basket = basket
    let pancakes = recipe("Pancakes", servings: 4, ["2 eggs", "1 cup milk", "salt"])
    let skip = RecipeSelection.lines(named: "salt", in: pancakes)
    #expect(skip == [2])
    let results = try basket.add(
      pancakes, selection: RecipeSelection(servings: 8, skipped: Set(skip)))
    #expect(results.map(\.outcome) == [.added, .added, .skipped])
    #expect(try item("eggs", in: basket).quantity == Quantity(amount: 4, unit: .units))
    #expect(try item("milk", in: basket).amountText == "2 cups")
    #expect(try basket.sections().toGet.count == 2)
  }

  @Test func skippingByNameMatchesWholeFoldedWords() {
    let spices = recipe("Spice", ["1 tsp black pepper", "2 peppers", "1 tsp peppercorns"])
    #expect(RecipeSelection.lines(named: "Pepper", in: spices) == [0, 1])
    #expect(RecipeSelection.lines(named: "black pepper", in: spices) == [0])
    #expect(RecipeSelection.lines(named: "  ", in: spices) == [])
  }

  @Test func aLineWithoutANameIsRefusedAndTheRestAdded() throws {
    let basket = basket
    var odd = recipe("Odd", ["2 eggs", "1 cup milk"])
    odd.ingredientGroups[0].ingredients[1].name = "  "
    let results = try basket.add(odd)
    #expect(results[0].outcome == .added)
    #expect(results[1].outcome == .refused(ListError.emptyName.description))
    #expect(try basket.sections().toGet.count == 1)
  }
}

extension ListSections {
  var allItemsForTests: [Item] { toGet + gotIt }
}
