/// Gives an item its emoji through a three-stage cascade: the curated keyword table, then a
/// semantic map built offline from WordNet, then the default 🧺.
///
/// Matching rules, in the order they apply:
/// - **Folding.** Names and keywords fold the one way item identity does (`FoldedName`, as in
///   `NameKey`): case, accents, apostrophes and punctuation are ignored and every word gets one
///   singular spelling, so "Jalapeños", "jalapeno" and "JALAPEÑO" are one key, as are
///   "berries"/"berry", "tomatoes"/"tomato" and "loaves"/"loaf".
/// - **Whole words.** Keywords match whole words and phrases of whole words, so a short keyword
///   never fires inside a longer word (pap ≠ paper, oat ≠ goat, gin ≠ ginger, pea ≠ peach).
///   Longer keywords may occur inside a word only in the compound rule below.
/// - **Head noun.** The head of an item is the last word of its main part: the part before the
///   first comma or bracket and before a linking "in", "with" or "for" ("tuna in brine" →
///   tuna), and after a measuring "of" ("bag of frozen peas" → peas). The curated match that
///   covers the head wins, and of those the longest phrase (most words, then most letters):
///   "chocolate milk" → 🥛, "milk chocolate" → 🍫, and "peanut butter" → 🥜 because the
///   curated phrase "peanut butter" covers the head "butter" and is longer than "butter".
/// - **Run-together words.** If nothing covers the head, the head joined to the word before
///   it is tried ("corn flakes" → "cornflakes"), and a multi-word keyword also matches written
///   as one word ("icecream"). A head word the semantic map does not know is split into a
///   known prefix and/or suffix keyword of at least five letters with at least three letters
///   left over ("pineapplejuice" → pineapple + juice; the suffix, the head, wins).
/// - **Fallbacks.** Otherwise the rightmost curated match in the main part decides ("chicken
///   breast" → 🍗), then the semantic map for the head ("frozen flounder" → 🐟), then any
///   other curated match, then the semantic map for the other words, and last the 🧺.
///
/// Cost: one pass to fold the name, then a handful of hash lookups; well under 2 µs per item
/// in a release build. Thread-safe; the tables load once per process.
public struct EmojiClassifier: ItemClassifier, Sendable {
  let tables: EmojiTables

  /// The classifier over the bundled tables (loaded on first use, then shared).
  public static let shared = EmojiClassifier()

  public init() {
    tables = EmojiTables.shared
  }

  init(tables: EmojiTables) {
    self.tables = tables
  }

  public func classify(_ name: String) -> Classification {
    let text = FoldedName(name)
    guard !text.words.isEmpty else { return .fallback }
    var classification = text.bytes.withUnsafeBufferPointer { bytes in
      classify(text.words, bytes)
    }
    // NB: frozen food is shelved in the freezers whatever it is ("frozen peas", "frozen
    // pizza"); frozen drinks ("frozen margarita") are drinks.
    if let category = classification.category, category != "frozen", category != "drinks",
      Self.saysFrozen(text)
    {
      classification.category = "frozen"
    }
    return classification
  }

  private static let frozenWord = Array("frozen".utf8)

  /// Whether one of the name's words is "frozen".
  private static func saysFrozen(_ text: FoldedName) -> Bool {
    text.words.contains { word in
      word.length == frozenWord.count && text.bytes[word.start..<word.end].elementsEqual(frozenWord)
    }
  }

  private struct Match {
    var start: Int
    var end: Int
    var entry: Int
    var letters: Int

    func beats(_ other: Match?) -> Bool {
      guard let other else { return true }
      if end - start != other.end - other.start { return end - start > other.end - other.start }
      return letters > other.letters
    }
  }

  private func classify(_ words: [FoldedName.Word], _ bytes: UnsafeBufferPointer<UInt8>)
    -> Classification
  {
    let n = words.count
    let (lo, hi) = mainPart(words, bytes)
    let head = hi - 1
    let curated = tables.curated

    var bestHead: Match? = nil
    var bestMain: Match? = nil
    var bestAny: Match? = nil
    for i in 0..<n {
      var h: UInt32 = 2_166_136_261
      let last = min(n, i + tables.curatedMaxWords)
      var j = i
      while j < last {
        if j > i { h = (h ^ 0x20) &* 16_777_619 }
        for k in words[j].start..<words[j].end { h = (h ^ UInt32(bytes[k])) &* 16_777_619 }
        j += 1
        let range = words[i].start..<words[j - 1].end
        guard let entry = curated.lookup(bytes, range, hash: h) else { continue }
        let m = Match(start: i, end: j, entry: entry, letters: range.count)
        if i <= head, j > head, m.beats(bestHead) { bestHead = m }
        if i >= lo, j <= hi, j > (bestMain?.end ?? 0) || (j == bestMain?.end && m.beats(bestMain)) {
          bestMain = m
        }
        if j > (bestAny?.end ?? 0) || (j == bestAny?.end && m.beats(bestAny)) { bestAny = m }
      }
    }
    if let bestHead { return curatedResult(bestHead.entry) }

    if head > lo, let entry = joinedLookup(words[head - 1], words[head], bytes) {
      return curatedResult(entry)
    }
    let headWord = words[head].start..<words[head].end
    if headWord.count >= 8, tables.semantic.lookup(bytes, headWord) == nil,
      let entry = compoundLookup(headWord, bytes)
    {
      return curatedResult(entry)
    }
    if let bestMain { return curatedResult(bestMain.entry) }
    if let result = semanticLookup(endingAt: head, from: lo, words, bytes) { return result }
    if let bestAny { return curatedResult(bestAny.entry) }
    for w in stride(from: n - 1, through: 0, by: -1) where w != head && w >= lo && w < hi {
      if let result = semanticLookup(endingAt: w, from: lo, words, bytes) { return result }
    }
    for w in stride(from: n - 1, through: 0, by: -1) where w < lo || w >= hi {
      if let result = semanticLookup(endingAt: w, from: 0, words, bytes) { return result }
    }
    return .fallback
  }

  /// The main part of the name as a word range: before the first clause break and the first
  /// linking "in"/"with"/"for", after the last measuring "of".
  private func mainPart(_ words: [FoldedName.Word], _ bytes: UnsafeBufferPointer<UInt8>)
    -> (Int, Int)
  {
    var hi = words.count
    for w in 1..<max(1, words.count) where words[w].startsClause {
      hi = w
      break
    }
    var lo = 0
    for w in 0..<hi {
      let word = words[w]
      if w > 0,
        isWord(word, bytes, "in") || isWord(word, bytes, "with") || isWord(word, bytes, "for")
      {
        hi = w
        break
      }
      if w + 1 < hi, isWord(word, bytes, "of") { lo = w + 1 }
    }
    return (lo, hi)
  }

  @inline(__always)
  private func isWord(
    _ word: FoldedName.Word, _ bytes: UnsafeBufferPointer<UInt8>, _ s: StaticString
  )
    -> Bool
  {
    guard word.length == s.utf8CodeUnitCount else { return false }
    let p = s.utf8Start
    for k in 0..<word.length where bytes[word.start + k] != p[k] { return false }
    return true
  }

  /// Two words written apart that a keyword spells as one ("corn flakes" → "cornflakes").
  private func joinedLookup(
    _ a: FoldedName.Word, _ b: FoldedName.Word, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    var joined: [UInt8] = []
    joined.reserveCapacity(a.length + b.length)
    joined.append(contentsOf: bytes[a.start..<a.end])
    joined.append(contentsOf: bytes[b.start..<b.end])
    return joined.withUnsafeBufferPointer { tables.curated.lookup($0, 0..<$0.count) }
  }

  /// A run-together word made of a keyword and something else ("pineapplejuice"): the longest
  /// keyword suffix of five letters or more, else the longest such prefix, with at least three
  /// letters left over.
  private func compoundLookup(_ word: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let curated = tables.curated
    var start = word.lowerBound + 3
    while word.upperBound - start >= 5 {
      if let entry = curated.lookup(bytes, start..<word.upperBound) { return entry }
      start += 1
    }
    var end = word.upperBound - 3
    while end - word.lowerBound >= 5 {
      if let entry = curated.lookup(bytes, word.lowerBound..<end) { return entry }
      end -= 1
    }
    return nil
  }

  /// The longest semantic-map phrase ending at word `last` and starting no earlier than `first`.
  private func semanticLookup(
    endingAt last: Int, from first: Int, _ words: [FoldedName.Word],
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Classification? {
    var start = max(first, last - tables.semanticMaxWords + 1)
    while start <= last {
      if let entry = tables.semantic.lookup(bytes, words[start].start..<words[last].end) {
        return result(tables.semantic.entries[entry], stage: .semantic)
      }
      start += 1
    }
    return nil
  }

  private func curatedResult(_ entry: Int) -> Classification {
    result(tables.curated.entries[entry], stage: .curated)
  }

  private func result(_ entry: KeywordTable.Entry, stage: EmojiStage) -> Classification {
    Classification(
      emoji: tables.emojis[Int(entry.emoji)], stage: stage, measure: entry.measure,
      category: tables.categories[Int(entry.category)])
  }
}

extension EmojiClassifier {
  /// Approximate heap bytes held by the loaded tables (for the benchmark).
  public var approximateTableBytes: Int { tables.approximateBytes }
}

extension EmojiClassifier {
  /// A classifier over freshly parsed tables, not the shared ones. Costs a full table load
  /// (a few milliseconds); meant for benchmarks that time the load.
  public static func loadingFreshTables() -> EmojiClassifier {
    EmojiClassifier(tables: EmojiTables(curated: EmojiData.curated, semantic: EmojiData.semantic))
  }

  /// A classifier whose curated table leaves out `keywords` (spelled as in
  /// `GroceryVocabulary.curatedKeywords`), for measuring how the rest of the cascade copes
  /// with words the table never saw; with `semanticToo`, the semantic map loses those words'
  /// own entries too (its anchors are curated words, so a held-out anchor would otherwise
  /// answer itself). Costs a full table load.
  public static func holdingOut(_ keywords: Set<String>, semanticToo: Bool = false)
    -> EmojiClassifier
  {
    EmojiClassifier(
      tables: EmojiTables(
        curated: EmojiData.curated, semantic: EmojiData.semantic, holdingOut: keywords,
        semanticToo: semanticToo))
  }
}
