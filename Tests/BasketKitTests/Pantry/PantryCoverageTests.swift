import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A recipe of the given ingredient lines, for `servings`.
func recipe(_ lines: [String], servings: Int? = 4, title: String = "Soup") -> Recipe {
  Recipe(
    id: Fixtures.id(900), title: title, servings: servings,
    ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))])
}

func entry(
  _ name: String, packages: Int = 1, size: String? = nil, left: String? = nil
) -> PantryEntry {
  PantryEntry(
    id: Fixtures.id(500 + name.count), name: name, packages: packages,
    packageSize: size.map(pantryAmount),
    left: left == "0 g" ? IngredientQuantity(amount: 0, unit: .gram) : left.map(pantryAmount),
    updatedAt: Fixtures.monday)
}

@Suite struct PantryCoverageTests {
  /// The status of one line against one entry, written as the review shows it.
  private func status(_ line: String, _ pantry: [PantryEntry]) -> String {
    let coverage = PantryCoverage(recipe([line]), pantry: pantry)
    return coverage.lines[0].summary
  }

  @Test(
    arguments: [
      (
        "500 g flour", entry("Flour", left: "200 g"),
        "partly covered (need 500 g, have 200 g → buy 300 g)"
      ),
      ("500 g flour", entry("flour", left: "1 kg"), "covered (need 500 g, have 1 kg → covered)"),
      (
        "1 kg flour", entry("Flour", packages: 2, size: "300 g"),
        "partly covered (need 1 kg, have 600 g → buy 0.4 kg)"
      ),
      (
        "2 cups milk", entry("Milk", left: "250 ml"),
        "partly covered (need 2 cups, have 250 ml → buy 0.943 cup)"
      ),
      (
        "1 l stock", entry("Stock", left: "2 cups"),
        "partly covered (need 1 l, have 2 cups → buy 0.527 l)"
      ),
      ("3 eggs", entry("Eggs", packages: 1, size: "6"), "covered (need 3, have 6 → covered)"),
      ("8 eggs", entry("Eggs", left: "6"), "partly covered (need 8, have 6 → buy 2)"),
      (
        "2-3 cloves garlic", entry("garlic", left: "2 cloves"),
        "partly covered (need 2–3 cloves, have 2 cloves → buy 1 clove)"
      ),
      // Mass against volume meets only through the density table, and says so.
      (
        "2 cups flour", entry("Flour", left: "100 g"),
        "partly covered (need 2 cups, have 100 g → buy ≈ 1.2 cups, converted)"
      ),
      (
        "200 g butter", entry("Butter", left: "1 cup"),
        "covered (need 200 g, have 1 cup → covered)"
      ),
      // Packages of a size compare by what they hold, and are bought whole.
      (
        "2 (400 g) cans chopped tomatoes", entry("Chopped tomatoes", left: "500 g"),
        "partly covered (need 2 cans (400 g), have 500 g → buy 1 can (400 g))"
      ),
      // Packs of about the same size (a 14-oz can is 397 g) count as packs.
      (
        "2 (14 oz) cans beans", entry("Beans", packages: 3, size: "400 g"),
        "covered (need 2 cans (14 oz), have 3 cans → covered)"
      ),
      (
        "1 (400 g) tin tomatoes", entry("Tomatoes", packages: 1, size: "14 oz"),
        "covered (need 1 tin (400 g), have 1 tin → covered)"
      ),
      (
        "3 (400 g) cans beans", entry("Beans", packages: 2, size: "400 g"),
        "partly covered (need 3 cans (400 g), have 2 cans → buy 1 can (400 g))"
      ),
      (
        "2 cans chickpeas", entry("Chickpeas", packages: 2, size: "400 g"),
        "covered (need 2 cans, have 2 cans → covered)"
      ),
      (
        "1 (400 g) can tomatoes", entry("Tomatoes", packages: 1, size: "200 g"),
        "partly covered (need 1 can (400 g), have 200 g → buy 1 can (400 g))"
      ),
      // The food, not the string: describing words don't change what it is.
      (
        "2 (14-oz) cans tomatoes", entry("chopped tomatoes", packages: 2, size: "400 g"),
        "covered (from chopped tomatoes: need 2 cans (14 oz), have 2 cans → covered)"
      ),
      (
        "2 cans tomatoes", entry("Tinned tomatoes"),
        "partly covered (from Tinned tomatoes: need 2 cans, have 1 can → buy 1 can)"
      ),
      (
        "1 cup diced carrots", entry("carrots", left: "2 cups"),
        "covered (need 1 cup, have 2 cups → covered)"
      ),
      // A count with no size compares with counts.
      ("2 onions", entry("onions", packages: 3), "covered (need 2, have 3 → covered)"),
      ("4 onions", entry("onions", packages: 3), "partly covered (need 4, have 3 → buy 1)"),
      // An everyday kind is the plain food: yellow (US) or brown (UK) onions are onions.
      (
        "1 yellow onion", entry("onions", packages: 3),
        "covered (from onions: need 1, have 3 → covered)"
      ),
      (
        "4 brown onions", entry("Onions", packages: 3),
        "partly covered (from Onions: need 4, have 3 → buy 1)"
      ),
      (
        "2 cups plain flour", entry("flour", left: "1 kg"),
        "covered (from flour: need 2 cups, have 1 kg → covered)"
      ),
      // Real doubt stays "maybe": onions for red onions.
      (
        "2 red onions", entry("onions", packages: 3),
        "maybe covered (the pantry has onions; the recipe asks for red onions)"
      ),
      (
        "1 onion", entry("Red onions", packages: 3),
        "maybe covered (the pantry has Red onions; the recipe asks for onion)"
      ),
      // No density, different families, or no amount: maybe.
      (
        "2 onions", entry("Onions", left: "500 g"),
        "maybe covered (have 500 g, need 2: these can't be compared)"
      ),
      (
        "1 cup freekeh", entry("Freekeh", left: "500 g"),
        "maybe covered (have 500 g, need 1 cup: these can't be compared)"
      ),
      (
        "200 g rice", entry("Rice", packages: 2),
        "maybe covered (Rice is in the pantry with no amount recorded)"
      ),
      (
        "salt, to taste", entry("Salt", left: "1 kg"),
        "maybe covered (Salt is in the pantry; the recipe gives no amount)"
      ),
      ("200 g rice", entry("Lentils", left: "1 kg"), "not covered"),
      ("200 g rice", entry("Rice", left: "0 g"), "not covered (Rice is used up)"),
    ] as [(String, PantryEntry, String)])
  func comparesEachLineWithThePantry(line: String, entry: PantryEntry, expected: String) {
    #expect(status(line, [entry]) == expected)
  }

  @Test func aLineFindsTheEntryNamedWithItsPreparationAndTheListUsesThatName() throws {
    let chili = recipe(["400 g chopped tomatoes", "2 onions, finely chopped"])
    #expect(chili.ingredients[0].name == "tomatoes")
    let pantry = [entry("Chopped tomatoes", left: "150 g")]
    let coverage = PantryCoverage(chili, pantry: pantry)
    #expect(coverage.lines[0].arithmetic == "need 400 g, have 150 g → buy 250 g")
    #expect(coverage.lines[1].status == .notCovered)
    let (shopped, _) = coverage.shopping()
    #expect(shopped.ingredients.map(\.name) == ["Chopped tomatoes", "onions"])
  }

  @Test func servingsScaleTheNeedBeforeComparing() {
    let soup = recipe(["400 g lentils", "2 onions"], servings: 4)
    let pantry = [entry("Lentils", left: "500 g")]
    let asWritten = PantryCoverage(soup, pantry: pantry)
    #expect(asWritten.lines[0].status == .covered)
    let doubled = PantryCoverage(soup, selection: RecipeSelection(servings: 8), pantry: pantry)
    #expect(doubled.servings == 8)
    #expect(doubled.lines[0].arithmetic == "need 800 g, have 500 g → buy 300 g")
    #expect(doubled.lines[1].status == .notCovered)
  }

  @Test func overridesDecideWhatIsBought() {
    let soup = recipe(["500 g flour", "3 eggs", "2 onions", "1 l milk"])
    let pantry = [
      entry("Flour", left: "200 g"), entry("Eggs", left: "12"), entry("Onions", left: "1 kg"),
    ]
    let plain = PantryCoverage(soup, pantry: pantry)
    #expect(
      plain.lines.map(\.decision) == [
        .buy(ItemAmount(amount: 300, unit: .gram)), .skip, .buyAll, .buyAll,
      ])
    let overridden = PantryCoverage(
      soup, pantry: pantry, overrides: [0: .buyFull, 1: .buyFull, 2: .skip, 3: .skip])
    #expect(overridden.lines.map(\.decision) == [.buyAll, .buyAll, .skip, .skip])
    #expect(overridden.counts.skip == 2)
  }

  @Test func theShoppingRecipeAddsTheRemaindersAndLeavesOutWhatIsCovered() throws {
    let clock = TestClock()
    let basket = Fixtures.basket(clock: clock)
    let soup = recipe(["500 g flour", "3 eggs", "2 onions", "salt"], servings: 2)
    let pantry = [entry("Flour", left: "200 g"), entry("Eggs", left: "12")]
    let coverage = PantryCoverage(
      soup, selection: RecipeSelection(servings: 4, skipped: [3]), pantry: pantry)
    #expect(coverage.lines[0].arithmetic == "need 1000 g, have 200 g → buy 800 g")
    #expect(coverage.lines[1].decision == .skip)  // need 6, have 12
    let results = try basket.add(coverage)
    #expect(results.map(\.outcome.name) == ["added", "skipped", "added", "skipped"])
    let toGet = try basket.sections().toGet
    #expect(Set(toGet.map(\.name)) == ["flour", "onions"])
    let flour = try #require(toGet.first { $0.name == "flour" })
    #expect(flour.amountText == "800 g")
    #expect(flour.recipeNeeds.recipes.map(\.title) == ["Soup"])
    #expect(toGet.first { $0.name == "onions" }?.amountText == "4")
  }
}

/// What a screen says for a line: the headline, what the list gets (always how much), and the
/// choices, whose labels never contradict the decision beside them.
@Suite struct PantryCoverageTextTests {
  @Test(
    arguments: [
      ("500 g flour", [entry("flour", left: "1 kg")], "Covered: need 500 g, have 1 kg", "skip"),
      (
        "500 g flour", [entry("flour", left: "200 g")], "Partly covered: need 500 g, have 200 g",
        "buy 300 g"
      ),
      (
        "2 (14-oz) cans tomatoes", [entry("chopped tomatoes", packages: 2, size: "400 g")],
        "Covered from chopped tomatoes: need 2 cans (14 oz), have 2 cans", "skip"
      ),
      (
        "1 tsp cumin", [entry("cumin")],
        "Maybe covered: cumin is in the pantry with no amount recorded",
        "buy 1 jar · recipe needs 1 tsp"
      ),
      ("2 onions", [], "Not in the pantry", "buy 2"),
      ("1.5 cans beans", [], "Not in the pantry", "buy 2 cans · recipe needs 1½"),
      ("salt, to taste", [], "Not in the pantry", "buy some"),
      ("200 g rice", [entry("Rice", left: "0 g")], "Not covered: Rice is used up", "buy 200 g"),
      (
        "2 red onions", [entry("onions", packages: 3)],
        "Maybe covered: the pantry has onions; the recipe asks for red onions", "buy 2"
      ),
    ] as [(String, [PantryEntry], String, String)])
  func eachLineSaysItsStatusAndHowMuchToBuy(
    line: String, pantry: [PantryEntry], headline: String, decision: String
  ) {
    let covered = PantryCoverage(recipe([line]), pantry: pantry).lines[0]
    #expect(covered.headline == headline)
    #expect(covered.decisionText == decision)
  }

  @Test func theChoicesSayWhatEachDoesForThisLine() {
    func labels(_ line: String, _ pantry: [PantryEntry], _ override: PantryCoverage.Override?)
      -> [String]
    {
      let overrides = override.map { [0: $0] } ?? [:]
      return PantryCoverage(recipe([line]), pantry: pantry, overrides: overrides).lines[0]
        .choices.map(\.label)
    }
    #expect(
      labels("500 g flour", [entry("flour", left: "1 kg")], nil) == [
        "Use the pantry: skip it", "Buy the full amount", "Skip, I have it",
      ])
    #expect(
      labels("500 g flour", [entry("flour", left: "200 g")], .skip) == [
        "Use the pantry: buy the rest", "Buy the full amount", "Skip, I have it",
      ])
    // A maybe is bought unless you say you have it: no "use the pantry" beside "buy 2".
    #expect(labels("2 red onions", [entry("onions")], nil) == ["Buy it", "Skip, I have it"])
    #expect(labels("2 onions", [], nil).isEmpty)
  }
}
