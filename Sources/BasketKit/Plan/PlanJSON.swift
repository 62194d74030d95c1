/// Some days of the plan as JSON, for the command line's `--json` and the web app:
///
/// `{"from", "to", "today", "previous", "next", "days": [{"date", "weekday", "label",
/// "isToday", "meals": [meal]}]}`, dates as "2026-03-02", `previous` and `next` the first
/// days of the spans before and after; each meal `{"id", "date", "recipe": {"id", "title"},
/// "servings", "servingsText", "saved", "addedAt"}` (`servings` null: as written; `saved`
/// false: its recipe was removed from the library, so it can't be shopped for).
public struct PlanJSON: Encodable, Equatable, Sendable {
  public struct Meal: Encodable, Equatable, Sendable {
    public var id: String
    public var date: String
    public var recipe: RecipeReference
    @Nullable public var servings: Int? = nil
    /// "for 4", or "as written".
    public var servingsText: String
    public var saved: Bool
    public var addedAt: String

    public init(_ meal: PlannedMeal, saved: Bool = true) {
      id = meal.id.uuidString.lowercased()
      date = meal.date.description
      recipe = meal.recipe
      servings = meal.servings
      servingsText = meal.servings.map { "for \($0)" } ?? "as written"
      self.saved = saved
      addedAt = ISO8601.string(meal.addedAt)
    }
  }

  public struct Day: Encodable, Equatable, Sendable {
    public var date: String
    public var weekday: String
    /// "Mon 2 Mar".
    public var label: String
    public var isToday: Bool
    public var meals: [Meal]
  }

  public var from: String
  public var to: String
  public var today: String
  public var previous: String
  public var next: String
  public var days: [Day]

  public init(_ plan: PlanDays) {
    let span = plan.days.dayCount
    from = plan.days.lowerBound.description
    to = plan.days.upperBound.description
    today = plan.today.description
    previous = plan.days.lowerBound.adding(days: -span).description
    next = plan.days.upperBound.adding(days: 1).description
    days = plan.days.days.map { date in
      Day(
        date: date.description, weekday: date.weekdayName, label: date.shortText,
        isToday: date == plan.today,
        meals: plan.meals(on: date).map { Meal($0, saved: !plan.gone.contains($0.id)) })
    }
  }
}
