import Foundation
import Testing

/// `basket pantry add` reads amounts as `basket add` does, so one typed amount means one thing.
@Suite struct PantryTypedTests {
  let basket = BasketBinary()

  @Test func typedAmountsBecomeTheEntrysStock() throws {
    let onions = try basket.run(["pantry", "add", "3 onions"])
    #expect(onions.stdout == "Added onions to the pantry: 3.\n", "\(onions.stderr)")
    let tins = try basket.run(["pantry", "add", "2 x 400 g chopped tomatoes", "--json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(tins.stdout.utf8)) as? [String: Any])
    let entry = try #require(json["entry"] as? [String: Any])
    #expect(entry["name"] as? String == "chopped tomatoes")
    #expect(entry["stock"] as? String == "2 × 400 g")
    let soda = try basket.run(["pantry", "add", "7up"])
    #expect(soda.stdout == "Added 7up to the pantry: 1 package.\n")
  }
}
