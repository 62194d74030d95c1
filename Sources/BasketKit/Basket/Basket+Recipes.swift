#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Basket {
  /// Puts the lines `selection` chooses from `recipe` on the list, in one transaction: each
  /// becomes an item or joins one (`RecipeListRules.add`), and every item notes the recipe.
  ///
  /// Returns one result per ingredient line, skipped ones included, in the recipe's order.
  @discardableResult
  public func add(_ recipe: Recipe, selection: RecipeSelection = RecipeSelection()) throws
    -> [RecipeLineResult]
  {
    let now = self.now
    let environment = self.environment
    let reference = RecipeReference(id: recipe.id, title: recipe.title)
    let lines = RecipeListRules.chosenLines(recipe, selection)
    return try store.modify { draft in
      ListRules.tidy(now: now, in: &draft)
      return lines.map { index, line in
        guard !selection.skipped.contains(index) else {
          return RecipeLineResult(index: index, line: line, outcome: .skipped)
        }
        return RecipeListRules.add(
          line, index: index, from: reference, id: environment.ids(),
          classifier: environment.classifier, now: now, to: &draft)
      }
    }
  }
}
