import BasketKit
import Foundation

/// The fair baseline: what a competent engineer would write first. Every curated keyword's key
/// (the core's own folding, so both sides match the same words) in a Swift dictionary; an
/// item's folded words looked up as n-grams, longest first and rightmost first among equals;
/// 🧺 when nothing is found.
struct NGramClassifier {
  let table: [String: String]
  let maxWords: Int

  init() {
    var table: [String: String] = [:]
    var maxWords = 1
    for keyword in GroceryVocabulary.curatedKeywords {
      let key = NameKey.of(keyword.keyword)
      if table[key] == nil { table[key] = keyword.emoji }
      maxWords = max(maxWords, key.split(separator: " ").count)
    }
    self.table = table
    self.maxWords = maxWords
  }

  func classify(_ name: String) -> String {
    let words = NameKey.of(name).split(separator: " ")
    var n = min(maxWords, words.count)
    while n > 0 {
      for start in stride(from: words.count - n, through: 0, by: -1) {
        if let emoji = table[words[start..<start + n].joined(separator: " ")] { return emoji }
      }
      n -= 1
    }
    return "🧺"
  }
}

func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * 4096
}

func bench(_ dir: String?) -> Int32 {
  let items = loadCorpus(dir).map(\.item)
  let rssBefore = residentBytes()
  let loadTime = nanos { _ = EmojiClassifier.shared.classify("milk") }
  let rssAfter = residentBytes()
  var warmLoads: [UInt64] = []
  for _ in 0..<20 { warmLoads.append(nanos { _ = EmojiClassifier.loadingFreshTables() }) }
  let classifier = EmojiClassifier.shared
  var baseline: NGramClassifier? = nil
  let baselineRSSBefore = residentBytes()
  let baselineLoad = nanos { baseline = NGramClassifier() }
  let baselineRSSAfter = residentBytes()
  guard let baseline else { return 2 }

  var sink = 0
  let rounds = 5
  var fast: [UInt64] = []
  var slow: [UInt64] = []
  fast.reserveCapacity(items.count * rounds)
  slow.reserveCapacity(items.count * rounds)
  for _ in 0..<rounds {
    for item in items {
      fast.append(nanos { sink &+= classifier.classify(item).emoji.utf8.count })
      slow.append(nanos { sink &+= baseline.classify(item).utf8.count })
    }
  }
  let f = stats(fast)
  let s = stats(slow)
  let fastTotal = nanos {
    for item in items { sink &+= classifier.classify(item).emoji.utf8.count }
  }
  let slowTotal = nanos { for item in items { sink &+= baseline.classify(item).utf8.count } }
  func ms(_ n: UInt64) -> String { String(format: "%8.3f ms", Double(n) / 1e6) }
  func mb(_ n: Int) -> String { String(format: "%6.2f MB", Double(n) / 1_048_576) }
  func ns(_ n: UInt64) -> String { String(format: "%8d ns", n) }
  print(
    "items: \(items.count) corpus lines; \(GroceryVocabulary.curatedKeywords.count) curated keywords"
  )
  print("                      engine        n-gram hash baseline")
  print("classify median   \(ns(f.median))   \(ns(s.median))")
  print("classify p99      \(ns(f.p99))   \(ns(s.p99))")
  print("whole corpus      \(ms(fastTotal))   \(ms(slowTotal))")
  print("table load (first)\(ms(loadTime))   \(ms(baselineLoad))")
  print("table load (again)\(ms(stats(warmLoads).median))   (median of 20 reloads)")
  print(
    "table memory      \(mb(EmojiClassifier.shared.approximateTableBytes))   \(mb(baseline.table.count * 64))  (estimated)"
  )
  print(
    "resident growth   \(mb(rssAfter - rssBefore))   \(mb(baselineRSSAfter - baselineRSSBefore))  (process RSS)"
  )
  print(
    String(
      format: "speed-up: %.1fx (median), %.1fx (p99), %.1fx (whole corpus)",
      Double(s.median) / Double(max(f.median, 1)), Double(s.p99) / Double(max(f.p99, 1)),
      Double(slowTotal) / Double(max(fastTotal, 1))))
  let goldenRows = readTSV(repoRoot.appendingPathComponent("Data/emoji/golden.tsv"))
    .filter { $0.count >= 2 }
  let engineRight = goldenRows.filter { classifier.classify($0[0]).emoji == $0[1] }.count
  let baselineRight = goldenRows.filter { baseline.classify($0[0]) == $0[1] }.count
  print(
    "golden set: engine \(engineRight)/\(goldenRows.count), baseline \(baselineRight)/\(goldenRows.count) right"
  )
  if sink == 42 { print("") }
  return 0
}
