import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `RecipeStore` held in memory, for tests of everything above the store. It searches by
/// the core's rule (`RecipeSearch.matches`) over a scan, where the SQLite store asks FTS5.
public final class InMemoryRecipeStore: RecipeStore {
  private let recipes = Mutex<[UUID: Recipe]>([:])
  private let draft = Mutex<String?>(nil)

  public func mealPrepDraft() throws -> String? { draft.withLock { $0 } }

  public func setMealPrepDraft(_ json: String?) throws { draft.withLock { $0 = json } }

  public init(_ recipes: [Recipe] = []) {
    for recipe in recipes { try? saveRecipe(recipe) }
  }

  public func saveRecipe(_ recipe: Recipe) throws {
    guard let id = recipe.id, recipe.savedAt != nil else {
      throw StoreError.failed("a recipe is saved with an id and a save time")
    }
    recipes.withLock { $0[id] = recipe }
  }

  public func recipe(_ id: UUID) throws -> Recipe? {
    recipes.withLock { $0[id] }
  }

  public func recipes(_ query: RecipeQuery) throws -> [RecipeSummary] {
    let all = recipes.withLock { Array($0.values) }
    switch query {
    case .all:
      return all.compactMap(RecipeSummary.init)
    case .recent(let limit):
      return Array(
        all.compactMap(RecipeSummary.init).sorted {
          $0.lastOpenedAt != $1.lastOpenedAt
            ? $0.lastOpenedAt > $1.lastOpenedAt : $0.id.uuidString < $1.id.uuidString
        }.prefix(limit))
    case .matching(let terms):
      return all.filter { recipe in
        let words = RecipeSearch.words(of: recipe)
        return RecipeSearch.matches(terms, words: words.title + words.ingredients)
      }.compactMap(RecipeSummary.init)
    }
  }

  public func markRecipeOpened(_ id: UUID, at date: Date) throws -> Bool {
    recipes.withLock { recipes in
      guard recipes[id] != nil else { return false }
      recipes[id]!.lastOpenedAt = date
      return true
    }
  }

  public func removeRecipe(_ id: UUID) throws -> Bool {
    recipes.withLock { $0.removeValue(forKey: id) != nil }
  }
}
