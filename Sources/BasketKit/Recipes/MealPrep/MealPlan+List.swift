#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension MealPlan {
  /// Puts the lines `selection` chooses from `recipe` (the plan's recipe, or what pantry
  /// coverage left of it: the same positions) into `draft` through the single recipe's rule
  /// (`RecipeListRules.add`), each item noting every recipe its line came from.
  public func add(
    _ recipe: Recipe, selection: RecipeSelection, ids: () -> UUID,
    classifier: any ItemClassifier, now: Date, region: ShopRegion = .us,
    to draft: inout ListDraft
  ) -> [RecipeLineResult] {
    ListRules.tidy(now: now, in: &draft)
    let title = RecipeReference(id: nil, title: self.recipe.title)
    return RecipeListRules.chosenLines(recipe, selection).map { index, line in
      guard !selection.skipped.contains(index) else {
        return RecipeLineResult(index: index, line: line, outcome: .skipped)
      }
      let references = references(at: index)
      var result = RecipeListRules.add(
        line, index: index, from: references.first ?? title, id: ids(), classifier: classifier,
        now: now, packs: selection.plainAmounts.contains(index) ? nil : region, to: &draft)
      guard var item = result.item, references.count > 1 else { return result }
      for reference in references.dropFirst()
      where !item.recipeNeeds.recipes.contains(where: { $0.isSame(as: reference) }) {
        item.recipeNeeds.recipes.append(reference)
      }
      draft.update(item)
      result.item = item
      return result
    }
  }
}

extension Basket {
  /// Puts what `coverage` (of `plan.recipe`) leaves to buy on the list, in one transaction,
  /// every item noting the recipes that asked for it.
  @discardableResult
  public func add(_ plan: MealPlan, coverage: PantryCoverage) throws -> [RecipeLineResult] {
    let (recipe, selection) = coverage.shopping()
    return try addLines(of: recipe, selection, with: plan.add)
  }
}
