import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Lines left out of the list unless chosen (issue 23): tap water and optional lines.
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
