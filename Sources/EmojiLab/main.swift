// EmojiLab: developer tool for the emoji engine.
//
//   swift run -c release EmojiLab audit [corpus-dir]   coverage of Data/corpus/*.txt by stage
//   swift run -c release EmojiLab bench [corpus-dir]   speed, load time and memory vs a naive scan
//   swift run -c release EmojiLab classify NAME...     one line per name: emoji, stage, measure
//   swift run -c release EmojiLab golden [file]        check Data/emoji/golden.tsv
//   swift run -c release EmojiLab fold < names.txt     each line's `NameKey` (for Tools/)

import BasketKit
import Foundation

let repoRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url
}()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

func readLines(_ url: URL) -> [String] {
  guard let text = try? String(contentsOf: url, encoding: .utf8) else {
    fail("cannot read \(url.path)")
  }
  return text.split(whereSeparator: \.isNewline).map {
    $0.trimmingCharacters(in: .whitespaces)
  }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
}

/// Corpus items from every .txt file in the directory, with the file each came from.
func loadCorpus(_ dir: String?) -> [(item: String, file: String)] {
  let url = dir.map { URL(fileURLWithPath: $0) } ?? repoRoot.appendingPathComponent("Data/corpus")
  guard
    let files = try? FileManager.default.contentsOfDirectory(atPath: url.path).filter({
      $0.hasSuffix(".txt")
    }).sorted(), !files.isEmpty
  else { fail("no corpus files in \(url.path)") }
  return files.flatMap { file in
    readLines(url.appendingPathComponent(file)).map { ($0, file) }
  }
}

func percent(_ part: Int, _ whole: Int) -> String {
  String(format: "%.2f%%", whole == 0 ? 0 : Double(part) * 100 / Double(whole))
}

func audit(_ dir: String?, verbose: Bool) -> Int32 {
  let classifier = EmojiClassifier.shared
  let corpus = loadCorpus(dir)
  var seen = Set<String>()
  var counts: [EmojiStage: Int] = [:]
  var defaults: [(String, String)] = []
  var semantic: [(String, String, String)] = []
  for (item, file) in corpus where seen.insert(item.lowercased()).inserted {
    let c = classifier.classify(item)
    counts[c.stage, default: 0] += 1
    if c.stage == .default { defaults.append((item, file)) }
    if c.stage == .semantic { semantic.append((item, c.emoji, file)) }
  }
  let total = seen.count
  print("corpus: \(total) distinct items in \(Set(corpus.map(\.file)).count) files")
  for stage in EmojiStage.allCases {
    let n = counts[stage, default: 0]
    print(
      "  \(stage.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(n)\t\(percent(n, total))"
    )
  }
  if verbose {
    print("\nsemantic (\(semantic.count)):")
    for (item, emoji, file) in semantic { print("  \(emoji) \(item)\t[\(file)]") }
  }
  print("\ndefault (\(defaults.count)):")
  for (item, file) in defaults { print("  🧺 \(item)\t[\(file)]") }
  let defaultShare = Double(counts[.default, default: 0]) / Double(max(total, 1))
  let curatedShare = Double(counts[.curated, default: 0]) / Double(max(total, 1))
  var ok = true
  if defaultShare > 0.01 {
    print("FAIL: default share \(percent(counts[.default, default: 0], total)) is above 1%")
    ok = false
  }
  if curatedShare < 0.92 {
    print("FAIL: curated share \(percent(counts[.curated, default: 0], total)) is below 92%")
    ok = false
  }
  if ok { print("OK: default ≤ 1% and curated ≥ 92%") }
  return ok ? 0 : 1
}

// MARK: - Bench

/// The naive baseline: every keyword checked with `contains`, longest match kept. Works on
/// UTF-8 bytes so the baseline measures the scan, not Foundation's string bridging.
struct NaiveClassifier {
  let keywords: [([UInt8], String)]
  init() {
    keywords = GroceryVocabulary.curatedKeywords.map {
      (Array($0.keyword.lowercased().utf8), $0.emoji)
    }
  }
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    var i = 0
    while i + needle.count <= haystack.count {
      var j = 0
      while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
      if j == needle.count { return true }
      i += 1
    }
    return false
  }
  func classify(_ name: String) -> String {
    let lower = Array(name.lowercased().utf8)
    var best: ([UInt8], String)? = nil
    for (keyword, emoji) in keywords where NaiveClassifier.contains(lower, keyword) {
      if keyword.count > (best?.0.count ?? 0) { best = (keyword, emoji) }
    }
    return best?.1 ?? "🧺"
  }
}

func nanos(_ body: () -> Void) -> UInt64 {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return DispatchTime.now().uptimeNanoseconds - start
}

func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * 4096
}

func stats(_ samples: [UInt64]) -> (median: UInt64, p99: UInt64) {
  let sorted = samples.sorted()
  return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}

func bench(_ dir: String?) -> Int32 {
  let items = loadCorpus(dir).map(\.item)
  let rssBefore = residentBytes()
  let loadTime = nanos { _ = EmojiClassifier.shared.classify("milk") }
  let rssAfter = residentBytes()
  var warmLoads: [UInt64] = []
  for _ in 0..<20 { warmLoads.append(nanos { _ = EmojiClassifier.loadingFreshTables() }) }
  let classifier = EmojiClassifier.shared
  var naive: NaiveClassifier? = nil
  let naiveRSSBefore = residentBytes()
  let naiveLoad = nanos { naive = NaiveClassifier() }
  let naiveRSSAfter = residentBytes()
  guard let naive else { return 2 }

  var sink = 0
  let rounds = 5
  var fast: [UInt64] = []
  var slow: [UInt64] = []
  fast.reserveCapacity(items.count * rounds)
  for _ in 0..<rounds {
    for item in items {
      fast.append(nanos { sink &+= classifier.classify(item).emoji.utf8.count })
    }
  }
  for item in items {
    slow.append(nanos { sink &+= naive.classify(item).utf8.count })
  }
  let f = stats(fast)
  let s = stats(slow)
  let fastTotal = nanos {
    for item in items { sink &+= classifier.classify(item).emoji.utf8.count }
  }
  let slowTotal = nanos { for item in items { sink &+= naive.classify(item).utf8.count } }
  func us(_ n: UInt64) -> String { String(format: "%8.3f ms", Double(n) / 1e6) }
  func mb(_ n: Int) -> String { String(format: "%6.2f MB", Double(n) / 1_048_576) }
  print(
    "items: \(items.count) corpus lines; \(GroceryVocabulary.curatedKeywords.count) curated keywords"
  )
  print("                      engine        naive scan")
  print(
    "classify median   \(String(format: "%8d ns", f.median))   \(String(format: "%8d ns", s.median))"
  )
  print("classify p99      \(String(format: "%8d ns", f.p99))   \(String(format: "%8d ns", s.p99))")
  print("whole corpus      \(us(fastTotal))   \(us(slowTotal))")
  print("table load (first)\(us(loadTime))   \(us(naiveLoad))")
  print("table load (again)\(us(stats(warmLoads).median))   (median of 20 reloads)")
  print(
    "table memory      \(mb(EmojiClassifier.shared.approximateTableBytes))   \(mb(naive.keywords.count * 64))  (estimated)"
  )
  print(
    "resident growth   \(mb(rssAfter - rssBefore))   \(mb(naiveRSSAfter - naiveRSSBefore))  (process RSS)"
  )
  print(
    String(
      format: "speed-up: %.1fx (median), %.1fx (whole corpus)",
      Double(s.median) / Double(max(f.median, 1)), Double(slowTotal) / Double(max(fastTotal, 1))))
  if sink == 42 { print("") }
  return 0
}

func golden(_ path: String?) -> Int32 {
  let url =
    path.map { URL(fileURLWithPath: $0) }
    ?? repoRoot.appendingPathComponent("Data/emoji/golden.tsv")
  var bad = 0
  let lines = readLines(url)
  for line in lines {
    let f = line.split(separator: "\t").map(String.init)
    guard f.count >= 2 else { continue }
    let c = EmojiClassifier.shared.classify(f[0])
    if c.emoji != f[1] {
      bad += 1
      print("\(f[0]): expected \(f[1]), got \(c.emoji) (\(c.stage.rawValue))")
    }
  }
  print("\(lines.count - bad)/\(lines.count) golden pairs match")
  return bad == 0 ? 0 : 1
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "audit":
  let rest = args.dropFirst().filter { $0 != "-v" }
  exit(audit(rest.first, verbose: args.contains("-v")))
case "bench": exit(bench(args.dropFirst().first))
case "golden": exit(golden(args.dropFirst().first))
case "loads":
  var times: [UInt64] = []
  for _ in 0..<200 { times.append(nanos { _ = EmojiClassifier.loadingFreshTables() }) }
  times.sort()
  print("min \(times[0] / 1000) µs, median \(times[100] / 1000) µs")
case "fold":
  // NB: Tools/ call this so that Python never re-implements the core's folding.
  while let line = readLine(strippingNewline: true) { print(NameKey.of(line)) }
case "classify":
  for name in args.dropFirst() {
    let c = EmojiClassifier.shared.classify(name)
    print(
      "\(c.emoji)\t\(c.stage.rawValue)\t\(c.measure?.rawValue ?? "-")\t\(c.category ?? "-")\t\(name)"
    )
  }
default:
  print(
    "usage: EmojiLab audit [-v] [corpus-dir] | bench [corpus-dir] | golden [file] | classify NAME... | fold"
  )
  exit(args.isEmpty ? 0 : 2)
}
