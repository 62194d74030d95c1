import BasketKit
import Testing

@Suite struct RecipeScalerTests {
  @Test(
    arguments: [
      // line, factor, expected text of the scaled quantity
      ("2 eggs", 2.0 / 3.0, "1.5"),
      ("4 eggs", 1.0 / 3.0, "1.5"),
      ("3 eggs", 4.0 / 3.0, "4"),
      ("1 lemon", 0.25, "½"),
      ("1 cup flour", 2.5, "2.5 cups"),
      ("1 cup flour", 1.0 / 3.0, "⅓ cup"),
      ("2/3 cup sugar", 0.5, "⅓ cup"),
      ("1 cup milk", 1.25, "1¼ cups"),
      ("1 tsp salt", 1.0 / 3.0, "⅜ tsp"),
      ("1 tbsp oil", 1.5, "1.5 tbsp"),
      ("250 g butter", 1.0 / 3.0, "85 g"),
      ("500 g flour", 1.5, "750 g"),
      ("7 g yeast", 0.5, "4 g"),
      ("1 kg potatoes", 1.0 / 3.0, "0.35 kg"),
      ("400 ml stock", 0.75, "300 ml"),
      ("2-3 cloves garlic", 2, "4–6 cloves"),
      ("1 to 2 cups water", 1.5, "1.5–3 cups"),
      ("1 lb beef", 1.5, "1.5 lb"),
      ("8 oz cheese", 0.5, "4 oz"),
      ("a pinch of salt", 3, "3 pinches"),
      // A measure added with "plus" scales with the first (6 December 2026, seventh round)
      ("1 cup plus 2 tablespoons flour", 2, "2¼ cups"),
      ("1 tbsp sugar, plus 1 tsp", 3, "4 tbsp"),
    ] as [(String, Double, String)])
  func scalesEveryAmountWithKitchenRounding(text: String, factor: Double, expected: String) throws {
    let scaled = RecipeScaler.scale(IngredientLineParser.parse(text), by: factor)
    let quantity = try #require(scaled.line.quantity)
    #expect(KitchenAmountFormat.text(quantity) == expected)
  }

  @Test func neverLeavesFractionsOfAnEggThatCannotBeMeasured() {
    for servings in 1...12 {
      let scaled = RecipeScaler.scale(
        IngredientLineParser.parse("4 eggs"), by: Double(servings) / 6)
      let amount = scaled.line.quantity?.amount ?? 0
      #expect((amount * 2).rounded() == amount * 2, "\(amount) eggs")
    }
  }

  @Test func keepsThePackSizeAndScalesTheEquivalents() {
    let can = RecipeScaler.scale(IngredientLineParser.parse("2 (14-ounce) cans tomatoes"), by: 2)
    #expect(can.line.quantity?.amount == 4)
    #expect(can.line.packSize?.amount == 14)
    let dual = RecipeScaler.scale(IngredientLineParser.parse("200g/7oz chocolate"), by: 0.5)
    #expect(dual.line.quantity?.amount == 100)
    #expect(dual.line.equivalents.first?.amount == 3.5)
  }

  @Test func flagsUncertainLinesAndLargeRoundings() {
    let uncertain = RecipeScaler.scale(IngredientLineParser.parse("1/0 cup sugar"), by: 2)
    #expect(uncertain.flag == .uncertain)
    let rounded = RecipeScaler.scale(IngredientLineParser.parse("1 egg"), by: 0.2)
    #expect(rounded.flag == .rounded)
    #expect(rounded.line.quantity?.amount == 0.5)
    let exact = RecipeScaler.scale(IngredientLineParser.parse("2 cups milk"), by: 2)
    #expect(exact.flag == nil)
    let unmeasured = RecipeScaler.scale(IngredientLineParser.parse("salt to taste"), by: 2)
    #expect(unmeasured.flag == nil)
    #expect(unmeasured.line.quantity == nil)
  }

  @Test func scalesARecipeToNewServingsAndKeepsWhatItMakes() {
    let recipe = Recipe(
      title: "Cookies", yields: "24 cookies", servings: 24,
      ingredientGroups: [
        IngredientGroup(ingredients: [IngredientLineParser.parse("2 cups flour")])
      ])
    let scaled = RecipeScaler.scale(recipe, toServings: 36)
    #expect(scaled.servings == 36)
    #expect(scaled.yields == "36 cookies")
    #expect(scaled.ingredients.first?.quantity?.amount == 3)
    #expect(scaled.ingredients.first?.text == "2 cups flour")
    #expect(
      RecipeScaler.scale(Recipe(title: "No servings"), toServings: 4)
        == Recipe(title: "No servings"))
  }
}
