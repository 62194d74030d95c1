#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a recipe action was refused. Each case reads as a one-line reason for the user.
public enum RecipeError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownRecipe(String)
  case ambiguous(String, candidates: [String])
  case emptySearch
  case noRecipe(String)
  case emptyTitle

  public var description: String {
    switch self {
    case .unknownRecipe(let reference):
      "no saved recipe matches \"\(reference)\""
    case .ambiguous(let reference, let candidates):
      "\"\(reference)\" matches several recipes: \(candidates.joined(separator: ", "))"
    case .emptySearch:
      "say what to search for: a word of a title or an ingredient"
    case .noRecipe(let source):
      "\(source) holds no recipe (no ingredient list or method was found)"
    case .emptyTitle:
      "a recipe needs a title"
    }
  }
}

/// The recipe library as the faces use it: save, open, list, search and remove saved recipes,
/// and put one on the list. Time and ids come from the basket's environment.
public final class RecipeBook: Sendable {
  public let store: any RecipeStore
  public let basket: Basket

  public init(store: any RecipeStore, basket: Basket) {
    self.store = store
    self.basket = basket
  }

  /// How many recipes `recent` lists by default.
  public static let recentLimit = 10

  /// Saves `recipe`: a new one gets an id and is saved and opened now; one saved before keeps
  /// its id and save time and counts as opened now. Returns it as saved.
  @discardableResult
  public func save(_ recipe: Recipe) throws -> Recipe {
    var saved = try RecipeLimits.checked(recipe, from: "the recipe")
    saved.title = RecipeText.normalizedWhitespace(saved.title)
    guard !saved.title.isEmpty else { throw RecipeError.emptyTitle }
    let now = basket.now
    if let id = recipe.id, let existing = try store.recipe(id) {
      saved.savedAt = existing.savedAt ?? now
    } else {
      saved.id = recipe.id ?? basket.environment.ids()
      saved.savedAt = now
    }
    saved.lastOpenedAt = now
    try store.saveRecipe(saved)
    return saved
  }

  /// The saved recipe `reference` names (see `resolve`), marked as opened now: it moves to the
  /// top of the recent ones.
  public func open(_ reference: String) throws -> Recipe {
    let summary = try resolve(reference)
    let now = basket.now
    guard try store.markRecipeOpened(summary.id, at: now), var recipe = try store.recipe(summary.id)
    else { throw RecipeError.unknownRecipe(reference) }
    recipe.lastOpenedAt = now
    return recipe
  }

  /// The saved recipe with `id` without marking it opened.
  public func recipe(_ id: UUID) throws -> Recipe? {
    try store.recipe(id)
  }

  /// Every saved recipe, by title.
  public func all() throws -> [RecipeSummary] {
    try store.recipes(.all).sorted {
      $0.title.lowercased() != $1.title.lowercased()
        ? $0.title.lowercased() < $1.title.lowercased() : $0.id.uuidString < $1.id.uuidString
    }
  }

  /// The most recently opened (or saved) recipes, newest first.
  public func recent(limit: Int = RecipeBook.recentLimit) throws -> [RecipeSummary] {
    try store.recipes(.recent(limit: max(0, limit)))
  }

  /// Saved recipes whose title or ingredients match `text` (see `RecipeSearch`), title
  /// matches first.
  ///
  /// - Throws: `RecipeError.emptySearch` when `text` has no words.
  public func search(_ text: String) throws -> [RecipeSummary] {
    let terms = RecipeSearch.terms(text)
    guard !terms.isEmpty else { throw RecipeError.emptySearch }
    return RecipeSearch.ranked(try store.recipes(.matching(terms)), terms: terms)
  }

  /// Removes the saved recipe `reference` names. Returns what was removed.
  @discardableResult
  public func remove(_ reference: String) throws -> RecipeSummary {
    let summary = try resolve(reference)
    guard try store.removeRecipe(summary.id) else {
      throw RecipeError.unknownRecipe(reference)
    }
    return summary
  }

  /// Puts the saved recipe `reference` names on the list (see `Basket.add(_:selection:)`),
  /// and counts it as opened.
  public func addToList(_ reference: String, selection: RecipeSelection = RecipeSelection())
    throws -> (recipe: Recipe, lines: [RecipeLineResult])
  {
    let recipe = try open(reference)
    return (recipe, try basket.add(recipe, selection: selection))
  }

  /// The saved recipe `reference` names: its id, the start of its id (at least four
  /// characters), or its title or the start of one, ignoring case; an exact title wins over
  /// starts. Failing those, words that each begin a word of exactly one title ("stew" for
  /// "Beef stew"); several such recipes are listed as the candidates.
  ///
  /// - Throws: `RecipeError.unknownRecipe` or `.ambiguous`.
  public func resolve(_ reference: String) throws -> RecipeSummary {
    let wanted = reference.trimmingCharacters().lowercased()
    guard !wanted.isEmpty else { throw RecipeError.unknownRecipe(reference) }
    if let id = UUID(uuidString: wanted), let recipe = try store.recipe(id),
      let summary = RecipeSummary(recipe)
    {
      return summary
    }
    let all = try self.all()
    let byID =
      wanted.count >= 4 ? all.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) } : []
    if byID.count == 1 { return byID[0] }
    let exact = all.filter { $0.title.lowercased() == wanted }
    if exact.count == 1 { return exact[0] }
    var starts = exact.isEmpty ? all.filter { $0.title.lowercased().hasPrefix(wanted) } : exact
    if starts.count == 1 { return starts[0] }
    if starts.isEmpty, byID.isEmpty {
      // "stew" names "Beef stew": every word of the reference begins a word of the title,
      // folded as search folds them.
      let terms = RecipeSearch.terms(reference)
      starts = all.filter { RecipeSearch.matches(terms, words: RecipeSearch.words(in: [$0.title])) }
      if starts.count == 1 { return starts[0] }
    }
    let candidates = (byID + starts)
    guard candidates.isEmpty else {
      throw RecipeError.ambiguous(
        reference,
        candidates: candidates.prefix(5).map {
          "\($0.title) (\($0.id.uuidString.lowercased().prefix(8)))"
        })
    }
    throw RecipeError.unknownRecipe(reference)
  }
}
