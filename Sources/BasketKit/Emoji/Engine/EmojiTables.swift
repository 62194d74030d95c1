/// Namespace for the generated emoji data (`Generated/*.swift`, written by
/// `Tools/emoji/generate.py`): string literals parsed once at start-up.
enum EmojiData {}

/// The curated and semantic tables, parsed from the generated data once per process.
///
/// The generated text already holds each keyword's match key: the generator asks the core to
/// fold every keyword (`EmojiLab fold`, which runs `NameKey.of`) instead of folding it again
/// itself, and a test checks every shipped key against `FoldedName`. So loading is one pass over
/// the bytes that hashes each key into a `KeywordTable`: a few milliseconds for both tables.
/// Immutable and thread-safe.
final class EmojiTables: Sendable {
  let curated: KeywordTable
  let semantic: KeywordTable
  let emojis: [String]
  let categories: [String]
  /// The most words in any curated key (bounds the phrase search).
  let curatedMaxWords: Int
  let semanticMaxWords: Int

  static let shared = EmojiTables(curated: EmojiData.curated, semantic: EmojiData.semantic)

  /// One row of generated table data.
  struct Row {
    var key: Range<Int>
    var keyword: Range<Int>
    var emoji: Int
    var category: Int
    var measure: MeasureKind?
    var wordCount: Int
  }

  /// Parses generated table data: an `E` line (tab-separated emoji), a `C` line (categories),
  /// then `key<TAB>keyword-if-different<TAB>emoji index<TAB>category index<TAB>p|w|c|-`.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, row: (Row) -> Void
  ) -> (emojis: [String], categories: [String]) {
    var emojis: [String] = []
    var categories: [String] = []
    var lineStart = 0
    let n = bytes.count
    while lineStart < n {
      var lineEnd = lineStart
      while lineEnd < n, bytes[lineEnd] != 0x0A { lineEnd += 1 }
      defer { lineStart = lineEnd + 1 }
      let head = bytes[lineStart]
      if lineEnd - lineStart > 2, head == 0x45 || head == 0x43, bytes[lineStart + 1] == 0x09 {
        var values: [String] = []
        var fieldStart = lineStart + 2
        for k in fieldStart...lineEnd where k == lineEnd || bytes[k] == 0x09 {
          values.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<k]), as: UTF8.self))
          fieldStart = k + 1
        }
        if head == 0x45 { emojis = values } else { categories = values }
        continue
      }
      // NB: a fixed tuple, not an array, keeps the per-line cost allocation-free.
      var fields = (0..<0, 0..<0, 0..<0, 0..<0, 0..<0)
      var count = 0
      var fieldStart = lineStart
      var k = lineStart
      while k <= lineEnd, count < 5 {
        if k == lineEnd || bytes[k] == 0x09 {
          let range = fieldStart..<k
          switch count {
          case 0: fields.0 = range
          case 1: fields.1 = range
          case 2: fields.2 = range
          case 3: fields.3 = range
          default: fields.4 = range
          }
          count += 1
          fieldStart = k + 1
        }
        k += 1
      }
      let first = fields.0
      guard count == 5, !first.isEmpty, !fields.4.isEmpty else { continue }
      var words = 1
      for k in first where bytes[k] == 0x20 { words += 1 }
      let measure: MeasureKind? =
        switch bytes[fields.4.lowerBound] {
        case 0x70: .poured
        case 0x77: .weighed
        case 0x63: .counted
        default: nil
        }
      row(
        Row(
          key: first, keyword: fields.1.isEmpty ? first : fields.1,
          emoji: number(bytes, fields.2), category: number(bytes, fields.3), measure: measure,
          wordCount: words))
    }
    return (emojis, categories)
  }

  private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var value = 0
    for k in range { value = value * 10 + Int(bytes[k] &- 0x30) }
    return value
  }

  /// Loads both tables, leaving out the curated keywords (as written) in `holdingOut`: the
  /// hold-out evaluation rebuilds the tables without some keywords. The semantic data covers
  /// every WordNet noun it can map, curated keywords included (its anchors are curated words);
  /// a semantic key that is also a curated key is skipped here, since the classifier would
  /// never reach it. With `semanticToo`, a semantic entry whose key is a held-out keyword's
  /// key goes as well, so a held-out word can't be answered by its own anchor.
  init(
    curated curatedData: String, semantic semanticData: String, holdingOut: Set<String> = [],
    semanticToo: Bool = false
  ) {
    var emojis: [String] = []
    var emojiIndex: [String: UInt16] = [:]
    var categories: [String] = []
    var categoryIndex: [String: UInt16] = [:]
    func intern(_ s: String, _ list: inout [String], _ index: inout [String: UInt16]) -> UInt16 {
      if let i = index[s] { return i }
      let i = UInt16(list.count)
      list.append(s)
      index[s] = i
      return i
    }

    /// Parses one generated table into a `KeywordTable`, interning its emoji and categories
    /// into the shared lists, skipping keys already in `excluding`. With `joiningPhrases`, each
    /// phrase is also entered with its spaces dropped ("icecream"), after every key, so a
    /// keyword spelled as one word keeps its own entry. Returns the table and the most words in
    /// any key.
    func load(
      _ data: String, joiningPhrases: Bool, arenaShare: Int, holdingOut: Set<String>,
      holdingOutKeys: Set<String> = [], excluding: KeywordTable? = nil
    ) -> (KeywordTable, Int) {
      var text = data
      var table = KeywordTable(capacity: 0)
      var maxWords = 1
      text.withUTF8 { bytes in
        var rows: [Row] = []
        rows.reserveCapacity(bytes.count / 24)
        let lists = EmojiTables.parse(bytes) { row in
          if !holdingOut.isEmpty,
            holdingOut.contains(
              String(decoding: UnsafeBufferPointer(rebasing: bytes[row.keyword]), as: UTF8.self))
          {
            return
          }
          if !holdingOutKeys.isEmpty,
            holdingOutKeys.contains(
              String(decoding: UnsafeBufferPointer(rebasing: bytes[row.key]), as: UTF8.self))
          {
            return
          }
          rows.append(row)
        }
        let phrases = joiningPhrases ? rows.reduce(0) { $0 + ($1.wordCount > 1 ? 1 : 0) } : 0
        table = KeywordTable(
          capacity: rows.count + phrases, arenaCapacity: bytes.count / arenaShare)
        let e = lists.emojis.map { intern($0, &emojis, &emojiIndex) }
        let c = lists.categories.map { intern($0, &categories, &categoryIndex) }
        for row in rows {
          if let excluding, excluding.lookup(bytes, row.key) != nil { continue }
          table.insert(
            bytes, row.key, emoji: e[row.emoji], category: c[row.category],
            measure: row.measure, wordCount: row.wordCount)
          maxWords = max(maxWords, row.wordCount)
        }
        guard joiningPhrases else { return }
        for row in rows where row.wordCount > 1 {
          table.insert(
            bytes, row.key, skipping: 0x20, emoji: e[row.emoji], category: c[row.category],
            measure: row.measure, wordCount: 1)
        }
      }
      return (table, maxWords)
    }

    let (curated, maxWords) = load(
      curatedData, joiningPhrases: true, arenaShare: 1, holdingOut: holdingOut)
    let (semantic, semanticMax) = load(
      semanticData, joiningPhrases: false, arenaShare: 2, holdingOut: [],
      holdingOutKeys: semanticToo ? Set(holdingOut.map(NameKey.of)) : [], excluding: curated)
    self.curated = curated
    self.semantic = semantic
    self.emojis = emojis
    self.categories = categories
    self.curatedMaxWords = min(maxWords, 8)
    self.semanticMaxWords = min(semanticMax, 4)
  }

  /// Approximate heap bytes held by the loaded tables.
  var approximateBytes: Int {
    curated.approximateBytes + semantic.approximateBytes
      + (emojis.count + categories.count) * MemoryLayout<String>.stride
  }
}
