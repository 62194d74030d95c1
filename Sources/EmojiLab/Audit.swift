import BasketKit
import Foundation

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
