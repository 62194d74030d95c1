import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The recipes panel (^O): the saved recipes, most recently opened first, and one recipe's
/// ingredients, from where Enter puts it on the list. Importing stays on the command line and
/// the web app.
public struct RecipePanel: Equatable, Sendable {
  /// The saved recipes as last read; empty until `loaded`.
  public var summaries: [RecipeSummary] = []
  public var loaded = false
  /// The recipe picked in the list.
  public var picked = 0
  /// The recipe being looked at; nil while the list shows.
  public var detail: Recipe?
  /// The first ingredient line shown in the detail.
  public var scroll = 0
  /// The servings the recipe will be added for (+ and −); nil when it doesn't say.
  public var servings: Int?

  public init() {}

  /// The recipe's ingredient lines as they would be added: as written, or for `servings`
  /// ("1 cup milk" for 8 instead of 4 reads "2 cups milk"), scaled by the core.
  public var shownLines: [String] {
    guard let detail else { return [] }
    guard let servings, servings != detail.servings else { return detail.ingredients.map(\.text) }
    return RecipeScaler.scale(detail, toServings: servings).ingredients.map { line in
      guard let quantity = line.quantity else { return line.text }
      return KitchenAmountFormat.text(quantity) + " " + line.name
    }
  }

  mutating func step(servingsBy offset: Int) {
    guard let servings else { return }
    self.servings = max(1, min(1000, servings + offset))
  }

  mutating func move(by offset: Int) {
    if let detail {
      let last = max(0, detail.ingredients.count - 1)
      scroll = max(0, min(last, scroll + offset))
    } else if !summaries.isEmpty {
      picked = max(0, min(summaries.count - 1, picked + offset))
    }
  }
}
