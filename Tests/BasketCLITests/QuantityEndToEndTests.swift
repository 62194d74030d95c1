import Foundation
import Testing

/// Impossible quantities at the command line: refused with one line and exit 1, never saved,
/// and a store that already holds one still opens, repaired and saying so.
@Suite struct QuantityEndToEndTests {
  let basket = BasketBinary()

  @Test(arguments: [
    "eggs x99999999999999999999", "999999999999 kg rice", "rice 999999999999 kg",
    "flour 100001 g", "2 kg milk", "1e308 g salt", "-5 kg flour", "inf g sugar", "nan kg rice",
  ])
  func anAddWithAnImpossibleQuantityIsRefusedAndSavesNothing(text: String) throws {
    let add = try basket.run(["add", "bread", text])
    #expect(add.status == 1, "\(add.stderr)")
    #expect(add.stderr.hasPrefix("basket: "))
    #expect(add.stderr.split(separator: "\n").count == 1, "\(add.stderr)")
    #expect(add.stdout.isEmpty)
    // Every entry is checked before the store is opened, so not even a new store was started.
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
    try basket.run(["add", "tea"])
    #expect(try basket.names("toGet") == ["tea"])
  }

  @Test func theRefusalSaysWhatBasketTakes() throws {
    let eggs = try basket.run(["add", "eggs x99999999999999999999"])
    #expect(eggs.stderr == "basket: 1e+20 units is not an amount Basket takes (0 to 999 units)\n")
    let rice = try basket.run(["add", "999999999999 kg rice"])
    #expect(rice.stderr == "basket: 999999999999 kg is not an amount Basket takes (0 to 100 kg)\n")
    // Other spellings of a number are amounts too, refused the same way, not made into names.
    let flour = try basket.run(["add", "-5 kg flour"])
    #expect(flour.stderr == "basket: -5 kg is not an amount Basket takes (0 to 100 kg)\n")
    let salt = try basket.run(["add", "1e308 g salt"])
    #expect(salt.stderr == "basket: 1e+308 g is not an amount Basket takes (0 to 100000 g)\n")
    let rice2 = try basket.run(["add", "nan kg rice"])
    #expect(
      rice2.status == 1 && rice2.stderr.hasSuffix("is not an amount Basket takes (0 to 100 kg)\n"))
  }

  @Test func qtyRefusesWhatAddRefuses() throws {
    try basket.run(["add", "rice", "flour", "milk 1 l"])
    for arguments in [
      ["rice", "999999999999", "kg"], ["rice", "999999999999kg"], ["flour", "500", "ml"],
      ["milk", "2", "kg"], ["milk", "150 l"],
    ] {
      let result = try basket.run(["qty"] + arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    let flour = try basket.run(["qty", "flour", "500", "ml"])
    #expect(flour.stderr == "basket: flour can't be measured in ml\n")
    let items = try basket.listJSON()["toGet"] as! [[String: Any]]
    #expect(items.map { $0["quantity"] is NSNull } == [false, true, true])  // milk, flour, rice
  }

  @Test func aStoreHoldingAnImpossibleAmountOpensListsAndReportsTheRepair() throws {
    try basket.run(["add", "eggs", "milk 2 l"])
    let sql = try basket.run(
      program: "/usr/bin/sqlite3",
      [basket.storePath, "UPDATE items SET amount = 1e20, unit = 'units' WHERE name = 'eggs'"])
    #expect(sql.status == 0)

    let list = try basket.run(["list"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout == "To get\n  1. milk (2 L)\n  2. eggs\n")
    #expect(
      list.stderr
        == "basket: dropped the quantity \"1e+20 units\" from eggs: the store held an amount Basket can't use\n"
    )
    let again = try basket.run(["list"])
    #expect(again.stderr.isEmpty)
    #expect(try basket.run(["check", "eggs"]).status == 0)
    #expect(try basket.run(["list", "--json"]).status == 0)
  }

  @Test func aStoreWithManyImpossibleAmountsReportsAFewAndACount() throws {
    try basket.run(["add", "a", "b", "c", "d", "e", "f", "g"])
    let sql = try basket.run(
      program: "/usr/bin/sqlite3",
      [basket.storePath, "UPDATE items SET amount = 9e999, unit = 'g'"])
    #expect(sql.status == 0)
    let list = try basket.run(["list", "--line"])
    #expect(list.status == 0)
    let lines = list.stderr.split(separator: "\n")
    #expect(lines.count == 6)
    #expect(lines.last == "basket: and from 2 more items")
  }
}
