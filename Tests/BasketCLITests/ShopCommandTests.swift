import Foundation
import Testing

@Suite struct ShopCommandTests {
  let basket = BasketBinary()

  private func walkingOrder(_ extra: [String] = []) throws -> [String] {
    let result = try basket.run(["list", "--walking-order", "--json"] + extra, at: 2 * 24 * 60)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let stretches = json?["stretches"] as? [[String: Any]] ?? []
    return stretches.flatMap {
      ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
  }

  @Test func theListComesInTheOrderThingsWereCheckedOffInTheShop() throws {
    try basket.run(["add", "Apples, Milk, Bread"])
    #expect(try basket.run(["shop"]).stdout == "No shops yet. Add one: basket shop add NAME\n")
    #expect(try basket.run(["shop", "add", "Lidl"]).stdout == "Added Lidl, the current shop.\n")
    let twin = try basket.run(["shop", "add", "LIDL"])
    #expect(twin.status == 1)
    #expect(twin.stderr == "basket: there is already a shop called Lidl\n")

    for (minute, name) in ["Bread", "Milk", "Apples"].enumerated() {
      #expect(try basket.run(["check", name], at: minute + 1).status == 0)
    }
    try basket.run(["add", "Bread, Toothpaste, Milk, Apples"], at: 2 * 24 * 60)
    #expect(try walkingOrder() == ["Bread", "Milk", "Apples", "Toothpaste"])

    let text = try basket.run(["list", "--walking-order"], at: 2 * 24 * 60).stdout
    #expect(text.hasPrefix("To get at Lidl\n"))
    // The numbers stay those of the plain list (newest first: Apples is 1, Bread 4).
    #expect(text.contains("4. Bread\n"))
    #expect(text.contains("1. Apples\n"))
    let shops = try JSONSerialization.jsonObject(
      with: Data(try basket.run(["shop", "list", "--json"]).stdout.utf8))
    #expect((shops as? [[String: Any]])?.first?["name"] as? String == "Lidl")
    #expect((shops as? [[String: Any]])?.first?["current"] as? Bool == true)
  }

  @Test func checkingOffWithShopTeachesThatShopOnly() throws {
    try basket.run(["shop", "add", "Lidl"])
    try basket.run(["shop", "add", "Saturday market"])
    try basket.run(["add", "Bread, Apples"])
    try basket.run(["--shop", "sat", "check", "Apples"], at: 1)
    try basket.run(["check", "Bread", "--shop=Saturday market"], at: 2)
    try basket.run(["add", "Bread, Apples"], at: 2 * 24 * 60)
    #expect(try walkingOrder(["--shop", "Saturday"]) == ["Apples", "Bread"])
    // Lidl learnt nothing of its own; it borrows the market's order.
    #expect(try walkingOrder() == ["Apples", "Bread"])
    #expect(try basket.run(["shop", "remove", "sat"]).status == 0)
    #expect(try basket.run(["shop", "list"]).stdout.contains("Saturday") == false)
  }

  @Test func aRenamedShopKeepsItsWalkingOrder() throws {
    try basket.run(["add", "Apples, Milk, Bread"])
    try basket.run(["shop", "add", "Lidl"])
    try basket.run(["shop", "add", "Aldi"])
    for (minute, name) in ["Bread", "Milk", "Apples"].enumerated() {
      #expect(try basket.run(["check", name], at: minute + 1).status == 0)
    }
    try basket.run(["add", "Milk, Apples, Bread"], at: 2 * 24 * 60)
    let renamed = try basket.run(["shop", "rename", "lidl", "Lidl Kensal Rise"])
    #expect(renamed.stdout == "Renamed Lidl to Lidl Kensal Rise; its walking order stays.\n")
    #expect(try walkingOrder() == ["Bread", "Milk", "Apples"])
    #expect(try basket.run(["shop"]).stdout.contains("Lidl Kensal Rise (current)"))
    let taken = try basket.run(["shop", "rename", "Aldi", "lidl kensal rise"])
    #expect(taken.status == 1)
    #expect(taken.stderr == "basket: there is already a shop called Lidl Kensal Rise\n")
    #expect(try basket.run(["shop", "rename", "Tesco", "x"]).status == 1)
    #expect(try basket.run(["shop", "rename", "Aldi"]).status == 2)
  }

  @Test func anUnknownShopIsAClearErrorAndChangesNothing() throws {
    try basket.run(["add", "Bread"])
    let none = try basket.run(["list", "--walking-order"])
    #expect(none.status == 1)
    #expect(none.stderr.contains("basket shop add"))
    try basket.run(["shop", "add", "Lidl"])
    let unknown = try basket.run(["--shop", "Tesco", "check", "Bread"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "basket: there is no shop called Tesco (shops: Lidl)\n")
    let list = try JSONSerialization.jsonObject(
      with: Data(try basket.run(["list", "--json"]).stdout.utf8))
    #expect(((list as? [String: Any])?["gotIt"] as? [Any])?.isEmpty == true)
    #expect(try basket.run(["shop", "frobnicate"]).status == 2)
    #expect(try basket.run(["list", "--walking-order", "--line"]).status == 2)
  }
}
