import Foundation
import Testing

/// `basket lists` and `--list` / `BASKET_LIST`, end to end against the built binary: several
/// lists in one store, each with its own items, and nothing lost by a refusal or a removal.
@Suite struct ListsCommandTests {
  let basket = BasketBinary()

  @discardableResult
  private func run(_ arguments: [String], _ environment: [String: String] = [:]) throws
    -> BasketBinary.Result
  {
    try basket.run(arguments, environment: environment)
  }

  /// Each list's "name toGet gotIt", from `lists --json`.
  private func lists() throws -> [String] {
    let result = try run(["lists", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return (object?["lists"] as? [[String: Any]] ?? []).map {
      "\($0["name"] ?? "") \($0["toGet"] ?? "") \($0["gotIt"] ?? "")"
    }
  }

  private func names(_ arguments: [String], _ environment: [String: String] = [:]) throws
    -> [String]
  {
    let result = try run(["list", "--json"] + arguments, environment)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return (object?["toGet"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }

  @Test func eachListHasItsOwnItemsAndEveryListCommandHonoursListAndTheVariable() throws {
    try basket.startEmptyList()
    try run(["add", "milk"])
    #expect(try lists() == ["Groceries 1 0"])
    let added = try run(["lists", "add", "Party", "food"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("Added the list Party food"))
    #expect(try run(["add", "--list", "party food", "balloons", "cake"]).status == 0)
    #expect(try run(["--list=Party food", "check", "cake"]).status == 0)
    #expect(try names([]) == ["milk"])
    #expect(try names(["--list", "PARTY FOOD"]) == ["balloons"])
    #expect(try names([], ["BASKET_LIST": "party food"]) == ["balloons"])
    // --list wins over the variable.
    #expect(try names(["--list", "groceries"], ["BASKET_LIST": "party food"]) == ["milk"])
    #expect(try lists() == ["Groceries 1 0", "Party food 1 1"])
    // Numbers are per list: 1 on Party food is balloons, not milk.
    _ = try run(["list", "--list", "Party food"])
    _ = try run(["list"])
    #expect(try run(["check", "1", "--list", "Party food"]).status == 0)
    #expect(try names([]) == ["milk"])
    #expect(try names(["--list", "Party food"]).isEmpty)
  }

  @Test func renamingMovingRemovingAndRestoringKeepEveryItem() throws {
    try basket.startEmptyList()
    try run(["lists", "add", "Hardware"])
    try run(["add", "--list", "hardware", "screws"])
    #expect(try run(["lists", "rename", "Hardware", "DIY"]).stdout == "Renamed Hardware to DIY.\n")
    #expect(try run(["lists", "move", "diy", "1"]).stdout == "Moved DIY: DIY, Groceries\n")
    // The first list is the default now.
    #expect(try names([]) == ["screws"])
    let removed = try run(["lists", "remove", "DIY"])
    #expect(removed.status == 0)
    #expect(removed.stdout.contains("Its 1 item waits with it"))
    #expect(removed.stdout.contains("basket lists restore DIY"))
    #expect(try lists() == ["Groceries 0 0"])
    let refused = try run(["list", "--list", "DIY"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("the list DIY was removed; restore it"))
    #expect(try run(["lists"]).stdout.contains("Removed (basket lists restore NAME): DIY"))
    #expect(try run(["lists", "restore", "diy"]).status == 0)
    #expect(try names(["--list", "DIY"]) == ["screws"])
  }

  @Test func badInputIsRefusedClearlyAndChangesNothing() throws {
    try basket.startEmptyList()
    try run(["add", "milk"])
    let before = try lists()
    let cases: [([String], String)] = [
      (["lists", "add", "groceries"], "there is a list called Groceries already"),
      (["lists", "remove", "Groceries"], "only list, so it can't be removed"),
      (
        ["lists", "rename", "Nope", "Else"],
        "there is no list called \"Nope\"; the lists are Groceries"
      ),
      (["lists", "add", String(repeating: "x", count: 41)], "at most 40 characters"),
      (["lists", "move", "Groceries", "zero"], "its new place, 1 for the first"),
      (["lists", "explode"], "lists has no subcommand \"explode\""),
      (["add", "eggs", "--list", "Nope"], "there is no list called \"Nope\""),
      (["list", "--list"], "--list needs a list's name"),
    ]
    for (arguments, message) in cases {
      let result = try run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    #expect(try lists() == before)
    #expect(try names([]) == ["milk"])
  }

  @Test func helpTellsEverySubcommand() throws {
    let help = try run(["lists", "--help"])
    #expect(help.status == 0)
    for part in ["add NAME", "rename OLD NEW", "move NAME PLACE", "remove NAME", "restore NAME"] {
      #expect(help.stdout.contains(part), "lists --help tells \(part)")
    }
    let overview = try run(["--help"]).stdout
    #expect(overview.contains("  lists [COMMAND]"))
    #expect(overview.contains("--list NAME"))
  }
}
