#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan of meals as the faces use it: put saved recipes on days, take them off, see a
/// week, and shop for some days through the meal prep merge. Time and ids come from the
/// recipe library's basket; "today" is the day it is where the household is (`utcOffset`).
public final class PlanBook: Sendable {
  public let store: any PlanStore
  public let recipes: RecipeBook
  /// The household's offset from UTC at a moment, in seconds east (summer time included).
  public let utcOffset: @Sendable (Date) -> Int

  public init(
    store: any PlanStore, recipes: RecipeBook, utcOffset: @escaping @Sendable (Date) -> Int
  ) {
    self.store = store
    self.recipes = recipes
    self.utcOffset = utcOffset
  }

  /// The plan where the household keeps `timeZone`'s time.
  public convenience init(store: any PlanStore, recipes: RecipeBook, timeZone: TimeZone) {
    self.init(store: store, recipes: recipes, utcOffset: { timeZone.secondsFromGMT(for: $0) })
  }

  public var today: PlanDate {
    let now = recipes.basket.now
    return PlanDate.today(at: now, utcOffset: utcOffset(now))
  }

  /// The day `text` names (`PlanDate.read`, "today" being today here).
  public func date(_ text: String) throws(PlanError) -> PlanDate {
    try PlanDate.read(text, today: today)
  }

  /// Plans the saved recipe `reference` names (`RecipeBook.resolve`) on `date`.
  @discardableResult
  public func add(_ reference: String, on date: PlanDate, servings: Int?) throws -> PlannedMeal {
    let summary = try recipes.resolve(reference)
    return try add(recipe: summary.id, on: date, servings: servings)
  }

  /// Plans the saved recipe with `id` on `date`.
  ///
  /// - Throws: `RecipeError.unknownRecipe` when there is none, or `PlanError`.
  @discardableResult
  public func add(recipe id: UUID, on date: PlanDate, servings: Int?) throws -> PlannedMeal {
    guard let recipe = try recipes.recipe(id) else {
      throw RecipeError.unknownRecipe(id.uuidString.lowercased())
    }
    let environment = recipes.basket.environment
    let (mealID, now) = (environment.ids(), environment.clock.now)
    return try store.modifyPlan { meals in
      try PlanRules.add(recipe, on: date, servings: servings, id: mealID, now: now, to: &meals)
    }
  }

  /// Takes off the planned meal `reference` names: its id or the start of it.
  @discardableResult
  public func remove(_ reference: String) throws -> PlannedMeal {
    try store.modifyPlan { meals in
      let meal = try PlanRules.find(reference, in: meals)
      return try PlanRules.remove(meal.id, from: &meals)
    }
  }

  /// Takes off the planned meal with `id`.
  @discardableResult
  public func remove(id: UUID) throws -> PlannedMeal {
    try store.modifyPlan { meals in try PlanRules.remove(id, from: &meals) }
  }

  /// Takes the recipe `reference` names off `date`.
  @discardableResult
  public func remove(recipe reference: String, on date: PlanDate) throws -> PlannedMeal {
    let summary = try recipes.resolve(reference)
    let recipe = RecipeReference(id: summary.id, title: summary.title)
    return try store.modifyPlan { meals in
      try PlanRules.remove(recipe: recipe, on: date, from: &meals)
    }
  }

  /// The meals of `days`, day by day, each recipe under its title now (the one it had when
  /// planned, if it was removed since).
  public func days(_ days: ClosedRange<PlanDate>) throws -> PlanDays {
    let meals = PlanRules.meals(on: days, in: try store.plannedMeals())
    var gone: Set<UUID> = []
    let shown = try meals.map { meal -> PlannedMeal in
      var meal = meal
      if let id = meal.recipe.id, let recipe = try recipes.recipe(id) {
        meal.recipe.title = recipe.title
      } else {
        gone.insert(meal.id)
      }
      return meal
    }
    return PlanDays(days: days, today: today, meals: shown, gone: gone)
  }

  /// Every planned meal, by date (what the calendar publishes).
  public func all() throws -> [PlannedMeal] {
    PlanRules.sorted(try store.plannedMeals())
  }

  /// The meals of `days` as one shopping plan, merged as meal prep merges; it shops through
  /// pantry coverage and the list as meal prep does (`Basket.add(_:coverage:)`).
  public func shopping(_ days: ClosedRange<PlanDate>, answers: [String: MealPlan.Answer] = [:])
    throws -> (plan: MealPlan, missing: [PlannedMeal])
  {
    let meals = PlanRules.meals(on: days, in: try store.plannedMeals())
    var found: [UUID: Recipe] = [:]
    for id in Set(meals.compactMap(\.recipe.id)) {
      if let recipe = try recipes.recipe(id) { found[id] = recipe }
    }
    return try PlanRules.shopping(days, meals: meals, recipes: found, answers: answers)
  }
}

/// Some days of the plan with their meals, as the faces show them.
public struct PlanDays: Equatable, Sendable {
  public var days: ClosedRange<PlanDate>
  public var today: PlanDate
  /// By date, then in the order they were planned.
  public var meals: [PlannedMeal]
  /// The meals whose recipe is no longer saved (they can't be shopped for), by meal id.
  public var gone: Set<UUID>

  public init(
    days: ClosedRange<PlanDate>, today: PlanDate, meals: [PlannedMeal], gone: Set<UUID> = []
  ) {
    self.days = days
    self.today = today
    self.meals = meals
    self.gone = gone
  }

  /// The meals planned on `date`.
  public func meals(on date: PlanDate) -> [PlannedMeal] { meals.filter { $0.date == date } }
}
