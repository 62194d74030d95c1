import Foundation  // NB: Process lives in full Foundation; only tests use it.
import Testing

/// What an adversarial run found on the newest surfaces, each against the built `basket`
/// (serving, or on the command line): amounts and pack sizes past their limits, names with
/// nothing to show or with control characters, one address holding every live stream, binary
/// text in the web importer, meal-prep drafts and odd framing.
@Suite(.serialized) struct HardeningServeTests {
  typealias Server = ServeBinaryTests.Server
  static let json = ["-H", "Content-Type: application/json"]

  static func post(_ server: Server, _ path: String, _ body: String) throws -> (Int, String) {
    try ServeBinaryTests.curl(json + ["-d", body, server.base + path])
  }

  /// The id of the item a POST /api/v1/items answered with.
  static func id(_ answer: (Int, String)) throws -> String {
    String(try #require(answer.1.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1))
  }

  static func amountChange(_ item: String, _ amount: String) -> String {
    let op = UUID().uuidString.lowercased()
    return
      #"{"ops":[{"op":"\#(op)","at":"2026-12-06T10:00:00Z","type":"amount","item":"\#(item)","amount":\#(amount)}]}"#
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func aPackSizeIsCheckedAsAmountsAreAndCheckInNeverAnswers500() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let item = try Self.id(try Self.post(server, "/api/v1/items", #"{"name":"tomatoes"}"#))
    let refused = [
      #"{"amount":2,"unit":"can","packSize":{"amount":1e308,"unit":"oz"}}"#,
      #"{"amount":2,"unit":"can","packSize":{"amount":1e-300,"unit":"oz"}}"#,
      #"{"amount":2,"unit":"can","packSize":{"amount":3,"unit":"can"}}"#,
      #"{"amount":2,"unit":"can","packSize":{"amount":14,"maxAmount":-5,"unit":"oz"}}"#,
      #"{"amount":2,"unit":"can","packSize":{"amount":14,"unit":"oz","colour":"red"}}"#,
    ]
    for amount in refused {
      let answer = try Self.post(server, "/api/v1/ops", Self.amountChange(item, amount))
      #expect(answer.0 == 200, "\(answer.1)")
      #expect(answer.1.contains(#""status":"refused""#), "\(amount): \(answer.1)")
    }
    let good = try Self.post(
      server, "/api/v1/ops",
      Self.amountChange(item, #"{"amount":2,"unit":"can","packSize":{"amount":14,"unit":"oz"}}"#))
    #expect(good.1.contains(#""status":"applied""#), "\(good.1)")
    #expect(try Self.post(server, "/api/v1/items/\(item)/check", "{}").0 == 200)
    let offers = try Self.post(server, "/api/v1/checkin", #"{"everything":true}"#)
    #expect(offers.0 == 200, "\(offers.1)")
    let offer = String(try #require(offers.1.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1))
    let accepted = try Self.post(server, "/api/v1/checkin/\(offer)/accept", "{}")
    #expect(accepted.0 == 200, "\(accepted.1)")
    #expect(try server.basket(["checkin", "--accept-all"]).status == 0)
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func everyAmountOnEveryPathIsWithinItsUnitsLimitOrRefused() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    for typed in ["-5 cups sugar", "nan cups rice", "-5 apples"] {
      let added = try server.basket(["add", typed])
      #expect(added.status == 1, "\(typed): \(added.output)")
    }
    let web = try Self.post(server, "/api/v1/items", #"{"text":"nan cups rice"}"#)
    #expect(web.0 == 422 || web.0 == 400, "\(web.1)")
    let recipe = "\(server.directory)/absurd.txt"
    try """
    Absurd rice

    Ingredients
    1000000 kg rice
    1e308 cups flour
    2 onions
    """.write(toFile: recipe, atomically: true, encoding: .utf8)
    #expect(try server.basket(["recipe", "import", recipe, "--save"]).status == 0)
    let added = try server.basket(["recipe", "add", "absurd"])
    #expect(added.output.contains("is not an amount Basket takes"), "\(added.output)")
    let list = try server.basket(["list", "--json"]).output
    #expect(list.contains("onion"), "\(list)")
    #expect(!list.contains(#""name" : "rice""#) && !list.contains("flour"), "\(list)")
    #expect(!list.contains("e308"), "\(list)")
    let product = try server.basket(["product", "add", "rice", "--size", "1000000 g"])
    #expect(product.status == 1, "\(product.output)")
    let pantry = try server.basket(["pantry", "add", "rice", "--left", "1000004 kg"])
    #expect(pantry.status == 1, "\(pantry.output)")
    let packs = try server.basket([
      "pantry", "add", "flour", "--packages", "9000", "--size", "1 kg",
    ])
    #expect(packs.status == 1, "\(packs.output)")
    #expect(packs.output.contains("at most 100 kg"), "\(packs.output)")
    #expect(try server.basket(["pantry", "add", "rice", "--left", "5 kg"]).status == 0)
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func controlCharactersLeaveEveryKindOfNameAndInvisibleNamesAreRefused() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let red = "\u{1B}[31mred\u{1B}[0m beans"
    #expect(try server.basket(["product", "add", red]).status == 0)
    #expect(try server.basket(["shop", "add", "Corner\u{7}\u{9B}shop"]).status == 0)
    #expect(try server.basket(["pantry", "add", red]).status == 0)
    #expect(try server.basket(["staples", "add", "salt\u{1B}[2J"]).status == 0)
    let escaped = #"\u001b[31mfish\u0000 fingers"#
    for (path, body) in [
      ("/api/v1/shops", #"{"name":"\#(escaped)"}"#),
      ("/api/v1/pantry", #"{"name":"\#(escaped)"}"#),
      ("/api/v1/staples", #"{"name":"\#(escaped)"}"#),
    ] {
      let answer = try Self.post(server, path, body)
      #expect(answer.0 < 300, "\(path): \(answer.1)")
    }
    for listing in [["product", "list"], ["shop", "list"], ["pantry", "list"], ["staples"]] {
      let output = try server.basket(listing).output
      #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(listing)")
      #expect(!output.contains("\u{9B}") && !output.contains("\u{1B}"), "\(listing)")
    }
    #expect(try server.basket(["product", "list"]).output.contains("[31mred[0m beans"))
    for invisible in ["\u{200D}", "\u{0301}", "\u{FE0F}", "\u{200D}\u{FE0F} \u{0301}"] {
      #expect(try server.basket(["add", invisible]).status == 1)
      #expect(try server.basket(["product", "add", invisible]).status == 1)
      #expect(try server.basket(["shop", "add", invisible]).status == 1)
      #expect(try server.basket(["pantry", "add", invisible]).status == 1)
      #expect(try server.basket(["staples", "add", invisible]).status == 1)
      let web = try Self.post(
        server, "/api/v1/items",
        #"{"name":"\#(invisible.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined())"}"#
      )
      #expect(web.0 == 422 || web.0 == 400, "\(web.1)")
    }
    #expect(try server.basket(["add", "👨\u{200D}🍳 apron"]).status == 0)
    #expect(try server.basket(["list"]).output.contains("👨\u{200D}🍳 apron"))
  }
}
