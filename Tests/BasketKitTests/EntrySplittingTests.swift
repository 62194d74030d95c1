import BasketKit
import Testing

@Suite struct EntrySplittingTests {
  @Test(arguments: [
    ("milk", ["milk"]), ("milk, eggs", ["milk", "eggs"]),
    ("eggs x12, 500g flour", ["eggs x12", "500g flour"]),
    ("1,5 l milk, bread", ["1,5 l milk", "bread"]), (" , milk,, ", ["milk"]), ("", []),
    // Found by FuzzAddText: U+06DD joins the space after it into one Character.
    ("tea\u{6DD} , milk", ["tea\u{6DD}", "milk"]),
  ])
  func commasSeparateEntriesButNotDecimals(text: String, entries: [String]) {
    #expect(AddTextParser.entries(in: text) == entries)
  }
}
