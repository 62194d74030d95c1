import BasketTestSupport
import Foundation
import Testing

/// Recipe fixtures written for these tests (never the shared saved pages).
enum RecipeFixtures {
  static let page = """
    <!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Scones | A test kitchen</title>
    <link rel="canonical" href="https://kitchen.test/scones">
    <script type="application/ld+json">
    {"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"A test kitchen"},
     {"@type":"Recipe","name":"Cheese scones","recipeYield":["8","8 scones"],
      "prepTime":"PT15M","cookTime":"PT12M","image":{"@type":"ImageObject","url":"https://kitchen.test/s.jpg"},
      "recipeIngredient":["225 g self-raising flour","55 g butter, cubed","1 cup (240 ml) milk",
        "100 g Cheddar, grated","a pinch of salt"],
      "recipeInstructions":[{"@type":"HowToStep","text":"Rub the butter into the flour."},
        {"@type":"HowToStep","text":"Stir in the cheese and milk, then bake."}]}]}
    </script></head><body><h1>Cheese scones</h1><script>var x = "</div>";</script></body></html>
    """

  static let text = """
    Pancakes
    Serves 4

    Ingredients
    - 2 eggs
    - 1 cup milk
    - 200 g flour
    - salt, to taste

    Method
    1. Whisk everything together.
    2. Fry in butter.
    """

  static let noRecipe = "<html><body><h1>About us</h1><p>We like food.</p></body></html>"
}

@Suite struct RecipeCommandTests {
  let basket = BasketBinary()

  private func write(_ text: String, _ name: String) throws -> String {
    let path = basket.directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func json(_ result: BasketBinary.Result) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  @Test func everyRecipeCommandHasHelp() throws {
    let overview = try basket.run(["recipe", "--help"])
    #expect(overview.status == 0)
    for command in ["import", "parse", "list", "show", "search", "remove", "add"] {
      #expect(overview.stdout.contains("  \(command)"), "recipe --help lists \(command)")
      let help = try basket.run(["recipe", command, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout.hasPrefix("Usage: basket recipe \(command)"), "\(command)")
    }
    #expect(try basket.run(["help", "recipe", "add"]).stdout.contains("--servings N"))
    #expect(try basket.run(["--help"]).stdout.contains("  recipe COMMAND"))
  }

  @Test func badRecipeUsageExitsTwo() throws {
    #expect(try basket.run(["recipe"]).status == 2)
    let unknown = try basket.run(["recipe", "bake"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown recipe command \"bake\""))
    #expect(try basket.run(["recipe", "parse"]).status == 2)
    #expect(try basket.run(["recipe", "import", "a", "b"]).status == 2)
    #expect(try basket.run(["recipe", "add", "x", "--servings", "0"]).status == 2)
    #expect(try basket.run(["recipe", "add", "x", "--servings"]).status == 2)
    #expect(try basket.run(["recipe", "add", "--skip", "salt"]).status == 2)
  }

  @Test func importsASavedPageAsTheIssuesJSON() throws {
    let path = try write(RecipeFixtures.page, "scones.html")
    let result = try basket.run(["recipe", "import", path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let recipe = try #require(try json(result) as? [String: Any])
    #expect(recipe["id"] == nil)
    #expect(recipe["title"] as? String == "Cheese scones")
    #expect(recipe["yields"] as? String == "8 scones")
    #expect(recipe["servings"] as? Int == 8)
    #expect(recipe["prepTime"] as? Int == 15)
    #expect(recipe["cookTime"] as? Int == 12)
    #expect(recipe["totalTime"] as? Int == 27)
    #expect(recipe["source"] as? String == "https://kitchen.test/scones")
    #expect(recipe["image"] as? String == "https://kitchen.test/s.jpg")
    #expect((recipe["instructions"] as? [String])?.count == 2)
    let groups = try #require(recipe["ingredientGroups"] as? [[String: Any]])
    #expect(groups.count == 1 && groups[0]["heading"] is NSNull)
    let lines = try #require(recipe["ingredients"] as? [[String: Any]])
    #expect(lines.count == 5)
    let milk = lines[2]
    #expect(milk["text"] as? String == "1 cup (240 ml) milk")
    let quantity = try #require(milk["quantity"] as? [String: Any])
    #expect(quantity["amount"] as? Double == 1)
    #expect(quantity["maxAmount"] is NSNull)
    #expect(quantity["unit"] as? String == "cup")
    #expect(milk["name"] as? String == "milk")
    for key in ["preparation", "note"] { #expect(milk.keys.contains(key)) }
    #expect(lines[1]["preparation"] as? String == "cubed")
    #expect(milk["optional"] as? Bool == false)
    #expect(milk["uncertain"] as? Bool == false)
    #expect((milk["alternatives"] as? [String]) == [])
  }

  @Test func saysAtTheTopWhenItIsUnsureOfAPage() throws {
    let page =
      "<html><body><h1>Cake</h1><h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g sugar</li></ul>"
      + "<h2>Get started</h2><ol><li>Whisk the eggs with the sugar until pale and thick.</li></ol>"
      + "</body></html>"
    let path = try write(page, "cake.html")
    let result = try basket.run(["recipe", "import", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Basket isn't sure it read this page right."))
    #expect(result.stdout.contains("no heading names its method"))
    #expect(result.stdout.contains("The page's text\n  Ingredients\n"))
    let json = try #require(
      try self.json(try basket.run(["recipe", "import", path, "--json"])) as? [String: Any])
    let doubt = try #require(json["doubt"] as? [String: Any])
    #expect((doubt["pageText"] as? [String])?.first == "Ingredients")
  }

  @Test func readsTextFromStandardInputAndPrintsItPlainly() throws {
    let result = try basket.run(["recipe", "import", "-"], input: Array(RecipeFixtures.text.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Pancakes\n4 servings\n"))
    #expect(result.stdout.contains("  1. 2 eggs\n"))
    #expect(result.stdout.contains("  2. Fry in butter.\n"))
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  @Test func aFileWithoutARecipeExitsOneAndStartsNoStore() throws {
    let path = try write(RecipeFixtures.noRecipe, "about.html")
    let result = try basket.run(["recipe", "import", path, "--save"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "basket: \(path) holds no recipe (no ingredient list or method was found)\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
    let missing = try basket.run(["recipe", "import", basket.directory.path + "/nope.html"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("there is no file"))
    // A folder is read as a library: this one holds only the page without a recipe.
    let folder = try basket.run(["recipe", "import", basket.directory.path])
    #expect(folder.status == 1)
    #expect(folder.stdout.contains("about.html: it holds no recipe"), "\(folder.stdout)")
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  @Test func parsePrintsAnArrayOfLines() throws {
    let result = try basket.run([
      "recipe", "parse", "2-3 cloves garlic, crushed", "1 1/2 cups flour (sifted)", "--json",
    ])
    #expect(result.status == 0)
    let lines = try #require(try json(result) as? [[String: Any]])
    #expect(lines.count == 2)
    let garlic = try #require(lines[0]["quantity"] as? [String: Any])
    #expect(garlic["amount"] as? Double == 2)
    #expect(garlic["maxAmount"] as? Double == 3)
    #expect(garlic["unit"] as? String == "clove")
    #expect(lines[0]["preparation"] as? String == "crushed")
    #expect((lines[1]["quantity"] as? [String: Any])?["amount"] as? Double == 1.5)
    let plain = try basket.run(["recipe", "parse", "salt to taste"])
    #expect(plain.stdout == "salt to taste\n  → salt · note: to taste\n")
  }

  @Test func savedRecipesAreListedShownSearchedAndRemoved() throws {
    let page = try write(RecipeFixtures.page, "scones.html")
    let text = try write(RecipeFixtures.text, "pancakes.txt")
    let saved = try basket.run(["recipe", "import", page, "--save", "--json"])
    #expect(saved.status == 0, "\(saved.stderr)")
    let scones = try #require(try json(saved) as? [String: Any])
    let id = try #require(scones["id"] as? String)
    #expect(scones["savedAt"] as? String == "2026-07-06T10:00:00.000Z")
    let second = try basket.run(["recipe", "import", text, "--save"], at: "2026-07-06T11:00:00Z")
    #expect(second.stdout.contains("Saved as "))

    let list = try basket.run(["recipe", "list", "--json"])
    let summaries = try #require(try json(list) as? [[String: Any]])
    #expect(summaries.map { $0["title"] as? String } == ["Cheese scones", "Pancakes"])
    #expect(summaries[0]["ingredientCount"] as? Int == 5)
    let recent = try basket.run(["recipe", "list", "--recent"])
    #expect(recent.stdout.hasPrefix("Pancakes  4 servings"))

    let shown = try basket.run(
      ["recipe", "show", String(id.prefix(6))], at: "2026-07-06T12:00:00Z")
    #expect(shown.stdout.hasPrefix("Cheese scones\n8 scones · 27 min"))
    #expect(try basket.run(["recipe", "list", "--recent"]).stdout.hasPrefix("Cheese scones"))

    #expect(try basket.run(["recipe", "search", "cheddar"]).stdout.hasPrefix("Cheese scones"))
    #expect(try basket.run(["recipe", "search", "EGGS"]).stdout.hasPrefix("Pancakes"))
    #expect(
      try basket.run(["recipe", "search", "tofu"]).stdout == "No saved recipe matches \"tofu\".\n")

    let ambiguous = try basket.run(["recipe", "show", "zzz"])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr == "basket: no saved recipe matches \"zzz\"\n")
    let removed = try basket.run(["recipe", "remove", "pancakes"])
    #expect(removed.stdout == "Removed Pancakes from your recipes\n")
    let after = try #require(try json(try basket.run(["recipe", "list", "--json"])) as? [Any])
    #expect(after.count == 1)
  }

  @Test func aScaledCountOnTheListIsWholeWithTheRecipesNeedBesideIt() throws {
    let text = try write(
      "Egg bake\nServes 4\n\nIngredients\n2 eggs\n\nMethod\nBake it.\n", "eggs.txt")
    #expect(try basket.run(["recipe", "import", text, "--save"]).status == 0)
    #expect(try basket.run(["add", "a dozen eggs"]).status == 0)
    let added = try basket.run(["recipe", "add", "egg bake", "--servings", "5"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("eggs: 12 + 2.5 → 15 (recipe needs 14½)"), "\(added.stdout)")
    #expect(!added.stdout.contains("→ 14.5"))
    let listed = try basket.run(["list"])
    #expect(listed.stdout.contains("eggs (15 · recipe needs 14½)"), "\(listed.stdout)")
  }

  @Test func aRecipeGoesOnTheListMergingWithWhatIsThere() throws {
    let text = try write(RecipeFixtures.text, "pancakes.txt")
    #expect(try basket.run(["recipe", "import", text, "--save"]).status == 0)
    #expect(try basket.run(["add", "flour 500g", "milk 2 l"]).status == 0)

    let added = try basket.run([
      "recipe", "add", "pancakes", "--servings", "8", "--skip", "salt", "--json",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let report = try #require(try json(added) as? [String: Any])
    #expect(report["servings"] as? Int == 8)
    let lines = try #require(report["lines"] as? [[String: Any]])
    #expect(lines.map { $0["outcome"] as? String } == ["added", "merged", "merged", "skipped"])
    #expect(lines[1]["merge"] as? String == "summed")
    #expect(lines[2]["before"] as? String == "500 g")
    #expect((lines[2]["item"] as? [String: Any])?["amountText"] as? String == "900 g")

    let list = try basket.listJSON()
    let toGet = try #require(list["toGet"] as? [[String: Any]])
    let milk = try #require(toGet.first { $0["name"] as? String == "milk" })
    #expect(milk["amountText"] as? String == "2.473 L")
    let recipes = try #require(milk["recipes"] as? [[String: Any]])
    #expect(recipes.map { $0["title"] as? String } == ["Pancakes"])
    #expect(try basket.run(["list"]).stdout.contains("eggs (4) · for Pancakes"))

    let plain = try basket.run(["recipe", "add", "pancakes", "--skip", "2", "3", "4"])
    #expect(
      plain.stdout == "Added Pancakes (4 servings) to the list:\n  eggs: 4 + 2 → 6\n"
        + "  Skipped 1 cup milk\n  Skipped 200 g flour\n  Skipped salt (you always have this)\n")
  }

  /// `--skip` and `--with` take the words after them up to the next flag, and may come
  /// before the recipe.
  @Test func skipTakesEveryNameUpToTheNextFlag() throws {
    let text = try write(RecipeFixtures.text, "pancakes.txt")
    #expect(try basket.run(["recipe", "import", text, "--save"]).status == 0)
    let added = try basket.run([
      "recipe", "add", "--skip", "milk", "flour", "--with", "salt", "--servings", "8", "--json",
      "pancakes",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let report = try #require(try json(added) as? [String: Any])
    #expect(report["servings"] as? Int == 8)
    let lines = try #require(report["lines"] as? [[String: Any]])
    #expect(lines.map { $0["outcome"] as? String } == ["added", "skipped", "skipped", "added"])
    #expect(try basket.names("toGet").sorted() == ["eggs", "salt"])
    let unknown = try basket.run(["recipe", "add", "pancakes", "--skip", "milk", "--bogus"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("basket: recipe add doesn't take --bogus\n"))
    let plainOne = try basket.run(["recipe", "add", "pancakes", "--plain=saffron"])
    #expect(plainOne.status == 1)
    #expect(plainOne.stderr.contains("no ingredient \"saffron\" to keep plain"))
    // --plain alone takes no word: the recipe may follow it.
    let plain = try basket.run(["recipe", "add", "--plain", "--servings=2", "--json", "pancakes"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect((try json(plain) as? [String: Any])?["servings"] as? Int == 2)
  }

  @Test func addingRefusesWhatItCannotDoAndAddsNothing() throws {
    let path = try write(RecipeFixtures.page, "scones.html")
    #expect(try basket.run(["recipe", "import", path, "--save"]).status == 0)
    let unknown = try basket.run(["recipe", "add", "brownies"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "basket: no saved recipe matches \"brownies\"\n")
    let skip = try basket.run(["recipe", "add", "cheese", "--skip", "saffron"])
    #expect(skip.status == 1)
    #expect(skip.stderr.contains("no ingredient \"saffron\" to skip"))
    #expect(try basket.names("toGet").isEmpty)
  }

  /// Two recipes' cans summed and bought whole, garlic by the head: in `list` and `--json`.
  @Test func theListSaysWhatToBuyForTheRecipes() throws {
    let chili = try write(
      "Chili\n\nIngredients\n1.5 cans kidney beans\n4 cloves garlic\n", "chili.txt")
    let soup = try write("Soup\n\nIngredients\n2 cans kidney beans\n3 cloves garlic\n", "soup.txt")
    for path in [chili, soup] {
      #expect(try basket.run(["recipe", "import", path, "--save"]).status == 0)
    }
    for title in ["chili", "soup"] {
      let added = try basket.run(["recipe", "add", title])
      #expect(added.status == 0, "\(added.stderr)")
    }
    let listed = try basket.run(["list"]).stdout
    #expect(listed.contains("kidney beans (4 cans · recipes need 3½)"), "\(listed)")
    #expect(listed.contains("garlic (1 head · recipes need 7 cloves)"), "\(listed)")
    let toGet = try #require(try basket.listJSON()["toGet"] as? [[String: Any]])
    let beans = try #require(toGet.first { $0["name"] as? String == "kidney beans" })
    let buy = try #require(beans["buy"] as? [String: Any])
    #expect(buy["text"] as? String == "4 cans")
    #expect(buy["need"] as? String == "recipes need 3½")
    let number =
      try #require(listed.split(separator: "\n").first { $0.contains("kidney beans") })
      .split(separator: ".").first.map(String.init) ?? ""
    let set = try basket.run(["qty", number.trimmingCharacters(in: .whitespaces), "3"])
    #expect(set.status == 0, "\(set.stderr)")
    let after = try #require(try basket.listJSON()["toGet"] as? [[String: Any]])
    // A plain number keeps the recipe's unit: 3 cans, bought as 3 cans.
    let edited = try #require(after.first { $0["name"] as? String == "kidney beans" })
    #expect((edited["buy"] as? [String: Any])?["text"] as? String == "3 cans")
    #expect((edited["buy"] as? [String: Any])?["need"] is NSNull)
    #expect(edited["quantity"] is NSNull)
  }

  @Test func theAlwaysHaveListKeepsStaplesOffTheListUnlessChosen() throws {
    let stew = try write(
      "Stew\n\nIngredients\n2 onions\n1 tsp sea salt\n2 tbsp olive oil\n1 tsp cumin\n"
        + "4 cups water\n", "stew.txt")
    #expect(try basket.run(["recipe", "import", stew, "--save"]).status == 0)
    let suggested = try basket.run(["staples"])
    #expect(suggested.stdout.hasPrefix("Always have (suggested)\n  salt\n  pepper\n  oil\n"))
    let coverage = try basket.run(["recipe", "coverage", "stew"]).stdout
    #expect(
      coverage.contains(
        "Left out: 1 tsp sea salt (you always have this), 2 tbsp olive oil (you always have this), 4 cups water (tap water)"
      ), "\(coverage)")
    let added = try basket.run(["recipe", "add", "stew"])
    #expect(
      added.stdout.contains("Skipped 1 tsp sea salt (you always have this)"), "\(added.stdout)")
    #expect(try basket.names("toGet").sorted() == ["cumin", "onions"])

    // The household's own list: cumin always, oil not; --with puts a staple on anyway.
    #expect(try basket.run(["staples", "add", "cumin"]).status == 0)
    #expect(try basket.run(["staples", "remove", "oil"]).status == 0)
    let taken = try basket.run(["staples", "add", "Cumin"])
    #expect(taken.status == 1)
    #expect(taken.stderr == "basket: cumin is already on the always-have list\n")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(try basket.run(["staples", "--json"]).stdout.utf8)) as? [String: Any]
    #expect(json?["staples"] as? [String] == ["salt", "pepper", "cumin"])
    #expect(json?["suggested"] as? Bool == false)
    try basket.run(["remove", "cumin", "onions"])
    #expect(try basket.run(["recipe", "add", "stew", "--with", "salt"]).status == 0)
    #expect(try basket.names("toGet").sorted() == ["olive oil", "onions", "sea salt"])
  }
}

@Suite struct RecipeAddressTests {
  let basket = BasketBinary()
  let server: RecipePageServer
  init() throws { server = try RecipePageServer() }

  @Test func importsAPageByItsAddressWhenLocalAddressesAreAllowed() throws {
    let result = try basket.run([
      "recipe", "import", server.address("/redirect/2"), "--allow-local", "--json", "--save",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let recipe = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(recipe["title"] as? String == "Fetched flapjacks")
    #expect(recipe["yields"] as? String == "12 bars")
    #expect(recipe["source"] as? String == server.address("/recipe.html"))
    #expect(try basket.run(["recipe", "list"]).stdout.hasPrefix("Fetched flapjacks"))
    let text = try basket.run(["recipe", "import", server.address("/plain.txt"), "--allow-local"])
    #expect(text.stdout.hasPrefix("Toast\n"))
  }

  @Test func refusesThisMachineUnlessAllowed() throws {
    let result = try basket.run(["recipe", "import", server.address("/recipe.html")])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "basket: Basket won't fetch 127.0.0.1: it is on your own network or this machine (use --allow-local to fetch it anyway)\n"
    )
  }

  @Test(arguments: [
    "http://[::127.0.0.1]/", "http://[::ffff:0:127.0.0.1]/", "http://[2002:7f00:1::1]/",
  ])
  func refusesThisMachineInsideIPv6(address: String) throws {
    // IPv4 carried inside an IPv6 address is judged as IPv4, so it can't reach this machine
    // in disguise.
    let result = try basket.run(["recipe", "import", address])
    #expect(result.status == 1)
    #expect(result.stderr.contains("won't fetch"), "\(result.stderr)")
  }

  @Test func saysWhatWentWrongWithAnAddress() throws {
    let scheme = try basket.run(["recipe", "import", "ftp://kitchen.test/pie.html"])
    #expect(scheme.status == 1)
    #expect(scheme.stderr == "basket: Basket fetches only http and https addresses, not ftp\n")
    let missing = try basket.run(["recipe", "import", server.address("/missing"), "--allow-local"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains(
        "it answered 404 (not found). Save the page and import the file instead."))
    let nowhere = try basket.run(["recipe", "import", "https://recipes.invalid/pie"])
    #expect(nowhere.status == 1)
    #expect(nowhere.stderr.hasPrefix("basket: Basket couldn't reach recipes.invalid: "))
    #expect(nowhere.stderr.hasSuffix("import the file instead.\n"))
    let noRecipe = try basket.run([
      "recipe", "import", server.address("/about.html"), "--allow-local",
    ])
    #expect(noRecipe.status == 1)
    #expect(
      noRecipe.stderr
        == "basket: \(server.address("/about.html")) holds no recipe (no ingredient list or method was found)\n"
    )
  }
}
