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
    try addLines(of: recipe, selection, with: RecipeListRules.add)
  }

  /// Runs `add` (`RecipeListRules.add`, or a meal plan's) on the list in one transaction, with
  /// this basket's ids, classifier and region and the time now.
  func addLines(
    of recipe: Recipe, _ selection: RecipeSelection,
    with add: (
      Recipe, RecipeSelection, () -> UUID, any ItemClassifier, Date, ShopRegion, inout ListDraft
    ) -> [RecipeLineResult]
  ) throws -> [RecipeLineResult] {
    let now = self.now
    let environment = self.environment
    return try store.modify { draft in
      add(
        recipe, selection, { environment.ids() }, environment.classifier, now, environment.region,
        &draft)
    }
  }

  /// What `add(_:selection:)` would do now, without writing anything: the Recipe Ready
  /// review's scaled lines and planned merges (`RecipeReview`).
  public func review(_ recipe: Recipe, selection: RecipeSelection = RecipeSelection()) throws
    -> RecipeReview
  {
    var draft = ListDraft(items: try store.items())
    // Throwaway ids for the items the plan would make: the real ones are drawn when adding.
    var planned = 0
    let results = RecipeListRules.add(
      recipe, selection: selection,
      ids: {
        planned += 1
        return RecipeReview.plannedID(planned)
      }, classifier: environment.classifier, now: now, region: environment.region, to: &draft)
    try draft.checkReads()
    return RecipeReview(recipe, selection: selection, planned: results)
  }
}
