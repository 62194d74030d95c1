import BasketKit
import BasketRecipeImport
import BasketStore
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `WebApp` with every route, over one SQLite store in a fresh folder, as `basket serve`
/// wires it: the list, recipes, shops, the pantry, products and trips all share the store.
final class StoreHarness {
  let clock = TestClock()
  let folder: String
  let store: SQLiteStore
  let app: WebApp
  let trips: TripBook
  var basket: Basket { app.environment.basket }
  var pantry: PantryBook { trips.pantry }

  init() throws {
    folder = FileManager.default.temporaryDirectory.path + "/basket-web-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let (store, _) = try SQLiteStore.open(at: folder + "/basket.sqlite", now: clock.now)
    self.store = store
    let basket = Basket(
      store: store,
      environment: BasketEnvironment(
        clock: clock.appClock, ids: Fixtures.sequentialIDs(),
        classifier: Fixtures.TinyClassifier(),
        suggestions: { SuggestionEngine(dictionary: ["Milk", "Bread"]) }))
    let ids = Fixtures.sequentialIDs()
    let shops = ShopBook(store: store, basket: basket)
    trips = TripBook(
      trips: store,
      products: ProductBook(store: store, shops: store, clock: clock.appClock, ids: ids),
      shops: shops, pantry: PantryBook(store: store, clock: clock.appClock, ids: ids),
      checkingOff: { [store] shop, body in try store.checkingOff(in: shop, body) })
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .loopbackOnly),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
        recipes: RecipeServices(
          book: RecipeBook(store: store, basket: basket),
          importBytes: { try RecipeDocumentImporter.importDocument($0, from: "the page") },
          importAddress: { _ in throw WebFetchError.offline(host: "x") }),
        shops: shops, pantry: PantryServices(book: trips.pantry), trips: trips,
        staples: StapleBook(store: store),
        plan: PlanBook(
          store: store, recipes: RecipeBook(store: store, basket: basket), timeZone: .gmt)))
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func send(_ method: String, _ path: String, json: String? = nil) -> Response {
    app.sameOrigin(method, path, json: json)
  }

  func body(_ response: Response) -> JSONValue {
    (try? JSONValue.parse(response.body)) ?? .null
  }

  /// Sends a request that must succeed, and returns its JSON.
  @discardableResult
  func must(
    _ method: String, _ path: String, json: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> JSONValue {
    let response = send(method, path, json: json)
    #expect(
      (200..<300).contains(response.status), "\(method) \(path): \(response.text)",
      sourceLocation: sourceLocation)
    return body(response)
  }

  /// Adds `name` to the list and returns its id.
  @discardableResult
  func add(_ name: String) -> String {
    must("POST", "/api/v2/items", json: #"{"name":"\#(name)"}"#)["item"]?["id"]?.string ?? ""
  }

  /// Saves a recipe from pasted text and returns its JSON.
  func saveRecipe(_ title: String, _ lines: [String]) -> JSONValue {
    let text = String(
      decoding: JSONValue.string(([title, ""] + lines).joined(separator: "\n")).encoded(),
      as: UTF8.self)
    return must("POST", "/api/v2/recipes/import", json: #"{"text":\#(text),"save":true}"#)[
      "recipe"] ?? .null
  }

  /// What every reading route says: two requests that leave it the same changed nothing.
  func everything() throws -> String {
    let reads = [
      "list", "pantry", "checkin", "recipes", "shops", "walking-order", "trip", "products",
      "staples", "mealprep/draft", "plan", "lists",
    ]
    return try "revision \(store.revision())\n"
      + reads.map { "\($0): \(send("GET", "/api/v2/\($0)").text)" }.joined(separator: "\n")
  }
}
