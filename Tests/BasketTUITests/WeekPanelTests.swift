import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The week panel (^P, F6): the plan of meals for a week, a row a day, paged by week.
@Suite struct WeekPanelTests {
  /// Monday 6 July 2026, the harness's today.
  static let monday = PlanDate(year: 2026, month: 7, day: 6)!
  static let soup = RecipePanelTests.library[0]
  static let pancakes = RecipePanelTests.library[1]

  static func meal(_ number: Int, _ recipe: Recipe, on date: PlanDate, servings: Int? = nil)
    -> PlannedMeal
  {
    PlannedMeal(
      id: Fixtures.id(700 + number), date: date,
      recipe: RecipeReference(id: recipe.id, title: recipe.title), servings: servings,
      addedAt: Fixtures.monday.addingTimeInterval(Double(number)))
  }

  static let plan = [
    meal(1, soup, on: monday, servings: 6),
    meal(2, pancakes, on: monday),
    meal(3, pancakes, on: monday.adding(days: 3), servings: 2),
    meal(4, soup, on: monday.adding(days: 8)),
  ]

  @Test func ctrlPShowsThisWeekADayARowTodayMarked() throws {
    let app = Harness(
      size: Size(width: 64, height: 20), recipes: RecipePanelTests.library, plan: Self.plan)
    app.press(.control("p"))
    #expect(app.screen.contains("Week of Mon 6 Jul to Sun 12 Jul 2026"))
    // NB: the title holds "Mon 6 Jul" too; today's row is the one marked.
    let today = try #require(app.line(containing: "▸ Mon 6 Jul"))
    #expect(today.contains("Tomato soup · for 6"))
    let second = try #require(app.row(of: "Pancakes"))
    #expect(second == app.row(of: "▸ Mon 6 Jul")! + 1)
    #expect(app.line(containing: "Thu 9 Jul")?.contains("Pancakes · for 2") == true)
    #expect(app.line(containing: "Tue 7 Jul")?.contains("—") == true)
    #expect(app.lines.filter { $0.contains("Sun 12 Jul") }.count == 2)  // the title and its row
    #expect(app.row(of: "Mon 13 Jul") == nil)
    #expect(app.screen.contains("T this week"))
    app.press(.escape)
    #expect(app.state.mode == .list)
    #expect(app.row(of: "Thu 9 Jul") == nil)
  }

  @Test func arrowsPageThroughTheWeeksAndTComesBack() {
    let app = Harness(
      size: Size(width: 64, height: 20), recipes: RecipePanelTests.library, plan: Self.plan)
    app.press(.function(6), .right)
    #expect(app.screen.contains("Week of Mon 13 Jul to Sun 19 Jul 2026"))
    #expect(app.line(containing: "Tue 14 Jul")?.contains("Tomato soup") == true)
    #expect(!app.screen.contains("▸"))  // today is in another week
    app.press(.left, .left)
    #expect(app.screen.contains("Week of Mon 29 Jun to Sun 5 Jul 2026"))
    #expect(app.screen.contains("Nothing planned"))
    app.type("t")
    #expect(app.screen.contains("Week of Mon 6 Jul to Sun 12 Jul 2026"))
    app.press(.function(6))
    #expect(app.state.mode == .list)
  }

  @Test func aMealWhoseRecipeIsGoneSaysSo() {
    let gone = Recipe(id: Fixtures.id(999), title: "Old stew", servings: 2, ingredientGroups: [])
    let app = Harness(
      size: Size(width: 64, height: 20), recipes: RecipePanelTests.library,
      plan: [Self.meal(5, gone, on: Self.monday.adding(days: 1))])
    app.press(.control("p"))
    #expect(app.line(containing: "Tue 7 Jul")?.contains("Old stew (no longer saved)") == true)
  }

  @Test func aMealPlannedElsewhereShowsWhileThePanelIsOpen() throws {
    let app = Harness(
      size: Size(width: 64, height: 20), recipes: RecipePanelTests.library, plan: [])
    app.press(.control("p"))
    #expect(app.line(containing: "Wed 8 Jul")?.contains("—") == true)
    let book = try #require(app.program.plan)
    _ = try book.add(recipe: Self.pancakes.id!, on: Self.monday.adding(days: 2), servings: 3)
    // NB: another process's change moves the store's revision (SQLite's plan bumps it too):
    // the poll reads the store, and the week on show with it.
    _ = try app.program.basket.add(name: "milk")
    app.program.pollStore()
    #expect(app.state.mode != .list)
    #expect(app.line(containing: "Wed 8 Jul")?.contains("Pancakes · for 3") == true)
  }

  @Test func withoutAPlanTheKeySaysSoAndTheListStays() {
    let app = Harness(size: Size(width: 64, height: 20))
    app.press(.control("p"))
    #expect(app.state.mode == .list)
    #expect(app.screen.contains("plan of meals isn't available here"))
  }
}
