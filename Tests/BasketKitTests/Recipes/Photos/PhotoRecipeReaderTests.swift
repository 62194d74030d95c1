import BasketKit
import Testing

@Suite struct PhotoRecipeReaderTests {
  /// A two-column card: title and yield on top, ingredients left, method right.
  private func card(confidence: [String: Double] = [:]) -> [PhotoWord] {
    PhotoWords.line("Tomato Soup", x: 40, y: 20)
      + PhotoWords.line("Serves 6", x: 40, y: 50)
      + PhotoWords.line("Ingredients", x: 40, y: 120)
      + PhotoWords.line("• 2 tbsp olive oil", x: 40, y: 150)
      + PhotoWords.line("* 1 onion, chopped", x: 40, y: 180)
      + PhotoWords.line("+ 800 g tinned tomatoes", x: 40, y: 210, confidence: confidence)
      + PhotoWords.line("*% cup cream", x: 40, y: 240)
      + PhotoWords.line("Method", x: 420, y: 126)
      + PhotoWords.line("1. Soften the onion in the oil", x: 420, y: 156)
      + PhotoWords.line("over a low heat for ten min-", x: 420, y: 186)
      + PhotoWords.line("utes.", x: 420, y: 216)
      + PhotoWords.line("2. Add the tomatoes and simmer.", x: 420, y: 246)
  }

  @Test func readsATwoColumnCardIntoARecipe() throws {
    let found = try #require(PhotoRecipeReader.recipe(pages: [card()]))
    let recipe = found.recipe
    #expect(recipe.title == "Tomato Soup")
    #expect(recipe.servings == 6)
    #expect(
      recipe.ingredients.map(\.text) == [
        "2 tbsp olive oil", "1 onion, chopped", "800 g tinned tomatoes", "½ cup cream",
      ])
    #expect(
      recipe.instructions == [
        "Soften the onion in the oil over a low heat for ten minutes.",
        "Add the tomatoes and simmer.",
      ])
    #expect(recipe.ingredients.last?.quantity == IngredientQuantity(amount: 0.5, unit: .cup))
    // "%" may have been ¼: the line is marked for review; the others are not.
    #expect(recipe.ingredients.map(\.uncertain) == [false, false, false, true])
    #expect(found.ingredientSources[0][3]?.doubtfulWords == ["%"])
  }

  @Test func marksALineWithADoubtfulWordAndKeepsWhereItIs() throws {
    let found = try #require(
      PhotoRecipeReader.recipe(pages: [card(confidence: ["tinned": 41])]))
    let lines = found.recipe.ingredients
    #expect(lines.map(\.uncertain) == [false, false, true, true])
    let source = try #require(found.ingredientSources[0][2])
    #expect(source.doubtfulWords == ["tinned"])
    #expect(source.region.page == 0)
    // "800 g tinned tomatoes" without its "+": from x 40 + 12 + 10.
    #expect(source.region.box == PhotoBox(left: 62, top: 210, width: 18 * 12 + 3 * 10, height: 20))
    #expect(found.ingredientSources.map(\.count) == [4])
    #expect(found.ingredientSources[0].allSatisfy { $0 != nil })
  }

  @Test func theThresholdIsSeventy() throws {
    #expect(PhotoRecipeReader.confidenceThreshold == 70)
    let justAbove = try #require(
      PhotoRecipeReader.recipe(pages: [card(confidence: ["tinned": 70])]))
    #expect(!justAbove.recipe.ingredients[2].uncertain)
    #expect(!justAbove.recipe.ingredients[1].uncertain)
    let justBelow = try #require(
      PhotoRecipeReader.recipe(pages: [card(confidence: ["tinned": 69.9])]))
    #expect(justBelow.recipe.ingredients[2].uncertain)
  }

  @Test func keepsTheParsersOwnDoubts() throws {
    let words =
      PhotoWords.line("Ingredients", x: 40, y: 20)
      + PhotoWords.line("2 eggs", x: 40, y: 50)
      + PhotoWords.line("3 4 5 6", x: 40, y: 80)
      + PhotoWords.line("Method", x: 40, y: 150)
      + PhotoWords.line("Mix.", x: 40, y: 180)
    let found = try #require(PhotoRecipeReader.recipe(pages: [words]))
    let parsed = IngredientLineParser.parse("3 4 5 6")
    #expect(found.recipe.ingredients.map(\.uncertain) == [false, parsed.uncertain])
  }

  @Test func readsPagesInTheOrderGiven() throws {
    let first =
      PhotoWords.line("Pancakes", x: 40, y: 20) + PhotoWords.line("Ingredients", x: 40, y: 80)
      + PhotoWords.line("2 eggs", x: 40, y: 110)
    let second =
      PhotoWords.line("Method", x: 40, y: 20) + PhotoWords.line("Whisk and fry.", x: 40, y: 50)
    let found = try #require(PhotoRecipeReader.recipe(pages: [first, second]))
    #expect(found.recipe.title == "Pancakes")
    #expect(found.recipe.ingredients.map(\.text) == ["2 eggs"])
    #expect(found.recipe.instructions == ["Whisk and fry."])
    let lines = PhotoRecipeReader.textLines(pages: [first, second])
    #expect(lines.compactMap { $0?.region.page } == [0, 0, 0, 1, 1])
  }

  @Test func leavesABlankLineAtABigGapAndAtAColumnJumpOnly() {
    let words =
      PhotoWords.column(["one", "two"], x: 40, y: 20)
      + PhotoWords.column(["three"], x: 40, y: 120)
      + PhotoWords.column(["four", "five"], x: 400, y: 20)
    let lines = PhotoRecipeReader.textLines(pages: [words]).map { $0?.text ?? "" }
    #expect(lines == ["one", "two", "", "three", "", "four", "five"])
  }

  @Test func measuresABigGapAgainstThePagesUsualLineSpacing() {
    // Lines 46 px apart at 20 px high leave 26 px between them: usual here, not a paragraph.
    let words =
      PhotoWords.column(
        ["1. Soften the onion", "over a low heat.", "2. Add the rest."], x: 40, y: 20, spacing: 46)
      + PhotoWords.column(["Serve hot."], x: 40, y: 20 + 2 * 46 + 90)
    let lines = PhotoRecipeReader.textLines(pages: [words]).map { $0?.text ?? "" }
    #expect(
      lines == ["1. Soften the onion", "over a low heat.", "2. Add the rest.", "", "Serve hot."])
  }

  @Test func joinsAHyphenatedWordOnlyWhenTheNextLineGoesOnInLowercase() {
    let words =
      PhotoWords.column(
        ["Cook the pota-", "toes well.", "Use a well-", "Known pan."], x: 40, y: 20)
    let lines = PhotoRecipeReader.textLines(pages: [words]).map { $0?.text ?? "" }
    #expect(lines == ["Cook the potatoes well.", "Use a well-", "Known pan."])
  }

  @Test func dropsBulletsButKeepsDashesInsideWordsAndLoneMarks() {
    let words =
      PhotoWords.column(["• 2 eggs", "«1 cup milk", "- salt", "*| tsp sugar", "-"], x: 40, y: 20)
    let lines = PhotoRecipeReader.textLines(pages: [words]).map { $0?.text ?? "" }
    #expect(lines == ["2 eggs", "1 cup milk", "salt", "1 tsp sugar", "-"])
  }

  @Test func findsNoRecipeInNothing() {
    #expect(PhotoRecipeReader.recipe(pages: []) == nil)
    #expect(PhotoRecipeReader.recipe(pages: [[], []]) == nil)
  }
}
