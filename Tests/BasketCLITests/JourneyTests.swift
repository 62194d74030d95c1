import Foundation
import Testing

/// A household's whole journey from recipe to pantry against the built binary, every step
/// read as JSON: a recipe pasted and reviewed against the pantry, what is left put on the list
/// in amounts you can buy, a new shop's walk grouped by aisle, a trip that walks at once, the
/// check-in, and the pantry after.
@Suite struct JourneyTests {
  let basket = BasketBinary()

  @discardableResult
  private func ok(_ arguments: [String]) throws -> String {
    let result = try basket.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout
  }

  private func json(_ arguments: [String]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(try ok(arguments + ["--json"]).utf8))
  }

  private func object(_ arguments: [String]) throws -> [String: Any] {
    try #require(try json(arguments) as? [String: Any])
  }

  /// `value` of each of `rows` (a list's items, a recipe's lines, pantry entries), by its name.
  private static func byName(
    _ rows: [[String: Any]], _ value: ([String: Any]) -> String?
  ) -> [String: String?] {
    Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", value($0)) })
  }

  @Test func fromARecipeToTheShopAndBackIntoThePantry() throws {
    // What is at home, typed as the list reads it.
    try ok(["pantry", "add", "3 onions"])
    try ok(["pantry", "add", "2 x 400 g chopped tomatoes"])

    let stew = basket.directory.appendingPathComponent("stew.txt")
    try Data(
      """
      Stew
      Serves 4

      Ingredients
      2 onions
      2 (14-oz) cans tomatoes
      1.5 cans kidney beans
      4 cloves garlic
      1 tsp salt
      1 tsp ground cumin
      4 cups water
      1 tbsp parsley (optional)

      Method
      Cook it all slowly.
      """.utf8
    ).write(to: stew)
    let imported = try object(["recipe", "import", stew.path, "--save"])
    #expect(imported["title"] as? String == "Stew")

    // Review against the pantry: onions counted, the tins matched as the same food and pack;
    // salt (always have), water and the optional parsley are left out.
    let review = try object(["recipe", "coverage", "stew"])
    let lines = try #require((review["coverage"] as? [String: Any])?["lines"] as? [[String: Any]])
    let status = Self.byName(lines) { $0["status"] as? String }
    #expect(
      status == [
        "onions": "covered", "tomatoes": "covered", "kidney beans": "notCovered",
        "garlic": "notCovered", "ground cumin": "notCovered",
      ])
    let tomatoes = try #require(lines.first { $0["name"] as? String == "tomatoes" })
    #expect(tomatoes["entry"] as? String == "chopped tomatoes")
    #expect(
      lines.first { $0["name"] as? String == "ground cumin" }?["decisionText"] as? String
        == "buy 1 jar · recipe needs 1 tsp")

    // What is left goes on the list, in amounts you can buy.
    try ok(["recipe", "coverage", "stew", "--add"])
    let list = try object(["list"])
    let toGet = try #require(list["toGet"] as? [[String: Any]])
    let buy = Self.byName(toGet) { ($0["buy"] as? [String: Any])?["text"] as? String }
    #expect(
      buy == ["kidney beans": "2 cans", "garlic": "4 cloves", "ground cumin": "1 jar (71 g)"])
    let beans = try #require(toGet.first { $0["name"] as? String == "kidney beans" })
    #expect((beans["buy"] as? [String: Any])?["need"] as? String == "recipe needs 1½")

    // A new shop starts in a typical supermarket's walk, one stretch per aisle.
    try ok(["shop", "add", "Corner", "shop"])
    let walk = try object(["list", "--walking-order"])
    let stretches = try #require(walk["stretches"] as? [[String: Any]])
    #expect(stretches.compactMap { $0["category"] as? String } == ["produce", "pantry", "spices"])

    // The trip walks at once: nothing to settle, the card says what it is for.
    let trip = try object(["trip", "start"])
    #expect(trip["phase"] as? String == "walking")
    #expect(trip["pendingExceptions"] as? Int == 0)
    let first = try #require(trip["current"] as? [String: Any])
    #expect(first["name"] as? String == "garlic")
    #expect(first["facts"] as? String == "for Stew · Produce · 3 left")
    for _ in 0..<3 { try ok(["trip", "got"]) }
    #expect(try object(["trip"])["atEnd"] as? Bool == true)
    try ok(["trip", "end"])

    // Check in what was bought: the beans as 2 cans, not 1.5.
    try ok(["checkin", "--accept-all"])
    let pantry = try #require(try json(["pantry", "list"]) as? [[String: Any]])
    let stock = Self.byName(pantry) { $0["stock"] as? String }
    #expect(
      stock == [
        "chopped tomatoes": "2 × 400 g", "onions": "3", "kidney beans": "2 cans",
        "garlic": "1 package, 4 cloves left", "ground cumin": "1 package",
      ])
    #expect((try object(["list"])["toGet"] as? [Any])?.isEmpty == true)
  }
}
