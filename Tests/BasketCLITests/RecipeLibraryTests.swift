import Foundation
import Testing

/// The test archives of `Tests/fixtures/archives`, written by its `make_archives.py` into a
/// temporary folder once per test run (nothing generated is committed).
enum TestArchives {
  static let folder: Result<URL, Error> = Result {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-archives-\(UUID().uuidString)")
    try make(into: out, extra: [])
    return out
  }

  static func make(into out: URL, extra: [String]) throws {
    let script = BuiltExecutable.packageRoot
      .appendingPathComponent("Tests/fixtures/archives/make_archives.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, out.path] + extra
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BuiltExecutable.Unusable(description: "make_archives.py failed")
    }
  }

  static func path(_ name: String) throws -> String {
    try folder.get().appendingPathComponent(name).path
  }
}

/// `basket recipe import ARCHIVE | FOLDER` against the built binary, for every format the
/// fixtures hold and every bad archive.
@Suite struct RecipeLibraryTests {
  let basket = BasketBinary()

  func json(_ result: BasketBinary.Result) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stdout) \(result.stderr)")
  }

  func titles() throws -> [String] {
    let listed = try basket.run(["recipe", "list", "--json"])
    guard listed.status == 0 else { return [] }  // no store was made: nothing imported
    let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    return (rows ?? []).compactMap { $0["title"] as? String }
  }

  static let twelve = [
    "Basic Tomato Sauce", "Brown Butter Chocolate Chip Cookies", "Buttermilk Pancakes",
    "Chickpea and Spinach Curry", "Ginger Beef and Broccoli Stir-Fry", "Grandma's Sandwich Loaf",
    "Lemon Drizzle Loaf", "Red Lentil Soup", "Rigatoni with Sausage and Fennel",
    "Roast Squash Grain Bowls with Tahini Dressing", "Spiced Apple Cider",
    "Tomato, Cucumber & Feta Salad",
  ]

  @Test(arguments: [
    ("paprika.paprikarecipes", "Paprika"), ("nextcloud-cookbook.zip", "Nextcloud Cookbook"),
    ("nextcloud-cookbook", "Nextcloud Cookbook"), ("mealie.zip", "Mealie"),
    ("jsonld.zip", "schema.org JSON-LD"), ("jsonld-folder", "schema.org JSON-LD"),
  ])
  func eachFormatImportsEveryRecipeWhole(archive: String, format: String) throws {
    let result = try basket.run(["recipe", "import", try TestArchives.path(archive), "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try json(result)
    #expect((summary["imported"] as? [Any])?.count == 12, "\(summary)")
    #expect((summary["failed"] as? [Any])?.isEmpty == true, "\(summary)")
    #expect((summary["formats"] as? [String])?.first == format, "\(summary)")
    #expect(try titles().sorted() == Self.twelve)
    // Ingredient lines keep their text as written beside what was understood.
    let soup = try basket.run(["recipe", "show", "Red Lentil Soup", "--json"])
    let recipe = try #require(
      try JSONSerialization.jsonObject(with: Data(soup.stdout.utf8)) as? [String: Any])
    let lines = try #require(recipe["ingredients"] as? [[String: Any]])
    #expect(lines.count == 12)
    #expect(lines.first?["text"] as? String == "2 tbsp olive oil")
    #expect(lines.first?["name"] as? String == "olive oil")
  }

  @Test func theSameRecipeFromAnotherAppOrTwiceIsSkipped() throws {
    #expect(
      try basket.run(["recipe", "import", try TestArchives.path("paprika.paprikarecipes")]).status
        == 0)
    for archive in ["paprika.paprikarecipes", "mealie.zip", "nextcloud-cookbook.zip", "jsonld.zip"]
    {
      let again = try json(
        try basket.run(["recipe", "import", try TestArchives.path(archive), "--json"]))
      #expect((again["imported"] as? [Any])?.isEmpty == true, "\(archive): \(again)")
      #expect((again["duplicates"] as? [Any])?.count == 12, "\(archive): \(again)")
    }
    #expect(try titles().count == 12)
  }

  @Test func aMealieRecipeKeepsItsSectionsAndAPaprikaOneItsTimes() throws {
    #expect(try basket.run(["recipe", "import", try TestArchives.path("mealie.zip")]).status == 0)
    let bowls = try basket.run(["recipe", "show", "Roast Squash", "--json"])
    let recipe = try #require(
      try JSONSerialization.jsonObject(with: Data(bowls.stdout.utf8)) as? [String: Any])
    let headings = (recipe["ingredientGroups"] as? [[String: Any]])?.compactMap {
      $0["heading"] as? String
    }
    #expect(headings == ["For the bowls", "For the dressing", "To serve"])
    let other = BasketBinary()
    #expect(
      try other.run(["recipe", "import", try TestArchives.path("paprika.paprikarecipes")]).status
        == 0)
    let soup = try other.run(["recipe", "show", "Red Lentil Soup", "--json"])
    let read = try #require(
      try JSONSerialization.jsonObject(with: Data(soup.stdout.utf8)) as? [String: Any])
    #expect(read["prepTime"] as? Int == 15)
    #expect(read["cookTime"] as? Int == 35)
    #expect(read["servings"] as? Int == 4)
    #expect(read["source"] as? String == "https://example.com/recipes/red-lentil-soup")
    #expect((read["instructions"] as? [String])?.contains { $0.contains("[photo") } == false)
  }

  /// Each bad archive: what the command says, and what it imports (nothing half-imported).
  @Test(arguments: [
    ("bomb.zip", 1, 0, "nothing of it was unpacked"),
    ("bomb-nested.zip", 1, 0, "an archive inside the library, which is never opened"),
    ("escape.zip", 1, 0, "climbs out of the archive's folder"),
    ("symlink.zip", 1, 0, "symbolic link, which is never followed"),
    ("huge-entry.paprikarecipes", 1, 0, "more than a recipe's file may be (at most 10 MB)"),
    ("not-a-zip.paprikarecipes", 1, 0, "is not a Paprika export"),
    ("broken-gzip.paprikarecipes", 1, 0, "its gzip data can't be read"),
    ("broken-json.paprikarecipes", 1, 0, "it is not valid JSON"),
    ("wrong-format.zip", 1, 0, "no recipes found in wrong-format.zip"),
    ("many-lines.paprikarecipes", 0, 2, "10000 ingredient lines, more than a recipe may have"),
    ("mixed.paprikarecipes", 0, 10, "Broken Json.paprikarecipe"),
    ("dupes.paprikarecipes", 0, 1, "Skipped 1 already in your recipes: Red Lentil Soup"),
  ])
  func aBadArchiveSaysWhyAndImportsOnlyWholeRecipes(
    archive: String, status: Int32, imported: Int, says: String
  ) throws {
    let started = Date()
    let result = try basket.run(["recipe", "import", try TestArchives.path(archive)])
    #expect(result.status == status, "\(result.stdout) \(result.stderr)")
    #expect((result.stdout + result.stderr).contains(says), "\(result.stdout) \(result.stderr)")
    #expect(try titles().count == imported)
    #expect(Date().timeIntervalSince(started) < 20, "bounded in time too")
    if archive == "escape.zip" {
      let parent = try TestArchives.folder.get().deletingLastPathComponent()
      #expect(
        !FileManager.default.fileExists(atPath: parent.appendingPathComponent("evil.json").path))
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func aTerminalSeesAProgressBarThatClearsItselfBeforeTheSummary() throws {
    let binary = try BasketBinary.executable.get().path
    let archive = try TestArchives.path("paprika.paprikarecipes")
    // NB: script(1) runs the command on a pseudo-terminal, so standard error is a terminal.
    let result = try basket.run(
      program: "/usr/bin/script", ["-qec", "'\(binary)' recipe import '\(archive)'", "/dev/null"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("] 100 %  12 imported"), "\(result.stdout)")
    #expect(result.stdout.contains("█"))
    #expect(result.stdout.contains("\r\u{1B}[2KImported 12 recipes"), "the bar is cleared first")
    // The store's first opening says so on a line of its own, never after the bar.
    let started = result.stdout.components(separatedBy: "\n").filter { $0.contains("Started") }
    #expect(started.count == 1)
    #expect(
      started.allSatisfy {
        $0.replacingOccurrences(of: "\r\u{1B}[2K", with: "").hasPrefix("Started")
      })
  }

  @Test func aPipeSeesNoProgressBar() throws {
    let result = try basket.run([
      "recipe", "import", try TestArchives.path("paprika.paprikarecipes"),
    ])
    #expect(!result.stderr.contains("█") && !result.stdout.contains("█"))
  }

  @Test func oneRecipeFileOfAnotherAppIsReadAsOneRecipe() throws {
    let result = try basket.run([
      "recipe", "import", try TestArchives.path("mealie-recipe.json"), "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let recipe = try json(result)
    #expect(recipe["title"] as? String == "Red Lentil Soup")
    #expect((recipe["ingredients"] as? [Any])?.count == 12)
    #expect(recipe["id"] == nil, "shown, not saved, without --save")
  }

  @Test func aFolderOfPagesNeverFollowsALink() throws {
    let folder = basket.directory.appendingPathComponent("pages")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = try TestArchives.path("jsonld-folder/red-lentil-soup.json")
    try FileManager.default.copyItem(
      atPath: source, toPath: folder.appendingPathComponent("soup.json").path)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("elsewhere.json").path,
      withDestinationPath: try TestArchives.path("jsonld-folder/basic-tomato-sauce.json"))
    let result = try basket.run(["recipe", "import", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("elsewhere.json: it is a symbolic link"), "\(result.stdout)")
    #expect(try titles() == ["Red Lentil Soup"])
  }
}
