import BasketKit
import BasketTestSupport
import Testing

@Suite struct RecipeBookTests {
  let clock = TestClock()
  let listStore = InMemoryStore()
  let recipes = InMemoryRecipeStore()

  private func makeBook() -> RecipeBook {
    RecipeBook(store: recipes, basket: Fixtures.basket(clock: clock, store: listStore))
  }

  @Test func savingGivesANewRecipeAnIdAndTimes() throws {
    let book = makeBook()
    let saved = try book.save(recipe("  Pancakes ", ["2 eggs"]))
    #expect(saved.id == Fixtures.id(1))
    #expect(saved.title == "Pancakes")
    #expect(saved.savedAt == Fixtures.monday)
    #expect(saved.lastOpenedAt == Fixtures.monday)
    #expect(try book.recipe(Fixtures.id(1)) == saved)
    #expect(throws: RecipeError.emptyTitle) { try book.save(recipe(" ", ["1 egg"])) }
  }

  @Test func savingAgainKeepsTheIdAndTheFirstSaveTime() throws {
    let book = makeBook()
    var saved = try book.save(recipe("Pancakes", ["2 eggs"]))
    clock.advance(by: 60)
    saved.title = "Fluffy pancakes"
    let again = try book.save(saved)
    #expect(again.id == saved.id)
    #expect(again.savedAt == Fixtures.monday)
    #expect(again.lastOpenedAt == Fixtures.monday.addingTimeInterval(60))
    #expect(try book.all().map(\.title) == ["Fluffy pancakes"])
  }

  @Test func recentListsTheLastOpenedFirst() throws {
    let book = makeBook()
    for title in ["Stew", "Pie", "Salad"] {
      try book.save(recipe(title, ["1 onion"]))
      clock.advance(by: 10)
    }
    #expect(try book.recent().map(\.title) == ["Salad", "Pie", "Stew"])
    _ = try book.open("stew")
    #expect(try book.recent(limit: 2).map(\.title) == ["Stew", "Salad"])
    #expect(try book.all().map(\.title) == ["Pie", "Salad", "Stew"])
  }

  @Test func searchFindsTitlesAndIngredientsWithTitlesFirst() throws {
    let book = makeBook()
    try book.save(recipe("Tomato soup", ["1 kg tomatoes", "1 onion"]))
    clock.advance(by: 1)
    try book.save(recipe("Pasta", ["400 g spaghetti", "2 tins chopped tomatoes", "Parmesan"]))
    clock.advance(by: 1)
    try book.save(recipe("Omelette", ["3 eggs"]))
    #expect(try book.search("tomato").map(\.title) == ["Tomato soup", "Pasta"])
    #expect(try book.search("TOMATOES").map(\.title) == ["Tomato soup", "Pasta"])
    #expect(try book.search("egg").map(\.title) == ["Omelette"])
    #expect(try book.search("parm spag").map(\.title) == ["Pasta"])
    #expect(try book.search("soup eggs").isEmpty)
    #expect(throws: RecipeError.emptySearch) { try book.search(" ?! ") }
  }

  @Test func recipesAreNamedByIdIdPrefixOrTitle() throws {
    let book = makeBook()
    try book.save(recipe("Banana bread", ["3 bananas"]))
    try book.save(recipe("Banana pancakes", ["2 bananas"]))
    #expect(try book.resolve("00000000-0000-0000-0000-000000000002").title == "Banana pancakes")
    #expect(try book.resolve("banana b").title == "Banana bread")
    #expect(try book.resolve("BANANA PANCAKES").title == "Banana pancakes")
    #expect(throws: RecipeError.self) { try book.resolve("banana") }
    #expect(throws: RecipeError.unknownRecipe("cake")) { try book.resolve("cake") }
  }

  @Test func aWordOfOneTitleNamesThatRecipe() throws {
    // Adding and searching name a recipe alike: "recipe add stew" found nothing while "recipe
    // search stew" found it.
    let book = makeBook()
    try book.save(recipe("Beef stew", ["500 g beef"]))
    try book.save(recipe("Lentil stew with crème fraîche", ["200 g lentils"]))
    try book.save(recipe("Tomato soup", ["6 tomatoes"]))
    #expect(try book.resolve("soup").title == "Tomato soup")
    #expect(try book.resolve("beef").title == "Beef stew")
    #expect(try book.resolve("stew beef").title == "Beef stew")
    #expect(try book.resolve("creme").title == "Lentil stew with crème fraîche")
    #expect(try book.resolve("lentils").title == "Lentil stew with crème fraîche")
    #expect {
      try book.resolve("stew")
    } throws: { error in
      guard case .ambiguous(_, let candidates) = error as? RecipeError else { return false }
      return candidates.count == 2 && candidates[0].hasPrefix("Beef stew (")
        && candidates[1].hasPrefix("Lentil stew")
    }
    #expect(throws: RecipeError.unknownRecipe("curry")) { try book.resolve("curry") }
  }

  @Test func removingTakesItOutOfTheLibraryButItemsKeepItsTitle() throws {
    let book = makeBook()
    let saved = try book.save(recipe("Cake", ["2 eggs"]))
    let (_, lines) = try book.addToList("cake")
    #expect(lines.map(\.outcome) == [.added])
    #expect(try book.remove("cake").id == saved.id)
    #expect(try book.all().isEmpty)
    #expect(throws: RecipeError.unknownRecipe("cake")) { try book.remove("cake") }
    let eggs = try #require(try book.basket.sections().toGet.first)
    #expect(eggs.recipeNeeds.recipes == [RecipeReference(id: saved.id, title: "Cake")])
  }

  @Test func addingToTheListCountsAsOpening() throws {
    let book = makeBook()
    try book.save(recipe("Stew", ["1 onion"]))
    clock.advance(by: 5)
    try book.save(recipe("Pie", ["1 onion"]))
    clock.advance(by: 5)
    _ = try book.addToList("stew", selection: RecipeSelection(servings: 2))
    #expect(try book.recent().first?.title == "Stew")
  }
}
