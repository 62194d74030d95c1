import BasketKit
import BasketTestSupport
import Testing

/// The Recipe Ready review: what adding would do, with nothing written.
@Suite struct RecipeReviewTests {
  let clock = TestClock()
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  @Test func aReviewPlansWhatAddingDoesAndWritesNothing() throws {
    let basket = basket
    try basket.add(name: "flour", quantity: Quantity(amount: 500, unit: .grams))
    let written = store.transactions
    let pancakes = recipe(
      "Pancakes", id: 3, servings: 4, ["2 eggs", "1 cup milk", "200 g flour", "salt, to taste"])
    let selection = RecipeSelection(servings: 8, skipped: [3])
    let review = try basket.review(pancakes, selection: selection)
    #expect(store.transactions == written)
    #expect(try basket.sections().toGet.count == 1)
    #expect(review.servings == 8)
    #expect(review.lines.map(\.amountText) == ["4", "2 cups", "400 g", nil])
    #expect(review.lines.map(\.planned.outcome) == [.added, .added, .merged(.summed), .skipped])
    #expect(review.lines[2].planned.before == "500 g")
    #expect(review.lines[2].planned.item?.amountText == "900 g")
    #expect(review.lines.map(\.original.text) == pancakes.ingredients.map(\.text))

    let added = try basket.add(pancakes, selection: selection)
    #expect(added.map(\.outcome) == review.lines.map(\.planned.outcome))
    #expect(added.map(\.line) == review.lines.map(\.line))
  }

  @Test func reviewingDoesNotUseUpTheIdsNewItemsGet() throws {
    let basket = basket
    let toast = recipe("Toast", ["2 slices bread"])
    _ = try basket.review(toast)
    let bread = try #require(try basket.add(toast).first?.item)
    let fresh = Fixtures.basket(clock: TestClock(), store: InMemoryStore())
    #expect(try fresh.add(toast).first?.item?.id == bread.id)
  }

  @Test(
    arguments: [
      // (the line, the alternative chosen, the name then added, its amount)
      ("1 cup butter or margarine", 0, "margarine", "1 cup"),
      ("3 shallots or 1 onion", 0, "onion", "1"),
      ("1 cup butter or margarine", 5, "butter", "1 cup"),
    ] as [(String, Int, String, String?)])
  func aChosenAlternativeIsAddedInsteadOfTheLine(
    line: String, choice: Int, name: String, amount: String?
  ) throws {
    let basket = basket
    let parsed = IngredientLineParser.parse(line)
    try #require(!parsed.alternatives.isEmpty, "\(line) has no alternatives")
    let dish = recipe("Dish", [line])
    let selection = RecipeSelection(alternatives: [0: choice])
    let review = try basket.review(dish, selection: selection)
    #expect(review.lines[0].line.name == name)
    #expect(review.lines[0].amountText == amount)
    #expect(review.lines[0].original.text == line)
    let added = try #require(try basket.add(dish, selection: selection).first?.item)
    #expect(added.name.lowercased() == name)
  }

  @Test func anAmountMovedByRoundingOrReadUncertainlyIsFlagged() throws {
    let basket = basket
    var dish = recipe("Omelette", servings: 3, ["1 egg", "300 ml milk", "a good splash of wine"])
    dish.ingredientGroups[0].ingredients[2].uncertain = true
    let review = try basket.review(dish, selection: RecipeSelection(servings: 1))
    #expect(review.lines.map(\.amountText) == ["½", "100 ml", review.lines[2].amountText])
    #expect(review.lines.map(\.flag) == [.rounded, nil, .uncertain])
    let asWritten = try basket.review(dish)
    #expect(asWritten.lines.map(\.flag) == [nil, nil, .uncertain])
    #expect(asWritten.servings == 3)
  }

  @Test func aRecipeThatDoesNotSayItsServingsIsReviewedAsWritten() throws {
    let review = try basket.review(
      recipe("Toast", ["2 slices bread"]), selection: RecipeSelection(servings: 6))
    #expect(review.servings == nil)
    #expect(review.lines[0].amountText == "2 slices")
  }
}
