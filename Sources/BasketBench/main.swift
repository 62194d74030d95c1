// Benchmarks for the foundation: `basket list` and `basket add` against the sqlite3 floor, and
// one suggestion query against a scan of a pre-folded array. Run in release:
//   scripts/bench   (a release build with the Swift runtime linked statically, as shipped)

import BasketKit
import BasketStore
import BasketTUI
import BasketTestSupport
import Foundation

let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `body` in a new scratch folder, removes the folder and ends the program: a section
/// run on its own.
func inScratchFolder(_ body: (URL) throws -> Void) throws -> Never {
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("basket-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  try body(scratch)
  try? FileManager.default.removeItem(at: scratch)
  exit(0)
}

// `BasketBench adds [ROUNDS [ADDS]]`: this section only (smaller for a profiler).
if CommandLine.arguments.dropFirst().first == "adds" {
  try inScratchFolder { scratch in
    let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    try AddRate.report(
      in: scratch, now: Date(), rounds: numbers.first ?? 7, adds: numbers.dropFirst().first ?? 30)
  }
}
// `BasketBench ops [ROUNDS]`: draining a phone's queue of 500 offline changes.
if CommandLine.arguments.dropFirst().first == "ops" {
  try inScratchFolder { scratch in
    let rounds = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }.first ?? 7
    let served = root.appendingPathComponent(".build/release/basket").path
    try OpsDrain.report(
      in: scratch, rounds: rounds, changes: 500,
      binary: FileManager.default.isExecutableFile(atPath: served) ? served : nil)
  }
}
// `BasketBench caldav [ROUNDS]`: a CalDAV client catching up after one change.
if CommandLine.arguments.dropFirst().first == "caldav" {
  try inScratchFolder { scratch in
    try CalDAVSync.report(
      in: scratch, rounds: CommandLine.arguments.dropFirst(2).compactMap { Int($0) }.first ?? 15,
      items: 500)
  }
}
// `BasketBench aisles [RUNS]`: learning a shop's walking order on simulated trips.
if CommandLine.arguments.dropFirst().first == "aisles" {
  AisleBench.report(runs: CommandLine.arguments.dropFirst(2).compactMap { Int($0) }.first ?? 30)
  exit(0)
}
// `BasketBench frames [ITEMS...]`: the terminal app's frame at 100×40 as the list grows
// (50, 500 and 5,000 items by default).
if CommandLine.arguments.dropFirst().first == "frames" {
  let sizes = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
  for count in sizes.isEmpty ? [50, 500, 5_000] : sizes {
    print(FrameBenchmark.run(items: count, size: Size(width: 100, height: 40)))
  }
  exit(0)
}
// `BasketBench recipes`: the recipe search section only.
if CommandLine.arguments.dropFirst().first == "recipes" {
  try inScratchFolder { scratch in
    try RecipeSearchBench.report(in: scratch, now: Date())
  }
}
let binary = root.appendingPathComponent(".build/release/basket").path
guard FileManager.default.isExecutableFile(atPath: binary) else {
  print("build the release binary first: scripts/bench")
  exit(1)
}

let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("basket-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let storePath = directory.appendingPathComponent("basket.sqlite").path
let now = Date()

// MARK: - Fixture: 1,000 list items, 10,000 memory entries

let dictionary = GroceryVocabulary.dictionaryWords
let (store, _) = try SQLiteStore.open(at: storePath, now: now)
var generator = SeededGenerator(seed: 42)
try store.modify { draft in
  for index in 0..<1000 {
    let name = "\(dictionary[index * 7 % dictionary.count]) \(index)"
    let checked = index % 5 == 0 ? now.addingTimeInterval(-Double(index)) : nil
    draft.items.append(
      Item(
        id: UUID(), name: name, emoji: "🧺",
        quantity: index % 3 == 0 ? Quantity(amount: Double(index % 9 + 1), unit: .units) : nil,
        addedAt: now.addingTimeInterval(-Double(index) * 60), checkedAt: checked))
  }
}
try store.modify { draft in
  var keys = Set<String>()
  var index = 0
  while keys.count < 10_000 {
    let word = dictionary[Int(generator.next() % UInt64(dictionary.count))]
    let name = index < dictionary.count ? dictionary[index] : "\(word) \(index)"
    index += 1
    guard keys.insert(NameKey.of(name)).inserted else { continue }
    let daysAgo = Double(generator.next() % 45)
    for _ in 0..<(1 + Int(generator.next() % 4)) {
      draft.remember(name, key: NameKey.of(name), at: now.addingTimeInterval(-daysAgo * 86_400))
    }
  }
}
let memory = try store.memory()
print("Fixture: \(try store.items().count) list items, \(memory.count) memory entries")

// MARK: - Helpers

/// Runs a command to completion with output discarded; returns its wall time in seconds.
/// NB: posix_spawn and waitpid, not Foundation's Process, whose exit polling adds ~50 ms.
@MainActor func run(_ path: String, _ arguments: [String]) -> TimeInterval {
  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  let variables: [String] = ["BASKET_STORE=\(storePath)", "HOME=\(directory.path)"]
  let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
  defer { (argv + envp).forEach { free($0) } }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var pid: pid_t = 0
  let start = DispatchTime.now().uptimeNanoseconds
  precondition(posix_spawn(&pid, path, &actions, nil, argv, envp) == 0, "cannot run \(path)")
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  precondition(status == 0, "\(path) \(arguments) failed")
  return elapsed
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
func us(_ nanoseconds: Double) -> String { String(format: "%.1f µs", nanoseconds / 1000) }

// MARK: - Command line against the sqlite3 floor

let runs = 41
let sqliteQuery =
  "SELECT id, name, emoji, amount, unit, added_at, checked_at, listed_at, cleared_at FROM items ORDER BY listed_at DESC;"
var listTimes: [Double] = []
var floorTimes: [Double] = []
var addTimes: [Double] = []
for round in 0..<runs {
  floorTimes.append(run("/usr/bin/sqlite3", [storePath, sqliteQuery]))
  listTimes.append(run(binary, ["list"]))
  addTimes.append(run(binary, ["add", "bench item \(round)"]))
}
let listMedian = percentile(listTimes, 0.5)
let floorMedian = percentile(floorTimes, 0.5)
print("")
print("basket list (1,000 items), median of \(runs): \(ms(listMedian))")
print("sqlite3 reading the same rows, median:    \(ms(floorMedian))")
print(
  String(
    format: "ratio list / sqlite3 floor:              %.2f× (goal ≤ 3×)", listMedian / floorMedian))
let addMedian = percentile(addTimes, 0.5)
print("basket add, median of \(runs):               \(ms(addMedian))")
print(String(format: "ratio add / sqlite3 floor:               %.2f×", addMedian / floorMedian))

// MARK: - Adds as the list grows: into an empty list and into 2,000 items

try AddRate.report(in: directory, now: now, rounds: 7, adds: 30)

// MARK: - Draining a phone's queue of offline changes: one /ops request against one each

try OpsDrain.report(in: directory, rounds: 7, changes: 500, binary: binary)

// MARK: - Suggestion query against a scan of a pre-folded array

let engine = SuggestionEngine(dictionary: GroceryVocabulary.dictionary)
let history = HistoryIndex(memory: memory, now: now)
let toGet = Set(try store.items().filter { $0.checkedAt == nil }.map { NameKey.of($0.name) })
var queries: [String] = []
for index in 0..<2000 {
  let word = NameKey.folded(dictionary[Int(generator.next() % UInt64(dictionary.count))])
  let length = 1 + index % 6
  queries.append(String(word.prefix(length)))
}

/// The fair baseline: what a competent engineer would write first. Every history name (in the
/// same rank order) and every dictionary word (in the same popularity order) is folded once, up
/// front, with its word starts; a query scans both arrays and takes whole-name matches, then
/// word matches, skipping what is on To get. No index, no typo matching (so it does less).
struct ScanSuggester {
  struct Entry {
    var folded: [UInt8]
    var wordStarts: [Int]
    var key: String
    var name: String
  }
  let history: [Entry]
  let dictionary: [Entry]

  static func entry(_ name: String) -> Entry {
    let folded = Array(NameKey.folded(name).utf8)
    var starts = [0]
    for (i, byte) in folded.enumerated() where byte == 0x20 { starts.append(i + 1) }
    return Entry(folded: folded, wordStarts: starts, key: NameKey.of(name), name: name)
  }

  init(history: HistoryIndex, dictionary: [DictionaryWord]) {
    self.history = history.ranked.map { Self.entry($0.name) }
    var seen = Set<String>()
    let ranked = dictionary.enumerated().sorted { a, b in
      if a.element.popularity != b.element.popularity {
        return a.element.popularity > b.element.popularity
      }
      if a.element.name.count != b.element.name.count {
        return a.element.name.count < b.element.name.count
      }
      return a.element.name < b.element.name
    }
    self.dictionary = ranked.map { Self.entry($0.element.name) }.filter {
      seen.insert($0.key).inserted
    }
  }

  static func hasPrefix(_ text: [UInt8], at start: Int, _ query: [UInt8]) -> Bool {
    guard text.count - start >= query.count else { return false }
    var i = 0
    while i < query.count {
      if text[start + i] != query[i] { return false }
      i += 1
    }
    return true
  }

  static func match(_ entry: Entry, _ query: [UInt8]) -> (whole: Bool, word: Bool) {
    if hasPrefix(entry.folded, at: 0, query) { return (true, true) }
    for start in entry.wordStarts.dropFirst() where hasPrefix(entry.folded, at: start, query) {
      return (false, true)
    }
    return (false, false)
  }

  func suggest(_ query: String, excluding: Set<String>, limit: Int = 8) -> [String] {
    let q = Array(NameKey.folded(query).utf8)
    guard !q.isEmpty else { return [] }
    var taken = excluding
    var results: [String] = []
    for i in history.indices where results.count < limit && Self.match(history[i], q).word {
      if taken.insert(history[i].key).inserted { results.append(history[i].name) }
    }
    guard results.count < limit else { return results }
    var words: [Int] = []
    for i in dictionary.indices {
      let m = Self.match(dictionary[i], q)
      if m.whole {
        if taken.insert(dictionary[i].key).inserted { results.append(dictionary[i].name) }
        if results.count == limit { return results }
      } else if m.word {
        words.append(i)
      }
    }
    for i in words where results.count < limit {
      if taken.insert(dictionary[i].key).inserted { results.append(dictionary[i].name) }
    }
    return results
  }
}

let scan = ScanSuggester(history: history, dictionary: GroceryVocabulary.dictionary)

@MainActor func timeQueries(_ body: (String) -> Int) -> [Double] {
  var times: [Double] = []
  var sink = 0
  for query in queries {
    let start = DispatchTime.now().uptimeNanoseconds
    sink &+= body(query)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  }
  if sink == -1 { print(sink) }
  return times
}

_ = timeQueries { engine.suggest($0, history: history, excluding: toGet).count }  // warm up
let indexed = timeQueries { engine.suggest($0, history: history, excluding: toGet).count }
let scanned = timeQueries { scan.suggest($0, excluding: toGet).count }
let agreeing = queries.filter {
  scan.suggest($0, excluding: toGet)
    == engine.suggest($0, history: history, excluding: toGet).map(\.name)
}.count
print("")
print(
  "Suggestion query (\(dictionary.count) dictionary words + \(memory.count) history entries, \(queries.count) queries)"
)
print(
  "indexed: median \(us(percentile(indexed, 0.5))), p99 \(us(percentile(indexed, 0.99))) (goal p99 < 100 µs)"
)
print(
  "scan of a pre-folded array: median \(us(percentile(scanned, 0.5))), p99 \(us(percentile(scanned, 0.99)))"
)
print(
  String(
    format: "speed-up: %.1f× at the median, %.1f× at p99",
    percentile(scanned, 0.5) / percentile(indexed, 0.5),
    percentile(scanned, 0.99) / percentile(indexed, 0.99)))
print(
  "the scan gives the same chips as the engine for \(agreeing) of \(queries.count) queries (the engine adds one-typo matches)"
)

// MARK: - Suggestions as the faces ask for them: through Basket, one call per keystroke

let basket = Basket(
  store: store,
  environment: BasketEnvironment(
    clock: .frozen(at: now), ids: .random, classifier: EmojiClassifier.shared,
    suggestions: { engine }))
_ = try basket.suggestions(for: "a")  // warm up
let perKeystroke = timeQueries { (try? basket.suggestions(for: $0).count) ?? 0 }
print(
  "through Basket (store read included), per keystroke: median \(us(percentile(perKeystroke, 0.5))), p99 \(us(percentile(perKeystroke, 0.99)))"
)
// NB: the baseline a face would have without the cache: read the memory and rebuild the
// history index on every keystroke (100 queries; each takes milliseconds).
var rebuilt: [Double] = []
for query in queries.prefix(100) {
  let start = DispatchTime.now().uptimeNanoseconds
  let fresh = HistoryIndex(memory: try store.memory(), now: now)
  let toGetNow = Set(
    ListSections(items: try store.items(), now: now).toGet.map { NameKey.of($0.name) })
  _ = engine.suggest(query, history: fresh, excluding: toGetNow)
  rebuilt.append(Double(DispatchTime.now().uptimeNanoseconds - start))
}
print(
  "rebuilding the history per keystroke (100 queries): median \(us(percentile(rebuilt, 0.5))), p99 \(us(percentile(rebuilt, 0.99)))"
)

// MARK: - Terminal app: render + diff a 200-item frame, and bytes per keystroke

print("")
for (size, mode) in [
  (Size(width: 80, height: 24), ColorMode.trueColor),
  (Size(width: 100, height: 40), .trueColor),
  (Size(width: 200, height: 60), .palette256),
] {
  print(FrameBenchmark.run(items: 200, size: size, colorMode: mode))
}

// MARK: - Recipe library search

print("")
try RecipeSearchBench.report(in: directory, now: now)
