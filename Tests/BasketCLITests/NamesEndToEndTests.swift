import Foundation
import Testing

/// Item identity and suggestion chips as the built `basket` binary shows them.
@Suite struct NamesEndToEndTests {
  let basket = BasketBinary()

  @Test func namesWithoutLettersAreDifferentItems() throws {
    try basket.run(["add", "🍕"], at: "2026-07-06T10:00:00Z")
    let second = try basket.run(["add", "🍔"], at: "2026-07-06T10:00:01Z")
    #expect(second.status == 0)
    #expect(!second.stdout.contains("already on the list"))
    try basket.run(["add", "!!!"], at: "2026-07-06T10:00:02Z")
    #expect(try basket.names("toGet") == ["!!!", "🍔", "🍕"])
    let again = try basket.run(["add", "🍕"], at: "2026-07-06T10:00:03Z")
    #expect(again.stdout.contains("already on the list"))
    #expect(try basket.names("toGet") == ["🍕", "!!!", "🍔"])
  }

  @Test func pluralsAndAccentsStillFoldTogether() throws {
    try basket.run(["add", "Loaves"], at: "2026-07-06T10:00:00Z")
    try basket.run(["add", "Jalapeños"], at: "2026-07-06T10:00:01Z")
    #expect(try basket.run(["add", "loaf"], at: "2026-07-06T10:00:02Z").stdout.contains("already"))
    #expect(
      try basket.run(["add", "JALAPENO"], at: "2026-07-06T10:00:03Z").stdout.contains("already"))
    #expect(try basket.names("toGet") == ["Jalapeños", "Loaves"])
  }

  @Test func usualsShowATidyNameNotOneShoutedAdd() throws {
    for (second, name) in ["milk", "Milk", "MILK"].enumerated() {
      try basket.run(["add", name], at: "2026-07-06T10:00:0\(second)Z")
      try basket.run(["check", "milk"], at: "2026-07-06T10:00:0\(second)Z")
    }
    let usuals = try basket.run(["usuals", "--json"], at: "2026-07-06T10:01:00Z")
    let chips =
      try JSONSerialization.jsonObject(with: Data(usuals.stdout.utf8)) as! [[String: Any]]
    #expect(chips.map { $0["name"] as? String } == ["milk"])
  }

  @Test func aStapleComesFirstWithoutHistory() throws {
    try basket.run(["add", "bread"])  // suggest needs a list to exist
    let suggest = try basket.run(["suggest", "ch", "--json"])
    let chips =
      try JSONSerialization.jsonObject(with: Data(suggest.stdout.utf8)) as! [[String: Any]]
    let names = chips.compactMap { $0["name"] as? String }.prefix(3)
    #expect(names.contains("chicken") && names.contains("cheese"), "\(names)")
  }
}
