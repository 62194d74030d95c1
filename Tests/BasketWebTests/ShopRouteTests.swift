import BasketKit
import BasketTestSupport
import Synchronization
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Shops as the SQLite store keeps them, in memory; check-offs are given by the test (the
/// SQLite store records them itself when an item is checked off, see ShopStoreTests).
private final class MemoryShops: ShopStore {
  struct State {
    var shops: [Shop] = []
    var current: UUID?
    var checkOffs: [CheckOff] = []
    var corrections: [ShopCorrection] = []
  }
  let state = Mutex(State())

  func shops() throws -> [Shop] { state.withLock { $0.shops } }
  func addShop(_ shop: Shop) throws {
    try state.withLock { state in
      if let clash = ShopRules.clash(shop.name, in: state.shops) {
        throw ShopError.nameTaken(clash.name)
      }
      state.shops.append(shop)
    }
  }
  func removeShop(_ id: UUID) throws -> Bool {
    state.withLock { state in
      let before = state.shops.count
      state.shops.removeAll { $0.id == id }
      return state.shops.count < before
    }
  }
  func renameShop(_ id: UUID, to name: String) throws -> Bool {
    state.withLock { state in
      guard let index = state.shops.firstIndex(where: { $0.id == id }) else { return false }
      state.shops[index].name = name
      return true
    }
  }

  func currentShopID() throws -> UUID? { state.withLock { $0.current } }
  func setCurrentShop(_ id: UUID?) throws { state.withLock { $0.current = id } }
  func checkOffs(since date: Date) throws -> [CheckOff] {
    state.withLock { $0.checkOffs.filter { $0.at >= date } }
  }
  func addCorrection(_ correction: ShopCorrection) throws {
    state.withLock { $0.corrections.append(correction) }
  }
  func corrections(since date: Date) throws -> [ShopCorrection] {
    state.withLock { $0.corrections.filter { $0.at >= date } }
  }
}

/// A classifier that knows a few aisles, as the curated emoji table does.
private struct AisleClassifier: ItemClassifier {
  static let categories = [
    "bread": "bakery", "milk": "dairy", "cheese": "dairy", "apple": "produce",
    "tofu": "cuisines-east-asian",
  ]

  func classify(_ name: String) -> Classification {
    Classification(emoji: "🧺", stage: .curated, category: Self.categories[NameKey.of(name)])
  }
}

@Suite struct ShopRouteTests {
  let clock = TestClock()
  fileprivate let shops = MemoryShops()
  let app: WebApp
  let basket: Basket

  init() {
    let engine = SuggestionEngine(dictionary: [String]())
    basket = Basket(
      store: InMemoryStore(),
      environment: BasketEnvironment(
        clock: clock.appClock, ids: Fixtures.sequentialIDs(), classifier: AisleClassifier(),
        suggestions: { engine }))
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .loopbackOnly),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
        shops: ShopBook(store: shops, basket: basket)))
  }

  private func send(_ method: String, _ path: String, json: String? = nil) -> (Int, JSONValue) {
    let response = app.sameOrigin(method, path, json: json)
    return (response.status, (try? JSONValue.parse(response.body)) ?? .null)
  }

  /// The walk's stretches as "Title: names" lines.
  private func walk() throws -> [String] {
    let (status, body) = send("GET", "/api/v2/walking-order")
    #expect(status == 200)
    let toGet = try basket.sections().toGet
    let names = Dictionary(
      uniqueKeysWithValues: toGet.map { ($0.id.uuidString.lowercased(), $0.name) })
    guard case .array(let stretches)? = body["stretches"] else { return [] }
    return stretches.map { stretch in
      guard case .string(let title)? = stretch["title"], case .array(let ids)? = stretch["items"]
      else { return "?" }
      let shown = ids.map { id -> String in
        if case .string(let id) = id { return names[id] ?? "?" }
        return "?"
      }
      return "\(title): \(shown.joined(separator: ", "))"
    }
  }

  @Test func shopsAreAddedChosenAndLeft() {
    #expect(send("GET", "/api/v2/shops").1["shops"] == .array([]))
    let (added, body) = send("POST", "/api/v2/shops", json: #"{"name":"  Lidl "}"#)
    #expect(added == 201)
    #expect(body["shop"]?["name"] == .string("Lidl"))
    // The first shop is the current one.
    #expect(send("GET", "/api/v2/shops").1["current"] == body["shop"]?["id"])
    #expect(send("POST", "/api/v2/shops", json: #"{"name":"LIDL"}"#).0 == 409)
    #expect(send("POST", "/api/v2/shops", json: #"{"name":"   "}"#).0 == 400)
    #expect(send("POST", "/api/v2/shops", json: #"{"title":"Aldi"}"#).0 == 400)
    #expect(send("POST", "/api/v2/shops", json: #"{"name":"Saturday market"}"#).0 == 201)
    let chosen = send("PUT", "/api/v2/shops/current", json: #"{"shop":"sat"}"#)
    #expect(chosen.0 == 200)
    let market = chosen.1["shops"].flatMap { shops -> JSONValue? in
      guard case .array(let all) = shops else { return nil }
      return all.first { $0["name"] == .string("Saturday market") }?["id"]
    }
    #expect(chosen.1["current"] == market)
    #expect(send("PUT", "/api/v2/shops/current", json: #"{"shop":"Tesco"}"#).0 == 404)
    #expect(send("PUT", "/api/v2/shops/current", json: "{}").0 == 400)
    #expect(send("PUT", "/api/v2/shops/current", json: #"{"shop":null}"#).1["current"] == .null)
    #expect(send("DELETE", "/api/v2/shops").0 == 405)
  }

  @Test func withNoShopChosenThereIsNoWalkToShowOrTeach() {
    let (status, body) = send("GET", "/api/v2/walking-order")
    #expect(status == 200)
    #expect(body["shop"] == .null)
    #expect(send("POST", "/api/v2/walking-order", json: #"{"order":[]}"#).0 == 409)
  }

  /// One trip through `shop` an hour ago: bread, then milk, then apples checked off.
  private func recordTripAnHourAgo(through shop: Shop) {
    shops.state.withLock { state in
      for (minute, key) in ["bread", "milk", "apple"].enumerated() {
        state.checkOffs.append(
          CheckOff(
            shop: shop.id, key: key, name: key,
            at: clock.now.addingTimeInterval(Double(minute - 60) * 60)))
      }
    }
  }

  @Test func theWalkFollowsTheShopAndAMoveTeachesIt() throws {
    _ = send("POST", "/api/v2/shops", json: #"{"name":"Lidl"}"#)
    let lidl = try #require(try shops.shops().first)
    recordTripAnHourAgo(through: lidl)
    for name in ["Apples", "Tofu", "Milk", "Bread", "Cheese"] { _ = try basket.add(name: name) }
    #expect(
      try walk() == [
        "Bakery: Bread", "Dairy: Cheese, Milk", "Produce: Apples", "Cuisines east asian: Tofu",
      ])

    // The user drags Apples to the front: the shop learns it, ids no longer To get are
    // passed over, and the answer is the walk it now gives.
    let ids = Dictionary(
      uniqueKeysWithValues: try basket.sections().toGet.map { ($0.name, $0.id.uuidString) })
    let order = ["Apples", "Bread", "Cheese", "Milk", "Tofu"].map { "\"\(ids[$0]!)\"" }
    let gone = "\"\(UUID().uuidString)\""
    let (status, body) = send(
      "POST", "/api/v2/walking-order",
      json: #"{"order":[\#(gone),\#(order.joined(separator: ",")),\#(order[0])]}"#)
    #expect(status == 200)
    #expect(body["shop"]?["name"] == .string("Lidl"))
    let taught = try #require(shops.state.withLock { $0.corrections.last })
    #expect(taught.keys == ["apple", "bread", "cheese", "milk", "tofu"])
    #expect(taught.shop == lidl.id)
    #expect(try walk().first == "Produce: Apples")

    for bad in [#"{}"#, #"{"order":"x"}"#, #"{"order":[1]}"#, #"{"order":["nope"]}"#] {
      #expect(send("POST", "/api/v2/walking-order", json: bad).0 == 400, "\(bad)")
    }
  }

  /// The titles of the aisles shop `index` of a `/shops` answer has learnt.
  private func aisles(_ answer: JSONValue, _ index: Int) -> [String] {
    (answer["shops"]?[index]?["aisles"]?.elements ?? []).compactMap { $0["title"]?.string }
  }

  @Test func aShopIsRenamedKeepingWhatItLearntAndRemovedWithIt() throws {
    _ = send("POST", "/api/v2/shops", json: #"{"name":"Lidl"}"#)
    _ = send("POST", "/api/v2/shops", json: #"{"name":"Aldi"}"#)
    let lidl = try #require(try shops.shops().first)
    recordTripAnHourAgo(through: lidl)
    // The shops say which aisles each has learnt, in walking order.
    let listed = send("GET", "/api/v2/shops").1
    #expect(aisles(listed, 0) == ["Bakery", "Dairy", "Produce"])
    #expect(listed["shops"]?[1]?["aisles"] == .array([]))

    let id = lidl.id.uuidString.lowercased()
    let (renamed, body) = send(
      "PATCH", "/api/v2/shops/\(id)", json: #"{"name":" Lidl Kensal Rise "}"#)
    #expect(renamed == 200)
    #expect(body["shop"]?["name"] == .string("Lidl Kensal Rise"))
    #expect(aisles(send("GET", "/api/v2/shops").1, 0) == ["Bakery", "Dairy", "Produce"])
    // An aisle moved by hand is taught to the shop; one it hasn't learnt is refused.
    let moved = send(
      "POST", "/api/v2/shops/\(id)/aisles", json: #"{"category":"produce","offset":-2}"#)
    #expect(moved.0 == 200)
    #expect(aisles(moved.1, 0) == ["Produce", "Bakery", "Dairy"])
    #expect(
      shops.state.withLock { $0.corrections.last?.categories } == ["produce", "bakery", "dairy"])
    for bad in [
      #"{"category":"frozen","offset":1}"#, #"{"category":"produce","offset":-1}"#,
    ] {
      #expect(send("POST", "/api/v2/shops/\(id)/aisles", json: bad).0 == 422, "\(bad)")
    }
    #expect(send("POST", "/api/v2/shops/\(id)/aisles", json: #"{"category":"dairy"}"#).0 == 400)
    #expect(send("PATCH", "/api/v2/shops/\(id)", json: #"{"name":"aldi"}"#).0 == 409)
    #expect(send("PATCH", "/api/v2/shops/\(id)", json: #"{"name":"  "}"#).0 == 400)
    #expect(send("PATCH", "/api/v2/shops/\(id)", json: #"{}"#).0 == 400)
    #expect(send("PATCH", "/api/v2/shops/tesco", json: #"{"name":"x"}"#).0 == 404)

    let (removed, after) = send("DELETE", "/api/v2/shops/\(id)")
    #expect(removed == 200)
    #expect(after["shops"]?.elements.count == 1)
    #expect(shops.state.withLock { $0.shops.map(\.name) } == ["Aldi"])
    #expect(send("DELETE", "/api/v2/shops/\(id)").0 == 404)
  }

  @Test func aServerWithoutShopsSaysSo() {
    let plain = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .loopbackOnly),
        randomBytes: { [UInt8](repeating: 7, count: $0) }))
    let response = plain.handle(
      Request(method: "GET", path: "/api/v2/walking-order", headers: ["Host": "127.0.0.1:8080"]))
    #expect(response.status == 503)
  }
}
