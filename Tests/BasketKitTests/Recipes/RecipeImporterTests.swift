import BasketKit
import Testing

@Suite struct SchemaOrgImportTests {
  private func recipe(_ script: String, page: RecipePage = RecipePage()) -> Recipe? {
    var page = page
    page.jsonLD = [script]
    return RecipeImporter.recipe(from: page)
  }

  @Test func findsTheRecipeInAGraph() throws {
    let found = try #require(
      recipe(
        #"""
        {"@context":"https://schema.org","@graph":[
          {"@type":"WebPage","name":"Page"},
          {"@type":["Recipe","NewsArticle"],"name":"Pea &amp; Mint Soup",
           "recipeIngredient":["500 g frozen peas","1 onion, chopped"],
           "recipeInstructions":"Soften the onion.\nAdd the peas.",
           "recipeYield":["4","4 servings"],"prepTime":"PT10M","cookTime":"PT20M"}
        ]}
        """#))
    #expect(found.title == "Pea & Mint Soup")
    #expect(found.ingredients.map(\.text) == ["500 g frozen peas", "1 onion, chopped"])
    #expect(found.ingredients.first?.quantity?.unit == .gram)
    #expect(found.instructions == ["Soften the onion.", "Add the peas."])
    #expect(found.yields == "4 servings")
    #expect(found.servings == 4)
    #expect(found.totalTime == 30)  // prep + cook when no total is given
  }

  @Test func findsTheRecipeUnderMainEntityAndReadsSectionsAndSteps() throws {
    let found = try #require(
      recipe(
        #"""
        {"@type":"WebPage","mainEntity":{"@type":"http://schema.org/Recipe","name":"Tart",
          "recipeIngredient":[["For the pastry:","200 g flour"],"2 eggs"],
          "recipeInstructions":[
            {"@type":"HowToSection","name":"Pastry","itemListElement":[
              {"@type":"HowToStep","text":"Rub in the butter."},
              {"@type":"HowToStep","name":"Rest","text":"Chill for 30 minutes."}]},
            {"@type":"HowToStep","text":"Bake."}],
          "recipeYield":12,"totalTime":"PT1H15M","image":[{"@type":"ImageObject","url":"https://x.test/t.jpg"}]}}
        """#))
    #expect(
      found.instructions == [
        "Pastry", "Rub in the butter.", "Rest", "Chill for 30 minutes.", "Bake.",
      ])
    #expect(found.ingredientGroups.map(\.heading) == ["For the pastry"])
    #expect(found.ingredients.count == 2)
    #expect(found.totalTime == 75)
    #expect(found.yields == "12 servings")
    #expect(found.image == "https://x.test/t.jpg")
  }

  @Test func readsPropertyValueIngredientsAndYieldsWithNouns() throws {
    let found = try #require(
      recipe(
        #"""
        [{"@type":"Recipe","name":"Cookies","recipeYield":"Makes 24 cookies",
          "recipeIngredient":[{"@type":"PropertyValue","value":"200","unitText":"g","name":"flour"}],
          "recipeInstructions":[{"@type":"HowToStep","name":"Mix everything","text":"Mix everything."}]}]
        """#))
    #expect(found.ingredients.first?.text == "200 g flour")
    #expect(found.ingredients.first?.quantity?.amount == 200)
    #expect(found.yields == "24 cookies")
    #expect(found.instructions == ["Mix everything."])
  }

  @Test(arguments: [
    // A name the text opens with restates it, cut short or not.
    ("Preheat", "Preheat the oven to 180 C.", ["Preheat the oven to 180 C."]),
    ("Whisk the eggs...", "Whisk the eggs with the sugar.", ["Whisk the eggs with the sugar."]),
    // A step's number, with a word before it or not, is not a title.
    ("Step 1", "Preheat the oven.", ["Preheat the oven."]),
    ("step2", "Preheat the oven.", ["Preheat the oven."]),
    ("3.", "Preheat the oven.", ["Preheat the oven."]),
    ("Instruction 0", "Preheat the oven.", ["Preheat the oven."]),
    // A title holding a number is a title.
    (
      "1st Rise", "Cover the dough and let it rise.",
      ["1st Rise", "Cover the dough and let it rise."]
    ),
    ("Rest 30 minutes", "Cover the dough.", ["Rest 30 minutes", "Cover the dough."]),
    (
      "Make the glaze", "Whisk the sugar and milk.",
      ["Make the glaze", "Whisk the sugar and milk."]
    ),
  ])
  func keepsAStepsNameOnlyWhenItTitlesTheStep(name: String, text: String, read: [String]) throws {
    let found = try #require(
      recipe(
        #"{"@type":"Recipe","name":"Bread","recipeIngredient":["500 g flour"],"recipeInstructions":[{"@type":"HowToStep","name":"\#(name)","text":"\#(text)"}]}"#
      ))
    #expect(found.instructions == read)
  }

  @Test(
    arguments: [
      // The list's last line, a title naming a food after its colon, is that food.
      (
        ["2 eggs", "1 cup flour", "For serving: vanilla ice cream (optional)"],
        [nil], ["2 eggs", "1 cup flour", "For serving: vanilla ice cream (optional)"]
      ),
      (
        ["For the cake:", "2 eggs", "For serving: whipped cream"],
        ["For the cake"], ["2 eggs", "For serving: whipped cream"]
      ),
      // A title over nothing names no food: it is left out.
      (["For the cake:", "2 eggs", "For serving:"], ["For the cake"], ["2 eggs"]),
      (["2 eggs", "TO SERVE"], [nil], ["2 eggs"]),
      // Above lines, it titles them.
      (
        ["For the glaze: optional", "1 cup icing sugar"], ["For the glaze: optional"],
        ["1 cup icing sugar"]
      ),
    ] as [([String], [String?], [String])])
  func keepsALastTitleThatNamesAFoodAsAnIngredient(
    lines: [String], headings: [String?], read: [String]
  ) {
    let groups = RecipeImporter.groups(lines)
    #expect(groups.map(\.heading) == headings)
    #expect(groups.flatMap(\.ingredients).map(\.text) == read)
  }

  @Test func readsMicrodataWhenThereIsNoJSONLD() throws {
    let item = MicrodataItem(
      types: ["http://schema.org/Recipe"],
      properties: [
        .init(name: "name", value: .text("Flapjacks")),
        .init(name: "recipeIngredient", value: .text("250 g oats")),
        .init(name: "recipeIngredient", value: .text("125 g butter")),
        .init(name: "recipeInstructions", value: .text("Melt the butter.\nStir in the oats.")),
        .init(name: "cookTime", value: .text("PT25M")),
      ])
    let found = try #require(RecipeImporter.recipe(from: RecipePage(microdata: [item])))
    #expect(found.title == "Flapjacks")
    #expect(found.ingredients.count == 2)
    #expect(found.instructions == ["Melt the butter.", "Stir in the oats."])
    #expect(found.totalTime == 25)
  }

  @Test func fallsBackToHeadingsAndListsWithoutMarkup() throws {
    let page = RecipePage(
      title: "Site | Lemonade",
      blocks: [
        PageBlock(kind: .heading(1), text: "Lemonade"),
        PageBlock(kind: .paragraph, text: "Serves 4"),
        PageBlock(kind: .heading(2), text: "Ingredients"),
        PageBlock(kind: .listItem(list: 1), text: "4 lemons"),
        PageBlock(kind: .listItem(list: 1), text: "100 g sugar"),
        PageBlock(kind: .heading(2), text: "Method"),
        PageBlock(kind: .listItem(list: 2), text: "Squeeze the lemons."),
        PageBlock(kind: .listItem(list: 2), text: "Stir in the sugar."),
        PageBlock(kind: .heading(2), text: "Comments"),
        PageBlock(kind: .paragraph, text: "Lovely!"),
      ])
    let found = try #require(RecipeImporter.recipe(from: page))
    #expect(found.title == "Lemonade")
    #expect(found.ingredients.map(\.name) == ["lemons", "sugar"])
    #expect(found.instructions == ["Squeeze the lemons.", "Stir in the sugar."])
    #expect(found.yields == "4 servings")
  }

  @Test func fillsListsTheMarkupLeavesOut() throws {
    var page = RecipePage(blocks: [
      PageBlock(kind: .heading(3), text: "Zutaten"),
      PageBlock(kind: .listItem(list: 1), text: "2 Eier"),
      PageBlock(kind: .heading(3), text: "Zubereitung"),
      PageBlock(kind: .paragraph, text: "Alles verrühren."),
    ])
    page.jsonLD = [#"{"@type":"Recipe","name":"Rührei","recipeIngredient":[],"recipeYield":"2"}"#]
    let found = try #require(RecipeImporter.recipe(from: page))
    #expect(found.title == "Rührei")
    #expect(found.ingredients.map(\.text) == ["2 Eier"])
    #expect(found.instructions == ["Alles verrühren."])
  }

  @Test func findsNoRecipeOnAPageWithoutOne() {
    let page = RecipePage(
      title: "News", jsonLD: [#"{"@type":"NewsArticle"}"#],
      blocks: [
        PageBlock(kind: .paragraph, text: "Nothing to cook here.")
      ])
    #expect(RecipeImporter.recipe(from: page) == nil)
  }
}

@Suite struct RecipeDurationTests {
  @Test(
    arguments: [
      ("PT1H30M", 90), ("PT90M", 90), ("P0DT2H", 120), ("PT0.5H", 30), ("P1DT1H", 1500),
      ("PT45S", 1), ("pt20m", 20), ("1 hour 20 mins", 80), ("45 minutes", 45), ("1h30", 90),
      ("2 hrs", 120), ("P1H", 60), ("P2H30M", 150), ("PT0D4H45M", 285), ("PTH25MS", 25),
      ("PT20 Mins", 20),
    ] as [(String, Int)])
  func readsDurations(text: String, minutes: Int) {
    #expect(RecipeDuration.minutes(text) == minutes)
  }

  @Test(arguments: ["", "PT", "P", "soon", "PTXM", "P99999D", "-PT5M"])
  func refusesWhatIsNotADuration(text: String) {
    #expect(RecipeDuration.minutes(text) == nil)
  }
}

@Suite struct RecipeYieldTests {
  @Test(
    arguments: [
      ("4", "4 servings"), ("Serves 4", "4 servings"), ("4-6 servings", "6 servings"),
      ("1 serving", "1 serving"), ("Makes 24 cookies", "24 cookies"),
      ("12 large muffins", "12 muffins"),
      ("2 loaves", "2 loaves"), ("1 dozen", "1 dozen"), ("Makes 12", "12 items"),
      ("Makes 2 pie", "2 pies"),
      ("1 loaves", "1 loaf"), ("9 large or 16 small brownies", "9 brownies"),
      ("750 g", "750 grams"),
      ("6 people", "6 servings"),
      ("4 personnes", "4 servings"),
      ("2 (9-inch) round cakes", "2 cakes"), ("16 servings (2 pies)", "16 servings"),
      ("6.5 gallons", "6.5 gallons"), ("3 8-oz jars", "3 jars"), ("12 stk.", "12 items"),
      ("1 9x13 loaf tin", "1 loaf"), ("4 porções", "4 servings"),
    ] as [(String, String)])
  func tidiesYields(text: String, expected: String) {
    #expect(RecipeYield.read(text)?.text == expected)
  }

  @Test func findsNoYieldWithoutANumber() {
    #expect(RecipeYield.read("a crowd") == nil)
  }

  private func page(_ texts: [String]) -> RecipePage {
    RecipePage(
      jsonLD: [#"{"@type":"Recipe","name":"Ribs","recipeIngredient":["1 rack ribs"]}"#],
      blocks: texts.map { PageBlock(kind: .text, text: $0) })
  }

  @Test(
    arguments: [
      (["Prep 10 min", "Makes 2 racks"], "2 items"),
      (["Yield:", "24 cookies"], "24 cookies"),
      (["Servings", "4"], "4 servings"),
      (["Antal", "4 portioner"], "4 servings"),
      (["4 főre"], "4 servings"),
      (["Zutaten für 4 Portionen", "1 Bund Suppengemüse"], "4 servings"),
      (["Ingredients for 6 servings:", "1 onion"], "6 servings"),
      (["Cut the cake into 12 portions and share them", "1 onion"], nil),
      (["Rendimento 6 porções"], "6 servings"),
      (["Serves", "your family"], nil),
    ] as [([String], String?)])
  func readsYieldsStatedOnThePage(blocks: [String], expected: String?) throws {
    #expect(try #require(RecipeImporter.recipe(from: page(blocks))).yields == expected)
  }

  @Test func readsATimeWhoseValueIsTheNextBlock() throws {
    let found = try #require(RecipeImporter.recipe(from: page(["Total Time:", "1 hr 5 mins"])))
    #expect(found.totalTime == 65)
  }

  @Test(
    arguments: [
      // Short labels with their colon, in one line of facts or apart.
      (["Prep: 10 mins Cook: 25 mins Serves 4"], 35),
      (["Serves: 1 people", "Prep: 30 mins", "Cooking: 5 mins"], 35),
      // Without a colon "Cook" opens a step, not a fact.
      (["Cook 5 minutes, then drain."], nil),
      // A bare "Time" label over its figure, in the pages' languages.
      (["Time", "45 mins", "Servings", "4"], 45),
      (["Tijd:", "20 min"], 20),
      // "Time" over something else is not a time.
      (["Time", "to eat!"], nil),
      (["Prep time", "Time", "500 ml"], nil),
    ] as [([String], Int?)])
  func readsTimesFromShortLabels(blocks: [String], expected: Int?) throws {
    #expect(try #require(RecipeImporter.recipe(from: page(blocks))).totalTime == expected)
  }

  @Test func leavesAMenusTimeFilterAlone() throws {
    let blocks = [
      PageBlock(kind: .listItem(list: 1), text: "Time"),
      PageBlock(kind: .listItem(list: 2), text: "15 min"),
      PageBlock(kind: .listItem(list: 2), text: "30 min"),
    ]
    let recipe = RecipePage(
      jsonLD: [#"{"@type":"Recipe","name":"Ribs","recipeIngredient":["1 rack ribs"]}"#],
      blocks: blocks)
    #expect(try #require(RecipeImporter.recipe(from: recipe)).totalTime == nil)
  }
}

@Suite struct WhitespaceTests {
  /// Every scalar from U+0000 to U+FFFF plus a few beyond: the byte-level reading agrees with
  /// Unicode's White_Space property (and U+200B, U+FEFF).
  @Test func collapsesExactlyTheUnicodeWhitespace() {
    var scalars = (0..<0xD800).compactMap(Unicode.Scalar.init)
    scalars += (0xE000...0xFFFF).compactMap(Unicode.Scalar.init)
    scalars += [Unicode.Scalar(0x1F34E)!, Unicode.Scalar(0x10FFFF)!]
    for scalar in scalars {
      let isSpace = scalar.properties.isWhitespace || scalar == "\u{200B}" || scalar == "\u{FEFF}"
      let text = "a\(Character(scalar))b"
      let expected = isSpace ? "a b" : text
      #expect(
        RecipeText.normalizedWhitespace(text) == expected, "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test func trimsAndCollapsesRuns() {
    #expect(RecipeText.normalizedWhitespace("\u{A0} 2\t\n eggs \u{2009}") == "2 eggs")
    #expect(RecipeText.normalizedWhitespace("") == "")
  }
}

@Suite struct PastedRecipeTests {
  @Test func readsTheHeadedLayout() throws {
    let text = """
      Banana Bread

      Serves 8
      Prep time: 15 min
      Cook time: 1 hour

      Ingredients
      - 3 ripe bananas
      - 2 cups flour
      * 1 tsp baking soda

      Method
      1. Mash the bananas.
      2. Mix in the flour
         and the soda.
      3. Bake.
      """
    let recipe = try #require(RecipeImporter.recipe(fromText: text))
    #expect(recipe.title == "Banana Bread")
    #expect(
      recipe.ingredients.map(\.text) == ["3 ripe bananas", "2 cups flour", "1 tsp baking soda"])
    #expect(
      recipe.instructions == ["Mash the bananas.", "Mix in the flour and the soda.", "Bake."])
    #expect(recipe.servings == 8)
    #expect(recipe.prepTime == 15)
    #expect(recipe.totalTime == 75)
  }

  @Test func readsALayoutWithoutHeadings() throws {
    let text = """
      Quick Pancakes
      1 cup flour
      1 egg
      1 cup milk
      Whisk everything together until smooth, then rest for ten minutes.

      Fry ladlefuls in a hot buttered pan.
      """
    let recipe = try #require(RecipeImporter.recipe(fromText: text))
    #expect(recipe.title == "Quick Pancakes")
    #expect(recipe.ingredients.count == 3)
    #expect(recipe.instructions.count == 2)
  }

  @Test func readsMarkdownHeadingsBulletsAndSubHeadings() throws {
    let text = """
      # Curry
      ## Ingredients:
      • 1 onion
      For the paste:
      • 2 cloves garlic
      ## Directions
      Step 1: Fry the onion.
      Step 2: Add the paste.
      """
    let recipe = try #require(RecipeImporter.recipe(fromText: text))
    #expect(recipe.title == "Curry")
    #expect(recipe.ingredientGroups.map(\.heading) == [nil, "For the paste"])
    #expect(recipe.instructions == ["Fry the onion.", "Add the paste."])
  }

  @Test func findsNoRecipeInProse() {
    #expect(RecipeImporter.recipe(fromText: "") == nil)
    #expect(RecipeImporter.recipe(fromText: "---") == nil)  // found by FuzzIngredientLine
    #expect(RecipeImporter.recipe(fromText: "Just a title") == nil)
  }
}
