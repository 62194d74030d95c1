import BasketKit
import Foundation
import Testing

/// Runs `Tests/cases/offline-suggestion-cases.json`, the table the web app is held to as well
/// through the WebAssembly module (`Tests/js/offline-suggestion-cases.test.mjs`), against the
/// core: the add bar's chips offline.
@Suite struct OfflineSuggestionCaseTableTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var query: String
    var usuals: [String]
    var history: [String]
    var dictionary: [String]
    var onList: [String]
    var limit: Int
    var offered: [String]

    var testDescription: String { query.debugDescription }
  }

  static let cases: [Case] = {
    let data = CaseFiles.data("offline-suggestion-cases.json")
    guard let root = try? JSONValue.parse(Array(data)), case .array(let rows)? = root["cases"]
    else { return [] }
    func names(_ value: JSONValue?) -> [String] {
      guard case .array(let list)? = value else { return [] }
      return list.compactMap { name in
        guard case .string(let text) = name else { return nil }
        return text
      }
    }
    return rows.compactMap { row in
      guard case .string(let query)? = row["query"] else { return nil }
      var limit = 8
      if case .number(let given)? = row["limit"] { limit = Int(given) }
      return Case(
        query: query, usuals: names(row["usuals"]), history: names(row["history"]),
        dictionary: names(row["dictionary"]), onList: names(row["onList"]), limit: limit,
        offered: names(row["offered"]))
    }
  }()

  @Test func theTableIsThere() {
    #expect(Self.cases.count >= 14)
  }

  @Test(arguments: cases)
  func theChipsOfferedAreTheTables(row: Case) {
    let names = row.usuals + row.history + row.dictionary
    let picked = OfflineSuggestions.chips(
      for: row.query, usuals: row.usuals, history: row.history, dictionary: row.dictionary,
      onList: row.onList, limit: row.limit)
    #expect(picked.map { names[$0] } == row.offered)
  }
}
