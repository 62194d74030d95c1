import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list's rows, made as each is read: the same rows in the same order as the sections
/// spell out, whichever sections hold items.
@Suite struct ListRowsTests {
  private static func items(_ count: Int, from first: Int) -> [Item] {
    (first..<first + count).map { n in
      Item(
        id: Fixtures.id(n), name: "Thing \(n)", emoji: "🧺",
        addedAt: Fixtures.monday.addingTimeInterval(Double(n)))
    }
  }

  /// The rows spelled out in full, as a frame once built them.
  private static func spelledOut(_ sections: ListSections) -> [ListRow] {
    guard !sections.isEmpty else { return [] }
    var rows: [ListRow] = [.toGetHeader(count: sections.toGet.count)]
    rows +=
      sections.toGet.isEmpty ? [.nothingLeft] : sections.toGet.map { .item($0, section: .toGet) }
    if !sections.gotIt.isEmpty {
      rows += [.gap, .gotItHeader(count: sections.gotIt.count)]
      rows += sections.gotIt.map { .item($0, section: .gotIt) }
    }
    return rows
  }

  @Test(arguments: [(0, 0), (1, 0), (0, 1), (3, 2), (0, 4), (7, 0), (250, 40)])
  func theRowsAreTheSectionsInOrder(toGet: Int, gotIt: Int) {
    let sections = ListSections(
      toGet: Self.items(toGet, from: 1), gotIt: Self.items(gotIt, from: 1_000))
    let rows = ListRow.rows(for: sections)
    #expect(Array(rows) == Self.spelledOut(sections))
    #expect(rows.count == Self.spelledOut(sections).count)
    if !rows.isEmpty {
      #expect(rows[rows.count - 1] == Self.spelledOut(sections).last)
    }
  }
}
