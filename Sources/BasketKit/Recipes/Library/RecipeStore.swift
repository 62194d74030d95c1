#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the recipe library needs from a store. The SQLite store in `BasketStore` implements
/// it; tests use the in-memory one from `BasketTestSupport`.
public protocol RecipeStore: Sendable {
  /// Saves `recipe` (which has an `id`, `savedAt` and `lastOpenedAt`), replacing any recipe
  /// with its id, together with its search words (`RecipeSearch.words(of:)`).
  func saveRecipe(_ recipe: Recipe) throws

  /// The saved recipe with `id`, or nil.
  func recipe(_ id: UUID) throws -> Recipe?

  /// Saved recipes as summaries: `.all` by title, `.recent` most recently opened first,
  /// `.matching` every recipe whose search words match the terms (`RecipeSearch.matches`),
  /// in any order (the library ranks them).
  func recipes(_ query: RecipeQuery) throws -> [RecipeSummary]

  /// Records that the recipe with `id` was opened at `date`; false when there is none.
  func markRecipeOpened(_ id: UUID, at date: Date) throws -> Bool

  /// Removes the recipe with `id`; false when there was none. Items that noted it keep its
  /// title.
  func removeRecipe(_ id: UUID) throws -> Bool

  /// The meal prep draft as last kept (the chosen recipes, servings and answers, as the JSON
  /// the Meal Prep screen sends), so a plan survives leaving it, a reload and another phone;
  /// nil when there is none.
  func mealPrepDraft() throws -> String?

  /// Keeps `json` as the meal prep draft, replacing the one before; nil removes it.
  func setMealPrepDraft(_ json: String?) throws
}

/// A question to the recipe library.
public enum RecipeQuery: Equatable, Sendable {
  case all
  case recent(limit: Int)
  /// Folded search terms (`RecipeSearch.terms`); every one must match.
  case matching([String])
}

/// A saved recipe as a list shows it, without its lines and method.
public struct RecipeSummary: Equatable, Hashable, Sendable {
  public var id: UUID
  public var title: String
  public var source: String?
  public var yields: String?
  public var totalTime: Int?
  public var image: String?
  public var ingredientCount: Int
  public var savedAt: Date
  public var lastOpenedAt: Date

  public init(
    id: UUID, title: String, source: String? = nil, yields: String? = nil, totalTime: Int? = nil,
    image: String? = nil, ingredientCount: Int, savedAt: Date, lastOpenedAt: Date
  ) {
    self.id = id
    self.title = title
    self.source = source
    self.yields = yields
    self.totalTime = totalTime
    self.image = image
    self.ingredientCount = ingredientCount
    self.savedAt = savedAt
    self.lastOpenedAt = lastOpenedAt
  }

  /// The summary of a saved recipe (one with an id and times).
  public init?(_ recipe: Recipe) {
    guard let id = recipe.id, let saved = recipe.savedAt else { return nil }
    self.init(
      id: id, title: recipe.title, source: recipe.source, yields: recipe.yields,
      totalTime: recipe.totalTime, image: recipe.image,
      ingredientCount: recipe.ingredients.count, savedAt: saved,
      lastOpenedAt: recipe.lastOpenedAt ?? saved)
  }
}

extension RecipeSummary: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, source, yields, totalTime, image, ingredientCount, savedAt, lastOpenedAt
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.uuidString.lowercased(), forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(source, forKey: .source)
    try container.encode(yields, forKey: .yields)
    try container.encode(totalTime, forKey: .totalTime)
    try container.encode(image, forKey: .image)
    try container.encode(ingredientCount, forKey: .ingredientCount)
    try container.encode(ISO8601.string(savedAt), forKey: .savedAt)
    try container.encode(ISO8601.string(lastOpenedAt), forKey: .lastOpenedAt)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    source = try container.decodeIfPresent(String.self, forKey: .source)
    yields = try container.decodeIfPresent(String.self, forKey: .yields)
    totalTime = try container.decodeIfPresent(Int.self, forKey: .totalTime)
    image = try container.decodeIfPresent(String.self, forKey: .image)
    ingredientCount = try container.decode(Int.self, forKey: .ingredientCount)
    let saved = try container.decode(String.self, forKey: .savedAt)
    let opened = try container.decode(String.self, forKey: .lastOpenedAt)
    guard let savedAt = ISO8601.date(saved), let lastOpenedAt = ISO8601.date(opened) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not ISO 8601 times"))
    }
    self.savedAt = savedAt
    self.lastOpenedAt = lastOpenedAt
  }
}

/// How the library is searched, the same for every store: a recipe matches when each term of
/// the query begins one of its words, taken from its title and its ingredients' names,
/// folded as list names are (case, accents, punctuation) in both their written and singular
/// forms: "tomato" finds "Tomatoes", "eggs" finds "1 egg", "parm" finds "Parmesan".
public enum RecipeSearch {
  /// The terms of a query: its words, folded and singular. Empty when it has none.
  public static func terms(_ query: String) -> [String] {
    let key = NameKey.of(query)
    guard FoldedName(query).words.isEmpty == false else { return [] }
    return key.split(separator: " ").map(String.init)
  }

  /// The words a recipe is found by: title words first, then ingredient names, each in its
  /// written and singular folded forms, without repeats.
  public static func words(of recipe: Recipe) -> (title: [String], ingredients: [String]) {
    (words(in: [recipe.title]), words(in: recipe.ingredients.map(\.name)))
  }

  static func words(in texts: [String]) -> [String] {
    var seen = Set<String>()
    var out: [String] = []
    for text in texts where !FoldedName(text).words.isEmpty {
      for key in [NameKey.folded(text), NameKey.of(text)] {
        for word in key.split(separator: " ") where seen.insert(String(word)).inserted {
          out.append(String(word))
        }
      }
    }
    return out
  }

  /// Whether every term begins one of `words`.
  public static func matches(_ terms: [String], words: [String]) -> Bool {
    !terms.isEmpty && terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
  }

  /// Search results in the order they are shown: recipes whose title matches every term
  /// first, then the rest; within each, the most recently opened first.
  public static func ranked(_ found: [RecipeSummary], terms: [String]) -> [RecipeSummary] {
    func titleMatches(_ summary: RecipeSummary) -> Bool {
      matches(terms, words: words(in: [summary.title]))
    }
    return found.sorted { a, b in
      let (ta, tb) = (titleMatches(a), titleMatches(b))
      if ta != tb { return ta }
      if a.lastOpenedAt != b.lastOpenedAt { return a.lastOpenedAt > b.lastOpenedAt }
      return a.id.uuidString < b.id.uuidString
    }
  }
}
