import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every route that changes something takes an op id and applies it once: walked from
/// `WebApp.routes`, so a route added later without a replay case here fails.
@Suite struct OperationReplayTests {
  static let op = "0000000a-0000-4000-8000-0000000000aa"

  /// The routes that change nothing although their method could: they take no op.
  static let reading: Set<String> = [
    "POST /api/v3/pair", "POST /api/v3/recipes/parse", "POST /api/v3/recipes/review",
    "POST /api/v3/mealprep/review", "POST /api/v3/pantry/scan", "POST /api/v3/plan/shop/review",
  ]

  /// Routes that change something yet take no op: each call makes a new one-time code that is
  /// never stored, so a replay could not answer the same link; a retry's second invitation
  /// runs out unused.
  static let notReplayed: Set<String> = [
    "POST /api/v3/invitations",
    // A library sent again imports nothing again: every recipe already there is skipped
    // (`RecipeFingerprint`); `LibraryRouteTests` checks it.
    "POST /api/v3/recipes/library",
  ]

  /// Per changing route: what to set up first (through the API, without op ids), and the path
  /// and body of the change to replay.
  static let cases: [String: @Sendable (StoreHarness) throws -> (path: String, json: String)] = [
    "POST /api/v3/items": { _ in ("/api/v3/items", #"{"name":"Milk"}"#) },
    "PATCH /api/v3/items/*": { web in
      ("/api/v3/items/\(web.add("Milk"))", #"{"name":"Oat milk"}"#)
    },
    "DELETE /api/v3/items/*": { web in ("/api/v3/items/\(web.add("Milk"))", "{}") },
    "PUT /api/v3/items/*/category": { web in
      ("/api/v3/items/\(web.add("Milk"))/category", #"{"category":"pet"}"#)
    },
    "POST /api/v3/items/*/check": { web in ("/api/v3/items/\(web.add("Milk"))/check", "{}") },
    "POST /api/v3/items/*/uncheck": { web in
      let milk = web.add("Milk")
      web.must("POST", "/api/v3/items/\(milk)/check")
      return ("/api/v3/items/\(milk)/uncheck", "{}")
    },
    "POST /api/v3/clear": { web in
      web.must("POST", "/api/v3/items/\(web.add("Milk"))/check")
      return ("/api/v3/clear", "{}")
    },
    "POST /api/v3/undo": { web in
      web.must("POST", "/api/v3/items/\(web.add("Milk"))/check")
      web.must("POST", "/api/v3/clear")
      return ("/api/v3/undo", "{}")
    },
    "POST /api/v3/recipes": { _ in ("/api/v3/recipes", #"{"recipe":{"title":"Toast"}}"#) },
    "POST /api/v3/recipes/import": { _ in
      ("/api/v3/recipes/import", #"{"text":"Soup\n\n1 onion\n2 l stock","save":true}"#)
    },
    "POST /api/v3/recipes/add": { web in
      let recipe = web.saveRecipe("Soup", ["1 onion", "2 l milk"])
      return (
        "/api/v3/recipes/add", #"{"recipe":\#(String(decoding: recipe.encoded(), as: UTF8.self))}"#
      )
    },
    "DELETE /api/v3/recipes/*": { web in
      ("/api/v3/recipes/\(web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? "")", "{}")
    },
    "POST /api/v3/recipes/*/add": { web in
      ("/api/v3/recipes/\(web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? "")/add", "{}")
    },
    "POST /api/v3/recipes/*/cooked": { web in
      let id = web.saveRecipe("Pancakes", ["200 g flour"])["id"]?.string ?? ""
      web.must("POST", "/api/v3/pantry", json: #"{"name":"Flour","left":"1 kg"}"#)
      return ("/api/v3/recipes/\(id)/cooked", #"{"apply":true}"#)
    },
    "POST /api/v3/mealprep/add": { web in
      let id = web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? ""
      return ("/api/v3/mealprep/add", #"{"recipes":[{"id":"\#(id)"}]}"#)
    },
    "PUT /api/v3/mealprep/draft": { web in
      let id = web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? ""
      return ("/api/v3/mealprep/draft", #"{"recipes":[{"id":"\#(id)"}],"skip":["1.1"]}"#)
    },
    "DELETE /api/v3/mealprep/draft": { web in
      let id = web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? ""
      web.must("PUT", "/api/v3/mealprep/draft", json: #"{"recipes":[{"id":"\#(id)"}]}"#)
      return ("/api/v3/mealprep/draft", "{}")
    },
    "POST /api/v3/plan": { web in
      let id = web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? ""
      return ("/api/v3/plan", #"{"recipe":"\#(id)","date":"2026-07-07"}"#)
    },
    "DELETE /api/v3/plan/*": { web in
      let id = web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? ""
      let meal = web.must("POST", "/api/v3/plan", json: #"{"recipe":"\#(id)","date":"2026-07-07"}"#)
      return ("/api/v3/plan/\(meal["meal"]?["id"]?.string ?? "")", "{}")
    },
    "POST /api/v3/plan/shop/add": { web in
      let id = web.saveRecipe("Soup", ["1 onion"])["id"]?.string ?? ""
      web.must("POST", "/api/v3/plan", json: #"{"recipe":"\#(id)","date":"2026-07-07"}"#)
      return ("/api/v3/plan/shop/add", #"{"from":"2026-07-06","to":"2026-07-12"}"#)
    },
    "POST /api/v3/shops": { _ in ("/api/v3/shops", #"{"name":"Lidl"}"#) },
    "POST /api/v3/staples": { _ in ("/api/v3/staples", #"{"name":"cumin"}"#) },
    "POST /api/v3/lists": { _ in ("/api/v3/lists", #"{"name":"Party"}"#) },
    "PATCH /api/v3/lists/*": { web in
      web.must("POST", "/api/v3/lists", json: #"{"name":"Party"}"#)
      return ("/api/v3/lists/party", #"{"name":"Birthday"}"#)
    },
    "DELETE /api/v3/lists/*": { web in
      web.must("POST", "/api/v3/lists", json: #"{"name":"Party"}"#)
      return ("/api/v3/lists/party", "{}")
    },
    "POST /api/v3/lists/*/restore": { web in
      let party = web.must("POST", "/api/v3/lists", json: #"{"name":"Party"}"#)["id"]?.string ?? ""
      web.must("DELETE", "/api/v3/lists/\(party)")
      return ("/api/v3/lists/\(party)/restore", "{}")
    },
    "POST /api/v3/staples/remove": { _ in ("/api/v3/staples/remove", #"{"name":"salt"}"#) },
    "PUT /api/v3/shops/current": { web in
      web.must("POST", "/api/v3/shops", json: #"{"name":"Lidl"}"#)
      web.must("POST", "/api/v3/shops", json: #"{"name":"Aldi"}"#)
      return ("/api/v3/shops/current", #"{"shop":"Aldi"}"#)
    },
    "PATCH /api/v3/shops/*": { web in
      web.must("POST", "/api/v3/shops", json: #"{"name":"Lidl"}"#)
      return ("/api/v3/shops/lidl", #"{"name":"Lidl Kensal Rise"}"#)
    },
    "POST /api/v3/shops/*/aisles": { web in
      let shop = web.must("POST", "/api/v3/shops", json: #"{"name":"Lidl"}"#)["shop"]
      let id = try #require(UUID(uuidString: shop?["id"]?.string ?? ""))
      // Aisles it has learnt (the harness's classifier knows no categories to learn from).
      try web.store.addCorrection(
        ShopCorrection(
          shop: id, keys: [], names: [], at: web.clock.now, categories: ["bakery", "dairy"]))
      return ("/api/v3/shops/lidl/aisles", #"{"category":"dairy","offset":-1}"#)
    },
    "DELETE /api/v3/shops/*": { web in
      web.must("POST", "/api/v3/shops", json: #"{"name":"Lidl"}"#)
      return ("/api/v3/shops/lidl", "{}")
    },
    "POST /api/v3/walking-order": { web in
      web.must("POST", "/api/v3/shops", json: #"{"name":"Lidl"}"#)
      let milk = web.add("Milk")
      web.clock.advance(by: 1)
      let bread = web.add("Bread")
      return ("/api/v3/walking-order", #"{"order":["\#(milk)","\#(bread)"]}"#)
    },
    "POST /api/v3/pantry": { _ in ("/api/v3/pantry", #"{"name":"Flour"}"#) },
    "PATCH /api/v3/pantry/*": { web in
      let id = web.must("POST", "/api/v3/pantry", json: #"{"name":"Flour"}"#)["entry"]?["id"]
      return ("/api/v3/pantry/\(id?.string ?? "")", #"{"note":"the good one"}"#)
    },
    "DELETE /api/v3/pantry/*": { web in
      let id = web.must("POST", "/api/v3/pantry", json: #"{"name":"Flour"}"#)["entry"]?["id"]
      return ("/api/v3/pantry/\(id?.string ?? "")", "{}")
    },
    "POST /api/v3/pantry/*/use": { web in
      let id = web.must("POST", "/api/v3/pantry", json: #"{"name":"Flour","left":"1 kg"}"#)[
        "entry"]?["id"]
      return ("/api/v3/pantry/\(id?.string ?? "")/use", #"{"amount":"200 g"}"#)
    },
    "POST /api/v3/checkin": { web in
      try offerMilk(web)
      return ("/api/v3/checkin", "{}")
    },
    "POST /api/v3/checkin/*/accept": { web in
      ("/api/v3/checkin/\(try offerMilk(web, asked: true))/accept", #"{"amount":"1 l"}"#)
    },
    "POST /api/v3/checkin/*/skip": { web in
      ("/api/v3/checkin/\(try offerMilk(web, asked: true))/skip", "{}")
    },
    "POST /api/v3/trip/start": { web in
      try shopFor(web)
      return ("/api/v3/trip/start", "{}")
    },
    "POST /api/v3/trip/replace": { web in
      let saffron = try shopFor(web)
      web.must("POST", "/api/v3/trip/start")
      return (
        "/api/v3/trip/replace",
        #"{"make":{"name":"Saffron threads","size":"1 g"},"at":"\#(saffron)"}"#
      )
    },
    "POST /api/v3/trip/step": { web in
      let saffron = try shopFor(web)
      web.must("POST", "/api/v3/trip/start")
      return ("/api/v3/trip/step", #"{"step":"skip","at":"\#(saffron)"}"#)
    },
    "POST /api/v3/products": { _ in ("/api/v3/products", #"{"name":"Oat drink","size":"1 l"}"#) },
    "PATCH /api/v3/products/*": { web in
      let made = web.must("POST", "/api/v3/products", json: #"{"name":"Oat drink"}"#)
      return ("/api/v3/products/\(made["product"]?["id"]?.string ?? "")", #"{"name":"Oatly"}"#)
    },
    "DELETE /api/v3/products/*": { web in
      let made = web.must("POST", "/api/v3/products", json: #"{"name":"Oat drink"}"#)
      return ("/api/v3/products/\(made["product"]?["id"]?.string ?? "")", "{}")
    },
    "POST /api/v3/trip/end": { web in
      try shopFor(web)
      web.must("POST", "/api/v3/trip/start")
      return ("/api/v3/trip/end", "{}")
    },
  ]

  /// Milk in the pantry, and milk checked off the list; with `asked`, the check-in offer made
  /// for it (its id).
  @discardableResult
  static func offerMilk(_ web: StoreHarness, asked: Bool = false) throws -> String {
    web.must("POST", "/api/v3/pantry", json: #"{"name":"Milk","left":"500 ml"}"#)
    web.must("POST", "/api/v3/items/\(web.add("milk"))/check")
    guard asked else { return "" }
    return try #require(web.must("POST", "/api/v3/checkin")["offers"]?[0]?["id"]?.string)
  }

  /// A shop with a product for milk, and milk and saffron (which has none) to get; saffron's id.
  @discardableResult
  static func shopFor(_ web: StoreHarness) throws -> String {
    web.must("POST", "/api/v3/shops", json: #"{"name":"Lidl"}"#)
    _ = try web.trips.products.add(
      "Whole milk",
      ProductChange(
        addAliases: ["milk"], packSize: .set(IngredientQuantity(amount: 1, unit: .liter))))
    web.add("milk")
    web.clock.advance(by: 1)
    return web.add("saffron")
  }

  /// `json` with `"op"` as its first member.
  static func withOp(_ json: String) -> String {
    json == "{}" ? #"{"op":"\#(op)"}"# : #"{"op":"\#(op)","# + json.dropFirst()
  }

  @Test func everyChangingRouteHasAReplayCaseAndEveryOtherOnlyReads() {
    let changing = WebApp.routes.filter { $0.operationID != .none && $0.operationID != .batch }
    #expect(Set(changing.map(\.description)) == Set(Self.cases.keys))
    let unlisted = WebApp.routes.filter {
      $0.operationID == .none && $0.method != "GET" && !Self.reading.contains($0.description)
        && !Self.notReplayed.contains($0.description)
    }
    #expect(unlisted.isEmpty, "a route that may change something takes no op: \(unlisted)")
  }

  @Test(arguments: WebApp.routes.filter { $0.operationID != .none && $0.operationID != .batch })
  func aReplayedOpChangesNothingTheSecondTime(route: APIRoute) throws {
    let web = try StoreHarness()
    let setUp = try #require(Self.cases[route.description], "no replay case for \(route)")
    let (path, json) = try setUp(web)
    let before = try web.everything()
    let first = web.send(route.method, path, json: Self.withOp(json))
    #expect((200..<300).contains(first.status), "\(route): \(first.text)")
    let after = try web.everything()
    #expect(after != before, "\(route) changed nothing the first time")

    let again = web.send(route.method, path, json: Self.withOp(json))
    #expect(try web.everything() == after, "\(route) applied twice")
    switch route.operationID {
    case .list:
      #expect(again.status == (first.status == 201 ? 200 : first.status), "\(again.text)")
    default:
      #expect(again.status == 200)
      #expect(web.body(again)["status"]?.string == "duplicate", "\(again.text)")
      #expect(web.body(again)["op"]?.string == Self.op)
      #expect(web.body(again)["revision"]?.number == Double(try web.store.revision()))
    }
  }

  /// A refused change (an error answered by the route, or thrown from reading its body)
  /// leaves its op unused, so the retry once it can apply does apply.
  @Test(arguments: [
    ("/api/v3/trip/step", #"{"step":"pause"}"#, 404),
    ("/api/v3/trip/step", #"{"stepp":"pause"}"#, 400),
  ])
  func aChangeThatFailsLeavesItsOpFreeForTheRetry(path: String, json: String, status: Int)
    throws
  {
    let web = try StoreHarness()
    #expect(web.send("POST", path, json: Self.withOp(json)).status == status)
    try Self.shopFor(web)
    web.must("POST", "/api/v3/trip/start")
    let paused = web.send("POST", "/api/v3/trip/step", json: Self.withOp(#"{"step":"pause"}"#))
    #expect(paused.status == 200)
    #expect(web.body(paused)["trip"]?["phase"]?.string == "paused")
  }

  @Test(arguments: [
    ("POST", "/api/v3/pantry", #"{"name":"Flour","op":"nope"}"#, #""op" must be a UUID"#),
    ("POST", "/api/v3/pantry", #"{"name":"Flour","op":7}"#, #""op" must be a UUID"#),
    ("POST", "/api/v3/recipes/parse", #"{"lines":["salt"],"op":"\#(op)"}"#, "unknown field \"op\""),
  ])
  func anOpWhereNoneGoesOrNotAUUIDIsRefused(
    method: String, path: String, json: String, error: String
  )
    throws
  {
    let web = try StoreHarness()
    let before = try web.everything()
    let response = web.send(method, path, json: json)
    #expect(response.status == 400)
    #expect(web.body(response)["error"]?.string?.contains(error) == true, "\(response.text)")
    #expect(try web.everything() == before)
  }

  @Test func anImportRunsOnlyItsSaveOnce() throws {
    let web = try StoreHarness()
    let json = Self.withOp(#"{"text":"Soup\n\n1 onion","save":true}"#)
    #expect(web.send("POST", "/api/v3/recipes/import", json: json).status == 201)
    let again = web.send("POST", "/api/v3/recipes/import", json: json)
    #expect(web.body(again)["status"]?.string == "duplicate")
    guard case .array(let recipes)? = web.must("GET", "/api/v3/recipes")["recipes"] else {
      Issue.record("no recipes")
      return
    }
    #expect(recipes.count == 1)
    // Without "save" an import writes nothing, and the op is not used up.
    let read = web.send(
      "POST", "/api/v3/recipes/import",
      json: Self.withOp(#"{"text":"Soup\n\n1 onion"}"#)
        .replacingOccurrences(of: Self.op, with: "0000000a-0000-4000-8000-0000000000bb"))
    #expect(read.status == 200)
    #expect(web.body(read)["recipe"]?["title"]?.string == "Soup")
  }

  /// The quick look for `"op"` before a body is parsed: found anywhere, never past the end.
  @Test(arguments: [
    (#"{"op":"x"}"#, true), (#"{"text":"1 cup flour", "op" : 1}"#, true),
    (#"{"text":"opt"}"#, false), (#"{"text":"op"#, false), (#"""o""#, false), ("", false),
    (#""o""o""op""#, true), (String(repeating: "\"", count: 1_000) + "op\"", true),
  ])
  func theLookForAnOpFindsItAnywhereAndNothingPastTheEnd(body: String, found: Bool) {
    #expect(WebApp.mentions(#""op""#, Array(body.utf8)) == found)
  }
}
