import BasketKit
import Testing

@Suite struct EntrySplittingTests {
  @Test(arguments: [
    ("milk", ["milk"]), ("milk, eggs", ["milk", "eggs"]),
    ("eggs x12, 500g flour", ["eggs x12", "500g flour"]),
    ("1,5 l milk, bread", ["1,5 l milk", "bread"]), (" , milk,, ", ["milk"]), ("", []),
  ])
  func commasSeparateEntriesButNotDecimals(text: String, entries: [String]) {
    #expect(AddTextParser.entries(in: text) == entries)
  }
}
