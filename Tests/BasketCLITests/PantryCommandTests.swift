import Foundation
import Testing

@Suite struct PantryCommandTests {
  let basket = BasketBinary()

  private func json(_ result: BasketBinary.Result) throws -> Any {
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  private func entries() throws -> [[String: Any]] {
    try json(try basket.run(["pantry", "list", "--json"])) as? [[String: Any]] ?? []
  }

  /// Saves the test chili and returns its short id.
  private func saveChili() throws -> String {
    let path = basket.directory.appendingPathComponent("chili.txt").path
    try Data(
      """
      Chili
      Serves 4

      Ingredients
      - 500 g minced beef
      - 2 onions
      - 400 g chopped tomatoes
      - 1 cup milk
      - 1 tsp salt

      Method
      1. Brown the beef.
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let saved = try json(try basket.run(["recipe", "import", path, "--save", "--json"]))
    return String(((saved as? [String: Any])?["id"] as? String ?? "").prefix(8))
  }

  @Test func everyPantryCommandHasHelp() throws {
    let overview = try basket.run(["pantry", "--help"])
    #expect(overview.status == 0)
    for command in ["add", "list", "show", "edit", "use", "remove", "scan", "search"] {
      #expect(overview.stdout.contains("  \(command) "), "pantry --help lists \(command)")
    }
    #expect(try basket.run(["--help"]).stdout.contains("  pantry [COMMAND]"))
    #expect(try basket.run(["--help"]).stdout.contains("  checkin"))
    #expect(try basket.run(["checkin", "--help"]).stdout.hasPrefix("Usage: basket checkin"))
    #expect(try basket.run(["help", "recipe", "coverage"]).stdout.contains("partly covered"))
    #expect(try basket.run(["recipe", "cooked", "--help"]).stdout.contains("--yes"))
    #expect(try basket.run(["recipe", "--help"]).stdout.contains("  coverage RECIPE"))
  }

  @Test func addingTheSameNameOrCodeAddsPackagesToOneEntry() throws {
    let added = try basket.run(["pantry", "add", "Milk", "--size", "1 l", "--packages", "2"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "Added Milk to the pantry: 2 × 1 l.\n")
    #expect(
      try basket.run(["pantry", "add", "milk"]).stdout == "Milk is in the pantry: now 3 × 1 l.\n")
    try basket.run(["pantry", "add", "Oat drink", "--code", "036000291452", "--size=1 l"])
    // The EAN-13 form of the same UPC-A: a package of the same entry.
    let scanned = try basket.run(["pantry", "scan", "0036000291452"])
    #expect(
      scanned.stdout.hasPrefix("0036000291452 is a valid EAN-13 code: Oat drink, in the pantry"))
    #expect(scanned.stdout.contains("basket pantry scan 0036000291452 --add"))
    let more = try json(try basket.run(["pantry", "scan", "0036000291452", "--add", "--json"]))
    #expect((more as? [String: Any])?["outcome"] as? String == "merged")
    let list = try entries()
    #expect(list.map { $0["name"] as? String } == ["Milk", "Oat drink"])
    #expect(list.map { $0["stock"] as? String } == ["3 × 1 l", "2 × 1 l"])
    #expect(list[1]["barcode"] as? String == "036000291452")
    #expect(list[1]["barcodeFormat"] as? String == "UPC-A")
    let onHand = list[1]["onHand"] as? [String: Any]
    #expect(onHand?["amount"] as? Double == 2)
    #expect(onHand?["unit"] as? String == "l")
    #expect(
      try basket.run(["pantry"]).stdout
        == "1. Milk  3 × 1 l\n2. Oat drink  2 × 1 l · 036000291452\n")
  }

  @Test func aBadCodeOrAmountIsAClearErrorAndChangesNothing() throws {
    try basket.run(["pantry", "add", "Flour", "--left", "500 g"])
    let wrongCheck = try basket.run(["pantry", "scan", "4006381333932"])
    #expect(wrongCheck.status == 1)
    #expect(
      wrongCheck.stderr
        == "basket: \"4006381333932\" isn't a barcode: the check digit should be 1, not 2\n")
    let short = try basket.run(["pantry", "add", "Pens", "--code", "03600029145"])
    #expect(short.status == 1)
    #expect(short.stderr.contains("a barcode has 8, 12, 13 or 14 digits; this has 11"))
    let letter = try basket.run(["pantry", "scan", "40063813339x1"])
    #expect(letter.stderr.contains("barcodes are digits only: 'x' isn't"))
    let unnamed = try basket.run(["pantry", "scan", "4006381333931", "--add"])
    #expect(unnamed.status == 1)
    #expect(unnamed.stderr.contains("give it a name"))
    let badAmount = try basket.run(["pantry", "add", "Flour", "--left", "lots"])
    #expect(badAmount.status == 1)
    #expect(badAmount.stderr.contains("\"lots\" isn't an amount"))
    let mixed = try basket.run(["pantry", "add", "flour", "--left", "3"])
    #expect(mixed.status == 1)
    #expect(
      mixed.stderr
        == "basket: Flour is counted in g, and 3 can't be counted with it (no conversion is known)\n"
    )
    #expect(try basket.run(["pantry", "frobnicate"]).status == 2)
    #expect(try basket.run(["pantry", "use", "flour"]).status == 2)
    #expect(try entries().map { $0["stock"] as? String } == ["1 package, 500 g left"])
  }

  @Test func useEditShowSearchAndRemove() throws {
    try basket.run(["pantry", "add", "Flour", "--size", "1 kg", "--packages", "2"])
    try basket.run(["pantry", "add", "Tinned tomatoes", "--note", "for the chilli"])
    let used = try basket.run(["pantry", "use", "flour", "300", "g"])
    #expect(used.stdout == "Took 300 g of Flour: 2 × 1 kg, 1.7 kg left.\n")
    #expect(
      try basket.run(["pantry", "use", "1", "--amount", "1 kg"]).stdout
        == "Took 1 kg of Flour: 1 × 1 kg, 0.7 kg left.\n")
    #expect(
      try basket.run(["pantry", "use", "tinned", "--up"]).stdout == "Tinned tomatoes is used up.\n")
    let edited = try json(
      try basket.run([
        "pantry", "edit", "tin", "--left", "2", "--no-note", "--name", "Tomatoes", "--json",
      ]))
    #expect((edited as? [String: Any])?["name"] as? String == "Tomatoes")
    #expect((edited as? [String: Any])?["packages"] as? Int == 1)
    #expect((edited as? [String: Any])?["note"] is NSNull)
    let shown = try basket.run(["pantry", "show", "flour"])
    #expect(shown.stdout.hasPrefix("Flour\n  stock:    1 × 1 kg, 0.7 kg left\n  package:  1 kg\n"))
    #expect(
      try basket.run(["pantry", "search", "toma"]).stdout == "2. Tomatoes  1 package, 2 left\n")
    #expect(
      try basket.run(["pantry", "remove", "flour"]).stdout == "Removed Flour from the pantry.\n")
    let missing = try basket.run(["pantry", "show", "flour"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "basket: there is nothing called \"flour\" in the pantry\n")
  }

  @Test func coverageShowsTheArithmeticAndAddsOnlyWhatIsLeftToBuy() throws {
    let chili = try saveChili()
    try basket.run(["pantry", "add", "chopped tomatoes", "--left", "150 g"])
    try basket.run(["pantry", "add", "milk", "--left", "1 l"])
    try basket.run(["pantry", "add", "onions", "--left", "1 kg"])
    // Salt is on the suggested always-have list: left out, and said so.
    let staple = try basket.run(["recipe", "coverage", chili])
    #expect(staple.stdout.contains("Left out: 1 tsp salt (you always have this)\n"))
    #expect(!staple.stdout.contains("1 tsp salt:"))
    try basket.run(["staples", "remove", "salt"])
    let text = try basket.run(["recipe", "coverage", chili])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stdout.contains(
        "partly covered (from chopped tomatoes: need 400 g, have 150 g → buy 250 g)"))
    #expect(text.stdout.contains("→ buy 1 jar · recipe needs 1 tsp"), "what to buy, not a teaspoon")
    #expect(text.stdout.contains("covered (need 1 cup, have 1 l → covered)"))
    #expect(text.stdout.contains("maybe covered (have 1 kg, need 2: these can't be compared)"))
    #expect(text.stdout.contains("3 to buy in full, 1 in part, 1 skipped."))
    #expect(try basket.names("toGet").isEmpty)

    let covered = try json(
      try basket.run([
        "recipe", "coverage", chili, "--servings", "8", "--have", "onions", "--buy", "4", "--add",
        "--json",
      ]))
    let lines =
      ((covered as? [String: Any])?["coverage"] as? [String: Any])?["lines"] as? [[String: Any]]
      ?? []
    #expect(
      lines.map { $0["status"] as? String } == [
        "notCovered", "maybeCovered", "partlyCovered", "covered", "notCovered",
      ])
    #expect(
      lines.map { $0["decision"] as? String } == ["buyAll", "skip", "buyPart", "buyAll", "buyAll"])
    #expect(lines[2]["arithmetic"] as? String == "need 800 g, have 150 g → buy 650 g")
    #expect(lines[1]["override"] as? String == "skip")
    #expect(Set(try basket.names("toGet")) == ["beef", "chopped tomatoes", "milk", "salt"])
    let list = try basket.listJSON()["toGet"] as? [[String: Any]] ?? []
    #expect(
      list.first { $0["name"] as? String == "chopped tomatoes" }?["amountText"] as? String
        == "650 g")
    #expect(try basket.run(["recipe", "coverage", chili, "--have", "saffron"]).status == 1)
  }

  @Test func checkinOffersWhatWasBoughtAndKeepsWhatIsLeftForLater() throws {
    let chili = try saveChili()
    try basket.run(["pantry", "add", "chopped tomatoes", "--left", "150 g"])
    try basket.run(["recipe", "coverage", chili, "--add"])
    try basket.run(["add", "Toothpaste"])
    #expect(try basket.run(["check", "beef", "chopped", "onions", "Toothpaste"]).status == 0)

    let listed = try basket.run(["checkin"], at: "2026-07-06T10:10:00Z")
    #expect(
      listed.stdout.contains("chopped tomatoes: 250 g → chopped tomatoes (1 package, 150 g left)"))
    #expect(listed.stdout.contains("beef: 500 g → new"))
    #expect(!listed.stdout.contains("Toothpaste"))

    // Answering one by one: beef yes, tomatoes edited, onions later.
    let asked = try basket.run(
      ["checkin", "--ask"], input: Array("y\nmaybe\ne\nlots\n400 g\nl\n".utf8))
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.stdout.contains("beef, 500 g for Chili: add to the pantry?"))
    #expect(asked.stdout.contains("  Answer y, e, s, l or q.\n"))
    #expect(asked.stdout.contains("\"lots\" isn't an amount"))
    #expect(asked.stdout.contains("chopped tomatoes: 2 packages, 550 g left."))
    #expect(asked.stdout.hasSuffix("1 left for later: 'basket checkin' offers it again.\n"))
    // After Got it has emptied, the onions still wait.
    let later = try json(
      try basket.run(["checkin", "--later", "--json"], at: "2026-07-06T14:00:00Z"))
    let waiting = (later as? [String: Any])?["waiting"] as? [[String: Any]] ?? []
    #expect(waiting.map { $0["name"] as? String } == ["onions"])
    let accepted = try basket.run(["checkin", "--accept-all"], at: "2026-07-06T14:00:00Z")
    #expect(accepted.stdout.contains("Added 2 of onions"))
    #expect(
      try basket.run(["checkin"], at: "2026-07-06T14:01:00Z").stdout.hasPrefix(
        "Nothing to check in."))
    #expect(try entries().map { $0["name"] as? String } == ["beef", "chopped tomatoes", "onions"])
    #expect(try basket.run(["checkin", "--accept-all", "--skip-all"]).status == 2)
  }

  @Test func cookedTakesTheRecipesAmountsOutWithYes() throws {
    let chili = try saveChili()
    try basket.run(["pantry", "add", "Minced beef", "--left", "1 kg"])
    try basket.run(["pantry", "add", "milk", "--left", "1 l"])
    try basket.run(["pantry", "add", "salt"])
    let dry = try basket.run(["recipe", "cooked", chili])
    #expect(dry.stdout.contains("take 500 g of Minced beef\n"))
    #expect(dry.stdout.contains("leave salt as it is (no amount recorded)"))
    #expect(dry.stdout.hasSuffix("Nothing changed; --yes takes them out.\n"))
    #expect(try entries()[1]["stock"] as? String == "1 package, 1 kg left")
    let done = try json(try basket.run(["recipe", "cooked", chili, "--yes", "--json"]))
    #expect((done as? [String: Any])?["applied"] as? Bool == true)
    let lines = (done as? [String: Any])?["lines"] as? [[String: Any]] ?? []
    #expect(lines.compactMap { $0["action"] as? String }.contains("take"))
    #expect(
      lines.compactMap { $0["summary"] as? String }.contains(
        "leave salt as it is (no amount recorded)"))
    #expect(
      try entries().map { $0["stock"] as? String } == [
        "1 package, 0.763 l left", "1 package, 0.5 kg left", "1 package",
      ])
  }
}

/// `basket pantry scan PHOTO`: the code read from a photo by zbar, then the pantry's rules.
@Suite struct PantryScanPhotoTests {
  let basket = BasketBinary()
  static let photos = BuiltExecutable.packageRoot.appendingPathComponent("Tests/cases/barcodes")

  private func photo(_ name: String) -> String { Self.photos.appendingPathComponent(name).path }

  @Test func aPhotographedCodeIsScannedAsIfTyped() throws {
    try basket.run(["add", "Bread"])  // a store to scan against
    let scanned = try basket.run(["pantry", "scan", photo("upca.png")])
    #expect(scanned.status == 0, "\(scanned.stderr)")
    #expect(scanned.stdout.hasPrefix("036000291452 is a valid UPC-A code"))
    let added = try basket.run([
      "pantry", "scan", photo("upca.png"), "--add", "--name", "Oat drink",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    // The same product typed in its EAN-13 form is found.
    let typed = try basket.run(["pantry", "scan", "0036000291452"])
    #expect(typed.stdout.contains("Oat drink, in the pantry"), "\(typed.stdout)")
  }

  @Test func aPhotoWithNoOrSeveralCodesSaysWhatToDo() throws {
    try basket.run(["add", "Bread"])
    let none = try basket.run(["pantry", "scan", photo("qr.png")])
    #expect(none.status == 1)
    #expect(none.stderr.contains("no product barcode found on qr.png (1 other code seen"))
    let two = try basket.run(["pantry", "scan", photo("two.png")])
    #expect(two.status == 1)
    #expect(two.stderr.contains("shows 2 product barcodes"))
    #expect(two.stderr.contains("4006381333931") && two.stderr.contains("036000291452"))
    let listed = try JSONSerialization.jsonObject(
      with: Data(try basket.run(["pantry", "list", "--json"]).stdout.utf8))
    #expect((listed as? [Any])?.isEmpty == true, "nothing was added")
  }
}
