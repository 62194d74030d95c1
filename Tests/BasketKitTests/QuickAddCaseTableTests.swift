import BasketKit
import BasketTestSupport
import Foundation
import Testing

/// Runs `Tests/cases/quick-add-cases.json`, the table the web app is held to as well through
/// the WebAssembly module (`Tests/js/quick-add-cases.test.mjs`), against the core's reader of
/// typed lines.
@Suite struct QuickAddCaseTableTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    /// [name, amount?, unit?, [packAmount, packUnit]?] per item.
    var items: [[JSONValue]]?
    var refused: String?

    var testDescription: String { text.debugDescription }
  }

  static let cases: [Case] = {
    let data = CaseFiles.data("quick-add-cases.json")
    guard let root = try? JSONValue.parse(Array(data)), case .array(let rows)? = root["read"]
    else { return [] }
    return rows.compactMap { row in
      guard case .string(let text)? = row["text"] else { return nil }
      var items: [[JSONValue]]?
      if case .array(let list)? = row["items"] {
        items = list.map { item in
          if case .array(let fields) = item { return fields }
          return []
        }
      }
      var refused: String?
      if case .string(let kind)? = row["refused"] { refused = kind }
      return Case(text: text, items: items, refused: refused)
    }
  }()

  @Test func theTableIsThere() {
    #expect(Self.cases.count >= 150)
  }

  @Test(arguments: cases)
  func eachLineReadsAsTheTableSays(row: Case) throws {
    let outcome = Result { () throws(ListError) in try ShoppingLine.read(row.text) }
    switch (outcome, row.refused) {
    case (.failure(let error), let kind?):
      #expect(error.kind == kind, "\(row.text.debugDescription): \(error)")
    case (.failure(let error), nil):
      Issue.record("\(row.text.debugDescription) was refused: \(error)")
    case (.success(let items), let kind?):
      Issue.record("\(row.text.debugDescription) should be refused (\(kind)), read \(items)")
    case (.success(let items), nil):
      let expected = try #require(row.items)
      #expect(items.count == expected.count, "\(row.text.debugDescription) read \(items)")
      for (item, fields) in zip(items, expected) {
        #expect(item.name == (try Self.string(fields, 0)), "\(row.text.debugDescription)")
        #expect(
          item.amount.map(\.amount) == Self.number(fields, 1),
          "\(row.text.debugDescription) read \(String(describing: item.amount))")
        #expect(item.amount?.unit?.id == (try Self.optionalString(fields, 2)))
        if fields.count > 3, case .array(let pack) = fields[3] {
          #expect(item.amount?.packSize?.amount == Self.number(pack, 0))
          #expect(item.amount?.packSize?.unit?.id == (try Self.optionalString(pack, 1)))
        } else {
          #expect(item.amount?.packSize == nil, "\(row.text.debugDescription)")
        }
      }
    }
  }

  /// The refusal every face shows says what was typed and what to do.
  @Test func refusalsSayWhatWasTyped() throws {
    #expect(throws: ListError.amountWithoutName("2 kg")) { try ShoppingLine.read("2 kg") }
    #expect(
      ListError.amountWithoutName("2 kg").description
        == "\"2 kg\" says how much but not what: type what to add as well")
    #expect(ListError.zeroAmount.description.contains("above 0"))
  }

  /// Reading stays under a millisecond a line (so the add bar answers as you type), on the table's
  /// lines: the optimised build reads one in about 40 µs (docs/measurements.md); this debug build,
  /// with other tests running beside it, gets five times the bound.
  @Test func readingIsQuick() {
    let lines = Self.cases.map(\.text)
    let clock = ContinuousClock()
    var read = 0
    let spent = clock.measure {
      for _ in 0..<5 {
        for line in lines { read += (try? ShoppingLine.read(line).count) ?? 0 }
      }
    }
    let perLine = spent / (lines.count * 5)
    #expect(read > 0)
    #expect(perLine < .milliseconds(5), "\(perLine) a line")
  }

  private static func string(_ fields: [JSONValue], _ index: Int) throws -> String {
    guard index < fields.count, case .string(let text) = fields[index] else {
      throw CaseError.notText
    }
    return text
  }

  private static func optionalString(_ fields: [JSONValue], _ index: Int) throws -> String? {
    guard index < fields.count, fields[index] != .null else { return nil }
    return try string(fields, index)
  }

  private static func number(_ fields: [JSONValue], _ index: Int) -> Double? {
    guard index < fields.count, case .number(let value) = fields[index] else { return nil }
    return value
  }

  enum CaseError: Error { case notText }
}
