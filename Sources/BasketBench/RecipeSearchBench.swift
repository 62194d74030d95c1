import BasketKit
import BasketStore
import BasketTestSupport
import CSQLite
import Foundation

/// Searching the recipe library: the store's FTS5 query beside the LIKE scan one would write
/// first (`' ' || words LIKE '% term%'` for every term, over a table of the same words), on
/// 2,000 generated recipes of 12 ingredient lines each, in the same SQLite file.
enum RecipeSearchBench {
  static func report(in directory: URL, now: Date) throws {
    let path = directory.appendingPathComponent("recipes.sqlite").path
    let (store, _) = try SQLiteStore.open(at: path, now: now)
    let words = GroceryVocabulary.dictionaryWords
    var generator = SeededGenerator(seed: 7)
    func word() -> String { words[Int(generator.next() % UInt64(words.count))] }
    var recipes: [Recipe] = []
    for index in 0..<2_000 {
      let lines = (0..<12).map { _ in IngredientLineParser.parse("2 cups \(word())") }
      recipes.append(
        Recipe(
          id: UUID(), title: "\(word()) and \(word()) \(index)",
          ingredientGroups: [IngredientGroup(ingredients: lines)], instructions: ["Cook."],
          savedAt: now, lastOpenedAt: now))
    }
    let saveStart = DispatchTime.now().uptimeNanoseconds
    for recipe in recipes { try store.saveRecipe(recipe) }
    let saveMillis = Double(DispatchTime.now().uptimeNanoseconds - saveStart) / 1e6

    // The baseline's table: the same search words, one row per recipe.
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw CocoaError(.fileReadUnknown) }
    defer { sqlite3_close(db) }
    sqlite3_exec(
      db, "CREATE TABLE bench_words (id TEXT PRIMARY KEY, words TEXT NOT NULL)", nil, nil, nil)
    sqlite3_exec(db, "BEGIN", nil, nil, nil)
    var insert: OpaquePointer?
    sqlite3_prepare_v2(db, "INSERT INTO bench_words VALUES (?1, ?2)", -1, &insert, nil)
    for recipe in recipes {
      let found = RecipeSearch.words(of: recipe)
      bind(insert, 1, recipe.id!.uuidString)
      bind(insert, 2, " " + (found.title + found.ingredients).joined(separator: " "))
      sqlite3_step(insert)
      sqlite3_reset(insert)
    }
    sqlite3_finalize(insert)
    sqlite3_exec(db, "COMMIT", nil, nil, nil)

    // Queries: one or two word starts, as typed into a search box.
    let queries = (0..<300).map { index -> [String] in
      let typed = String(word().prefix(4)) + (index % 3 == 0 ? " " + String(word().prefix(3)) : "")
      return RecipeSearch.terms(typed)
    }
    var fts: [Double] = []
    var like: [Double] = []
    var agree = 0
    var shownDifferences = 0
    for terms in queries where !terms.isEmpty {
      let start = DispatchTime.now().uptimeNanoseconds
      let found = try store.recipes(.matching(terms))
      fts.append(Double(DispatchTime.now().uptimeNanoseconds - start))
      let sql =
        "SELECT id FROM bench_words WHERE "
        + terms.map { _ in "words LIKE ?" }.joined(separator: " AND ")
      let likeStart = DispatchTime.now().uptimeNanoseconds
      var statement: OpaquePointer?
      sqlite3_prepare_v2(db, sql, -1, &statement, nil)
      for (index, term) in terms.enumerated() { bind(statement, Int32(index + 1), "% \(term)%") }
      var ids = Set<String>()
      while sqlite3_step(statement) == SQLITE_ROW {
        ids.insert(String(cString: sqlite3_column_text(statement, 0)))
      }
      sqlite3_finalize(statement)
      like.append(Double(DispatchTime.now().uptimeNanoseconds - likeStart))
      if Set(found.map(\.id.uuidString)) == ids {
        agree += 1
      } else if shownDifferences < 3 {
        shownDifferences += 1
        print("differ: \(terms) fts \(found.count) like \(ids.count)")
      }
    }
    print(
      String(
        format:
          "recipe search, 2,000 recipes × 12 lines (saved in %.0f ms): FTS5 median %.0f µs, p99 %.0f µs; LIKE scan baseline median %.0f µs, p99 %.0f µs (%.1f× at the median); same results for %d of %d queries",
        saveMillis, percentile(fts, 0.5) / 1000, percentile(fts, 0.99) / 1000,
        percentile(like, 0.5) / 1000, percentile(like, 0.99) / 1000,
        percentile(like, 0.5) / max(1, percentile(fts, 0.5)), agree, fts.count))
  }

  private static func bind(_ statement: OpaquePointer?, _ index: Int32, _ text: String) {
    let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
    sqlite3_bind_text(statement, index, text, -1, transient)
  }
}
