import BasketKit
import Synchronization

/// A `PlanStore` held in memory, for tests of everything above the store.
public final class InMemoryPlanStore: PlanStore {
  private let meals: Mutex<[PlannedMeal]>

  public init(_ meals: [PlannedMeal] = []) {
    self.meals = Mutex(meals)
  }

  public func plannedMeals() throws -> [PlannedMeal] {
    PlanRules.sorted(meals.withLock { $0 })
  }

  public func modifyPlan<T: Sendable>(_ body: @Sendable (inout [PlannedMeal]) throws -> T) throws
    -> T
  {
    try meals.withLock { meals in
      var working = PlanRules.sorted(meals)
      let result = try body(&working)
      meals = working
      return result
    }
  }
}
