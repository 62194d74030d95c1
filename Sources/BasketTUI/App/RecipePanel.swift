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

  public init() {}

  mutating func move(by offset: Int) {
    if let detail {
      let last = max(0, detail.ingredients.count - 1)
      scroll = max(0, min(last, scroll + offset))
    } else if !summaries.isEmpty {
      picked = max(0, min(summaries.count - 1, picked + offset))
    }
  }
}
