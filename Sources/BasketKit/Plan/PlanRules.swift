#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan's rules, pure over values: what may be planned on a day, how a planned meal is
/// named, and how the meals of some days become one shopping plan (`MealPlan`, merged as meal
/// prep merges).
public enum PlanRules {
  /// Servings a planned meal may have (meal prep's range).
  public static let maximumServings = 1000
  /// Meals one day may hold.
  public static let maximumMealsADay = 12
  /// Days one shop may cover (a month).
  public static let maximumShopDays = 31
  /// Different recipes one shop may merge.
  public static let maximumShopRecipes = 40

  /// Servings as typed ("4"): a whole number from 1 to `maximumServings`.
  public static func servings(_ text: String) throws(PlanError) -> Int {
    let trimmed = String(text.trimmingCharacters())
    guard let value = Int(trimmed), (1...maximumServings).contains(value) else {
      throw .badServings("\"\(trimmed.prefix(20))\"")
    }
    return value
  }

  /// Checks servings given as a number.
  public static func checked(servings: Int?) throws(PlanError) -> Int? {
    guard let servings else { return nil }
    guard (1...maximumServings).contains(servings) else { throw .badServings(String(servings)) }
    return servings
  }

  /// Plans `recipe` (a saved one) on `date`, for `servings` (nil: as written).
  ///
  /// - Throws: `PlanError` for servings out of range or given to a recipe that doesn't say
  ///   how many it serves, a day already full, or the recipe already planned that day.
  @discardableResult
  public static func add(
    _ recipe: Recipe, on date: PlanDate, servings: Int?, id: UUID, now: Date,
    to meals: inout [PlannedMeal]
  ) throws(PlanError) -> PlannedMeal {
    guard let recipeID = recipe.id else { throw .notSaved(recipe.title) }
    let servings = try checked(servings: servings)
    if servings != nil, (recipe.servings ?? 0) < 1 { throw .cannotScale(recipe.title) }
    let sameDay = meals.filter { $0.date == date }
    if sameDay.contains(where: { $0.recipe.id == recipeID }) {
      throw .alreadyPlanned(recipe.title, date)
    }
    guard sameDay.count < maximumMealsADay else { throw .dayFull(date) }
    let meal = PlannedMeal(
      id: id, date: date, recipe: RecipeReference(id: recipeID, title: recipe.title),
      servings: servings, addedAt: now)
    meals.append(meal)
    return meal
  }

  /// The planned meal `reference` names: its id, or the start of its id (at least four
  /// characters; the command line prints eight).
  public static func find(_ reference: String, in meals: [PlannedMeal]) throws(PlanError)
    -> PlannedMeal
  {
    let wanted = String(reference.trimmingCharacters()).lowercased()
    guard wanted.count >= 4 else { throw .unknownMeal(String(reference.prefix(40))) }
    let found = meals.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
    guard found.count <= 1 else {
      throw .ambiguousMeal(
        String(reference.prefix(40)),
        candidates: found.prefix(5).map { "\($0.recipe.title) on \($0.date) (\($0.shortID))" })
    }
    guard let meal = found.first else { throw .unknownMeal(String(reference.prefix(40))) }
    return meal
  }

  /// Takes the meal with `id` out of the plan.
  @discardableResult
  public static func remove(_ id: UUID, from meals: inout [PlannedMeal]) throws(PlanError)
    -> PlannedMeal
  {
    guard let index = meals.firstIndex(where: { $0.id == id }) else {
      throw .unknownMeal(id.uuidString.lowercased())
    }
    return meals.remove(at: index)
  }

  /// Takes the recipe with `recipe`'s id off `date`.
  @discardableResult
  public static func remove(
    recipe: RecipeReference, on date: PlanDate, from meals: inout [PlannedMeal]
  ) throws(PlanError) -> PlannedMeal {
    guard
      let index = meals.firstIndex(where: { $0.date == date && $0.recipe.isSame(as: recipe) })
    else { throw .notPlanned(recipe.title, date) }
    return meals.remove(at: index)
  }

  /// The days from `first` through `last`, when one shop may cover them.
  public static func shopDays(from first: PlanDate, through last: PlanDate) throws(PlanError)
    -> ClosedRange<PlanDate>
  {
    guard first <= last else { throw .backwards(from: first, to: last) }
    let days = first...last
    guard days.dayCount <= maximumShopDays else { throw .tooManyDays(days.dayCount) }
    return days
  }

  /// `meals` in the order the plan shows them: by date, then as they were planned.
  public static func sorted(_ meals: [PlannedMeal]) -> [PlannedMeal] {
    meals.sorted {
      ($0.date, $0.addedAt, $0.id.uuidString) < ($1.date, $1.addedAt, $1.id.uuidString)
    }
  }

  /// The meals planned on `days`, in order.
  public static func meals(on days: ClosedRange<PlanDate>, in meals: [PlannedMeal])
    -> [PlannedMeal]
  {
    sorted(meals.filter { days.contains($0.date) })
  }

  /// What the meals of some days ask to cook, as meal prep's choices: each recipe once, in the
  /// order it is first planned, for the servings of all its meals together (a meal planned
  /// as written counts the recipe's own servings). A recipe that doesn't say how many it
  /// serves, planned on several days, is cooked that many times over. Meals whose recipe is
  /// no longer saved (not in `recipes`) are `missing`.
  public static func choices(_ meals: [PlannedMeal], recipes: [UUID: Recipe])
    -> (choices: [MealPlanChoice], missing: [PlannedMeal])
  {
    var order: [UUID] = []
    var byRecipe: [UUID: [PlannedMeal]] = [:]
    var missing: [PlannedMeal] = []
    for meal in sorted(meals) {
      guard let id = meal.recipe.id, recipes[id] != nil else {
        missing.append(meal)
        continue
      }
      if byRecipe[id] == nil { order.append(id) }
      byRecipe[id, default: []].append(meal)
    }
    let choices = order.map { id -> MealPlanChoice in
      let recipe = recipes[id]!
      let planned = byRecipe[id]!
      guard let own = recipe.servings, own > 0 else {
        return MealPlanChoice(recipe: RecipeScaler.scale(recipe, by: Double(planned.count)))
      }
      let total = planned.reduce(0) { $0 + ($1.servings ?? own) }
      return MealPlanChoice(recipe: recipe, servings: total == own ? nil : total)
    }
    return (choices, missing)
  }

  /// The meals of `days` as one shopping plan (`MealPlan`, merged as meal prep merges), titled
  /// after the days, with the user's `answers`.
  ///
  /// - Throws: `PlanError.nothingPlanned` when no saved recipe is planned then,
  ///   `.tooManyRecipes`; `MealPlanError` for servings past meal prep's limit.
  public static func shopping(
    _ days: ClosedRange<PlanDate>, meals: [PlannedMeal], recipes: [UUID: Recipe],
    answers: [String: MealPlan.Answer] = [:]
  ) throws -> (plan: MealPlan, missing: [PlannedMeal]) {
    let (choices, missing) = self.choices(self.meals(on: days, in: meals), recipes: recipes)
    guard !choices.isEmpty else { throw PlanError.nothingPlanned(days) }
    guard choices.count <= maximumShopRecipes else {
      throw PlanError.tooManyRecipes(choices.count)
    }
    let plan = try MealPlan(
      choices, answers: answers, title: title(of: days), maximum: maximumShopRecipes)
    return (plan, missing)
  }

  /// "Meals of Mon 2 Mar to Sun 8 Mar 2026"; one day: "Meals of Monday 2 March 2026".
  public static func title(of days: ClosedRange<PlanDate>) -> String {
    guard days.dayCount > 1 else { return "Meals of \(days.lowerBound.longText)" }
    return
      "Meals of \(days.lowerBound.shortText) to \(days.upperBound.shortText) \(days.upperBound.year)"
  }
}
