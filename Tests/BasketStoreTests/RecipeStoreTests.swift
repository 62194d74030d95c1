import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// A recipe from lines as written, saved at `StoreFixtures.at(seconds)`.
private func savedRecipe(_ n: Int, _ title: String, _ lines: [String], at seconds: Double = 0)
  -> Recipe
{
  Recipe(
    id: StoreFixtures.id(n), title: title, source: "https://example.test/\(n)",
    yields: "4 servings",
    servings: 4, totalTime: 30,
    ingredientGroups: [
      IngredientGroup(heading: "Main", ingredients: lines.map(IngredientLineParser.parse))
    ],
    instructions: ["Cook."], savedAt: StoreFixtures.at(seconds),
    lastOpenedAt: StoreFixtures.at(seconds))
}

@Suite struct RecipeStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  @Test func aSavedRecipeReadsBackWholeAfterReopening() throws {
    let recipe = savedRecipe(1, "Pancakes", ["2 eggs", "1 cup (240 ml) milk", "salt, to taste"])
    try openStore(path).saveRecipe(recipe)
    let store = try openStore(path)
    #expect(try store.recipe(StoreFixtures.id(1)) == recipe)
    #expect(try store.recipe(StoreFixtures.id(2)) == nil)
    #expect(try store.recipes(.all) == [RecipeSummary(recipe)!])
  }

  @Test func savingAgainReplacesTheRecipeAndItsSearchWords() throws {
    let store = try openStore(path)
    try store.saveRecipe(savedRecipe(1, "Pancakes", ["2 eggs"]))
    try store.saveRecipe(savedRecipe(1, "Crêpes", ["3 eggs", "flour"], at: 5))
    #expect(try store.recipes(.all).map(\.title) == ["Crêpes"])
    #expect(try store.recipes(.matching(["pancake"])).isEmpty)
    #expect(try store.recipes(.matching(["crepe"])).map(\.title) == ["Crêpes"])
    #expect(try store.recipes(.matching(["flour"])).map(\.title) == ["Crêpes"])
  }

  @Test func recentOrdersByLastOpenedAndOpeningMovesUp() throws {
    let store = try openStore(path)
    for (n, title) in ["Stew", "Pie", "Salad"].enumerated() {
      try store.saveRecipe(savedRecipe(n + 1, title, ["1 onion"], at: Double(n)))
    }
    #expect(try store.recipes(.recent(limit: 2)).map(\.title) == ["Salad", "Pie"])
    #expect(try store.markRecipeOpened(StoreFixtures.id(1), at: StoreFixtures.at(10)))
    #expect(try !store.markRecipeOpened(StoreFixtures.id(9), at: StoreFixtures.at(10)))
    #expect(try store.recipes(.recent(limit: 5)).map(\.title) == ["Stew", "Salad", "Pie"])
  }

  @Test func removingDeletesTheRecipeAndItsSearchRow() throws {
    let store = try openStore(path)
    try store.saveRecipe(savedRecipe(1, "Pancakes", ["2 eggs"]))
    #expect(try store.removeRecipe(StoreFixtures.id(1)))
    #expect(try !store.removeRecipe(StoreFixtures.id(1)))
    #expect(try store.recipes(.all).isEmpty)
    #expect(try store.recipes(.matching(["egg"])).isEmpty)
    let searchRows = try store.withConnection {
      try $0.singleInteger("SELECT count(*) FROM recipe_search")
    }
    #expect(searchRows == 0)
  }

  @Test func everyRecipeChangeBumpsTheRevision() throws {
    let store = try openStore(path)
    let start = try store.revision()
    try store.saveRecipe(savedRecipe(1, "Pancakes", ["2 eggs"]))
    _ = try store.markRecipeOpened(StoreFixtures.id(1), at: StoreFixtures.at(1))
    _ = try store.removeRecipe(StoreFixtures.id(1))
    #expect(try store.revision() == start + 3)
  }

  /// The SQLite store answers through FTS5, the in-memory one by scanning with the core's
  /// rule; both must find the same recipes for every query.
  @Test(arguments: [
    "tomato", "TOMATOES", "tom", "egg", "eggs", "parm spag", "creme", "crème fraîche", "soup egg",
    "z", "chopped", "pasta tomato", "jalapeno", "ñ", "o'brien", "2",
  ])
  func searchFindsWhatTheInMemoryStoreFinds(query: String) throws {
    let recipes = [
      savedRecipe(1, "Tomato soup", ["1 kg tomatoes", "1 onion", "100 ml crème fraîche"]),
      savedRecipe(2, "Pasta", ["400 g spaghetti", "2 tins chopped tomatoes", "Parmesan"]),
      savedRecipe(3, "Omelette", ["3 eggs", "2 jalapeños"]),
      savedRecipe(4, "O'Brien potatoes", ["4 potatoes", "1 red pepper"]),
      savedRecipe(5, "Niño's eggs", ["2 eggs"]),
    ]
    let store = try openStore(path)
    let memory = InMemoryRecipeStore()
    for recipe in recipes {
      try store.saveRecipe(recipe)
      try memory.saveRecipe(recipe)
    }
    let terms = RecipeSearch.terms(query)
    let fromSQLite = Set(try store.recipes(.matching(terms)).map(\.title))
    let fromMemory = Set(try memory.recipes(.matching(terms)).map(\.title))
    #expect(fromSQLite == fromMemory)
  }

  @Test func searchingUsesTheFullTextIndex() throws {
    let store = try openStore(path)
    let plan = try store.withConnection { connection in
      var details: [String] = []
      try connection.runOnce(
        """
        EXPLAIN QUERY PLAN SELECT \(Connection.recipeSummaryColumns("r")) FROM recipe_search s
        JOIN recipes r ON r.rowid = s.rowid WHERE recipe_search MATCH 'egg*'
        """
      ) { row in details.append(row.text(3) ?? "") }
      return details.joined(separator: "\n")
    }
    #expect(plan.contains("VIRTUAL TABLE INDEX"), "\(plan)")
  }

  @Test func listItemsKeepWhatRecipesAskedOfThem() throws {
    let store = try openStore(path)
    var item = StoreFixtures.item(1, "Flour", quantity: Quantity(amount: 625, unit: .grams))
    item.recipeNeeds = RecipeNeeds(
      amounts: [ItemAmount(amount: 2, unit: .cup)],
      recipes: [
        RecipeReference(id: StoreFixtures.id(7), title: "Bread"),
        RecipeReference(id: nil, title: "Scones"),
      ],
      convertedQuantity: Quantity(amount: 625, unit: .grams))
    try store.modify { $0.insert(item) }
    let read = try #require(try openStore(path).items().first)
    #expect(read == item)
    #expect(read.isQuantityConverted)
  }

  @Test func anUnreadableRecipeNeedsColumnLosesOnlyThatColumn() throws {
    let store = try openStore(path)
    try store.modify { $0.insert(StoreFixtures.item(1, "Flour")) }
    try runSQL("UPDATE items SET recipe_needs = '{not json'", on: path)
    let read = try #require(try openStore(path).items().first)
    #expect(read.name == "Flour")
    #expect(read.recipeNeeds == .none)
  }
}
