import Foundation
import Testing

@Suite struct MealPrepCommandTests {
  let basket = BasketBinary()

  private func json(_ result: BasketBinary.Result) throws -> [String: Any] {
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      ?? [:]
  }

  /// Saves a recipe of `lines` for `servings` and returns its short id.
  @discardableResult
  private func save(_ title: String, servings: Int = 4, _ lines: [String]) throws -> String {
    let path = basket.directory.appendingPathComponent("\(title).txt").path
    let text =
      "\(title)\nServes \(servings)\n\nIngredients\n"
      + lines.map { "- \($0)\n" }.joined() + "\nMethod\n1. Cook it.\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let saved = try json(try basket.run(["recipe", "import", path, "--save", "--json"]))
    return String((saved["id"] as? String ?? "").prefix(8))
  }

  private func twoRecipes() throws {
    try save("Chili", ["2 onions", "400 g chopped tomatoes", "1 tsp salt", "3 scallions"])
    try save("Soup", servings: 2, ["1 onion", "200 g onion", "1 l stock", "2 spring onions"])
  }

  @Test func helpTellsHowToPlanAndAnswer() throws {
    let help = try basket.run(["mealprep", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Usage: basket mealprep RECIPE..."))
    for option in [
      "--servings RECIPE=N", "--merge N", "--keep-apart N", "--buy", "--have", "--add",
    ] {
      #expect(help.stdout.contains(option), "mealprep --help tells \(option)")
    }
    #expect(try basket.run(["--help"]).stdout.contains("  mealprep RECIPE..."))
  }

  @Test func theReviewMergesSurelyAsksAboutTheRestAndShowsCoverage() throws {
    try basket.startEmptyList()
    try twoRecipes()
    try basket.run(["pantry", "add", "chopped tomatoes", "--left", "150 g"])
    let review = try basket.run(["mealprep", "chili", "soup"])
    #expect(review.status == 0, "\(review.stderr)")
    let lines = review.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0] == "Meal prep: Chili, Soup (Chili for 4, Soup for 2)")
    #expect(lines.contains("  1. 3 onions [?1]"))
    #expect(lines.contains("     Chili ×2, Soup ×1"))
    #expect(lines.contains("  3. 1 tsp salt [left out: you always have this]"), "a staple")
    let chosen = try basket.run(["mealprep", "chili", "soup", "--with", "3"]).stdout
    #expect(chosen.contains("  3. 1 tsp salt [you always have this, chosen]\n"), "\(chosen)")
    #expect(chosen.contains("     not covered → buy 1 jar · recipe needs 1 tsp\n"), "a jar")
    #expect(lines.contains("  4. 5 scallions"))
    #expect(lines.contains("     Chili ×3, Soup ×2"))
    #expect(
      lines.contains(
        "     partly covered (from chopped tomatoes: need 400 g, have 150 g → buy 250 g) → buy 250 g"
      ))
    #expect(lines.contains("  ?1 onions (line 1) and onion (line 5): the amounts don't add up"))
    #expect(try basket.names("toGet").isEmpty, "a review adds nothing")
  }

  @Test func servingsAnswersAndOverridesShapeWhatIsAdded() throws {
    try basket.startEmptyList()
    try twoRecipes()
    try basket.run(["pantry", "add", "chopped tomatoes", "--left", "150 g"])
    let added = try basket.run([
      "mealprep", "chili", "soup", "--servings", "soup=4", "--merge", "1", "--have", "3",
      "--add",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("  1. 4 + 400 g onions\n"))
    #expect(added.stdout.contains("     Chili ×2, Soup ×2, Soup 400 g\n"))
    #expect(added.stdout.contains("Put 4 items on the list.\n"))
    let list = try basket.listJSON()
    let items = list["toGet"] as? [[String: Any]] ?? []
    func item(_ name: String) -> [String: Any]? { items.first { $0["name"] as? String == name } }
    #expect(item("onions")?["amountText"] as? String == "4 + 400 g")
    let recipes = (item("onions")?["recipes"] as? [[String: Any]])?.compactMap {
      $0["title"] as? String
    }
    #expect(recipes == ["Chili", "Soup"])
    #expect(item("chopped tomatoes")?["amountText"] as? String == "250 g")
    #expect(item("scallions")?["amountText"] as? String == "7")
    #expect(item("salt") == nil, "--have 3 skips the salt")
  }

  @Test func theJSONCarriesSourcesQuestionsAndCoverage() throws {
    try basket.startEmptyList()
    try twoRecipes()
    let out = try json(
      try basket.run(["mealprep", "chili", "soup", "--keep-apart", "1", "--json"]))
    let plan = try #require(out["plan"] as? [String: Any])
    let lines = plan["lines"] as? [[String: Any]] ?? []
    #expect(lines.map { $0["name"] as? String ?? "" }.contains("scallions"))
    #expect(lines.first?["sourcesText"] as? String == "Chili ×2, Soup ×1")
    #expect(lines.allSatisfy { $0["uncertain"] as? Bool == false }, "?1 was answered")
    let questions = plan["questions"] as? [[String: Any]] ?? []
    #expect(questions.first?["answer"] as? String == "keepApart")
    let coverage = (lines.first?["parts"] as? [[String: Any]])?.first?["coverage"] as? [String: Any]
    #expect(coverage?["status"] as? String == "notCovered")
    #expect(out["added"] as? Bool == false)
  }

  @Test(
    arguments: [
      (["mealprep"], 2, "mealprep needs one to five recipes"),
      (["mealprep", "nope"], 1, "no saved recipe matches \"nope\""),
      (["mealprep", "a", "b", "c", "d", "e", "f"], 2, "a meal plan takes one to 5 recipes, not 6"),
      (["mealprep", "chili", "chili"], 1, "Chili is chosen twice"),
      (["mealprep", "chili", "--servings", "chili=0"], 2, "from 1 to 1000, not \"0\""),
      (["mealprep", "chili", "--servings", "chili"], 2, "--servings takes RECIPE=N"),
      (["mealprep", "chili", "--servings", "soup=2"], 1, "names Soup, which isn't in this plan"),
      (["mealprep", "chili", "soup", "--merge", "9"], 1, "--merge takes a number the plan shows"),
      (["mealprep", "chili", "--have", "x"], 1, "--have takes a number the plan shows"),
    ] as [([String], Int32, String)])
  func refusesWhatItCantPlanWithAClearError(arguments: [String], status: Int32, message: String)
    throws
  {
    try basket.startEmptyList()
    try twoRecipes()
    let result = try basket.run(arguments)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try basket.names("toGet").isEmpty)
  }
}
