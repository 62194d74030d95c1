import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A recipe of the given lines saved and last opened on Monday; four servings unless said.
private func dish(_ title: String, _ lines: [String], servings: Int? = 4, id: Int) -> Recipe {
  var saved = recipe(title, id: id, servings: servings, lines)
  saved.savedAt = Fixtures.monday
  saved.lastOpenedAt = Fixtures.monday
  return saved
}

private func day(_ text: String) -> PlanDate { PlanDate(text)! }

@Suite struct PlanRulesTests {
  let chili = dish("Chili", ["2 onions", "500 g minced beef"], id: 1)
  let soup = dish("Soup", ["1 onion", "1 l stock"], servings: 2, id: 2)
  let toast = dish("Toast", ["2 slices bread"], servings: nil, id: 3)

  @Test func aRecipeGoesOnADayWithOrWithoutServings() throws {
    var meals: [PlannedMeal] = []
    let first = try PlanRules.add(
      chili, on: day("2026-03-02"), servings: 6, id: Fixtures.id(10), now: Fixtures.monday,
      to: &meals)
    try PlanRules.add(
      toast, on: day("2026-03-02"), servings: nil, id: Fixtures.id(11), now: Fixtures.monday,
      to: &meals)
    #expect(first.recipe == RecipeReference(id: Fixtures.id(1), title: "Chili"))
    #expect(first.servings == 6)
    #expect(first.shortID == "00000000")
    #expect(meals.map(\.recipe.title) == ["Chili", "Toast"])
  }

  @Test(arguments: [
    (0, PlanError.badServings("0")), (10_000, .badServings("10000")), (-1, .badServings("-1")),
  ])
  func servingsOutOfRangeAreRefusedAndNothingIsPlanned(servings: Int, error: PlanError) {
    var meals: [PlannedMeal] = []
    #expect(throws: error) {
      try PlanRules.add(
        chili, on: day("2026-03-02"), servings: servings, id: Fixtures.id(10),
        now: Fixtures.monday, to: &meals)
    }
    #expect(meals.isEmpty)
  }

  @Test(arguments: ["0", "10000", "four", "", "2.5", "1e3"])
  func typedServingsAreWholeNumbersInRange(text: String) {
    #expect(throws: PlanError.self) { try PlanRules.servings(text) }
  }

  @Test func typedServingsAreRead() throws {
    #expect(try PlanRules.servings(" 1000 ") == 1000)
    #expect(try PlanRules.servings("1") == 1)
  }

  @Test func aRecipeThatDoesntSayHowManyItServesTakesNoServings() {
    var meals: [PlannedMeal] = []
    #expect(throws: PlanError.cannotScale("Toast")) {
      try PlanRules.add(
        toast, on: day("2026-03-02"), servings: 2, id: Fixtures.id(10), now: Fixtures.monday,
        to: &meals)
    }
  }

  @Test func aRecipeIsOnADayOnceAndADayHoldsTwelveMeals() throws {
    var meals: [PlannedMeal] = []
    try PlanRules.add(
      chili, on: day("2026-03-02"), servings: nil, id: Fixtures.id(10), now: Fixtures.monday,
      to: &meals)
    #expect(throws: PlanError.alreadyPlanned("Chili", day("2026-03-02"))) {
      try PlanRules.add(
        chili, on: day("2026-03-02"), servings: 8, id: Fixtures.id(11), now: Fixtures.monday,
        to: &meals)
    }
    for n in 1..<PlanRules.maximumMealsADay {
      try PlanRules.add(
        dish("Dish \(n)", ["1 egg"], id: 100 + n), on: day("2026-03-02"), servings: nil,
        id: Fixtures.id(200 + n), now: Fixtures.monday, to: &meals)
    }
    #expect(throws: PlanError.dayFull(day("2026-03-02"))) {
      try PlanRules.add(
        soup, on: day("2026-03-02"), servings: nil, id: Fixtures.id(12), now: Fixtures.monday,
        to: &meals)
    }
    // Another day is free.
    try PlanRules.add(
      chili, on: day("2026-03-03"), servings: nil, id: Fixtures.id(13), now: Fixtures.monday,
      to: &meals)
    #expect(meals.count == PlanRules.maximumMealsADay + 1)
  }

  @Test func anUnsavedRecipeIsNotPlanned() {
    var meals: [PlannedMeal] = []
    var unsaved = chili
    unsaved.id = nil
    #expect(throws: PlanError.notSaved("Chili")) {
      try PlanRules.add(
        unsaved, on: day("2026-03-02"), servings: nil, id: Fixtures.id(10),
        now: Fixtures.monday, to: &meals)
    }
  }

  @Test func aMealIsFoundByTheStartOfItsIdAndRemovedByIdOrByRecipeAndDay() throws {
    let a = PlannedMeal(
      id: UUID(uuidString: "a1b2c3d4-0000-0000-0000-000000000001")!, date: day("2026-03-02"),
      recipe: RecipeReference(id: Fixtures.id(1), title: "Chili"), addedAt: Fixtures.monday)
    let b = PlannedMeal(
      id: UUID(uuidString: "a1b2ffff-0000-0000-0000-000000000002")!, date: day("2026-03-03"),
      recipe: RecipeReference(id: Fixtures.id(2), title: "Soup"), addedAt: Fixtures.monday)
    var meals = [a, b]
    #expect(try PlanRules.find("A1B2C3", in: meals) == a)
    #expect(throws: PlanError.self) { try PlanRules.find("a1b2", in: meals) }  // both
    #expect(throws: PlanError.unknownMeal("a1b")) { try PlanRules.find("a1b", in: meals) }
    #expect(throws: PlanError.unknownMeal("ffff0000")) { try PlanRules.find("ffff0000", in: meals) }
    #expect(throws: PlanError.notPlanned("Soup", day("2026-03-02"))) {
      try PlanRules.remove(recipe: b.recipe, on: day("2026-03-02"), from: &meals)
    }
    #expect(try PlanRules.remove(recipe: b.recipe, on: day("2026-03-03"), from: &meals) == b)
    #expect(try PlanRules.remove(a.id, from: &meals) == a)
    #expect(meals.isEmpty)
  }

  @Test func oneShopCoversAMonthAtMostAndItsDaysRunForwards() throws {
    #expect(
      try PlanRules.shopDays(from: day("2026-03-01"), through: day("2026-03-31")).dayCount == 31)
    #expect(throws: PlanError.tooManyDays(32)) {
      try PlanRules.shopDays(from: day("2026-03-01"), through: day("2026-04-01"))
    }
    #expect(throws: PlanError.backwards(from: day("2026-03-02"), to: day("2026-03-01"))) {
      try PlanRules.shopDays(from: day("2026-03-02"), through: day("2026-03-01"))
    }
  }

  /// Meals of `recipe` on the given days with the given servings.
  private func meals(_ recipe: Recipe, _ plans: [(String, Int?)], from n: Int) -> [PlannedMeal] {
    plans.enumerated().map { offset, plan in
      PlannedMeal(
        id: Fixtures.id(n + offset), date: day(plan.0),
        recipe: RecipeReference(id: recipe.id, title: recipe.title), servings: plan.1,
        addedAt: Fixtures.monday.addingTimeInterval(Double(n + offset)))
    }
  }

  @Test func aRecipePlannedOnSeveralDaysIsCookedForAllTheirServingsTogether() {
    let planned =
      meals(chili, [("2026-03-02", 6), ("2026-03-05", nil)], from: 10)
      + meals(soup, [("2026-03-03", nil)], from: 20)
      + meals(toast, [("2026-03-04", nil), ("2026-03-06", nil), ("2026-03-07", nil)], from: 30)
    let recipes = [chili, soup, toast].reduce(into: [UUID: Recipe]()) { $0[$1.id!] = $1 }
    let (choices, missing) = PlanRules.choices(planned, recipes: recipes)
    #expect(missing.isEmpty)
    #expect(choices.map(\.recipe.title) == ["Chili", "Soup", "Toast"])
    #expect(choices.map(\.servings) == [10, nil, nil])  // 6 + the 4 it serves as written
    // Toast serves no stated number: three days of it is three times the bread.
    #expect(choices[2].recipe.ingredients[0].quantity?.amount == 6)
    let plan = try? MealPlan(choices, maximum: PlanRules.maximumShopRecipes)
    #expect(plan?.lines.first { $0.name == "onions" }?.amountText == "6")  // 2 × 10/4 + 1
  }

  @Test func mealsWhoseRecipeWasRemovedAreLeftOutAndSaidSo() throws {
    let planned =
      meals(chili, [("2026-03-02", nil)], from: 10) + meals(soup, [("2026-03-03", nil)], from: 20)
    let (plan, missing) = try PlanRules.shopping(
      day("2026-03-02")...day("2026-03-08"), meals: planned, recipes: [chili.id!: chili])
    #expect(missing.map(\.recipe.title) == ["Soup"])
    #expect(plan.recipes.map(\.title) == ["Chili"])
    #expect(plan.recipe.title == "Meals of Mon 2 Mar to Sun 8 Mar 2026")
  }

  @Test func shoppingDaysWithNothingPlannedSaysSo() {
    let planned = meals(chili, [("2026-03-09", nil)], from: 10)
    let week = day("2026-03-02")...day("2026-03-08")
    #expect(throws: PlanError.nothingPlanned(week)) {
      try PlanRules.shopping(week, meals: planned, recipes: [chili.id!: chili])
    }
    #expect(
      PlanRules.title(of: day("2026-03-02")...day("2026-03-02")) == "Meals of Monday 2 March 2026")
  }

  @Test func theWeeksMealsMergeAsMealPrepMerges() throws {
    let planned =
      meals(chili, [("2026-03-02", nil)], from: 10) + meals(soup, [("2026-03-04", 4)], from: 20)
    let (plan, _) = try PlanRules.shopping(
      day("2026-03-02")...day("2026-03-08"), meals: planned,
      recipes: [chili.id!: chili, soup.id!: soup])
    let onions = try #require(plan.lines.first { $0.name == "onions" })
    #expect(onions.amountText == "4")
    #expect(onions.sourcesText == "Chili ×2, Soup ×2")
  }
}
