import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The week panel (^P, F6): the plan of meals for a week, Monday to Sunday, a row a day with
/// each meal and its servings; ← → page through the weeks. Planning and the week's shop stay
/// on the command line (`basket plan`) and the web app's Week screen.
public struct WeekPanel: Equatable, Sendable {
  /// The week as last read; nil until it is.
  public var plan: PlanDays?
  /// The first row shown.
  public var scroll = 0

  public init() {}

  /// One row of the panel: the day (on its first row only), a meal or "—", and how to draw it.
  public struct Row: Equatable, Sendable {
    public var day: String
    public var text: String
    public var today: Bool
    /// Nothing planned, or a meal whose recipe is no longer saved.
    public var soft: Bool
  }

  /// A row per day with its first meal, and a row for each further meal.
  public var rows: [Row] {
    guard let plan else { return [] }
    var rows: [Row] = []
    for date in plan.days.days {
      let today = date == plan.today
      let meals = plan.meals(on: date)
      guard !meals.isEmpty else {
        rows.append(Row(day: date.shortText, text: "—", today: today, soft: true))
        continue
      }
      for (index, meal) in meals.enumerated() {
        let gone = plan.gone.contains(meal.id)
        let servings = meal.servings.map { " · for \($0)" } ?? ""
        rows.append(
          Row(
            day: index == 0 ? date.shortText : "",
            text: meal.recipe.title + servings + (gone ? " (no longer saved)" : ""), today: today,
            soft: gone))
      }
    }
    return rows
  }

  /// "Week of Mon 30 Nov to Sun 6 Dec 2026".
  public var title: String {
    guard let days = plan?.days else { return "Week" }
    return
      "Week of \(days.lowerBound.shortText) to \(days.upperBound.shortText) \(days.upperBound.year)"
  }

  /// A day of the week `weeks` weeks from the one shown; nil until a week is shown.
  func day(weeksFrom weeks: Int) -> PlanDate? {
    plan.map { $0.days.lowerBound.adding(days: 7 * weeks) }
  }

  mutating func scroll(by offset: Int) {
    scroll = max(0, min(max(0, rows.count - 1), scroll + offset))
  }
}
