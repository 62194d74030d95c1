import BasketKit
import BasketTestSupport
import Foundation

/// How many ingredient lines of the saved pages Recipe Ready still buys by the spoon or cup
/// when the food is one the pack table sells (`FoodPacks`): every page's expected ingredient
/// lines go through `Basket.review` on an empty list, once with the household's plain amounts
/// (the rule before packs) and once with packs, in US and in UK sizes.
enum PackEvaluation {
  /// Words of a buy amount that are still a cook's measure.
  static let measures: Set<String> = [
    "tsp", "tbsp", "cup", "cups", "fl", "pint", "pints", "quart", "quarts", "dessertspoon",
    "dessertspoons",
  ]

  struct Count {
    var lines = 0
    var known = 0
    var measured = 0
    var misses: [String: Int] = [:]
  }

  static func run(directory: String, showMisses: Int) throws {
    let cases = PageEvaluation.cases(in: directory)
    guard !cases.isEmpty else {
      print("no pages under \(directory): unpack ../shared/data/recipe-pages/pages.tar.xz")
      return
    }
    let recipes = cases.compactMap { found -> Recipe? in
      guard let lines = found.expected["ingredients"] as? [String], !lines.isEmpty else {
        return nil
      }
      let parsed = lines.prefix(RecipeLimits.ingredientLines).map(IngredientLineParser.parse)
      return Recipe(
        title: found.expected["title"] as? String ?? "page",
        ingredientGroups: [IngredientGroup(ingredients: Array(parsed))])
    }
    print("pages with ingredient lines: \(recipes.count) of \(cases.count)")
    for region in ShopRegion.allCases {
      for plain in [true, false] {
        let count = try evaluate(recipes, region: region, plain: plain)
        let how = plain ? "plain amounts (the rule before packs)" : "packs"
        print(
          "\(region.rawValue), \(how): \(count.lines) lines with an item; \(count.known) of a food"
            + " in the pack table; \(count.measured) of those still bought by the spoon or cup")
        guard showMisses > 0, !plain else { continue }
        let top = count.misses.sorted {
          $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
        }
        for (text, times) in top.prefix(showMisses) { print("  \(times)× \(text)") }
      }
    }
  }

  static func evaluate(_ recipes: [Recipe], region: ShopRegion, plain: Bool) throws -> Count {
    let basket = Basket(
      store: InMemoryStore(),
      environment: BasketEnvironment(
        clock: TestClock().appClock, ids: Fixtures.sequentialIDs(),
        classifier: LabClassifier(), suggestions: { SuggestionEngine(dictionary: [String]()) },
        region: region))
    var count = Count()
    for recipe in recipes {
      let review = try basket.review(
        recipe, selection: RecipeSelection(plainAmounts: plain ? .all : .none))
      for line in review.lines {
        guard let item = line.planned.item else { continue }
        count.lines += 1
        guard FoodPacks.knows(item.name) else { continue }
        count.known += 1
        guard item.quantity == nil, let buy = item.buyable else { continue }
        // NB: only each part's own unit counts: "1 package (2¼ tsp)" is a package.
        let parts = buy.text.lowercased().split(separator: "+").map {
          $0.split(separator: "(").first ?? ""
        }
        let words = parts.flatMap { $0.split(whereSeparator: { !$0.isLetter }) }
        if words.contains(where: { measures.contains(String($0)) }) {
          count.measured += 1
          count.misses["\(item.name): \(buy.text) (\(line.original.text))", default: 0] += 1
        }
      }
    }
    return count
  }
}

/// The bundled emoji classifier, as the command line uses it.
struct LabClassifier: ItemClassifier {
  func classify(_ name: String) -> Classification { EmojiClassifier.shared.classify(name) }
}
