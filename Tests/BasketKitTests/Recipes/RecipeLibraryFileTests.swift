import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Other apps' recipes read into Basket's, and Basket's written as schema.org JSON-LD and read
/// back (the formats' fixtures are written by these tests' authors).
@Suite struct RecipeLibraryFileTests {
  static func parse(_ text: String) throws -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  static func one(_ text: String) throws -> (RecipeLibraryFormat, Recipe) {
    let (format, recipes) = try #require(RecipeLibraryFile.recipes(in: try parse(text)))
    let recipe = try #require(try recipes.first?.result.get())
    return (format, recipe)
  }

  @Test func aPaprikaRecipeKeepsItsLinesTimesAndSourceAndDropsPhotoMarks() throws {
    let (format, recipe) = try Self.one(
      #"""
      {"uid":"A","name":"Soup","servings":"4 servings","prep_time":"15 min","cook_time":"1 hr 5 mins",
       "ingredients":"2 tbsp olive oil\nFor the topping:\n1 lemon","directions":"Fry.\n\nSimmer.\n\n[photo:1]",
       "source_url":"https://example.com/soup","image_url":"https://example.com/soup.jpg","photo_data":"AAAA"}
      """#)
    #expect(format == .paprika)
    #expect(recipe.title == "Soup")
    #expect(recipe.servings == 4)
    #expect(recipe.prepTime == 15)
    #expect(recipe.cookTime == 65)
    #expect(recipe.source == "https://example.com/soup")
    #expect(recipe.instructions == ["Fry.", "Simmer."])
    #expect(recipe.ingredientGroups.map(\.heading) == [nil, "For the topping"])
    #expect(recipe.ingredients.map(\.text) == ["2 tbsp olive oil", "1 lemon"])
    #expect(recipe.ingredients[0].name == "olive oil")
  }

  @Test func aMealieBackupJoinsEachRecipeToItsLinesSectionsAndSteps() throws {
    let (format, recipes) = try #require(
      RecipeLibraryFile.recipes(
        in: try Self.parse(
          #"""
          {"recipes":[{"id":"r1","name":"Bowls","recipe_servings":4.0,"recipe_yield":"bowls",
             "recipe_yield_quantity":4.0,"prep_time":"20 minutes","perform_time":"35 minutes",
             "org_url":"https://example.com/bowls"},{"id":"r2","name":"Empty"}],
           "recipes_ingredients":[
             {"recipe_id":"r1","position":1,"title":null,"note":"large","quantity":1.0,
              "unit_id":null,"food_id":"f1","original_text":null},
             {"recipe_id":"r1","position":0,"title":"For the bowls 2","note":"200 g spelt",
              "quantity":0.0,"unit_id":null,"food_id":null,"original_text":null},
             {"recipe_id":"r1","position":2,"title":"Dressing","note":"","quantity":2.0,
              "unit_id":"u1","food_id":"f2","original_text":null}],
           "recipe_instructions":[{"recipe_id":"r1","position":0,"title":"Roast","text":"Roast it."}],
           "ingredient_units":[{"id":"u1","name":"tablespoon","abbreviation":"tbsp"}],
           "ingredient_foods":[{"id":"f1","name":"squash"},{"id":"f2","name":"tahini"}]}
          """#)))
    #expect(format == .mealie)
    #expect(recipes.count == 2)
    let bowls = try recipes[0].result.get()
    #expect(bowls.title == "Bowls")
    #expect(bowls.ingredientGroups.map(\.heading) == ["For the bowls 2", "Dressing"])
    #expect(bowls.ingredients.map(\.text) == ["200 g spelt", "1 squash, large", "2 tbsp tahini"])
    #expect(bowls.instructions == ["Roast", "Roast it."])
    #expect(bowls.prepTime == 20 && bowls.cookTime == 35)
    #expect(bowls.yields == "4 bowls")
    #expect(throws: LibraryRecipeError.self) { try recipes[1].result.get() }
  }

  @Test func aNextcloudRecipeReadsItsMarkedHeadingsInLinesAndSteps() throws {
    let (format, recipe) = try Self.one(
      #"""
      {"@context":"http://schema.org","@type":"Recipe","name":"Bowls","recipeYield":4,
       "prepTime":"PT0H20M0S","recipeIngredient":["## For the bowls","200 g spelt","## To serve","2 tbsp seeds"],
       "recipeInstructions":["## Roast the squash","Heat the oven."]}
      """#)
    #expect(format == .jsonLD)
    #expect(recipe.ingredientGroups.map(\.heading) == ["For the bowls", "To serve"])
    #expect(recipe.instructions == ["Roast the squash", "Heat the oven."])
    #expect(recipe.prepTime == 20)
  }

  @Test func otherJSONHoldsNoRecipe() throws {
    #expect(RecipeLibraryFile.recipes(in: try Self.parse(#"{"items":["milk"]}"#)) == nil)
    #expect(RecipeLibraryFile.recipes(in: try Self.parse(#"[1, 2, 3]"#)) == nil)
  }

  @Test func aRecipeWithTooManyLinesIsRefusedWithItsReason() throws {
    let lines = (1...600).map { "\($0) g flour" }.joined(separator: "\\n")
    let (_, recipes) = try #require(
      RecipeLibraryFile.recipes(
        in: try Self.parse(#"{"name":"Huge","ingredients":"\#(lines)","directions":"Mix."}"#)))
    let error = try #require(
      recipes.first.flatMap { result -> LibraryRecipeError? in
        if case .failure(let error) = result.result { return error }
        return nil
      })
    #expect(error.description.contains("600 ingredient lines"), "\(error)")
  }

  /// Basket's recipe → JSON-LD → read back: the same recipe.
  @Test(arguments: [
    Recipe(
      title: "Pie", source: "https://example.com/pie", yields: "8 slices", servings: 8,
      prepTime: 30, cookTime: 90, totalTime: 120,
      ingredientGroups: [
        IngredientGroup(
          heading: "Pastry 1",
          ingredients: ["200 g flour", "100 g butter, cold"].map(IngredientLineParser.parse)),
        IngredientGroup(
          heading: "For the filling",
          ingredients: ["3 apples", "1–2 tbsp sugar, or to taste"].map(IngredientLineParser.parse)),
      ],
      instructions: ["Rub the butter in.", "Bake for 40 minutes at 190 °C."],
      image: "https://example.com/pie.jpg"),
    Recipe(
      title: "Toast", servings: 1,
      ingredientGroups: [
        IngredientGroup(ingredients: [IngredientLineParser.parse("1 slice bread")])
      ],
      instructions: ["Toast it."]),
    // Lines that begin as a heading mark does are lines, not headings (the fuzzer's find:
    // a recipe of one such line did not read back at all).
    Recipe(
      title: "Chili",
      ingredientGroups: [
        IngredientGroup(
          ingredients: [
            "#10 can tomatoes", "## not a heading", "# 2 onions", "\\# 1 tsp salt", "#: odd",
          ].map(IngredientLineParser.parse))
      ],
      instructions: ["Simmer."]),
    // Lines another app kept as lines that a schema.org reader takes for headings (the
    // fuzzer's second find: a recipe of one "for large" line did not read back).
    Recipe(
      title: "Bowls",
      ingredientGroups: [
        IngredientGroup(
          ingredients: ["for large", "For the sauce:", "1 lemon"].map(IngredientLineParser.parse))
      ],
      instructions: []),
    Recipe(
      title: "Marks",
      ingredientGroups: [
        IngredientGroup(heading: "Sauce", ingredients: [IngredientLineParser.parse("## 1 tin")])
      ],
      instructions: []),
  ])
  func aRecipeWrittenAsJSONLDReadsBackTheSame(recipe: Recipe) throws {
    let text = String(decoding: RecipeJSONLD.value(recipe).encoded(), as: UTF8.self)
    let (_, read) = try Self.one(text)
    #expect(read.title == recipe.title)
    #expect(read.ingredientGroups == recipe.ingredientGroups)
    #expect(read.instructions == recipe.instructions)
    #expect(read.source == recipe.source)
    #expect(read.image == recipe.image)
    #expect(read.prepTime == recipe.prepTime && read.cookTime == recipe.cookTime)
    #expect(read.totalTime == recipe.totalTime)
    #expect(read.servings == recipe.servings)
  }

  @Test func aMarkOnlyReadsAsAHeadingFollowedByASpaceAndAnotherAppsLinesStayAsWritten() throws {
    let (_, nextcloud) = try Self.one(
      ##"""
      {"@type":"Recipe","name":"Stew","recipeIngredient":["## For the stew","#10 can beans","# Topping","1 lemon"],
       "recipeInstructions":["## Brown the meat","#1 stir"]}
      """##)
    #expect(nextcloud.ingredientGroups.map(\.heading) == ["For the stew", "Topping"])
    #expect(nextcloud.ingredients.map(\.text) == ["#10 can beans", "1 lemon"])
    #expect(nextcloud.instructions == ["Brown the meat", "#1 stir"])
    let (_, paprika) = try Self.one(
      ##"{"uid":"A","name":"Beans","ingredients":"#10 can beans\n## 2 onions","directions":"Heat."}"##
    )
    #expect(paprika.ingredients.map(\.text) == ["#10 can beans", "## 2 onions"])
  }

  @Test func anExportedFileIsNamedByItsTitleOnce() {
    var taken = Set<String>()
    #expect(RecipeJSONLD.fileStem("Crème brûlée!", taken: &taken) == "creme-brulee")
    #expect(RecipeJSONLD.fileStem("Crème Brûlée", taken: &taken) == "creme-brulee-2")
    #expect(RecipeJSONLD.fileStem("../../etc", taken: &taken) == "etc")
    #expect(RecipeJSONLD.fileStem("🍰", taken: &taken) == "recipe")
  }

  @Test func theSameTitleAndLinesAreTheSameRecipe() {
    let a = Recipe(
      title: "Red Lentil Soup",
      ingredientGroups: [
        IngredientGroup(ingredients: [IngredientLineParser.parse("2 tbsp  Olive oil")])
      ])
    var b = a
    b.title = "red lentil soups"
    b.ingredientGroups = [
      IngredientGroup(ingredients: [IngredientLineParser.parse("2 tbsp olive oil")])
    ]
    #expect(RecipeFingerprint.of(a) == RecipeFingerprint.of(b))
    b.ingredientGroups = [
      IngredientGroup(ingredients: [IngredientLineParser.parse("3 tbsp olive oil")])
    ]
    #expect(RecipeFingerprint.of(a) != RecipeFingerprint.of(b))
  }
}
