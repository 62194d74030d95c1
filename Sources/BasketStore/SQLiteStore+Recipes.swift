import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The recipe library in the store: one row per recipe in `recipes` (the recipe as JSON in
/// `body`, and what lists show in columns), and its search words in the FTS5 table
/// `recipe_search`, whose rowid is the recipe row's.
extension SQLiteStore: RecipeStore {
  public func saveRecipe(_ recipe: Recipe) throws {
    guard let id = recipe.id, let savedAt = recipe.savedAt else {
      throw StoreError.failed("a recipe is saved with an id and a save time")
    }
    let body = String(decoding: try JSONEncoder().encode(recipe), as: UTF8.self)
    let words = RecipeSearch.words(of: recipe)
    let fields: [(String, SQLValue)] = [
      ("id", .text(id.uuidString)), ("title", .text(recipe.title)),
      ("source", recipe.source.map(SQLValue.text) ?? .null),
      ("yields", recipe.yields.map(SQLValue.text) ?? .null),
      ("total_time", recipe.totalTime.map { .integer(Int64($0)) } ?? .null),
      ("image", recipe.image.map(SQLValue.text) ?? .null),
      ("ingredient_count", .integer(Int64(recipe.ingredients.count))),
      ("saved_at", .real(savedAt.timeIntervalSince1970)),
      ("last_opened_at", .real((recipe.lastOpenedAt ?? savedAt).timeIntervalSince1970)),
      ("body", .text(body)),
    ]
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        try connection.run(
          Connection.insertSQL("recipes", fields.map(\.0), upsertOn: "id"), named: fields)
        guard
          let rowid = try connection.singleInteger(
            "SELECT rowid FROM recipes WHERE id = ?1", [.text(id.uuidString)])
        else { throw StoreError.failed("the saved recipe could not be read back") }
        try connection.run("DELETE FROM recipe_search WHERE rowid = ?1", [.integer(rowid)])
        try connection.run(
          "INSERT INTO recipe_search (rowid, title, ingredients) VALUES (?1, ?2, ?3)",
          [
            .integer(rowid), .text(words.title.joined(separator: " ")),
            .text(words.ingredients.joined(separator: " ")),
          ])
        try connection.bumpRevision()
      }
    }
  }

  public func recipe(_ id: UUID) throws -> Recipe? {
    try withConnection { connection in
      var found: Recipe?
      try connection.run(
        "SELECT body, saved_at, last_opened_at FROM recipes WHERE id = ?1", [.text(id.uuidString)]
      ) { row in
        guard let body = row.text(0),
          var recipe = try? JSONDecoder().decode(Recipe.self, from: Data(body.utf8))
        else { return }
        recipe.id = id
        recipe.savedAt = row.double(1).map(Date.init(timeIntervalSince1970:))
        recipe.lastOpenedAt = row.double(2).map(Date.init(timeIntervalSince1970:))
        found = recipe
      }
      return found
    }
  }

  public func recipes(_ query: RecipeQuery) throws -> [RecipeSummary] {
    try withConnection { connection in
      var found: [RecipeSummary] = []
      let collect: (Statement) -> Void = { row in
        if let summary = Connection.decodeRecipeSummary(row) { found.append(summary) }
      }
      switch query {
      case .all:
        try connection.run("SELECT \(Connection.recipeSummaryColumns) FROM recipes", row: collect)
      case .recent(let limit):
        try connection.run(
          """
          SELECT \(Connection.recipeSummaryColumns) FROM recipes
          ORDER BY last_opened_at DESC, id LIMIT ?1
          """, [.integer(Int64(limit))], row: collect)
      case .matching(let terms):
        guard let match = Connection.matchExpression(terms) else { return [] }
        try connection.run(
          """
          SELECT \(Connection.recipeSummaryColumns("r")) FROM recipe_search s
          JOIN recipes r ON r.rowid = s.rowid WHERE recipe_search MATCH ?1
          """, [.text(match)], row: collect)
      }
      return found
    }
  }

  public func markRecipeOpened(_ id: UUID, at date: Date) throws -> Bool {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        try connection.run(
          "UPDATE recipes SET last_opened_at = ?2 WHERE id = ?1",
          [.text(id.uuidString), .real(date.timeIntervalSince1970)])
        guard connection.changes > 0 else { return false }
        try connection.bumpRevision()
        return true
      }
    }
  }

  public func removeRecipe(_ id: UUID) throws -> Bool {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        guard
          let rowid = try connection.singleInteger(
            "SELECT rowid FROM recipes WHERE id = ?1", [.text(id.uuidString)])
        else { return false }
        try connection.run("DELETE FROM recipe_search WHERE rowid = ?1", [.integer(rowid)])
        try connection.run("DELETE FROM recipes WHERE rowid = ?1", [.integer(rowid)])
        try connection.bumpRevision()
        return true
      }
    }
  }
}

extension Connection {
  static func recipeSummaryColumns(_ table: String) -> String {
    [
      "id", "title", "source", "yields", "total_time", "image", "ingredient_count", "saved_at",
      "last_opened_at",
    ].map { "\(table).\($0)" }.joined(separator: ", ")
  }

  static let recipeSummaryColumns = recipeSummaryColumns("recipes")

  static func decodeRecipeSummary(_ row: Statement) -> RecipeSummary? {
    guard let idText = row.text(0), let id = UUID.stored(idText), let title = row.text(1),
      let count = row.int64(6), let saved = row.double(7), let opened = row.double(8)
    else { return nil }
    return RecipeSummary(
      id: id, title: title, source: row.text(2), yields: row.text(3),
      totalTime: row.int64(4).map { Int(clamping: $0) }, image: row.text(5),
      ingredientCount: Int(clamping: count), savedAt: Date(timeIntervalSince1970: saved),
      lastOpenedAt: Date(timeIntervalSince1970: opened))
  }

  /// An FTS5 query for `terms`: each a quoted prefix, all required (`"tomato"* "egg"*`).
  static func matchExpression(_ terms: [String]) -> String? {
    guard !terms.isEmpty else { return nil }
    return terms.map { term in
      "\""
        + term.split(separator: "\"", omittingEmptySubsequences: false)
        .joined(separator: "\"\"") + "\"*"
    }.joined(separator: " ")
  }
}

/// The meal prep draft (schema v10): one row of `drafts`, named 'mealprep'.
extension SQLiteStore {
  public func mealPrepDraft() throws -> String? {
    try withConnection { connection in
      var found: String?
      try connection.run("SELECT body FROM drafts WHERE name = 'mealprep'") { found = $0.text(0) }
      return found
    }
  }

  public func setMealPrepDraft(_ json: String?) throws {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        if let json {
          try connection.run(
            """
            INSERT INTO drafts (name, body) VALUES ('mealprep', ?1)
            ON CONFLICT(name) DO UPDATE SET body = excluded.body
            """, [.text(json)])
        } else {
          try connection.run("DELETE FROM drafts WHERE name = 'mealprep'")
        }
        _ = try connection.bumpRevision()
      }
    }
  }
}
