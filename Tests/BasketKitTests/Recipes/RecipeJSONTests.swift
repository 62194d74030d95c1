import BasketKit
import Foundation
import Testing

@Suite struct RecipeJSONTests {
  private func object(_ value: some Encodable) throws -> [String: Any] {
    let data = try JSONEncoder().encode(value)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func writesALineInTheIssuesShapeWithEveryKey() throws {
    let line = IngredientLineParser.parse("2-3 cloves garlic, minced")
    let json = try object(line)
    #expect(
      Set(json.keys)
        == [
          "text", "quantity", "name", "preparation", "note", "optional", "uncertain",
          "alternatives",
        ])
    let quantity = try #require(json["quantity"] as? [String: Any])
    #expect(Set(quantity.keys) == ["amount", "maxAmount", "unit"])
    #expect(quantity["unit"] as? String == "clove")
    #expect(quantity["maxAmount"] as? Double == 3)
    #expect(json["note"] is NSNull)
    #expect(json["preparation"] as? String == "minced")
  }

  @Test func writesNullForAnUnknownQuantityAndUnit() throws {
    let json = try object(IngredientLineParser.parse("salt to taste"))
    #expect(json["quantity"] is NSNull)
    let eggs = try object(IngredientLineParser.parse("2 eggs"))
    let quantity = try #require(eggs["quantity"] as? [String: Any])
    #expect(quantity["unit"] is NSNull)
    #expect(quantity["maxAmount"] is NSNull)
  }

  @Test func addsPackSizeSizeAndEquivalentsOnlyWhenALineHasThem() throws {
    let json = try object(IngredientLineParser.parse("2 large (14-ounce) cans tomatoes"))
    #expect(json["packSize"] != nil)
    #expect(json["size"] as? String == "large")
    #expect(json["equivalents"] == nil)
    let dual = try object(IngredientLineParser.parse("200g/7oz chocolate"))
    #expect((dual["equivalents"] as? [Any])?.count == 1)
  }

  @Test func writesTheUnitOfAVagueAmountOnlyWhenALineHasOneAndReadsItBack() throws {
    let line = IngredientLineParser.parse("Several sprigs fresh thyme")
    let json = try object(line)
    #expect(json["vagueUnit"] as? String == "sprig")
    #expect(json["quantity"] is NSNull)
    let data = try JSONEncoder().encode(line)
    #expect(try JSONDecoder().decode(IngredientLine.self, from: data) == line)
    #expect(try object(IngredientLineParser.parse("3 sprigs thyme"))["vagueUnit"] == nil)
    let older = #"{"text":"Several sprigs fresh thyme","name":"fresh thyme"}"#
    #expect(try JSONDecoder().decode(IngredientLine.self, from: Data(older.utf8)).vagueUnit == nil)
  }

  @Test func writesARecipeInTheIssuesShapeAndReadsItBack() throws {
    var recipe = Recipe(
      title: "Soup", source: "https://example.org/soup", yields: "4 servings", servings: 4,
      prepTime: 10, cookTime: nil, totalTime: 40,
      ingredientGroups: [
        IngredientGroup(ingredients: [IngredientLineParser.parse("1 onion")]),
        IngredientGroup(
          heading: "For the garnish", ingredients: [IngredientLineParser.parse("parsley")]),
      ],
      instructions: ["Chop.", "Simmer."], image: nil)
    let json = try object(recipe)
    #expect(
      Set(json.keys)
        == [
          "title", "yields", "servings", "yield", "prepTime", "cookTime", "totalTime",
          "ingredientGroups", "ingredients", "instructions", "source", "image", "doubt",
        ])
    #expect(json["cookTime"] is NSNull)
    #expect((json["ingredients"] as? [Any])?.count == 2)
    let groups = try #require(json["ingredientGroups"] as? [[String: Any]])
    #expect(groups[0]["heading"] is NSNull)
    #expect(groups[1]["heading"] as? String == "For the garnish")

    recipe.id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
    recipe.savedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let data = try JSONEncoder().encode(recipe)
    let saved = try object(recipe)
    #expect(saved["savedAt"] as? String == "2027-01-15T08:00:00.000Z")
    #expect(saved["lastOpenedAt"] == nil)
    #expect(try JSONDecoder().decode(Recipe.self, from: data) == recipe)
  }

  @Test func readsARecipeThatOnlyListsIngredients() throws {
    let text = #"{"title":"Toast","ingredients":[{"text":"1 slice bread","name":"bread"}]}"#
    let recipe = try JSONDecoder().decode(Recipe.self, from: Data(text.utf8))
    #expect(recipe.ingredientGroups.count == 1)
    #expect(recipe.ingredients.first?.name == "bread")
    #expect(recipe.ingredients.first?.optional == false)
  }
}
