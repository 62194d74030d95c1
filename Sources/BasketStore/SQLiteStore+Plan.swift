import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan of meals in the store (schema v12): one row per planned meal in `planned_meals`.
/// A change reads the plan and writes the rows that differ, inside one `BEGIN IMMEDIATE`
/// transaction, and bumps the revision so other faces notice.
extension SQLiteStore: PlanStore {
  public func plannedMeals() throws -> [PlannedMeal] {
    try readState { try $0.loadPlan() }
  }

  public func modifyPlan<T: Sendable>(_ body: @Sendable (inout [PlannedMeal]) throws -> T)
    throws -> T
  {
    // NB: the same meals in another order are no change.
    try modifyState(
      load: { try $0.loadPlan() }, changed: { Set($0) != Set($1) },
      save: { try $0.savePlan($1, over: $2) }, body)
  }
}

extension Connection {
  /// Every planned meal, by day, then as planned. A row that can't be read (no id, a day that
  /// isn't one, servings out of range) is skipped.
  func loadPlan() throws -> [PlannedMeal] {
    var meals: [PlannedMeal] = []
    try run(
      "SELECT id, day, recipe, title, servings, added_at FROM planned_meals ORDER BY day, added_at"
    ) { row in
      guard let id = row.text(0).flatMap(UUID.stored),
        let date = row.text(1).flatMap(PlanDate.init),
        let recipe = row.text(2).flatMap(UUID.stored), let title = row.text(3)
      else { return }
      let servings = row.int64(4).map { Int(clamping: $0) }
      if let servings, !(1...PlanRules.maximumServings).contains(servings) { return }
      meals.append(
        PlannedMeal(
          id: id, date: date, recipe: RecipeReference(id: recipe, title: title),
          servings: servings, addedAt: Date(timeIntervalSince1970: row.double(5) ?? 0)))
    }
    return meals
  }

  /// Writes what differs between `after` and `before`. Call inside a write transaction.
  func savePlan(_ after: [PlannedMeal], over before: [PlannedMeal]) throws {
    let old = Dictionary(before.map { ($0.id, $0) }) { first, _ in first }
    let kept = Set(after.map(\.id))
    for meal in before where !kept.contains(meal.id) {
      try run("DELETE FROM planned_meals WHERE id = ?1", [.text(meal.id.uuidString)])
    }
    for meal in after where old[meal.id] != meal {
      guard let recipe = meal.recipe.id else {
        throw StoreError.failed("a planned meal names a saved recipe")
      }
      try run(
        """
        INSERT INTO planned_meals (id, day, recipe, title, servings, added_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (id) DO UPDATE SET day = excluded.day, recipe = excluded.recipe,
          title = excluded.title, servings = excluded.servings, added_at = excluded.added_at
        """,
        [
          .text(meal.id.uuidString), .text(meal.date.description), .text(recipe.uuidString),
          .text(meal.recipe.title), meal.servings.map { .integer(Int64($0)) } ?? .null,
          .real(meal.addedAt.timeIntervalSince1970),
        ])
    }
  }
}
