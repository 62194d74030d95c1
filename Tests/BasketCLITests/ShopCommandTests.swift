import Foundation
import Testing

@Suite struct ShopCommandTests {
  let basket = BasketBinary()

  /// Runs `arguments` with the clock pinned `minutes` after 6 July 2026, 10:00 UTC.
  @discardableResult
  private func run(_ arguments: [String], at minutes: Int = 0) throws -> BasketBinary.Result {
    let date = Date(timeIntervalSince1970: 1_783_332_000 + Double(minutes * 60))
    return try basket.run(
      arguments, environment: ["BASKET_NOW": ISO8601DateFormatter().string(from: date)])
  }

  private func walkingOrder(_ extra: [String] = []) throws -> [String] {
    let result = try run(["list", "--walking-order", "--json"] + extra, at: 2 * 24 * 60)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let stretches = json?["stretches"] as? [[String: Any]] ?? []
    return stretches.flatMap {
      ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
  }

  @Test func theListComesInTheOrderThingsWereCheckedOffInTheShop() throws {
    try run(["add", "Apples, Milk, Bread"])
    #expect(try run(["shop"]).stdout == "No shops yet. Add one: basket shop add NAME\n")
    #expect(try run(["shop", "add", "Lidl"]).stdout == "Added Lidl, the current shop.\n")
    let twin = try run(["shop", "add", "LIDL"])
    #expect(twin.status == 1)
    #expect(twin.stderr == "basket: there is already a shop called Lidl\n")

    for (minute, name) in ["Bread", "Milk", "Apples"].enumerated() {
      #expect(try run(["check", name], at: minute + 1).status == 0)
    }
    try run(["add", "Bread, Toothpaste, Milk, Apples"], at: 2 * 24 * 60)
    #expect(try walkingOrder() == ["Bread", "Milk", "Apples", "Toothpaste"])

    let text = try run(["list", "--walking-order"], at: 2 * 24 * 60).stdout
    #expect(text.hasPrefix("To get at Lidl\n"))
    // The numbers stay those of the plain list (newest first: Apples is 1, Bread 4).
    #expect(text.contains("4. Bread\n"))
    #expect(text.contains("1. Apples\n"))
    let shops = try JSONSerialization.jsonObject(
      with: Data(try run(["shop", "list", "--json"]).stdout.utf8))
    #expect((shops as? [[String: Any]])?.first?["name"] as? String == "Lidl")
    #expect((shops as? [[String: Any]])?.first?["current"] as? Bool == true)
  }

  @Test func checkingOffWithShopTeachesThatShopOnly() throws {
    try run(["shop", "add", "Lidl"])
    try run(["shop", "add", "Saturday market"])
    try run(["add", "Bread, Apples"])
    try run(["--shop", "sat", "check", "Apples"], at: 1)
    try run(["check", "Bread", "--shop=Saturday market"], at: 2)
    try run(["add", "Bread, Apples"], at: 2 * 24 * 60)
    #expect(try walkingOrder(["--shop", "Saturday"]) == ["Apples", "Bread"])
    // Lidl learnt nothing of its own; it borrows the market's order.
    #expect(try walkingOrder() == ["Apples", "Bread"])
    #expect(try run(["shop", "remove", "sat"]).status == 0)
    #expect(try run(["shop", "list"]).stdout.contains("Saturday") == false)
  }

  @Test func aRenamedShopKeepsItsWalkingOrder() throws {
    try run(["add", "Apples, Milk, Bread"])
    try run(["shop", "add", "Lidl"])
    try run(["shop", "add", "Aldi"])
    for (minute, name) in ["Bread", "Milk", "Apples"].enumerated() {
      #expect(try run(["check", name], at: minute + 1).status == 0)
    }
    try run(["add", "Milk, Apples, Bread"], at: 2 * 24 * 60)
    let renamed = try run(["shop", "rename", "lidl", "Lidl Kensal Rise"])
    #expect(renamed.stdout == "Renamed Lidl to Lidl Kensal Rise; its walking order stays.\n")
    #expect(try walkingOrder() == ["Bread", "Milk", "Apples"])
    #expect(try run(["shop"]).stdout.contains("Lidl Kensal Rise (current)"))
    let taken = try run(["shop", "rename", "Aldi", "lidl kensal rise"])
    #expect(taken.status == 1)
    #expect(taken.stderr == "basket: there is already a shop called Lidl Kensal Rise\n")
    #expect(try run(["shop", "rename", "Tesco", "x"]).status == 1)
    #expect(try run(["shop", "rename", "Aldi"]).status == 2)
  }

  @Test func anUnknownShopIsAClearErrorAndChangesNothing() throws {
    try run(["add", "Bread"])
    let none = try run(["list", "--walking-order"])
    #expect(none.status == 1)
    #expect(none.stderr.contains("basket shop add"))
    try run(["shop", "add", "Lidl"])
    let unknown = try run(["--shop", "Tesco", "check", "Bread"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "basket: there is no shop called Tesco (shops: Lidl)\n")
    let list = try JSONSerialization.jsonObject(
      with: Data(try run(["list", "--json"]).stdout.utf8))
    #expect(((list as? [String: Any])?["gotIt"] as? [Any])?.isEmpty == true)
    #expect(try run(["shop", "frobnicate"]).status == 2)
    #expect(try run(["list", "--walking-order", "--line"]).status == 2)
  }
}
