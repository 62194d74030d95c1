import Foundation
import Testing

/// `basket backup`, `restore`, `export` and `import` against the built binary.
@Suite struct HouseholdDataTests {
  let basket = BasketBinary()

  func path(_ name: String) -> String { basket.directory.appendingPathComponent(name).path }

  func json(_ arguments: [String], from binary: BasketBinary? = nil) throws -> Any {
    let result = try (binary ?? basket).run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// A household with something of everything, its clock pinned.
  func fill(_ binary: BasketBinary) throws {
    for arguments in [
      ["add", "2 l milk", "eggs x12", "500 g flour", "bread"], ["check", "bread"],
      ["recipe", "import", try TestArchives.path("paprika.paprikarecipes")],
      ["pantry", "add", "3 tins tomatoes"], ["pantry", "add", "1 kg rice"],
      ["shop", "add", "Lidl"], ["shop", "add", "The market"], ["shop", "use", "Lidl"],
      ["product", "add", "Oat drink", "--size", "1 l"],
    ] {
      let result = try binary.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
  }

  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
  }

  // MARK: - Backup and restore

  @Test func aBackupHoldsTheStoreAndSecretOwnerOnlyAndRestoresKeepingTheOldStore() throws {
    try fill(basket)
    try Data("a-household-secret-1\n".utf8).write(
      to: URL(fileURLWithPath: basket.storePath + ".secret"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: basket.storePath + ".secret")
    let made = try #require(try json(["backup", "--json"]) as? [String: Any])
    let file = try #require(made["path"] as? String)
    #expect(file == basket.storePath + ".backup-20260706T100000Z.tar.gz")
    #expect(try mode(file) == 0o600)
    #expect(made["files"] as? [String] == ["secret"])
    let contents = try #require(made["contents"] as? [String: Any])
    #expect(contents["items"] as? Int == 4)
    #expect(contents["recipes"] as? Int == 12)
    #expect(contents["pantryEntries"] as? Int == 2)
    #expect(contents["products"] as? Int == 1)
    #expect(contents["shops"] as? Int == 2)

    // After the backup: a change to lose, and another secret.
    #expect(try basket.run(["add", "cake"]).status == 0)
    try FileManager.default.removeItem(atPath: basket.storePath + ".secret")
    try Data("another-secret-22\n".utf8).write(
      to: URL(fileURLWithPath: basket.storePath + ".secret"))
    let restored = try basket.run(["restore", file], at: "2026-07-06T11:00:00Z")
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(
      restored.stdout.contains(
        "It holds 4 items, 12 recipes, 2 pantry entries, 1 product and 2 shops."),
      "\(restored.stdout)")
    let kept = basket.storePath + ".before-restore-20260706T110000Z"
    #expect(restored.stdout.contains("The store that was there is kept at \(kept)."))
    #expect(restored.stdout.contains("restart it so it uses the restored secret"))
    #expect(try basket.names("toGet").contains("cake") == false)
    #expect(
      try String(contentsOfFile: basket.storePath + ".secret", encoding: .utf8)
        == "a-household-secret-1\n")
    #expect(
      try String(
        contentsOfFile: basket.storePath + ".secret.before-restore-20260706T110000Z",
        encoding: .utf8) == "another-secret-22\n")
    // The old store is whole beside it, cake and all.
    let aside = try basket.run(["--store", kept, "list", "--json"])
    #expect(aside.stdout.contains("\"cake\""), "\(aside.stdout) \(aside.stderr)")
  }

  @Test func aBackupGoesIntoAFolderAndRestoresIntoANewStore() throws {
    try fill(basket)
    let folder = path("backups")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let made = try basket.run(["backup", folder])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.contains("4 items, 12 recipes, 2 pantry entries, 1 product and 2 shops"))
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
    let other = BasketBinary()
    let restored = try other.run(["restore", folder + "/" + file])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(!restored.stdout.contains("kept at"), "nothing was there to keep")
    #expect(try other.names("toGet") == basket.names("toGet"))
    #expect(try other.names("gotIt") == basket.names("gotIt"))
  }

  @Test func restoreRefusesWhatIsNotABasketBackupAndANewerStoreLeavingEverythingAsItWas() throws {
    try fill(basket)
    let before = try Data(contentsOf: URL(fileURLWithPath: basket.storePath))
    let notOne = try basket.run(["restore", try TestArchives.path("mealie.zip")])
    #expect(notOne.status == 1)
    #expect(notOne.stderr.contains("is not a Basket backup"), "\(notOne.stderr)")
    // A store from a newer Basket: a copy of this one with a later schema version.
    let newer = path("newer.sqlite")
    #expect(try basket.run(["backup", newer + ".tar.gz"]).status == 0)
    let copy = try basket.run(
      program: "/usr/bin/sqlite3", [basket.storePath, ".backup '\(newer)'"])
    #expect(copy.status == 0, "\(copy.stderr)")
    #expect(
      try basket.run(program: "/usr/bin/sqlite3", [newer, "PRAGMA user_version = 99"]).status == 0)
    let refused = try basket.run(["restore", newer])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("was made by a newer Basket (schema 99"), "\(refused.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: basket.storePath)) == before)
    let aside = try FileManager.default.contentsOfDirectory(atPath: basket.directory.path)
      .filter { $0.contains("before-restore") || $0.contains("restoring") }
    #expect(aside.isEmpty, "\(aside)")
  }

  @Test func backupAndRestoreHaveHelp() throws {
    for command in ["backup", "restore", "export", "import"] {
      let help = try basket.run([command, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("basket \(command) "), "\(help.stdout)")
    }
    let overview = try basket.run(["--help"])
    for command in ["backup [FILE]", "export DIR|FILE.zip"] {
      #expect(overview.stdout.contains(command))
    }
    #expect(try basket.run(["backup"]).status == 1, "no store to back up")
  }

  // MARK: - Export and import

  /// What a store holds, as the commands print it, without what differs by store (recipe ids
  /// and times).
  func everything(_ binary: BasketBinary) throws -> [String: String] {
    var out: [String: String] = [:]
    for command in [
      ["list", "--json"], ["pantry", "list", "--json"], ["product", "list", "--json"],
      ["shop", "list", "--json"], ["staples", "--json"],
    ] {
      let result = try binary.run(command)
      out[command.joined(separator: " ")] = result.stdout
    }
    let recipes = try #require(
      try json(["recipe", "list", "--json"], from: binary) as? [[String: Any]])
    out["recipes"] = try recipes.map { summary -> String in
      let shown = try #require(
        try json(["recipe", "show", summary["id"] as! String, "--json"], from: binary)
          as? [String: Any])
      return try Self.withoutIdentity(shown)
    }.joined(separator: "\n")
    return out
  }

  func expectSame(_ one: BasketBinary, _ other: BasketBinary) throws {
    let (a, b) = (try everything(one), try everything(other))
    for (key, value) in a { #expect(b[key] == value, "\(key)") }
  }

  static func withoutIdentity(_ recipe: [String: Any]) throws -> String {
    var copy = recipe
    for key in ["id", "savedAt", "lastOpenedAt"] { copy[key] = nil }
    return String(
      decoding: try JSONSerialization.data(withJSONObject: copy, options: [.sortedKeys]),
      as: UTF8.self)
  }

  @Test(arguments: ["export", "export.zip"])
  func anExportImportsBackToTheSameHousehold(name: String) throws {
    try fill(basket)
    let target = path(name)
    let exported = try basket.run(["export", target])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(
      exported.stdout.contains(
        "Exported 4 items, 12 recipes, 2 pantry entries, 1 product and 2 shops"))
    if !name.hasSuffix(".zip") {
      let files = try FileManager.default.contentsOfDirectory(atPath: target).sorted()
      #expect(
        files == [
          "README.md", "list.json", "list.txt", "pantry.json", "plan.json", "products.json",
          "recipes", "shops.json", "staples.json",
        ])
      #expect(try FileManager.default.contentsOfDirectory(atPath: target + "/recipes").count == 12)
      let text = try String(contentsOfFile: target + "/list.txt", encoding: .utf8)
      #expect(text.contains("[ ] milk (2 L)") && text.contains("[x] bread"), "\(text)")
      let readme = try String(contentsOfFile: target + "/README.md", encoding: .utf8)
      for file in [
        "list.json", "list.txt", "recipes/*.json", "pantry.json", "products.json", "shops.json",
      ] {
        #expect(readme.contains("`\(file)`"), "the README says what \(file) is")
      }
    }
    let other = BasketBinary()
    let imported = try other.run(["import", target])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.contains("4 items, 12 recipes, 2 pantry entries, 1 product and 2 shops"))
    try expectSame(other, basket)

    // Again, into the store that has it all: nothing more.
    let again = try other.run(["import", target])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      again.stdout.contains(
        "Imported from \(target): 0 items, 0 recipes, 0 pantry entries, 0 products and 0 shops."))
    try expectSame(other, basket)
  }

  @Test func aWeekOfMealsGoesOutAndComesBackOnTheSameDaysOnce() throws {
    for arguments in [
      ["recipe", "import", try TestArchives.path("paprika.paprikarecipes")],
      ["plan", "add", "Red Lentil Soup", "--on", "2026-12-07", "--servings", "6"],
      ["plan", "add", "Buttermilk Pancakes", "--on", "2026-12-08"],
    ] {
      let result = try basket.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let target = path("export")
    let exported = try basket.run(["export", target])
    #expect(exported.stdout.contains("0 shops and 2 planned meals"), "\(exported.stdout)")
    let readme = try String(contentsOfFile: target + "/README.md", encoding: .utf8)
    #expect(readme.contains("`plan.json`"))
    func week(_ binary: BasketBinary) throws -> [String] {
      let plan = try #require(
        try json(["plan", "--week", "2026-12-07", "--json"], from: binary) as? [String: Any])
      return ((plan["days"] as? [[String: Any]]) ?? []).flatMap { day in
        ((day["meals"] as? [[String: Any]]) ?? []).map { meal in
          let title = (meal["recipe"] as? [String: Any])?["title"] as? String ?? "?"
          return "\(day["date"] ?? "") \(title) \(meal["servingsText"] ?? "")"
        }
      }
    }
    #expect(
      try week(basket) == [
        "2026-12-07 Red Lentil Soup for 6", "2026-12-08 Buttermilk Pancakes as written",
      ])
    let other = BasketBinary()
    let imported = try other.run(["import", target])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("2 planned meals"), "\(imported.stdout)")
    #expect(try week(other) == (try week(basket)))
    #expect(try other.run(["import", target]).status == 0)
    #expect(try week(other) == (try week(basket)), "imported twice, planned once")
  }

  @Test func theAisleChosenForANameGoesOutAndComesBack() throws {
    try basket.run(["add", "zorblax", "milk"])
    #expect(try basket.run(["category", "zorblax", "household"]).status == 0)
    let target = path("export")
    #expect(try basket.run(["export", target]).status == 0)
    let other = BasketBinary()
    #expect(try other.run(["import", target]).status == 0)
    #expect(try other.run(["category", "zorblax"]).stdout == "zorblax: Household\n")
    #expect(try other.run(["category", "milk"]).stdout == "milk: Dairy\n")
  }

  @Test func everyListGoesOutAndComesBackOnItsOwnList() throws {
    for arguments in [
      ["add", "milk"], ["lists", "add", "Party"], ["add", "--list", "party", "balloons", "cake"],
      ["lists", "add", "Hardware"],
    ] {
      let result = try basket.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let target = path("export")
    let exported = try basket.run(["export", target])
    #expect(exported.status == 0, "\(exported.stderr)")
    let text = try String(contentsOfFile: target + "/list.txt", encoding: .utf8)
    #expect(text.contains("# Party") && text.contains("balloons"), "\(text)")

    let other = BasketBinary()
    #expect(try other.run(["add", "cake", "--list", "Groceries"]).status == 0)
    let imported = try other.run(["import", target])
    #expect(imported.status == 0, "\(imported.stderr)")
    let lists = try other.run(["lists"]).stdout
    #expect(lists.contains("Party  2 to get"), "\(lists)")
    #expect(lists.contains("Hardware  (empty)"), "\(lists)")
    #expect(Set(try other.names("toGet")) == ["cake", "milk"])
    let party = try other.run(["list", "--list", "Party"]).stdout
    #expect(party.contains("balloons") && party.contains("cake"), "\(party)")
    // Imported again, nothing doubles.
    #expect(try other.run(["import", target]).status == 0)
    #expect(try other.run(["lists"]).stdout == lists)
  }

  @Test func anImportIntoAStoreWithSomeOfItAddsOnlyWhatIsNew() throws {
    try fill(basket)
    let target = path("export")
    #expect(try basket.run(["export", target]).status == 0)
    let other = BasketBinary()
    for arguments in [
      ["add", "Milk", "cheese"], ["pantry", "add", "Rice"], ["shop", "add", "lidl"],
    ] {
      #expect(try other.run(arguments).status == 0)
    }
    let imported = try other.run(["import", target])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.contains(
        "Imported from \(target): 3 items, 12 recipes, 1 pantry entry, 1 product and 1 shop."),
      "\(imported.stdout)")
    #expect(
      imported.stdout.contains(
        "Already here, left as they were: 1 item, 0 recipes, 1 pantry entry, 0 products and 1 shop."
      ), "\(imported.stdout)")
    #expect(Set(try other.names("toGet")) == ["cheese", "eggs", "flour", "Milk"])
  }

  @Test func anImportedFileMeetsTheChecksATypedItemDoes() throws {
    #expect(try basket.run(["add", "500 g tea", "milk"]).status == 0)
    let folder = path("hand-made")
    #expect(try basket.run(["export", folder]).status == 0)
    // Edited by hand: a control character in a name, an impossible amount, no emoji, and a
    // name with nothing visible in it.
    let file = URL(fileURLWithPath: folder + "/list.json")
    var list = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var items = try #require(list["items"] as? [[String: Any]])
    for index in items.indices {
      if items[index]["name"] as? String == "tea" {
        items[index]["name"] = "tea\u{7}"
        items[index]["emoji"] = ""
        items[index]["quantity"] = ["amount": 1e300, "unit": "g"]
      } else {
        items[index]["name"] = "\u{200B} "
      }
    }
    list["items"] = items
    try JSONSerialization.data(withJSONObject: list).write(to: file)
    let other = BasketBinary()
    let imported = try other.run(["import", folder])
    #expect(imported.status == 0, "\(imported.stderr)")
    let shown = try #require(
      (try json(["list", "--json"], from: other) as? [String: Any])?["toGet"] as? [[String: Any]])
    #expect(shown.count == 1, "\(shown)")
    #expect(shown.first?["name"] as? String == "tea")
    #expect(shown.first?["quantity"] is NSNull, "an amount past the unit's maximum is dropped")
    #expect((shown.first?["emoji"] as? String)?.isEmpty == false)
    let notOne = try other.run(["import", try TestArchives.path("mealie.zip")])
    #expect(notOne.status == 1)
    #expect(notOne.stderr.contains("is not a Basket export"), "\(notOne.stderr)")
  }

  /// Each recipe of a library, exported as JSON-LD and read back by `recipe import`, is the
  /// recipe it was: the fixtures' twelve in each app's format, and recipes with awkward
  /// headings, yields and steps.
  @Test func everyExportedRecipeImportsBackToTheSameRecipe() throws {
    for archive in ["paprika.paprikarecipes", "mealie.zip", "nextcloud-cookbook.zip", "jsonld.zip"]
    {
      let one = BasketBinary()
      #expect(try one.run(["recipe", "import", try TestArchives.path(archive)]).status == 0)
      let pasted = """
        Pie for 2 people

        Ingredients
        Pastry 1:
        200 g flour
        100 g butter, cold
        Filling (serves 2)
        3 apples
        1–2 tbsp sugar, or to taste

        Method
        Rub the butter into the flour.
        Fill, top and bake for 40 minutes at 190 °C.
        """
      #expect(try one.run(["recipe", "import", "--save"], input: Array(pasted.utf8)).status == 0)
      let target = one.directory.appendingPathComponent("export").path
      #expect(try one.run(["export", target]).status == 0)
      let summaries = try #require(
        try json(["recipe", "list", "--json"], from: one) as? [[String: Any]])
      let files = try FileManager.default.contentsOfDirectory(atPath: target + "/recipes")
      #expect(files.count == summaries.count)
      for file in files {
        let read = try #require(
          try json(["recipe", "import", target + "/recipes/" + file, "--json"], from: one)
            as? [String: Any])
        let title = try #require(read["title"] as? String)
        let id = try #require(summaries.first { $0["title"] as? String == title }?["id"] as? String)
        let saved = try #require(
          try json(["recipe", "show", id, "--json"], from: one) as? [String: Any])
        #expect(
          try Self.withoutIdentity(read) == Self.withoutIdentity(saved), "\(archive): \(file)")
      }
    }
  }
}
