/// A sorted index of every word start of a set of names, for prefix lookups in O(log n).
///
/// "Peanut Butter" is found by "pea", "peanut b" and "but". Keys are folded (see
/// `NameKey.folded`), so matching ignores case, accents and punctuation.
struct PrefixIndex: Sendable {
  private struct Key: Sendable {
    var text: [UInt8]
    var target: Int32
    var isWholeName: Bool
  }

  private let keys: [Key]

  /// Builds the index over `names`; lookups report positions in this array. Cost: O(w log w)
  /// for w words in all.
  init(names: [String]) {
    var keys: [Key] = []
    keys.reserveCapacity(names.count * 2)
    for (position, name) in names.enumerated() {
      let folded = Array(NameKey.folded(name).utf8)
      var start = 0
      var isFirst = true
      while start < folded.count {
        keys.append(
          Key(text: Array(folded[start...]), target: Int32(position), isWholeName: isFirst))
        isFirst = false
        guard let space = folded[start...].firstIndex(of: 0x20) else { break }
        start = space + 1
      }
    }
    keys.sort { $0.text.lexicographicallyPrecedes($1.text) }
    self.keys = keys
  }

  /// Calls `visit` with (position, matchedWholeName) for every key starting with `query`
  /// (already folded). A name can be visited more than once.
  func forEachMatch(of query: [UInt8], _ visit: (Int, Bool) -> Void) {
    var index = lowerBound(query)
    while index < keys.count, keys[index].text.starts(with: query) {
      visit(Int(keys[index].target), keys[index].isWholeName)
      index += 1
    }
  }

  /// Calls `visit` for every key whose start is within one edit (insert, delete, substitute or
  /// swap two neighbours) of `query`. Only keys sharing the query's first two letters are
  /// tried, which keeps the search small; typos there are rare.
  func forEachNearMatch(of query: [UInt8], _ visit: (Int) -> Void) {
    guard query.count >= 2 else { return }
    let stem = Array(query.prefix(2))
    var index = lowerBound(stem)
    while index < keys.count, keys[index].text.starts(with: stem) {
      if Self.isPrefixWithinOneEdit(query, of: keys[index].text) {
        visit(Int(keys[index].target))
      }
      index += 1
    }
  }

  /// Whether some prefix of `text` is within one edit of `query`.
  static func isPrefixWithinOneEdit(_ query: [UInt8], of text: [UInt8]) -> Bool {
    let n = query.count
    var i = 0
    while i < n, i < text.count, query[i] == text[i] { i += 1 }
    if i == n { return true }  // an exact prefix
    // NB: The query running on past a whole word ("cornf" over "corn") is not a typo of it.
    guard i < text.count else { return false }
    // Substitution: skip one on both sides.
    if suffixMatches(query, from: i + 1, text, from: i + 1) { return true }
    // Extra letter typed: skip one in the query.
    if suffixMatches(query, from: i + 1, text, from: i) { return true }
    // Letter missed: skip one in the text.
    if suffixMatches(query, from: i, text, from: i + 1) { return true }
    // Neighbours swapped.
    if i + 1 < n, i + 1 < text.count, query[i] == text[i + 1], query[i + 1] == text[i],
      suffixMatches(query, from: i + 2, text, from: i + 2)
    {
      return true
    }
    return false
  }

  /// Whether query[q...] is a prefix of text[t...].
  private static func suffixMatches(_ query: [UInt8], from q: Int, _ text: [UInt8], from t: Int)
    -> Bool
  {
    let remaining = query.count - q
    guard remaining >= 0, text.count - t >= remaining else { return false }
    var offset = 0
    while offset < remaining {
      if query[q + offset] != text[t + offset] { return false }
      offset += 1
    }
    return true
  }

  private func lowerBound(_ query: [UInt8]) -> Int {
    var low = 0
    var high = keys.count
    while low < high {
      let mid = (low + high) / 2
      if keys[mid].text.lexicographicallyPrecedes(query) { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
