import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A saved recipe of the given lines, with its own id; four servings unless said.
private func dish(_ title: String, _ lines: [String], servings: Int? = 4, id: Int) -> Recipe {
  recipe(title, id: id, servings: servings, lines)
}

/// The plan of two one-line recipes, as "amount name [sources] ?" lines.
private func plan(_ first: String, _ second: String, answer: MealPlan.Answer? = nil) throws
  -> [String]
{
  let a = dish("Chili", [first], id: 1)
  let b = dish("Soup", [second], id: 2)
  var plan = try MealPlan([MealPlanChoice(recipe: a), MealPlanChoice(recipe: b)])
  if let answer, let question = plan.questions.first {
    plan = try MealPlan(
      [MealPlanChoice(recipe: a), MealPlanChoice(recipe: b)], answers: [question.id: answer])
  }
  return plan.lines.map { line in
    let amount = line.amountText.map { $0 + " " } ?? ""
    return "\(amount)\(line.name) [\(line.sourcesText)]\(line.isUncertain ? " ?" : "")"
  }
}

@Suite struct MealPlanTests {
  @Test(
    arguments: [
      // Surely the same food in one family (or through the density table): one line.
      ("1 onion", "1 onion", ["2 onions [Chili ×1, Soup ×1]"]),
      ("2 onions", "1 onion, sliced", ["3 onions [Chili ×2, Soup ×1]"]),
      ("500 g flour", "1 kg flour", ["1.5 kg flour [Chili 500 g, Soup 1 kg]"]),
      ("1 cup milk", "250 ml milk", ["487 ml milk [Chili 1 cup, Soup 250 ml]"]),
      ("2 tbsp butter", "100 g butter", ["≈ 128 g butter [Chili 2 tbsp, Soup 100 g]"]),
      ("3 scallions", "2 spring onions", ["5 scallions [Chili ×3, Soup ×2]"]),
      ("1 courgette", "2 zucchini", ["3 courgettes [Chili ×1, Soup ×2]"]),
      ("salt, to taste", "salt", ["salt [Chili, Soup]"]),
      // The same food in amounts that don't add up: apart, and asked about.
      ("2 onions", "200 g onion", ["2 onions [Chili ×2] ?", "200 g onion [Soup 200 g] ?"]),
      ("1 tsp salt", "salt, to taste", ["1 tsp salt [Chili 1 tsp] ?", "salt [Soup] ?"]),
      (
        "1 (400 g) can tomatoes", "200 g tomatoes",
        ["1 can (400 g) tomatoes [Chili 1 can (400 g)] ?", "200 g tomatoes [Soup 200 g] ?"]
      ),
      (
        "2 cups chard", "200 g chard",
        ["2 cups chard [Chili 2 cups] ?", "200 g chard [Soup 200 g] ?"]
      ),
      ("2 large eggs", "2 eggs", ["2 eggs [Chili ×2] ?", "2 eggs [Soup ×2] ?"]),
      // Maybe the same food by name: apart, and asked about.
      ("1 onion", "1 red onion", ["1 onion [Chili ×1] ?", "1 red onion [Soup ×1] ?"]),
      (
        "1 tsp coriander", "1 bunch cilantro",
        ["1 tsp coriander [Chili 1 tsp] ?", "1 bunch cilantro [Soup 1 bunch] ?"]
      ),
      ("1 pepper", "1 bell pepper", ["1 pepper [Chili ×1] ?", "1 bell pepper [Soup ×1] ?"]),
      // Surely different foods: apart, nothing asked.
      ("1 onion", "2 cloves garlic", ["1 onion [Chili ×1]", "2 cloves garlic [Soup 2 cloves]"]),
      (
        "1 tsp garlic powder", "2 cloves garlic",
        ["1 tsp garlic powder [Chili 1 tsp]", "2 cloves garlic [Soup 2 cloves]"]
      ),
    ] as [(String, String, [String])])
  func mergesOnlyWhatIsSurelyOneFoodInAmountsThatAddUp(
    first: String, second: String, expected: [String]
  ) throws {
    let planned = try plan(first, second)
    #expect(planned == expected)
  }

  @Test(
    arguments: [
      (
        "2 onions", "200 g onion", MealPlan.Answer.merge,
        ["2 + 200 g onions [Chili ×2, Soup 200 g]"]
      ),
      ("1 onion", "1 red onion", .merge, ["2 red onions [Chili ×1, Soup ×1]"]),
      ("1 tsp salt", "salt, to taste", .merge, ["1 tsp salt [Chili 1 tsp, Soup]"]),
      ("1 onion", "1 red onion", .keepApart, ["1 onion [Chili ×1]", "1 red onion [Soup ×1]"]),
      ("2 onions", "200 g onion", .keepApart, ["2 onions [Chili ×2]", "200 g onion [Soup 200 g]"]),
    ] as [(String, String, MealPlan.Answer, [String])])
  func theUsersAnswerMergesOrKeepsApartAndEndsTheDoubt(
    first: String, second: String, answer: MealPlan.Answer, expected: [String]
  ) throws {
    let planned = try plan(first, second, answer: answer)
    #expect(planned == expected)
  }

  @Test func eachRecipeScalesToItsOwnServingsBeforeMerging() throws {
    let chili = dish("Chili", ["2 onions", "400 g beef mince"], servings: 4, id: 1)
    let soup = dish("Soup", ["1 onion", "1 l stock"], servings: 2, id: 2)
    let plan = try MealPlan([
      MealPlanChoice(recipe: chili, servings: 2), MealPlanChoice(recipe: soup, servings: 6),
    ])
    #expect(plan.lines.map(\.amountText) == ["4", "200 g", "3 l"])
    #expect(plan.lines[0].sourcesText == "Chili ×1, Soup ×3")
    #expect(plan.recipes.map(\.servings) == [2, 6])
    #expect(plan.recipe.title == "Meal prep: Chili, Soup")
    #expect(plan.recipe.ingredients.map(\.text) == ["4 onions", "400 g beef mince", "1 l stock"])
  }

  @Test func waterStaplesAndOptionalLinesAreLeftOutUnlessChosenByOneRule() throws {
    let chili = dish(
      "Chili", ["2 onions", "1 tsp salt", "1 cup water", "1 tbsp cream (optional)"], id: 1)
    let soup = dish("Soup", ["1 onion", "1 tsp salt", "chives (optional)"], id: 2)
    let plan = try MealPlan([MealPlanChoice(recipe: chili), MealPlanChoice(recipe: soup)])
    let names = plan.lines.map(\.name)
    let reasons = plan.lines.indices.map { plan.leftOut($0, staples: .suggested) }
    #expect(
      Dictionary(uniqueKeysWithValues: zip(names, reasons)) == [
        "onions": nil, "salt": "you always have this", "water": "tap water",
        "cream": "optional", "chives": "optional",
      ])
    #expect(plan.leftOut(names.firstIndex(of: "salt")!) == nil, "no staples: salt goes on")
    let salt = try #require(names.firstIndex(of: "salt"))
    let skips = plan.standardSkips(staples: .suggested, choosing: [salt])
    #expect(skips.map { names[$0] }.sorted() == ["chives", "cream", "water"])
  }

  @Test func questionsNameTheirLinesAndStayOpenUntilAnswered() throws {
    let chili = dish("Chili", ["2 onions", "1 tsp salt"], id: 1)
    let soup = dish("Soup", ["200 g onion", "1 red onion"], id: 2)
    let choices = [MealPlanChoice(recipe: chili), MealPlanChoice(recipe: soup)]
    let open = try MealPlan(choices)
    #expect(open.questions.map(\.id) == ["1.1~2.1", "1.1~2.2", "2.1~2.2"])
    #expect(open.questions.map(\.doubt) == [.unitsDontMeet, .namesDiffer, .namesDiffer])
    #expect(open.lines.map(\.isUncertain) == [true, false, true, true])
    // Merging one pair leaves the others asked about the merged line.
    let merged = try MealPlan(choices, answers: ["1.1~2.1": .merge, "bogus": .merge])
    #expect(merged.lines.map(\.name) == ["onions", "salt", "red onion"])
    #expect(merged.lines[0].parts.count == 2)
    #expect(merged.lines[0].positions == 0..<2)
    #expect(merged.lines[0].questions == ["1.1~2.2", "2.1~2.2"])
    #expect(merged.references(at: 1).map(\.title) == ["Chili", "Soup"])
    let settled = try MealPlan(
      choices, answers: ["1.1~2.1": .merge, "1.1~2.2": .keepApart, "2.1~2.2": .keepApart])
    #expect(settled.openQuestions.isEmpty)
    #expect(settled.lines.map(\.isUncertain) == [false, false, false])
  }

  @Test func anUncertainLineNeverMergesByItself() throws {
    var line = IngredientLineParser.parse("2 onions")
    line.uncertain = true
    let chili = Recipe(
      id: Fixtures.id(1), title: "Chili", ingredientGroups: [IngredientGroup(ingredients: [line])])
    let soup = dish("Soup", ["1 onion"], id: 2)
    let plan = try MealPlan([MealPlanChoice(recipe: chili), MealPlanChoice(recipe: soup)])
    #expect(plan.lines.count == 2)
    #expect(plan.questions.map(\.doubt) == [.uncertainLine])
    #expect(plan.lines[0].flag == .uncertain)
  }

  @Test func linesWithNoNameNeverMerge() throws {
    let nameless = IngredientLine(text: "a handful of something", name: "")
    let choices = [1, 2].map { id in
      MealPlanChoice(
        recipe: Recipe(
          id: Fixtures.id(id), title: "Dish \(id)",
          ingredientGroups: [IngredientGroup(ingredients: [nameless])]))
    }
    let plan = try MealPlan(choices)
    #expect(plan.lines.count == 2)
    #expect(plan.questions.isEmpty)
  }

  @Test(
    arguments: [
      ([] as [Int], MealPlanError.noRecipes),
      ([1, 2, 3, 4, 5, 6], .tooManyRecipes(6, 5)),
      ([1, 1], .chosenTwice("Dish 1")),
    ] as [([Int], MealPlanError)])
  func refusesPlansItCantMake(ids: [Int], error: MealPlanError) {
    let choices = ids.map { MealPlanChoice(recipe: dish("Dish \($0)", ["1 onion"], id: $0)) }
    #expect(throws: error) { try MealPlan(choices) }
  }

  @Test func refusesServingsItCantScaleTo() {
    let unknown = dish("Toast", ["1 slice bread"], servings: nil, id: 1)
    #expect(throws: MealPlanError.cannotScale("Toast")) {
      try MealPlan([MealPlanChoice(recipe: unknown, servings: 2)])
    }
    #expect(throws: MealPlanError.badServings(0)) {
      try MealPlan([MealPlanChoice(recipe: dish("Soup", ["1 onion"], id: 2), servings: 0)])
    }
    #expect(
      MealPlanError.tooManyRecipes(6, 5).description == "a meal plan takes one to 5 recipes, not 6")
  }

  @Test func thePlanGoesThroughPantryCoverageAndOntoTheListWithEverySource() throws {
    let basket = Fixtures.basket(clock: TestClock())
    let chili = dish("Chili", ["2 onions", "500 g flour", "1 tsp salt"], id: 1)
    let soup = dish("Soup", ["1 onion", "300 g flour", "1 red onion"], id: 2)
    let plan = try MealPlan([MealPlanChoice(recipe: chili), MealPlanChoice(recipe: soup)])
    let pantry = [entry("Flour", left: "200 g"), entry("Salt", left: "1 kg")]
    let coverage = PantryCoverage(
      plan.recipe, selection: plan.selection(skipping: []), pantry: pantry,
      overrides: plan.overrides([2: .buyFull]))
    #expect(coverage.lines[1].arithmetic == "need 800 g, have 200 g → buy 600 g")
    #expect(coverage.lines[2].decision == .buyAll)  // salt: maybe covered by the user's word
    let review = try basket.review(coverage)
    #expect(review.lines.map(\.planned.outcome.name) == ["added", "added", "added", "added"])
    #expect(review.lines[1].amountText == "800 g")
    #expect(try basket.sections().toGet.isEmpty)  // a review writes nothing
    let results = try basket.add(plan, coverage: coverage)
    #expect(results.map(\.outcome.name) == ["added", "added", "added", "added"])
    let toGet = try basket.sections().toGet
    let onions = try #require(toGet.first { $0.name == "onions" })
    #expect(onions.amountText == "3")
    #expect(onions.recipeNeeds.recipes.map(\.title) == ["Chili", "Soup"])
    #expect(toGet.first { $0.name == "flour" }?.amountText == "600 g")
    #expect(toGet.first { $0.name == "red onion" }?.recipeNeeds.recipes.map(\.title) == ["Soup"])
  }

  @Test func linesKeptApartShareThePantryInsteadOfCountingItTwice() throws {
    let chili = dish("Chili", ["3 eggs"], id: 1)
    let cake = dish("Cake", ["2 large eggs"], id: 2)
    let bake = dish("Bake", ["4 large eggs"], id: 3)
    let plan = try MealPlan([
      MealPlanChoice(recipe: chili), MealPlanChoice(recipe: cake), MealPlanChoice(recipe: bake),
    ])
    #expect(plan.lines.map(\.amountText) == ["3", "6"])
    let coverage = PantryCoverage(plan.recipe, pantry: [entry("Eggs", left: "5")])
    #expect(
      coverage.lines.map(\.summary) == [
        "covered (need 3, have 5 → covered)",
        "partly covered (need 6, have 2 → buy 4; an earlier line takes the rest)",
      ])
    let bought = PantryCoverage(
      plan.recipe, pantry: [entry("Eggs", left: "5")], overrides: [0: .buyFull])
    #expect(bought.lines[1].arithmetic == "need 6, have 5 → buy 1")
    let none = PantryCoverage(plan.recipe, pantry: [entry("Eggs", left: "3")])
    #expect(none.lines[1].summary == "not covered (an earlier line takes all the Eggs)")
  }

  @Test func aJSONReviewShowsSourcesQuestionsAndCoverage() throws {
    let chili = dish("Chili", ["2 onions", "500 g flour"], id: 1)
    let soup = dish("Soup", ["200 g onion", "100 g flour"], id: 2)
    let plan = try MealPlan([MealPlanChoice(recipe: chili), MealPlanChoice(recipe: soup)])
    let coverage = PantryCoverage(plan.recipe, pantry: [entry("Flour", left: "1 kg")])
    let json = MealPlanJSON(plan, coverage: coverage)
    #expect(json.lines.map(\.sourcesText) == ["Chili ×2", "Chili 500 g, Soup 100 g", "Soup 200 g"])
    #expect(json.lines.map(\.uncertain) == [true, false, true])
    #expect(json.questions.map(\.lines) == [[1, 3]])
    #expect(json.questions.map(\.names) == [["onions", "onion"]])
    #expect(json.lines[1].parts[0].coverage?.status == "covered")
    #expect([json.counts.buyAll, json.counts.buyPart, json.counts.skip] == [2, 0, 1])
  }
}
