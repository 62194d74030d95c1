import Foundation
import Testing

/// `basket plan`, end to end against the built binary: a week of meals on a store of its own,
/// the clock pinned to Monday 6 July 2026, 10:00 UTC, and the machine's time in UTC.
@Suite struct PlanCommandTests {
  let basket = BasketBinary()

  @discardableResult
  private func run(_ arguments: [String], tz: String = "UTC") throws -> BasketBinary.Result {
    try basket.run(arguments, environment: ["TZ": tz])
  }

  private func json(_ result: BasketBinary.Result) throws -> [String: Any] {
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      ?? [:]
  }

  private func save(_ title: String, servings: Int? = 4, _ lines: [String]) throws {
    let path = basket.directory.appendingPathComponent("\(title).txt").path
    let serves = servings.map { "Serves \($0)\n" } ?? ""
    let text =
      "\(title)\n\(serves)\nIngredients\n" + lines.map { "- \($0)\n" }.joined()
      + "\nMethod\n1. Cook it.\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let saved = try run(["recipe", "import", path, "--save", "--json"])
    #expect(saved.status == 0, "\(saved.stderr)")
  }

  private func twoRecipes() throws {
    try basket.startEmptyList()
    try save("Chili", ["2 onions", "500 g minced beef"])
    try save("Soup", servings: 2, ["1 onion", "1 l stock"])
  }

  /// The week's meals as "date title servings" lines, from `plan --json`.
  private func week(_ arguments: [String] = []) throws -> [String] {
    let plan = try json(try run(["plan", "--json"] + arguments))
    let days = plan["days"] as? [[String: Any]] ?? []
    return days.flatMap { day in
      (day["meals"] as? [[String: Any]] ?? []).map { meal in
        let recipe = meal["recipe"] as? [String: Any] ?? [:]
        return "\(meal["date"] ?? "") \(recipe["title"] ?? "") \(meal["servingsText"] ?? "")"
      }
    }
  }

  @Test func helpTellsEverySubcommandAndTheOverviewListsPlan() throws {
    let help = try run(["plan", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Usage: basket plan [--week DATE] [--json]"))
    for part in ["add RECIPE --on DATE", "--servings N", "remove ID", "--from DATE --to DATE"] {
      #expect(help.stdout.contains(part), "plan --help tells \(part)")
    }
    #expect(try run(["--help"]).stdout.contains("  plan [COMMAND]"))
    #expect(try run(["help", "plan"]).stdout == help.stdout)
  }

  @Test func mealsGoOnDaysAndTheWeekShowsThem() throws {
    try twoRecipes()
    let added = try run(["plan", "add", "chili", "--on", "today", "--servings", "6"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Planned Chili for 6 on Monday 6 July 2026 ("))
    try run(["plan", "add", "soup", "--on", "2026-07-08"])
    try run(["plan", "add", "soup", "--on", "2026-07-13"])  // next week
    #expect(try week() == ["2026-07-06 Chili for 6", "2026-07-08 Soup as written"])
    #expect(try week(["--week", "2026-07-19"]) == ["2026-07-13 Soup as written"])

    let text = try run(["plan"]).stdout.split(separator: "\n").map(String.init)
    #expect(text[0] == "Week of Mon 6 Jul to Sun 12 Jul 2026")
    #expect(text[1].hasPrefix("  Mon 6 Jul   Chili for 6 ("))
    #expect(text[2] == "  Tue 7 Jul   —")
    #expect(text[3].hasPrefix("  Wed 8 Jul   Soup ("))
    #expect(text.count == 8)
  }

  @Test func todayIsTheDayItIsInTheMachinesLocalTime() throws {
    try twoRecipes()
    let late = ["BASKET_NOW": "2026-07-05T23:30:00Z"]
    let berlin = try basket.run(
      ["plan", "add", "chili", "--on", "today"],
      environment: late.merging(["TZ": "Europe/Berlin"]) { a, _ in a })
    #expect(berlin.stdout.hasPrefix("Planned Chili on Monday 6 July 2026"), "\(berlin.stderr)")
    let newYork = try basket.run(
      ["plan", "add", "chili", "--on", "today"],
      environment: late.merging(["TZ": "America/New_York"]) { a, _ in a })
    #expect(newYork.stdout.hasPrefix("Planned Chili on Sunday 5 July 2026"), "\(newYork.stderr)")
  }

  @Test(arguments: [
    (["--on", "2026-02-30"], "2026-02-30 isn't a day: that month has 28 days"),
    (["--on", "next week"], "\"next week\" isn't a date"),
    (["--on", "2026-07-07", "--servings", "0"], "servings must be a whole number from 1 to 1000"),
    (["--on", "2026-07-07", "--servings", "10000"], "not \"10000\""),
    (["--on", "2026-07-07", "--servings", "lots"], "not \"lots\""),
  ])
  func badDaysAndServingsAreRefusedAndNothingIsPlanned(options: [String], message: String) throws {
    try twoRecipes()
    let before = try Data(contentsOf: URL(fileURLWithPath: basket.storePath))
    let refused = try run(["plan", "add", "chili"] + options)
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.contains(message), "\(refused.stderr)")
    #expect(try week(["--week", "2026-07-07"]).isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: basket.storePath)) == before)
  }

  @Test func anUnknownRecipeAndATwiceTheSameDayAreRefused() throws {
    try twoRecipes()
    let unknown = try run(["plan", "add", "stew", "--on", "today"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "basket: no saved recipe matches \"stew\"\n")
    try run(["plan", "add", "chili", "--on", "today"])
    let twice = try run(["plan", "add", "chili", "--on", "today", "--servings", "8"])
    #expect(twice.status == 1)
    #expect(twice.stderr.contains("Chili is already planned on Monday 6 July 2026"))
    let noDay = try run(["plan", "add", "chili"])
    #expect(noDay.status == 2)
    #expect(noDay.stderr.contains("plan add needs the day: --on DATE"))
    #expect(try week() == ["2026-07-06 Chili as written"])
  }

  @Test func aMealComesOffByTheIdThePlanPrintsOrByRecipeAndDay() throws {
    try twoRecipes()
    let chili = try json(try run(["plan", "add", "chili", "--on", "today", "--json"]))
    let id = String((chili["id"] as? String ?? "").prefix(8))
    try run(["plan", "add", "soup", "--on", "2026-07-07"])
    let removed = try run(["plan", "remove", id])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stdout == "Took Chili off Monday 6 July 2026.\n")
    let wrongDay = try run(["plan", "remove", "soup", "--on", "2026-07-08"])
    #expect(wrongDay.status == 1)
    #expect(wrongDay.stderr.contains("Soup isn't planned on Wednesday 8 July 2026"))
    #expect(try run(["plan", "remove", "soup", "--on", "2026-07-07"]).status == 0)
    let gone = try run(["plan", "remove", id])
    #expect(gone.status == 1)
    #expect(gone.stderr.contains("nothing planned matches"))
    #expect(try week().isEmpty)
  }

  @Test func shoppingTheWeekMergesItsMealsAndPutsThemOnTheList() throws {
    try twoRecipes()
    try run(["plan", "add", "chili", "--on", "2026-07-06", "--servings", "6"])
    try run(["plan", "add", "chili", "--on", "2026-07-09"])  // as written: 4
    try run(["plan", "add", "soup", "--on", "2026-07-08"])
    try run(["plan", "add", "soup", "--on", "2026-07-14"])  // next week: not shopped
    try run(["pantry", "add", "minced beef", "--left", "250 g"])

    let review = try run(["plan", "shop"])
    #expect(review.status == 0, "\(review.stderr)")
    let lines = review.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0] == "Meals of Mon 6 Jul to Sun 12 Jul 2026 (Chili for 10, Soup for 2)")
    #expect(lines.contains("  1. 6 onions"))
    #expect(lines.contains("     Chili ×5, Soup ×1"))
    #expect(lines.contains { $0.contains("need 1250 g, have 250 g → buy 1000 g") }, "\(lines)")
    #expect(try basket.names("toGet").isEmpty, "a review adds nothing")

    let added = try json(try run(["plan", "shop", "--week", "2026-07-10", "--add", "--json"]))
    #expect(added["added"] as? Bool == true)
    let names = try basket.names("toGet")
    #expect(Set(names) == ["onions", "minced beef", "stock"], "\(names)")
  }

  @Test func shoppingARangeOfDaysTakesOnlyThoseDays() throws {
    try twoRecipes()
    try run(["plan", "add", "chili", "--on", "2026-07-06"])
    try run(["plan", "add", "soup", "--on", "2026-07-08"])
    let json = try json(
      try run(["plan", "shop", "--from", "2026-07-07", "--to", "2026-07-08", "--json"]))
    let plan = json["plan"] as? [String: Any] ?? [:]
    #expect(plan["title"] as? String == "Meals of Tue 7 Jul to Wed 8 Jul 2026")
    let recipes = plan["recipes"] as? [[String: Any]] ?? []
    #expect(recipes.map { $0["title"] as? String } == ["Soup"])

    let long = try run(["plan", "shop", "--from", "2026-07-01", "--to", "2026-08-15"])
    #expect(long.status == 1)
    #expect(long.stderr.contains("at most 31 days"))
    let empty = try run(["plan", "shop", "--week", "2026-08-01"])
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("nothing is planned from Monday 27 July 2026"))
    let half = try run(["plan", "shop", "--from", "2026-07-07"])
    #expect(half.status == 2)
  }

  @Test func aRemovedRecipeIsLeftOutOfTheShopAndSaidSo() throws {
    try twoRecipes()
    try run(["plan", "add", "chili", "--on", "2026-07-06"])
    try run(["plan", "add", "soup", "--on", "2026-07-08"])
    try run(["recipe", "remove", "chili"])
    #expect(try run(["plan"]).stdout.contains("Chili (no longer saved)"))
    let shop = try run(["plan", "shop"])
    #expect(shop.status == 0, "\(shop.stderr)")
    #expect(shop.stderr.contains("Chili on Mon 6 Jul is left out: its recipe is no longer saved"))
    #expect(shop.stdout.hasPrefix("Meals of Mon 6 Jul to Sun 12 Jul 2026 (Soup for 2)"))
  }
}
