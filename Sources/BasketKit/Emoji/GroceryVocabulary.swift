/// The built-in grocery and household vocabulary: every curated emoji keyword plus every item
/// of the grocery corpus, display-cased ("Cordial", "Peanut Butter") and deduplicated.
public enum GroceryVocabulary {
  /// The dictionary words with their popularity, sorted by spelling. Popularity counts how
  /// often a word appears in 36,000 labelled recipe ingredient lines and in the shopping-list
  /// corpus (`Data/suggestions/popularity.tsv`, made by `Tools/suggest/popularity.py`). Parsed
  /// on first use (about a millisecond) and then shared.
  public static let dictionary: [DictionaryWord] = EmojiData.dictionary.split(separator: "\n").map {
    line in
    guard let tab = line.firstIndex(of: "\t") else { return DictionaryWord(name: String(line)) }
    return DictionaryWord(
      name: String(line[..<tab]), popularity: Int(line[line.index(after: tab)...]) ?? 0)
  }

  /// The dictionary words alone.
  public static var dictionaryWords: [String] { dictionary.map(\.name) }

  /// Every curated keyword as written in `Data/emoji/curated/*.tsv`, with what it maps to.
  /// Parses the generated data on each call: meant for tests and tools.
  public static var curatedKeywords: [CuratedKeyword] {
    var text = EmojiData.curated
    return text.withUTF8 { bytes in
      var rows: [EmojiTables.Row] = []
      let lists = EmojiTables.parse(bytes) { rows.append($0) }
      return rows.map {
        CuratedKeyword(
          keyword: String(
            decoding: UnsafeBufferPointer(rebasing: bytes[$0.keyword]), as: UTF8.self),
          emoji: lists.emojis[$0.emoji], category: lists.categories[$0.category],
          measure: $0.measure)
      }
    }
  }
}

/// One line of the curated emoji table.
public struct CuratedKeyword: Equatable, Sendable {
  public var keyword: String
  public var emoji: String
  public var category: String
  public var measure: MeasureKind?
}
