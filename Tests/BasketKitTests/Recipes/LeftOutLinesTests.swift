import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Lines left out of the list unless chosen, as nobody buys them by default: tap water and
/// optional lines.
@Suite struct LeftOutLinesTests {
  @Test(
    arguments: [
      ("4½ cups water", "tap water"), ("1 cup boiling water", "tap water"),
      ("2 tbsp cold water", "tap water"), ("Warm water", "tap water"),
      ("500 ml hot water", "tap water"), ("ice water", "tap water"),
      ("1 cup lukewarm water", "tap water"), ("Water, as needed", "tap water"),
      ("1 litre sparkling water", nil), ("400 ml coconut water", nil), ("2 tbsp rose water", nil),
      ("1 tsp orange blossom water", nil), ("watercress", nil), ("2 watermelons", nil),
      ("1 tsp chilli flakes (optional)", "optional"), ("salt", nil),
    ] as [(String, String?)])
  func linesLeftOutAreTapWaterAndOptionalOnes(text: String, reason: String?) {
    #expect(LeftOutLines.reason(for: IngredientLineParser.parse(text)) == reason, "\(text)")
  }

  @Test func theStandardSelectionLeavesThemOutAndTheJSONSaysWhy() throws {
    let lines = ["2 onions", "4 cups water", "1 tsp chilli flakes (optional)", "salt"]
    let recipe = Recipe(
      title: "Soup",
      ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))])
    #expect(RecipeSelection.standard(for: recipe).skipped == [1, 2])
    let json = String(decoding: try JSONEncoder().encode(recipe.ingredients[1]), as: UTF8.self)
    #expect(json.contains(#""leftOut":"tap water""#), "\(json)")
    let plain = String(decoding: try JSONEncoder().encode(recipe.ingredients[0]), as: UTF8.self)
    #expect(!plain.contains("leftOut"))
  }
}

/// The always-have list: which lines a staple covers, and the book that keeps it.
@Suite struct StaplesTests {
  @Test(
    arguments: [
      ("1 tsp salt", "salt"), ("2 tsp kosher salt", "salt"), ("flaky sea salt", "salt"),
      ("Salt and freshly ground black pepper", "salt and pepper"),
      ("salt & pepper, to taste", "salt and pepper"), ("½ tsp ground black pepper", "pepper"),
      ("2 tbsp extra virgin olive oil", "oil"), ("vegetable oil, for frying", "oil"),
      ("1 red bell pepper", nil), ("1 tsp cayenne pepper", nil), ("1 tbsp sesame oil", nil),
      ("100 g salted butter", nil), ("2 tbsp oil and 1 onion", nil), ("white pepper", nil),
      ("1 tsp celery salt", nil),
    ] as [(String, String?)])
  func theSuggestedStaplesCoverTheirPlainForms(text: String, staple: String?) {
    #expect(Staples.suggested.staple(for: IngredientLineParser.parse(text)) == staple, "\(text)")
  }

  @Test func aStapleIsLeftOutOfTheStandardSelectionAndTheJSONSaysWhy() throws {
    let lines = ["2 onions", "1 tsp sea salt", "2 tbsp olive oil", "1 tsp cumin"]
    let recipe = Recipe(
      title: "Soup",
      ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))])
    #expect(RecipeSelection.standard(for: recipe).skipped.isEmpty, "no staples: nothing out")
    #expect(RecipeSelection.standard(for: recipe, staples: .suggested).skipped == [1, 2])
    let mine = Staples(names: ["cumin"])
    #expect(RecipeSelection.standard(for: recipe, staples: mine).skipped == [3])
    let encoder = JSONEncoder()
    encoder.userInfo[.staples] = Staples.suggested
    let json = String(decoding: try encoder.encode(recipe.ingredients[1]), as: UTF8.self)
    #expect(json.contains(#""leftOut":"you always have this""#), "\(json)")
  }

  @Test func theBookStartsFromTheSuggestionAndKeepsWhatTheHouseholdChose() throws {
    let book = StapleBook(store: InMemoryStapleStore())
    #expect(try book.list() == Staples.suggested)
    #expect(try book.list().chosen == false)
    try book.add("  olive   oil ")
    #expect(try book.list() == Staples(names: ["salt", "pepper", "oil", "olive oil"]))
    #expect(throws: StapleError.alreadyThere("salt")) { try book.add("Salt") }
    #expect(throws: StapleError.emptyName) { try book.add("   ") }
    #expect(throws: StapleError.nameTooLong) { try book.add(String(repeating: "a", count: 61)) }
    try book.remove("PEPPER")
    try book.remove("oil")
    #expect(throws: StapleError.notThere("cumin")) { try book.remove("cumin") }
    #expect(try book.list().names == ["salt", "olive oil"])
    try book.remove("salt")
    try book.remove("olive oil")
    #expect(try book.list() == Staples(names: []), "emptied is chosen, not the suggestion again")
  }
}
