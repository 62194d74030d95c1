import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The recipes panel (^O): browse the saved recipes, look at one, put it on the list.
@Suite struct RecipePanelTests {
  static func recipe(_ number: Int, _ title: String, opened: TimeInterval, _ lines: [String])
    -> Recipe
  {
    var recipe = Recipe(
      id: Fixtures.id(900 + number), title: title, servings: 4,
      ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))])
    recipe.savedAt = Fixtures.monday.addingTimeInterval(opened)
    recipe.lastOpenedAt = recipe.savedAt
    return recipe
  }

  static let library = [
    recipe(1, "Tomato soup", opened: -100, ["4 tomatoes", "1 onion", "3 splodges 7 of jam"]),
    recipe(2, "Pancakes", opened: -10, ["2 eggs", "1 cup milk", "200 g flour"]),
  ]

  @Test func ctrlOListsTheSavedRecipesRecentFirst() {
    let app = Harness(recipes: Self.library)
    app.press(.control("o"))
    #expect(app.screen.contains("Recipes"))
    let pancakes = app.row(of: "Pancakes")
    let soup = app.row(of: "Tomato soup")
    #expect(pancakes != nil && soup != nil && pancakes! < soup!)
    #expect(app.line(containing: "Pancakes")?.contains("▸") == true)
    #expect(app.line(containing: "Pancakes")?.contains("3 ingredients") == true)
    app.press(.down)
    #expect(app.line(containing: "Tomato soup")?.contains("▸") == true)
    app.press(.escape)
    #expect(app.state.mode == .list)
    #expect(app.row(of: "Tomato soup") == nil)
  }

  @Test func enterOpensARecipeAndAgainPutsItOnTheList() throws {
    let app = Harness(recipes: Self.library)
    app.add("flour")
    app.press(.function(4), .enter)
    #expect(app.screen.contains("• 1 cup milk"))
    #expect(app.screen.contains("Enter add to list"))
    app.press(.escape)
    #expect(app.screen.contains("Tomato soup"))
    app.press(.down, .enter)
    #expect(app.screen.contains("? 3 splodges 7 of jam"))  // uncertain lines are marked
    app.press(.left, .up, .enter)
    app.press(.enter)
    #expect(app.state.mode == .list)
    #expect(app.screen.contains("Pancakes is on the list: 2 new, 1 merged"))
    let names = app.names(app.toGet).joined(separator: "|")
    #expect(names.contains("eggs") && names.contains("milk") && names.contains("flour"))
    let milk = try #require(app.state.items.first { $0.name == "milk" })
    #expect(milk.recipeNeeds.recipes.map(\.title) == ["Pancakes"])
  }

  @Test func plusAndMinusChooseTheServingsTheCoreScalesTo() throws {
    let app = Harness(recipes: Self.library)
    app.press(.control("o"), .enter)
    #expect(app.screen.contains("serves 4"))
    app.type("++++")
    #expect(app.screen.contains("serves 8"))
    #expect(app.screen.contains("• 2 cups milk"))
    #expect(app.screen.contains("• 400 g flour"))
    app.type("-")
    #expect(app.screen.contains("serves 7"))
    app.type("+")
    app.press(.enter)
    #expect(app.screen.contains("Pancakes is on the list: 3 new, 0 merged"))
    let flour = try #require(app.state.items.first { $0.name == "flour" })
    // NB: flour is sold in packs, so the 400 g stays the recipe's need beside a bag.
    #expect(flour.recipeNeeds.amounts.map(\.text) == ["400 g"])
    #expect(flour.buyable?.text == "1 bag (907 g)")
  }

  @Test func anEmptyLibrarySaysHowToFillIt() {
    let app = Harness(recipes: [])
    app.press(.control("o"))
    #expect(app.screen.contains("No saved recipes yet"))
    app.press(.enter)
    #expect(app.state.mode != .list)
    app.press(.control("o"))
    #expect(app.state.mode == .list)
  }

  @Test func withoutALibraryTheAppSaysSo() {
    let app = Harness()
    app.press(.control("o"))
    #expect(app.screen.contains("Recipes aren't available here"))
  }

  @Test func theHelpScreenListsTheKey() {
    let app = Harness(size: Size(width: 70, height: 30))
    app.press(.function(1))
    #expect(app.line(containing: "^O  F4")?.contains("recipes") == true)
  }
}
