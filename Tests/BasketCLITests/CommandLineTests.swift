import Foundation
import Testing

@Suite struct CommandLineTests {
  let basket = BasketBinary()

  @Test func helpAndVersionDescribeTheContract() throws {
    let help = try basket.run(["--help"])
    #expect(help.status == 0)
    for command in [
      "add", "list", "check", "uncheck", "rename", "note", "qty", "remove", "clear", "undo",
      "suggest", "usuals",
    ] {
      #expect(help.stdout.contains("  \(command)"), "help lists \(command)")
    }
    #expect(try basket.run(["--version"]).stdout.hasPrefix("basket "))
    let addHelp = try basket.run(["add", "--help"])
    #expect(addHelp.status == 0)
    #expect(addHelp.stdout.contains("Usage: basket add"))
    #expect(try basket.run(["qty", "--help"]).stdout.contains("--clear"))
  }

  @Test func badUsageExitsTwoWithAOneLineReason() throws {
    let unknown = try basket.run(["frobnicate"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("basket: unknown command \"frobnicate\""))
    #expect(try basket.run(["list", "--bogus"]).status == 2)
    #expect(try basket.run(["rename", "milk"]).status == 2)
    #expect(try basket.run(["--store"]).status == 2)
    #expect(try basket.run(["list"], environment: ["BASKET_NOW": "yesterday"]).status == 2)
  }

  @Test func theTerminalAppsEmojiModeIsCheckedBeforeItNeedsATerminal() throws {
    let help = try basket.run(["tui", "--help"])
    #expect(help.stdout.contains("--emoji=MODE"))
    #expect(help.stdout.contains("BASKET_EMOJI"))
    let flag = try basket.run(["tui", "--emoji=new"])
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("--emoji must be modern or compatible, not \"new\""))
    let variable = try basket.run(["tui"], environment: ["BASKET_EMOJI": "colour"])
    #expect(variable.status == 2)
    #expect(variable.stderr.contains("BASKET_EMOJI must be modern or compatible"))
    // A good mode gets as far as asking for a terminal.
    let piped = try basket.run(["tui", "--emoji=compatible"])
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("needs a terminal"))
  }

  @Test func addUnderstandsQuantitiesAndCommaSeparatedParts() throws {
    let result = try basket.run(["add", "2 l milk", "eggs x12, 500g flour", "bread"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Added Milk") == false)  // names are kept as typed
    #expect(result.stdout.contains("Added milk (2 L)"))
    let list = try basket.listJSON()
    let toGet = list["toGet"] as! [[String: Any]]
    #expect(toGet.map { $0["name"] as! String } == ["bread", "flour", "eggs", "milk"])
    let flour = toGet[1]["quantity"] as! [String: Any]
    #expect(flour["amount"] as? Double == 500)
    #expect(flour["unit"] as? String == "g")
    #expect(toGet[0]["quantity"] is NSNull)
    #expect(toGet[3]["addedAt"] as? String == "2026-07-06T10:00:00.000Z")
    #expect(toGet[3]["checkedAt"] is NSNull)
    #expect((toGet[3]["id"] as? String)?.count == 36)
  }

  @Test func pipedListIsPlainNumberedText() throws {
    try basket.run(["add", "milk 2l", "bread"])
    try basket.run(["check", "bread"])
    let list = try basket.run(["list"])
    #expect(list.status == 0)
    #expect(list.stdout == "To get\n  1. milk (2 L)\n\nGot it\n  2. [x] bread\n")
    #expect(!list.stdout.contains("\u{1B}["))
    #expect(try basket.run(["ls"]).stdout == list.stdout)
  }

  @Test func aOneLineListingFitsAStatusBar() throws {
    try basket.startEmptyList()
    #expect(try basket.run(["list", "--line"]).stdout == "Nothing to get\n")
    try basket.run(["add", "milk 2l", "bread"])
    #expect(try basket.run(["list", "--line"]).stdout == "2 to get: bread, milk (2 L)\n")
    try basket.run(["add", String(repeating: "long name ", count: 12)])
    let long = try basket.run(["list", "--line"]).stdout
    #expect(long.count == 81)  // 80 characters and the newline
    #expect(long.hasSuffix("…\n"))
    try basket.run(["check", "1", "2", "3"])
    #expect(try basket.run(["list", "--line"]).stdout == "All done!\n")
    #expect(try basket.run(["list", "--line", "--json"]).status == 2)
  }

  @Test func anEmptyListShowsTheDaysLine() throws {
    try basket.startEmptyList()
    let list = try basket.run(["list"])
    #expect(list.status == 0)
    #expect(list.stdout.hasSuffix(".\n") || list.stdout.hasSuffix("?\n"))
    #expect(!list.stdout.contains("To get"))
  }

  @Test func duplicateAddsBumpOrRestoreInsteadOfCopying() throws {
    try basket.run(["add", "Apples"], at: "2026-07-06T10:00:00Z")
    try basket.run(["add", "Bread"], at: "2026-07-06T10:00:01Z")
    let bump = try basket.run(["add", "apple"], at: "2026-07-06T10:00:02Z")
    #expect(bump.stdout.contains("already on the list"))
    #expect(try basket.names("toGet") == ["Apples", "Bread"])
    try basket.run(["check", "bread"], at: "2026-07-06T10:00:03Z")
    let restore = try basket.run(["add", "BREAD"], at: "2026-07-06T10:00:04Z")
    #expect(restore.stdout.contains("Restored Bread"))
    #expect(try basket.names("toGet", at: "2026-07-06T10:00:05Z") == ["Bread", "Apples"])
  }

  @Test func checkAndUncheckTakeNumbersNamesAndPrefixes() throws {
    try basket.run(["add", "milk", "mint", "bread", "eggs"])
    #expect(try basket.run(["check", "1", "bre"]).status == 0)  // 1 = eggs (newest first)
    #expect(try basket.names("gotIt").sorted() == ["bread", "eggs"])
    let ambiguous = try basket.run(["check", "mi"])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("milk") && ambiguous.stderr.contains("mint"))
    let unknown = try basket.run(["check", "caviar"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "basket: no item matches \"caviar\"\n")
    #expect(try basket.run(["uncheck", "eggs"]).status == 0)
    #expect(try basket.names("toGet").first == "eggs")
  }

  @Test func checkingTheLastItemCelebrates() throws {
    try basket.run(["add", "milk", "bread"])
    #expect(!(try basket.run(["check", "milk"]).stdout.contains("All done")))
    #expect(try basket.run(["check", "bread"]).stdout.contains("All done!"))
  }

  @Test func gotItEmptiesItselfAfterAnHour() throws {
    try basket.run(["add", "milk"], at: "2026-07-06T10:00:00Z")
    try basket.run(["check", "milk"], at: "2026-07-06T10:00:00Z")
    #expect(try basket.names("gotIt", at: "2026-07-06T10:59:59Z") == ["milk"])
    #expect(try basket.names("gotIt", at: "2026-07-06T11:00:01Z") == [])
  }

  @Test func renameKeepsThePlaceAndResetsTheQuantity() throws {
    try basket.run(["add", "milk 2l", "bread"])
    let result = try basket.run(["rename", "milk", "Oat", "milk"])
    #expect(result.status == 0)
    let toGet = try basket.listJSON()["toGet"] as! [[String: Any]]
    #expect(toGet.map { $0["name"] as! String } == ["bread", "Oat milk"])
    #expect(toGet[1]["quantity"] is NSNull)
    let empty = try basket.run(["rename", "bread", " "])
    #expect(empty.status == 1)
    #expect(try basket.names("toGet") == ["bread", "Oat milk"])
  }

  @Test func aNoteIsSetShownUnderTheNameInJSONAndCleared() throws {
    try basket.run(["add", "yoghurt", "bread"])
    let set = try basket.run(["note", "yoghurt", "the", "big\u{1B}[31m", "tub"])
    #expect(set.status == 0)
    #expect(set.stdout == "Noted on yoghurt: the big[31m tub\n")
    let listed = try basket.run(["list"])
    #expect(listed.stdout.contains("2. yoghurt\n     the big[31m tub\n"), "\(listed.stdout)")
    #expect(!listed.stdout.contains("\u{1B}"))
    let toGet = try basket.listJSON()["toGet"] as! [[String: Any]]
    #expect(toGet[1]["note"] as? String == "the big[31m tub")
    #expect(toGet[0]["note"] is NSNull)
    #expect(try basket.run(["note", "yoghurt"]).stdout == "yoghurt: the big[31m tub\n")
    let json = try basket.run(["note", "bread", "for", "Sam's lunch", "--json"])
    #expect(json.stdout.contains(#""note" : "for Sam's lunch""#), "\(json.stdout)")
    let cleared = try basket.run(["note", "yoghurt", ""])
    #expect(cleared.stdout == "Cleared the note on yoghurt\n")
    #expect(try basket.run(["note", "yoghurt"]).stdout == "yoghurt has no note\n")
    #expect(try basket.run(["note"]).status == 2)
  }

  @Test func aNoteOfAMegabyteIsRefusedAndNothingIsLost() throws {
    try basket.run(["add", "yoghurt"])
    try basket.run(["note", "yoghurt", "the big tub"])
    // NB: Linux takes at most 128 KiB in one argument: a megabyte comes as ten of them.
    let megabyte = Array(repeating: String(repeating: "a", count: 104_857), count: 10)
    let refused = try basket.run(["note", "yoghurt"] + megabyte)
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "basket: a note can be at most 500 characters (this one has 1048579)\n")
    let toGet = try basket.listJSON()["toGet"] as! [[String: Any]]
    #expect(toGet[0]["note"] as? String == "the big tub")
  }

  @Test func qtySetsSwitchesAndClears() throws {
    try basket.run(["add", "milk"])
    #expect(try basket.run(["qty", "milk", "750"]).stdout.contains("750 ml"))
    #expect(try basket.run(["qty", "milk", "1,5", "L"]).stdout.contains("1.5 L"))
    #expect(try basket.run(["qty", "milk", "2l"]).stdout.contains("2 L"))
    let bad = try basket.run(["qty", "milk", "lots"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("not an amount"))
    #expect(try basket.run(["qty", "milk", "-2"]).status == 1)
    #expect(try basket.run(["qty", "milk", "99999999"]).status == 1)
    #expect(try basket.run(["qty", "milk", "2", "parsecs"]).status == 2)
    let kept = (try basket.listJSON()["toGet"] as! [[String: Any]])[0]["quantity"] as! [String: Any]
    #expect(kept["amount"] as? Double == 2)
    #expect(try basket.run(["qty", "milk", "--clear"]).status == 0)
    #expect((try basket.listJSON()["toGet"] as! [[String: Any]])[0]["quantity"] is NSNull)
  }

  @Test func qtyKeepsARecipesOwnUnit() throws {
    let path = basket.directory.appendingPathComponent("pancakes.txt").path
    try Data(
      """
      Pancakes

      Ingredients
      - 2¼ cups flour
      - 2 (14-oz) cans coconut milk

      Method
      1. Mix.
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let saved = try basket.run(["recipe", "import", path, "--save", "--json"])
    #expect(saved.status == 0, "\(saved.stderr)")
    #expect(try basket.run(["recipe", "add", "pancakes"]).status == 0)
    #expect(try basket.run(["qty", "flour", "2½"]).stdout.contains("(2.5 cups)"))
    #expect(try basket.run(["qty", "flour", "2 1/4 cups"]).stdout.contains("(2¼ cups)"))
    #expect(try basket.run(["qty", "coconut milk", "3"]).stdout.contains("(3 cans (14 oz))"))
    let tooMany = try basket.run(["qty", "flour", "900", "cups"])
    #expect(tooMany.status == 1)
    #expect(tooMany.stderr.contains("at most 422 cups"), "\(tooMany.stderr)")
    let toGet = try basket.listJSON()["toGet"] as! [[String: Any]]
    let flour = try #require(toGet.first { $0["name"] as? String == "flour" })
    #expect(flour["quantity"] is NSNull)
    #expect(flour["amountText"] as? String == "2¼ cups", "a refusal changes nothing")
    #expect(try basket.run(["qty", "flour", "500", "g"]).stdout.contains("(500 g"))
  }

  @Test func aNumberFromTheLastListMeansWhatItShowedUntilTheNextList() throws {
    try basket.run(["add", "bread", "eggs", "milk"])  // milk 1, eggs 2, bread 3
    #expect(try basket.run(["list"]).stdout.contains("1. "))
    try basket.run(["add", "Bread"])  // a re-add bumps bread to the top
    try basket.run(["add", "tea"])  // and a new item goes on top too
    let checked = try basket.run(["check", "1"])
    #expect(checked.stdout.contains("milk"), "\(checked.stdout)")
    #expect(
      try basket.run(["check", "2"]).stdout.contains("eggs"), "the first check moved nothing")
    try basket.run(["rm", "bread"])
    let gone = try basket.run(["check", "3"])
    #expect(gone.status == 1)
    #expect(gone.stderr.contains("number 3 of the last list is no longer on it"), "\(gone.stderr)")
    // A new list numbers the list as it is now.
    let listed = try basket.run(["list"]).stdout
    #expect(listed.contains("1. ") && listed.contains("tea"), "\(listed)")
    #expect(try basket.run(["check", "1"]).stdout.contains("tea"))
  }

  @Test func listsAtTheSameInstantKeepOneWholeNumberingOnlyTheUserCanRead() throws {
    try basket.run(["add"] + (0..<300).map { "item-\($0)" })
    try basket.run(["list"])  // the numbering the lists below replace, each with its own
    try basket.run(["add", "tea"])
    DispatchQueue.concurrentPerform(iterations: 6) { _ in _ = try? basket.run(["list"]) }
    let numbers = basket.storePath + ".list-numbers"
    let lines = try String(contentsOfFile: numbers, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 301)
    #expect(try basket.run(["check", "1"]).stdout.contains("tea"))
    let mode = try FileManager.default.attributesOfItem(atPath: numbers)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let left = try FileManager.default.contentsOfDirectory(atPath: basket.directory.path)
    #expect(left.filter { $0.hasPrefix("basket.sqlite.list-numbers.") }.isEmpty, "\(left)")
  }

  @Test func removeDeletesItems() throws {
    try basket.run(["add", "milk", "bread"])
    #expect(try basket.run(["rm", "milk"]).status == 0)
    #expect(try basket.names("toGet") == ["bread"])
  }

  @Test func clearCanBeUndoneWithinTheWindowOnly() throws {
    try basket.run(["add", "milk 2l", "bread"], at: "2026-07-06T10:00:00Z")
    try basket.run(["check", "milk", "bread"], at: "2026-07-06T10:00:00Z")
    let clear = try basket.run(["clear"], at: "2026-07-06T10:00:01Z")
    #expect(clear.stdout.contains("Cleared 2 items"))
    #expect(try basket.names("gotIt", at: "2026-07-06T10:00:02Z") == [])
    #expect(try basket.run(["undo"], at: "2026-07-06T10:00:05Z").stdout.contains("Brought back 2"))
    let back = try basket.listJSON(at: "2026-07-06T10:00:06Z")["gotIt"] as! [[String: Any]]
    #expect(back.count == 2)
    #expect(back.contains { ($0["quantity"] as? [String: Any])?["unit"] as? String == "L" })

    try basket.run(["clear"], at: "2026-07-06T10:00:10Z")
    let late = try basket.run(["undo"], at: "2026-07-06T10:00:30Z")
    #expect(late.status == 1)
    #expect(late.stderr.contains("no recent clear"))
  }

  @Test func suggestAndUsualsDrawOnHistory() throws {
    try basket.run(["add", "Oat milk"])
    try basket.run(["check", "oat"])
    let suggest = try basket.run(["suggest", "oat", "--json"])
    #expect(suggest.status == 0)
    let chips =
      try JSONSerialization.jsonObject(with: Data(suggest.stdout.utf8)) as! [[String: Any]]
    #expect(chips.first?["name"] as? String == "Oat milk")
    #expect(chips.first?["source"] as? String == "history")
    let usuals = try basket.run(["usuals"])
    #expect(usuals.stdout.contains("Oat milk"))
    #expect(try basket.run(["suggest"]).status == 2)
  }

  @Test func emojiReportsTheStage() throws {
    let result = try basket.run(["emoji", "milk", "--json"])
    #expect(result.status == 0)
    let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
    #expect(rows[0]["emoji"] as? String == "🥛")
    #expect(rows[0]["stage"] as? String == "curated")
  }

  @Test func namesAreCleanedAndBounded() throws {
    let long = try basket.run(["add", String(repeating: "x", count: 201)])
    #expect(long.status == 1)
    #expect(long.stderr.contains("at most 200"))
    #expect(try basket.run(["add", "  "]).status == 1)
    try basket.run(["add", "mi\u{7}lk\u{1B}[31m"])
    #expect(try basket.names("toGet") == ["milk[31m"])
  }
}
