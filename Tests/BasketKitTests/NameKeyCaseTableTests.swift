import BasketKit
import Foundation
import Testing

/// Runs `Tests/cases/name-key-cases.json`, the table the web app's offline.js is held to as well
/// (`Tests/js/offline.test.mjs`), against the core: an add made offline merges into the item the
/// server would merge it into.
@Suite struct NameKeyCaseTableTests {
  static let cases: [[String]] = {
    let data = CaseFiles.data("name-key-cases.json")
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    return object["keys"] as? [[String]] ?? []
  }()

  @Test func theTableIsThere() {
    #expect(Self.cases.count >= 30)
  }

  @Test(arguments: cases)
  func namesFoldToTheTablesKeys(row: [String]) throws {
    try #require(row.count == 2)
    #expect(NameKey.of(row[0]) == row[1], "\(row[0].debugDescription)")
  }
}
