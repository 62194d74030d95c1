import BasketKit
import BasketTestSupport
import BasketWeb
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `WebApp` with trips over in-memory stores.
private struct TripHarness {
  let stores = InMemoryTripStores()
  let app: WebApp
  let book: TripBook
  var clock: TestClock { stores.clock }

  init() {
    book = stores.book()
    app = WebApp(
      environment: WebEnvironment(
        basket: book.basket, access: AccessPolicy(mode: .loopbackOnly),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
        trips: book))
  }

  func send(_ method: String, _ path: String, json: String? = nil) -> (Int, JSONValue) {
    let response = app.sameOrigin(method, path, json: json)
    return (response.status, (try? JSONValue.parse(response.body)) ?? .null)
  }
}

@Suite struct TripRouteTests {
  @Test func aWholeTripThroughTheAPI() throws {
    let harness = TripHarness()
    try harness.book.shops.add("Lidl")
    try harness.book.basket.add(text: "2 l milk")
    harness.clock.advance(by: 1)
    try harness.book.basket.add(text: "saffron")
    try harness.book.products.add(
      "Whole milk",
      ProductChange(
        addAliases: ["milk"], packSize: .set(IngredientQuantity(amount: 1, unit: .liter)),
        page: .set("https://lidl.example/milk")))

    var (status, body) = harness.send("GET", "/api/v2/trip")
    #expect(status == 200)
    #expect(body["trip"] == .null)
    #expect(body["currentShop"]?.string == "Lidl")
    #expect(body["retailers"] == .array([.string("Walmart"), .string("Target")]))

    (status, body) = harness.send("POST", "/api/v2/trip/start", json: #"{"cheapest": true}"#)
    #expect(status == 201)
    // At a shop the walk starts at once: saffron, with no product, is walked by its name.
    #expect(body["trip"]?["phase"]?.string == "walking")
    #expect(body["trip"]?["pendingExceptions"]?.number == 0)
    #expect(body["trip"]?["left"]?.number == 2)
    let saffron = try #require(body["trip"]?["current"]?["item"]?.string)
    #expect(
      body["trip"]?["current"]?["reason"]?.string
        == "by name: no product for saffron at Lidl in your catalogue")

    // A product made on the walk is the shop's, and the stop's from now on.
    (status, body) = harness.send(
      "POST", "/api/v2/trip/replace",
      json: #"{"make": {"name": "Saffron threads", "size": "1 g"}, "at": "\#(saffron)"}"#)
    #expect(status == 200)
    #expect(body["trip"]?["phase"]?.string == "walking")
    #expect(try harness.book.products.find("saffron threads").shop == "Lidl")
    // Saffron was added last, so it is walked first: the shop has learnt nothing yet, and the
    // tiny classifier gives no categories to lay a typical supermarket walk out by.
    #expect(body["trip"]?["current"]?["item"]?.string == saffron)
    #expect(body["trip"]?["current"]?["packs"]?.number == 1)
    #expect(body["trip"]?["current"]?["link"] == .null)

    // A step meant for another item (a retry after it went through) changes nothing.
    let milk = try #require(harness.book.basket.sections().toGet.first { $0.name == "milk" }).id
      .uuidString
    (status, body) = harness.send(
      "POST", "/api/v2/trip/step", json: #"{"step": "got", "at": "\#(milk)"}"#)
    #expect(status == 409)
    (status, body) = harness.send("POST", "/api/v2/trip/step", json: #"{"step": "pause"}"#)
    #expect(body["trip"]?["phase"]?.string == "paused")
    (status, body) = harness.send(
      "POST", "/api/v2/trip/step", json: #"{"step": "got", "at": "\#(saffron)"}"#)
    #expect(status == 409)
    #expect(body["error"]?.string?.contains("paused") == true)
    (status, body) = harness.send("POST", "/api/v2/trip/step", json: #"{"step": "resume"}"#)
    #expect(body["trip"]?["current"]?["item"]?.string == saffron)
    (status, body) = harness.send(
      "POST", "/api/v2/trip/step", json: #"{"step": "got", "at": "\#(saffron)"}"#)
    #expect(status == 200)
    #expect(body["trip"]?["current"]?["name"]?.string == "milk")
    #expect(body["trip"]?["current"]?["packs"]?.number == 2)
    #expect(body["trip"]?["current"]?["link"]?["kind"]?.string == "product-page")
    (status, body) = harness.send(
      "POST", "/api/v2/trip/step", json: #"{"step": "got", "at": "\#(milk.lowercased())"}"#)
    #expect(body["trip"]?["atEnd"] == .bool(true))

    harness.clock.advance(by: 600)
    (status, body) = harness.send("POST", "/api/v2/trip/end", json: "{}")
    #expect(status == 200)
    #expect(body["summaryText"]?.string == "Trip at Lidl: got 2 of 2. 10 min.")
    guard case .array(let offers)? = body["offers"] else {
      Issue.record("no offers")
      return
    }
    #expect(offers.compactMap { $0["name"]?.string }.sorted() == ["milk", "saffron"])
    (status, body) = harness.send("GET", "/api/v2/trip")
    #expect(body["trip"] == .null)
  }

  @Test(
    arguments: [
      ("POST", "/api/v2/trip/step", #"{"step": "next"}"#, 404),
      ("POST", "/api/v2/trip/step", #"{"step": "fly"}"#, 400),
      ("POST", "/api/v2/trip/step", #"{"stepp": "next"}"#, 400),
      ("POST", "/api/v2/trip/start", #"{"retailer": "Kroger"}"#, 404),
      ("POST", "/api/v2/trip/start", #"{"shop": "Lidl", "retailer": "Target"}"#, 400),
      ("POST", "/api/v2/trip/start", #"{"retailer": "Target", "diets": ["paleo"]}"#, 400),
      ("POST", "/api/v2/trip/start", #"{"retailer": "Target"}"#, 400),
      ("POST", "/api/v2/trip/end", "{}", 404),
      ("GET", "/api/v2/trip/start", nil, 405),
      ("DELETE", "/api/v2/trip", nil, 405),
      ("GET", "/api/v2/trip/nope", nil, 404),
    ] as [(String, String, String?, Int)])
  func badRequestsSayWhy(method: String, path: String, json: String?, status: Int) {
    let harness = TripHarness()
    let (answer, body) = harness.send(method, path, json: json)
    #expect(answer == status)
    #expect(body["error"]?.string?.isEmpty == false)
  }

  @Test func productsAreListedForTheReplaceChooser() throws {
    let harness = TripHarness()
    try harness.book.products.add("Oat drink", ProductChange(addAliases: ["oat milk"]))
    let (status, body) = harness.send("GET", "/api/v2/products")
    #expect(status == 200)
    guard case .array(let products)? = body["products"] else {
      Issue.record("no products")
      return
    }
    #expect(products.compactMap { $0["name"]?.string } == ["Oat drink"])
  }

  @Test func productsAreMadeEditedAndRemovedThroughTheAPI() throws {
    let harness = TripHarness()
    try harness.book.shops.add("Lidl")
    let (made, body) = harness.send(
      "POST", "/api/v2/products",
      json: #"{"name":"Oat drink","size":"1 l","shop":"Lidl","price":"1,95","diets":["vegan"]}"#)
    #expect(made == 201)
    let id = try #require(body["product"]?["id"]?.string)
    #expect(body["product"]?["packSize"]?.string == "1 l")
    #expect(body["product"]?["price"]?.string == "1.95")

    let (edited, after) = harness.send(
      "PATCH", "/api/v2/products/\(id)",
      json: #"{"name":"Oatly","size":null,"organic":true,"diets":["gluten-free"]}"#)
    #expect(edited == 200, "\(after)")
    let product = try harness.book.products.find("Oatly")
    #expect(product.packSize == nil)
    #expect(product.organic)
    #expect(product.diets == [.glutenFree], "the sent set replaces the old one")
    #expect(product.shop == "Lidl", "what isn't sent is kept")

    #expect(harness.send("DELETE", "/api/v2/products/\(id)").0 == 204)
    #expect(try harness.book.products.list().isEmpty)
    #expect(harness.send("DELETE", "/api/v2/products/\(id)").0 == 404)
  }

  @Test(arguments: [
    ("POST", "/api/v2/products", #"{"size":"1 l"}"#, 400, "needs a \"name\""),
    ("POST", "/api/v2/products", #"{"name":"Milk","size":"lots"}"#, 400, "lots"),
    ("POST", "/api/v2/products", #"{"name":"Milk","price":"cheap"}"#, 400, "cheap"),
    ("POST", "/api/v2/products", #"{"name":"Milk","diets":["keto"]}"#, 400, "keto"),
    ("POST", "/api/v2/products", #"{"name":"Milk","shop":"Nowhere"}"#, 404, "Nowhere"),
    ("POST", "/api/v2/products", #"{"name":"Milk","colour":"white"}"#, 400, "colour"),
    ("PATCH", "/api/v2/products/not-an-id", #"{"name":"x"}"#, 404, "no such product"),
    (
      "PATCH", "/api/v2/products/00000000-0000-4000-8000-000000000999", #"{"name":"x"}"#, 404,
      "no such product"
    ),
  ])
  func aBadProductRequestIsRefusedWithAReason(
    method: String, path: String, json: String, status: Int, says: String
  ) throws {
    let harness = TripHarness()
    let (answer, body) = harness.send(method, path, json: json)
    #expect(answer == status, "\(body)")
    #expect(body["error"]?.string?.contains(says) == true, "\(body)")
    #expect(try harness.book.products.list().isEmpty, "nothing was made")
  }

  @Test func anEditThatChangesNothingIsRefused() throws {
    let harness = TripHarness()
    let product = try harness.book.products.add("Oat drink", ProductChange())
    let (status, body) = harness.send(
      "PATCH", "/api/v2/products/\(product.id.uuidString)", json: "{}")
    #expect(status == 400)
    #expect(body["error"]?.string?.contains("send a change") == true)
  }

  @Test func aServerWithoutTripsSaysSo() {
    let harness = Harness()
    #expect(harness.send("GET", "/api/v2/trip").status == 503)
  }
}
