#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One suggestion chip.
public struct Suggestion: Equatable, Sendable, Codable {
  public enum Source: String, Sendable, Codable {
    case history, dictionary
  }

  public var name: String
  public var source: Source

  public init(name: String, source: Source) {
    self.name = name
    self.source = source
  }
}

/// The user's recent adds, ranked and indexed for suggestions.
///
/// Only adds from the last 30 days count. Rank mixes frequency and recency: the number of adds
/// divided by (1 + age in weeks), so a weekly staple beats a one-off from yesterday and a
/// one-off from yesterday beats one from last month.
public struct HistoryIndex: Sendable {
  /// The entries in rank order, best first.
  public let ranked: [MemoryEntry]
  fileprivate let keys: [String]
  fileprivate let index: PrefixIndex

  public init(memory: [MemoryEntry], now: Date) {
    let cutoff = now.addingTimeInterval(-ListTiming.historyWindow)
    let scored = memory.filter {
      $0.lastAdded >= cutoff && $0.lastAdded <= now.addingTimeInterval(60)
    }
    .map { entry in (entry, Self.score(entry, now: now)) }
    .sorted { a, b in
      a.1 != b.1 ? a.1 > b.1 : a.0.name.lowercased() < b.0.name.lowercased()
    }
    ranked = scored.map(\.0)
    keys = ranked.map { NameKey.of($0.name) }
    index = PrefixIndex(names: ranked.map(\.name))
  }

  static func score(_ entry: MemoryEntry, now: Date) -> Double {
    let weeks = max(0, now.timeIntervalSince(entry.lastAdded)) / (7 * 24 * 60 * 60)
    return Double(entry.timesAdded) / (1 + weeks)
  }
}

/// A dictionary word and how common it is on shopping lists and in recipes (higher is more
/// common; 0 when unknown).
public struct DictionaryWord: Equatable, Sendable {
  public var name: String
  public var popularity: Int

  public init(name: String, popularity: Int = 0) {
    self.name = name
    self.popularity = popularity
  }
}

/// Suggests names as the user types: history first, then the grocery dictionary.
///
/// Dictionary words rank by popularity (how common they are on shopping lists and in recipes,
/// see `GroceryVocabulary.dictionary`), then shorter first, then A–Z. Build it once (it indexes
/// the dictionary); queries are then fast: a binary search plus a scan of the matches.
/// Thread-safe.
public struct SuggestionEngine: Sendable {
  public static let defaultLimit = 8
  private let words: [String]
  private let wordKeys: [String]
  /// Where each key's word sits in `words`, to show a shouted history name as the dictionary
  /// spells it.
  private let positionOfKey: [String: Int]
  private let index: PrefixIndex
  /// rank[position] is the word's place in (most popular, shorter, A–Z) order; order inverts it.
  private let rank: [Int]
  private let order: [Int]

  /// - Parameter dictionary: display-cased grocery and household words, all equally common.
  public init(dictionary: [String]) {
    self.init(dictionary: dictionary.map { DictionaryWord(name: $0) })
  }

  /// - Parameter dictionary: display-cased grocery and household words with their popularity.
  ///   Of words that fold to the same key, the first is kept, with the highest popularity.
  public init(dictionary: [DictionaryWord]) {
    var positionOfKey: [String: Int] = [:]
    var words: [String] = []
    var wordKeys: [String] = []
    var popularity: [Int] = []
    for word in dictionary {
      let key = NameKey.of(word.name)
      if let position = positionOfKey[key] {
        popularity[position] = max(popularity[position], word.popularity)
        continue
      }
      positionOfKey[key] = words.count
      words.append(word.name)
      wordKeys.append(key)
      popularity.append(word.popularity)
    }
    self.words = words
    self.wordKeys = wordKeys
    self.positionOfKey = positionOfKey
    index = PrefixIndex(names: words)
    let lengths = words.map(\.count)
    order = words.indices.sorted { a, b in
      if popularity[a] != popularity[b] { return popularity[a] > popularity[b] }
      if lengths[a] != lengths[b] { return lengths[a] < lengths[b] }
      if wordKeys[a] != wordKeys[b] { return wordKeys[a] < wordKeys[b] }
      return words[a] < words[b]
    }
    var rank = [Int](repeating: 0, count: words.count)
    for (place, position) in order.enumerated() { rank[position] = place }
    self.rank = rank
  }

  /// How a remembered name shows on a chip: as typed, unless it was shouted ("MILK"); then as
  /// the dictionary spells the same item, or else in the tidy form of `TidyName`.
  func chipName(_ name: String, key: String) -> String {
    guard TidyName.isShouted(name) else { return name }
    if let position = positionOfKey[key] { return words[position] }
    return TidyName.of(name)
  }

  /// Chips for `query`: matching history (by rank), then dictionary words matching the whole
  /// name's prefix, then a word's prefix (each by popularity), then, for queries of five letters or
  /// more, words within one typo. Names whose key is in `excluding` (the To get list) never
  /// appear; nothing appears twice.
  public func suggest(
    _ query: String, history: HistoryIndex, excluding: Set<String>,
    limit: Int = SuggestionEngine.defaultLimit
  ) -> [Suggestion] {
    let folded = Array(NameKey.folded(query).utf8)
    guard !folded.isEmpty, limit > 0 else { return [] }
    var taken = excluding
    var results: [Suggestion] = []

    func take(
      _ codes: [Int], name: (Int) -> String, key: (Int) -> String, source: Suggestion.Source
    ) {
      Self.forEachBest(codes, until: { results.count >= limit }) { position in
        if taken.insert(key(position)).inserted {
          results.append(Suggestion(name: name(position), source: source))
        }
      }
    }

    var historyCodes: [Int] = []
    history.index.forEachMatch(of: folded) { position, _ in historyCodes.append(position) }
    take(
      historyCodes, name: { chipName(history.ranked[$0].name, key: history.keys[$0]) },
      key: { history.keys[$0] }, source: .history)
    guard results.count < limit else { return results }

    // NB: A code sorts whole-name matches first, then by the word's rank.
    var codes: [Int] = []
    index.forEachMatch(of: folded) { position, whole in
      codes.append((whole ? 0 : 1 << 32) | rank[position])
    }
    take(
      codes, name: { words[order[$0 & 0xFFFF_FFFF]] }, key: { wordKeys[order[$0 & 0xFFFF_FFFF]] },
      source: .dictionary)
    guard results.count < limit, folded.count >= 5 else { return results }

    var near: [Int] = []
    index.forEachNearMatch(of: folded) { near.append(rank[$0]) }
    take(near, name: { words[order[$0]] }, key: { wordKeys[order[$0]] }, source: .dictionary)
    return results
  }

  /// Visits the smallest codes in ascending order until `done()`, without sorting them all:
  /// it selects the best 16, then 64, … as needed (most queries need one round).
  private static func forEachBest(_ codes: [Int], until done: () -> Bool, _ visit: (Int) -> Void) {
    var floor = Int.min
    var batch = 16
    while !done() {
      var best: [Int] = []
      best.reserveCapacity(batch + 1)
      for code in codes where code > floor {
        if best.count < batch {
          best.insert(code, at: best.firstIndex { $0 > code } ?? best.count)
        } else if code < best[batch - 1] {
          best.removeLast()
          best.insert(code, at: best.firstIndex { $0 > code } ?? best.count)
        }
      }
      guard let last = best.last else { return }
      for code in best {
        if done() { return }
        visit(code)
      }
      floor = last
      batch *= 4
    }
  }

  /// The usuals for an empty add bar: the best-ranked history not already on To get.
  public func usuals(
    history: HistoryIndex, excluding: Set<String>, limit: Int = SuggestionEngine.defaultLimit
  ) -> [Suggestion] {
    var taken = excluding
    var results: [Suggestion] = []
    for (entry, key) in zip(history.ranked, history.keys) where results.count < limit {
      if taken.insert(key).inserted {
        results.append(Suggestion(name: chipName(entry.name, key: key), source: .history))
      }
    }
    return results
  }
}
