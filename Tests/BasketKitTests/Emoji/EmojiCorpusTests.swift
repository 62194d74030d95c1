import Foundation
import Testing

@testable import BasketKit

/// The golden set and the coverage audit, over the data files in the repository.
@Suite struct EmojiCorpusTests {
  static func lines(_ relativePath: String) throws -> [String] {
    let url = EmojiDataTests.repoRoot.appendingPathComponent(relativePath)
    return try String(contentsOf: url, encoding: .utf8)
      .split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  static func corpus() throws -> [String] {
    let dir = EmojiDataTests.repoRoot.appendingPathComponent("Data/corpus")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    var seen = Set<String>()
    return try files.flatMap { try lines("Data/corpus/\($0)") }.filter {
      seen.insert($0.lowercased()).inserted
    }
  }

  @Test func goldenSetMatchesEveryPair() throws {
    let pairs = try Self.lines("Data/emoji/golden.tsv").map {
      $0.split(separator: "\t").map(String.init)
    }.filter { $0.count >= 2 }
    #expect(pairs.count >= 500)
    // NB: the set tests the matching rules, so most lines are phrases as typed, not keywords.
    let keywordKeys = Set(GroceryVocabulary.curatedKeywords.map { NameKey.of($0.keyword) })
    let literal = pairs.filter { keywordKeys.contains(NameKey.of($0[0])) }.count
    #expect(literal * 2 < pairs.count, "\(literal) of \(pairs.count) golden items are keywords")
    let classifier = EmojiClassifier.shared
    var mismatches: [String] = []
    for pair in pairs {
      let got = classifier.classify(pair[0])
      if got.emoji != pair[1] {
        mismatches.append("\(pair[0]): expected \(pair[1]), got \(got.emoji) (\(got.stage))")
      }
    }
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) golden mismatches:\n\(mismatches.joined(separator: "\n"))")
  }

  @Test func theJudgedIngredientSampleStillGetsTheEmojiItWasJudgedOn() throws {
    // NB: Data/emoji/eval/ingredients-sample.tsv records a hand judgement of each emoji; when
    // the engine changes one, that row must be judged again (see `EmojiLab eval`).
    let rows = try Self.lines("Data/emoji/eval/ingredients-sample.tsv").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(rows.count == 300)
    let changed = rows.filter { EmojiClassifier.shared.classify($0[0]).emoji != $0[1] }
      .map { "\($0[0]): judged \($0[1]), now \(EmojiClassifier.shared.classify($0[0]).emoji)" }
    #expect(changed.isEmpty, "judge again: \(changed.joined(separator: "; "))")
  }

  @Test func corpusAuditMeetsCoverageGoals() throws {
    let items = try Self.corpus()
    #expect(items.count >= 4_000)
    let classifier = EmojiClassifier.shared
    var curated = 0
    var defaults: [String] = []
    for item in items {
      switch classifier.classify(item).stage {
      case .curated: curated += 1
      case .semantic: break
      case .default: defaults.append(item)
      }
    }
    let total = Double(max(items.count, 1))
    #expect(
      Double(defaults.count) / total <= 0.01,
      "\(defaults.count) defaults: \(defaults.joined(separator: ", "))")
    #expect(Double(curated) / total >= 0.92, "curated share \(Double(curated) / total)")
  }
}
