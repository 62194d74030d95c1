import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct PlanBookTests {
  let clock = TestClock()  // Monday 6 July 2026, 10:00 UTC
  let plan: PlanBook

  init() {
    let recipes = RecipeBook(store: InMemoryRecipeStore(), basket: Fixtures.basket(clock: clock))
    plan = PlanBook(store: InMemoryPlanStore(), recipes: recipes, timeZone: .gmt)
  }

  private func book() -> PlanBook { plan }

  @discardableResult
  private func save(_ title: String, _ lines: [String], servings: Int? = 4) throws -> Recipe {
    try book().recipes.save(
      Recipe(
        title: title, servings: servings,
        ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))]))
  }

  @Test func aWeekShowsEachDayWithItsMealsAndToday() throws {
    try save("Chili", ["2 onions"])
    try save("Soup", ["1 onion"], servings: 2)
    let plan = book()
    let chili = try plan.add("chili", on: try plan.date("today"), servings: 6)
    clock.advance(by: 60)
    try plan.add("soup", on: try plan.date("tomorrow"), servings: nil)
    try plan.add("soup", on: try plan.date("2026-07-13"), servings: nil)  // next week

    let week = try plan.days(plan.today.week)
    #expect(week.meals.map(\.recipe.title) == ["Chili", "Soup"])
    let json = PlanJSON(week)
    #expect(json.from == "2026-07-06")
    #expect(json.to == "2026-07-12")
    #expect(json.previous == "2026-06-29")
    #expect(json.next == "2026-07-13")
    #expect(json.days.map(\.label).first == "Mon 6 Jul")
    #expect(json.days.map(\.isToday) == [true, false, false, false, false, false, false])
    #expect(json.days[0].meals.map(\.servingsText) == ["for 6"])
    #expect(json.days[1].meals.map(\.servingsText) == ["as written"])
    #expect(json.days[0].meals[0].id == chili.id.uuidString.lowercased())

    #expect(throws: RecipeError.unknownRecipe("stew")) {
      try plan.add("stew", on: plan.today, servings: nil)
    }
  }

  @Test func removingByIdOrByRecipeAndDayLeavesTheRest() throws {
    try save("Chili", ["2 onions"])
    let plan = book()
    let monday = try plan.add("chili", on: plan.today, servings: nil)
    try plan.add("chili", on: plan.today.adding(days: 2), servings: nil)
    #expect(try plan.remove(monday.id.uuidString) == monday)
    #expect(throws: PlanError.notPlanned("Chili", plan.today)) {
      try plan.remove(recipe: "chili", on: plan.today)
    }
    try plan.remove(recipe: "chili", on: plan.today.adding(days: 2))
    #expect(try plan.all().isEmpty)
  }

  @Test func aRemovedRecipeStaysInTheWeekUnderItsTitleButIsNotShoppedFor() throws {
    let chili = try save("Chili", ["2 onions"])
    try save("Soup", ["1 onion"], servings: 2)
    let plan = book()
    try plan.add("chili", on: plan.today, servings: nil)
    try plan.add("soup", on: plan.today, servings: nil)
    try plan.recipes.remove(chili.id!.uuidString)
    let week = try plan.days(plan.today.week)
    #expect(week.meals.map(\.recipe.title) == ["Chili", "Soup"])
    #expect(PlanJSON(week).days[0].meals.map(\.saved) == [false, true])
    let (shopping, missing) = try plan.shopping(plan.today.week)
    #expect(missing.map(\.recipe.title) == ["Chili"])
    #expect(shopping.lines.map(\.name) == ["onion"])
  }

  @Test func theCalendarHasOneAllDayEventPerMealAndItsTagFollowsThePlan() throws {
    let chili = try save("Chili", ["2 onions"])
    let plan = book()
    let meal = try plan.add("chili", on: try plan.date("2026-07-08"), servings: 6)
    let events = try plan.events()
    #expect(events.count == 1)
    let event = events[0]
    #expect(event.name == "\(meal.id.uuidString.lowercased()).ics")
    #expect(event.uid == "\(meal.id.uuidString.lowercased())@basket")
    #expect(event.summary == "Chili")
    #expect(event.date.description == "2026-07-08")
    #expect(event.description == "For 6 servings. Planned in Basket.")
    let tag = PlanCalendar.collectionTag(events)

    // The same plan, the same tags; a renamed recipe or another meal changes them.
    #expect(PlanCalendar.collectionTag(try plan.events()) == tag)
    var renamed = chili
    renamed.title = "Chili con carne"
    try plan.recipes.save(renamed)
    let after = try plan.events()
    #expect(after[0].uid == event.uid)
    #expect(after[0].summary == "Chili con carne")
    #expect(after[0].etag != event.etag)
    #expect(PlanCalendar.collectionTag(after) != tag)
    try plan.add("chili", on: try plan.date("2026-07-09"), servings: nil)
    #expect(try plan.events().count == 2)
    #expect(try plan.events()[1].description == "As the recipe is written. Planned in Basket.")
  }
}

@Suite struct PlanCalendarFilterTests {
  let event = PlanCalendar.event(
    PlannedMeal(
      id: Fixtures.id(1), date: PlanDate("2026-07-08")!,
      recipe: RecipeReference(id: Fixtures.id(2), title: "Chili"), addedAt: Fixtures.monday))

  private func at(_ text: String) -> Date { ISO8601.date(text)! }

  @Test(arguments: [
    ("2026-07-08T00:00:00Z", "2026-07-09T00:00:00Z", true),
    ("2026-07-01T00:00:00Z", "2026-08-01T00:00:00Z", true),
    ("2026-07-08T23:59:00Z", "2026-07-10T00:00:00Z", true),
    ("2026-07-09T00:00:00Z", "2026-07-10T00:00:00Z", false),
    ("2026-07-01T00:00:00Z", "2026-07-08T00:00:00Z", false),
  ])
  func aTimeRangeMeetsTheEventsWholeDay(start: String, end: String, meets: Bool) {
    let filter = ComponentFilter(
      "VCALENDAR",
      components: [ComponentFilter("VEVENT", timeRange: TimeRange(start: at(start), end: at(end)))])
    #expect(PlanCalendar.matches(event, filter) == meets)
  }

  @Test func tasksAreNotEventsAndNoFilterMatchesAll() {
    #expect(
      !PlanCalendar.matches(
        event, ComponentFilter("VCALENDAR", components: [ComponentFilter("VTODO")])))
    #expect(
      PlanCalendar.matches(
        event, ComponentFilter("VCALENDAR", components: [ComponentFilter("VEVENT")])))
    #expect(PlanCalendar.matches(event, ComponentFilter("VCALENDAR")))
    #expect(!PlanCalendar.matches(event, ComponentFilter("VCALENDAR", isNotDefined: true)))
    #expect(!PlanCalendar.matches(event, ComponentFilter("VTODO")))
  }
}
