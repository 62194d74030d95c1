import Foundation
import Testing

@testable import BasketKit

@Suite struct EmojiDataTests {
  static let repoRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url
  }()

  @Test func curatedTableHasAtLeast2500Keywords() {
    #expect(GroceryVocabulary.curatedKeywords.count >= 2_500)
  }

  @Test func curatedKeywordsAreDistinctOnceFolded() {
    var seen: [String: String] = [:]
    var clashes: [String] = []
    for entry in GroceryVocabulary.curatedKeywords {
      let key = FoldedName(entry.keyword).key
      if let first = seen[key] {
        clashes.append("\(first) / \(entry.keyword) → \(key)")
      } else {
        seen[key] = entry.keyword
      }
    }
    #expect(clashes.isEmpty, "keywords that fold together: \(clashes.joined(separator: "; "))")
  }

  @Test("Every shipped table key is the core's folding of its keyword", arguments: [true, false])
  func shippedKeysAreTheCoreFolding(curated: Bool) {
    // NB: the generator asks the core for keys (`EmojiLab fold`) and `--check` reuses shipped
    // ones; this catches a change to the folding that was not followed by regenerating.
    let table = curated ? "curated" : "semantic"
    let data = curated ? EmojiData.curated : EmojiData.semantic
    var text = data
    let stale = text.withUTF8 { bytes in
      var stale: [String] = []
      _ = EmojiTables.parse(bytes) { row in
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[row.key]), as: UTF8.self)
        let keyword = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[row.keyword]), as: UTF8.self)
        if FoldedName(keyword).key != key { stale.append("\(keyword) → \(key)") }
      }
      return stale
    }
    #expect(
      stale.isEmpty,
      "\(table): \(stale.count) stale keys (run python3 Tools/emoji/generate.py): \(stale.prefix(10))"
    )
  }

  @Test func everyCuratedKeywordClassifiesToItsOwnEmoji() {
    let classifier = EmojiClassifier.shared
    let wrong = GroceryVocabulary.curatedKeywords.filter {
      classifier.classify($0.keyword).emoji != $0.emoji
    }.map(\.keyword)
    #expect(wrong.isEmpty, "\(wrong.count) keywords: \(wrong.prefix(50).joined(separator: ", "))")
  }

  @Test func dictionaryHasAtLeast5000DistinctWords() {
    let words = GroceryVocabulary.dictionaryWords
    #expect(words.count >= 5_000)
    let folded = words.map { FoldedName($0).bytes.isEmpty ? $0 : $0.lowercased() }
    #expect(Set(folded).count == words.count, "dictionary words repeat")
  }

  @Test func dictionaryIncludesEveryCuratedKeywordInChipCase() {
    let words = Set(GroceryVocabulary.dictionaryWords.map { $0.lowercased() })
    let missing = GroceryVocabulary.curatedKeywords.map { $0.keyword.lowercased() }.filter {
      !words.contains($0)
    }
    #expect(missing.isEmpty, "missing: \(missing.prefix(20))")
    // Common words as a household writes them; names and acronyms as they are spelled.
    let dictionary = Set(GroceryVocabulary.dictionaryWords)
    for word in [
      "cordial", "peanut butter", "orange juice", "Nutella", "BBQ sauce", "French bread",
    ] {
      #expect(dictionary.contains(word), "\(word)")
    }
    #expect(!dictionary.contains("Peanut Butter") && !dictionary.contains("Orange juice"))
  }

  /// The hold-out evaluation's classifier: a held-out curated word (salmon, also a WordNet
  /// noun in the semantic map) answers from its own semantic entry unless that goes too.
  @Test func holdingOutAWordCanDropItsOwnSemanticEntryToo() throws {
    let salmon = try #require(GroceryVocabulary.curatedKeywords.first { $0.keyword == "salmon" })
    let keepingAnchors = EmojiClassifier.holdingOut(["salmon"]).classify("salmon")
    #expect(keepingAnchors.stage == .semantic)
    #expect(keepingAnchors.emoji == salmon.emoji)
    let honest = EmojiClassifier.holdingOut(["salmon"], semanticToo: true).classify("salmon")
    #expect(honest.stage != .semantic)
  }
}
