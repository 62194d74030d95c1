import BasketKit
import BasketTUI
import Foundation
import Testing

/// The recipes panel in the built binary inside tmux: a recipe saved by `basket recipe
/// import --save` is browsed with ^O and put on the list.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable))
struct TmuxRecipeTests {
  /// Runs the built binary against the session's store, feeding `input` on stdin.
  private func basket(_ tmux: TmuxSession, _ arguments: [String], input: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TmuxSession.binary)
    process.arguments = ["--store", tmux.store] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["BASKET_NOW"] = nil
    environment["BASKET_STORE"] = nil
    process.environment = environment
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func browsingASavedRecipeAndPuttingItOnTheList() throws {
    let tmux = try TmuxSession.started()
    defer { tmux.close() }
    tmux.add("Flour")
    let pancakes = """
      Pancakes
      Serves 4

      Ingredients
      2 eggs
      1 cup milk
      200 g flour

      Method
      Mix and fry.
      """
    #expect(try basket(tmux, ["recipe", "import", "-", "--save"], input: pancakes) == 0)
    tmux.send("C-o")
    let library = try #require(tmux.waitFor("the recipes panel") { $0.contains("▸ Pancakes") })
    try TmuxSession.expectPanel(library, title: "Recipes")
    #expect(library.contains("3 ingredients"))
    tmux.send("Enter")
    let recipe = try #require(tmux.waitFor("the recipe") { $0.contains("• 1 cup milk") })
    try TmuxSession.expectPanel(recipe, title: "Pancakes")
    tmux.send("Enter")
    let added = try #require(
      tmux.waitFor("the recipe on the list") { TmuxSession.toGet($0).count == 3 })
    #expect(added.contains("Pancakes is on the list: 2 new, 1 merged"))
    let rows = TmuxSession.toGet(added).joined(separator: "\n")
    #expect(rows.contains("Eggs") || rows.contains("eggs"))
    #expect(rows.contains("milk") || rows.contains("Milk"))
  }

  /// The week panel in the built binary: a meal planned with `basket plan add` shows on its
  /// day after ^P, and → pages to the next week.
  @Test func theWeeksMealsPlannedOnTheCommandLine() throws {
    let tmux = try TmuxSession.started()
    defer { tmux.close() }
    let soup = """
      Pea soup
      Serves 2

      Ingredients
      500 g peas

      Method
      Simmer.
      """
    #expect(try basket(tmux, ["recipe", "import", "-", "--save"], input: soup) == 0)
    // NB: today as the app sees it (its TZ is UTC), whatever this machine's zone.
    let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
    let plan = ["plan", "add", "pea soup", "--on", today, "--servings", "3"]
    #expect(try basket(tmux, plan, input: "") == 0)
    tmux.send("C-p")
    let week = try #require(tmux.waitFor("the week panel") { $0.contains("Pea soup · for 3") })
    try TmuxSession.expectPanel(week, title: "Week of")
    #expect(week.contains("▸ "))
    tmux.send("Right")
    let next = try #require(
      tmux.waitFor("the next week") { !$0.contains("Pea soup") && $0.contains("Week of") })
    #expect(!next.contains("▸ "))
  }
}
