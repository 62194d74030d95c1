import BasketKit
import BasketRecipeImport
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list and the pantry in memory behind one store, as the SQLite store keeps both.
private final class ListAndPantryStore: ListStore, PantryStore {
  let list = InMemoryStore()
  let pantryStore = InMemoryPantryStore()

  func items() throws -> [Item] { try list.items() }
  func memory() throws -> [MemoryEntry] { try list.memory() }
  func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T { try list.modify(body) }
  func modify<Input, T>(inOrder inputs: [Input], _ body: (Input, inout ListDraft) throws -> T)
    throws -> [T]
  { try list.modify(inOrder: inputs, body) }
  func revision() throws -> Int64 { try list.revision() }
  func changes(since revision: Int64) throws -> ListChanges? { try list.changes(since: revision) }
  func pantry() throws -> PantryState { try pantryStore.pantry() }
  func modifyPantry<T: Sendable>(_ body: @Sendable (inout PantryState) throws -> T) throws -> T {
    try pantryStore.modifyPantry(body)
  }
}

/// A `WebApp` with the recipe and meal prep routes over a list that keeps a pantry.
private struct MealPrepHarness {
  let store = ListAndPantryStore()
  let app: WebApp
  let pantry: PantryBook

  init() {
    let clock = TestClock()
    let engine = SuggestionEngine(dictionary: [String]())
    let basket = Basket(
      store: store,
      environment: BasketEnvironment(
        clock: clock.appClock, ids: Fixtures.sequentialIDs(),
        classifier: Fixtures.TinyClassifier(), suggestions: { engine }))
    pantry = PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .loopbackOnly),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
        recipes: RecipeServices(
          book: RecipeBook(store: InMemoryRecipeStore(), basket: basket),
          importBytes: { try RecipeDocumentImporter.importDocument($0, from: "the page") },
          importAddress: { _ in throw WebFetchError.offline(host: "x") }),
        pantry: PantryServices(book: pantry)))
  }

  func send(_ method: String, _ path: String, json: String? = nil) -> Response {
    var headers = ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"]
    if json != nil { headers["Content-Type"] = "application/json" }
    return app.handle(
      Request(
        method: method, path: path, query: [:], headers: headers, body: Array((json ?? "").utf8)))
  }

  func body(_ response: Response) -> JSONValue {
    (try? JSONValue.parse(response.body)) ?? .null
  }

  /// Saves a recipe of `lines` through the API and returns its id.
  func save(_ title: String, servings: Int = 4, _ lines: [String]) -> String {
    let text =
      "\(title)\nServes \(servings)\n\nIngredients\n" + lines.joined(separator: "\n")
      + "\n\nMethod\n1. Cook it.\n"
    let escaped = String(decoding: JSONValue.string(text).encoded(), as: UTF8.self)
    let response = send(
      "POST", "/api/v2/recipes/import", json: #"{"text":\#(escaped),"save":true}"#)
    return body(response)["recipe"]?["id"]?.string ?? ""
  }

  func have(_ name: String, left: String) throws {
    try pantry.add(PantryAddition(name: name, amount: try PantryAmount.read(left)))
  }

  func toGet() -> [JSONValue] {
    guard case .array(let items)? = body(send("GET", "/api/v2/list"))["toGet"] else { return [] }
    return items
  }
}

extension JSONValue {
  fileprivate var strings: [String] {
    guard case .array(let values) = self else { return [] }
    return values.compactMap(\.string)
  }

  fileprivate var count: Int {
    guard case .array(let values) = self else { return 0 }
    return values.count
  }
}

@Suite struct MealPrepRouteTests {
  private let chiliLines = ["2 onions", "500 g flour", "1 tsp salt"]
  private let soupLines = ["1 onion", "200 g onion", "300 g flour"]

  @Test func theRecipeReviewShowsEachLinesCoverageAndTheAddRespectsOverrides() throws {
    let web = MealPrepHarness()
    let id = web.save("Chili", chiliLines)
    try web.have("flour", left: "200 g")
    try web.have("salt", left: "1 kg")
    let recipe = web.body(web.send("GET", "/api/v2/recipes/\(id)"))["recipe"]!
    let recipeJSON = String(decoding: recipe.encoded(), as: UTF8.self)
    let review = web.body(
      web.send("POST", "/api/v2/recipes/review", json: #"{"recipe":\#(recipeJSON),"pantry":true}"#))
    #expect(review["pantry"] == .bool(true))
    let lines = review["lines"]!
    #expect(lines[0]?["coverage"]?["status"]?.string == "notCovered")
    #expect(lines[1]?["coverage"]?["arithmetic"]?.string == "need 500 g, have 200 g → buy 300 g")
    #expect(lines[1]?["after"]?.string == "300 g", "the plan adds only the rest")
    #expect(lines[2]?["coverage"]?["status"]?.string == "covered")  // 1 tsp of 1 kg, by density
    #expect(lines[2]?["coverage"]?["decision"]?.string == "skip")
    #expect(lines[2]?["outcome"]?.string == "skipped")
    #expect(web.toGet().isEmpty, "a review writes nothing")

    let add = web.send(
      "POST", "/api/v2/recipes/\(id)/add",
      json:
        #"{"pantry":true,"overrides":[{"line":1,"override":"skip"},{"line":2,"override":"buyFull"}]}"#
    )
    #expect(add.status == 200)
    let items = web.toGet()
    #expect(items.compactMap { $0["name"]?.string }.sorted() == ["onions", "salt"])
    #expect(items.first { $0["name"]?.string == "salt" }?["amountText"]?.string == "1 tsp")
  }

  @Test(
    arguments: [
      (
        #"{"pantry":true,"overrides":[{"line":9,"override":"skip"}]}"#,
        "\"overrides\" holds positions"
      ),
      (
        #"{"pantry":true,"overrides":[{"line":0,"override":"maybe"}]}"#,
        "\"overrides\" must be an array"
      ),
      (#"{"pantry":"yes"}"#, "\"pantry\" must be true or false"),
    ])
  func badOverridesAreRefusedAndAddNothing(body: String, message: String) throws {
    let web = MealPrepHarness()
    let id = web.save("Chili", chiliLines)
    let response = web.send("POST", "/api/v2/recipes/\(id)/add", json: body)
    #expect(response.status == 400)
    #expect(web.body(response)["error"]?.string?.contains(message) == true)
    #expect(web.toGet().isEmpty)
  }

  @Test func iCookedThisShowsWhatItTakesAndTakesOnlyTheLinesChosen() throws {
    let harness = MealPrepHarness()
    let id = harness.save("Pancakes", ["200 g flour", "2 eggs", "1 pinch salt", "1 tsp saffron"])
    try harness.have("Flour", left: "1 kg")
    try harness.have("Eggs", left: "6")
    try harness.have("Salt", left: "500 g")
    let look = harness.send("POST", "/api/v2/recipes/\(id)/cooked", json: "{}")
    #expect(look.status == 200)
    let lines = harness.body(look)["lines"]
    #expect(
      lines.map { lines in
        guard case .array(let all) = lines else { return [] }
        return all.compactMap { $0["summary"]?.string }
      } == [
        "take 200 g of Flour", "take 2 of Eggs",
        "leave Salt as it is (the amounts can't be compared)", "saffron: not in the pantry",
      ])
    #expect(harness.body(look)["applied"] == .bool(false))
    #expect(try harness.pantry.list().map(\.stockText).contains("1 package, 1 kg left"))

    // Twice the servings, and only the flour is taken.
    let took = harness.send(
      "POST", "/api/v2/recipes/\(id)/cooked", json: #"{"servings":8,"apply":true,"only":[0]}"#)
    #expect(took.status == 200)
    #expect(harness.body(took)["applied"] == .bool(true))
    let stock = try harness.pantry.list().map { "\($0.name): \($0.stockText)" }
    #expect(stock.contains("Flour: 1 package, 0.6 kg left"), "\(stock)")
    #expect(stock.contains("Eggs: 1 package, 6 left"), "\(stock)")

    for bad in [#"{"only":[9]}"#, #"{"only":"0"}"#, #"{"apply":"yes"}"#, #"{"servings":0}"#] {
      #expect(
        harness.send("POST", "/api/v2/recipes/\(id)/cooked", json: bad).status == 400, "\(bad)")
    }
    #expect(harness.send("GET", "/api/v2/recipes/\(id)/cooked").status == 405)
    #expect(
      harness.send("POST", "/api/v2/recipes/\(UUID().uuidString)/cooked", json: "{}").status
        == 404)
  }

  @Test func aMealPlanMergesShowsSourcesAsksAndCovers() throws {
    let web = MealPrepHarness()
    let chili = web.save("Chili", chiliLines)
    let soup = web.save("Soup", servings: 2, soupLines)
    try web.have("flour", left: "200 g")
    let response = web.send(
      "POST", "/api/v2/mealprep/review",
      json: #"{"recipes":[{"id":"\#(chili)"},{"id":"\#(soup)","servings":4}]}"#)
    #expect(response.status == 200)
    let plan = web.body(response)["plan"]!
    #expect(plan["title"]?.string == "Meal prep: Chili, Soup")
    let lines = plan["lines"]!
    #expect(lines[0]?["name"]?.string == "onions")
    #expect(lines[0]?["amountText"]?.string == "4")
    #expect(lines[0]?["sourcesText"]?.string == "Chili ×2, Soup ×2")
    #expect(lines[0]?["uncertain"] == .bool(true))
    #expect(lines[1]?["sourcesText"]?.string == "Chili 500 g, Soup 600 g")
    #expect(
      lines[1]?["parts"]?[0]?["coverage"]?["arithmetic"]?.string
        == "need 1100 g, have 200 g → buy 900 g")
    let question = plan["questions"]?[0]
    #expect(question?["id"]?.string == "1.1~2.2")
    #expect(question?["doubt"]?.string == "unitsDontMeet")
    #expect(question?["lines"] == .array([.number(1), .number(4)]))
    #expect(web.toGet().isEmpty)
  }

  @Test func theDraftIsKeptAsSentReadBackAndDropped() throws {
    let web = MealPrepHarness()
    let chili = web.save("Chili", ["2 onions", "1 can tomatoes"])
    #expect(web.body(web.send("GET", "/api/v2/mealprep/draft"))["draft"] == .null)
    let json =
      #"{"recipes":[{"id":"\#(chili)","servings":6}],"answers":[{"question":"q1","answer":"merge"}],"skip":["1.2"],"seen":["1.2"]}"#
    let kept = web.send("PUT", "/api/v2/mealprep/draft", json: json)
    #expect(kept.status == 200, "\(web.body(kept))")
    let draft = web.body(web.send("GET", "/api/v2/mealprep/draft"))["draft"]
    #expect(draft?["recipes"]?[0]?["servings"]?.number == 6)
    #expect(draft?["skip"]?[0]?.string == "1.2")
    #expect(draft?["seen"]?[0]?.string == "1.2")
    #expect(web.send("DELETE", "/api/v2/mealprep/draft", json: "{}").status == 204)
    #expect(web.body(web.send("GET", "/api/v2/mealprep/draft"))["draft"] == .null)
  }

  @Test(arguments: [
    (#"{"recipes":[]}"#, 400),
    (#"{"recipes":[{"id":"00000000-0000-4000-8000-000000000999"}]}"#, 404),
    (#"{"recipes":[{"id":"ID","servings":0}]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"seen":[7]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"skip":"1.2"}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"plan":1}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"answers":[{"question":"q1","answer":"maybe"}]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"overrides":[{"line":"9.9","override":"skip"}]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"overrides":[{"line":{"a":1},"override":"skip"}]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"overrides":[{"line":"1.1","override":"skip","x":1}]}"#, 400),
    (#"{"recipes":[{"id":"ID","colour":"red"}]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"answers":[{"question":"q1","answer":"merge","why":1}]}"#, 400),
    (#"{"recipes":[{"id":"ID"}],"skip":["9.9"]}"#, 400),
  ])
  func aBadDraftIsRefusedAndTheOneBeforeKept(json: String, status: Int) throws {
    let web = MealPrepHarness()
    let chili = web.save("Chili", ["2 onions"])
    let good = #"{"recipes":[{"id":"\#(chili)"}]}"#
    #expect(web.send("PUT", "/api/v2/mealprep/draft", json: good).status == 200)
    let answer = web.send(
      "PUT", "/api/v2/mealprep/draft", json: json.replacingOccurrences(of: "ID", with: chili))
    #expect(answer.status == status, "\(web.body(answer))")
    let draft = web.body(web.send("GET", "/api/v2/mealprep/draft"))["draft"]
    #expect(draft?["recipes"]?[0]?["id"]?.string == chili, "the draft before is kept")
  }

  @Test func addingAMealPlanTakesTheAnswersSkipsAndOverrides() throws {
    let web = MealPrepHarness()
    let chili = web.save("Chili", chiliLines)
    let soup = web.save("Soup", servings: 2, soupLines)
    try web.have("flour", left: "200 g")
    let body = """
      {"recipes":[{"id":"\(chili)"},{"id":"\(soup)"}],
       "answers":[{"question":"1.1~2.2","answer":"merge"}],
       "skip":["1.3"], "overrides":[{"line":"1.2","override":"buyFull"}]}
      """
    let response = web.send("POST", "/api/v2/mealprep/add", json: body)
    #expect(response.status == 200)
    let plan = web.body(response)
    #expect(plan["added"] == .bool(true))
    #expect(plan["plan"]?["lines"]?[0]?["amountText"]?.string == "3 + 200 g")
    #expect(plan["plan"]?["lines"]?[0]?["uncertain"] == .bool(false))
    let items = web.toGet()
    #expect(items.compactMap { $0["name"]?.string }.sorted() == ["flour", "onions"])
    let onions = items.first { $0["name"]?.string == "onions" }
    #expect(onions?["amountText"]?.string == "3 + 200 g")
    #expect(onions?["recipes"]?.count == 2)
    #expect(items.first { $0["name"]?.string == "flour" }?["amountText"]?.string == "800 g")
  }

  @Test(
    arguments: [
      (#"{"recipes":[]}"#, 400, "\"recipes\" must be an array of 1 to 5"),
      (#"{"recipes":[{"id":"x"}]}"#, 400, "needs a recipe \"id\""),
      (
        #"{"recipes":[{"id":"00000000-0000-4000-8000-000000000001"}]}"#, 404,
        "no such recipe"
      ),
      (#"{"recipes":[{"id":"CHILI","servings":0}]}"#, 400, "from 1 to 1000"),
      (#"{"recipes":[{"id":"CHILI"},{"id":"CHILI"}]}"#, 400, "Chili is chosen twice"),
      (
        #"{"recipes":[{"id":"CHILI"},{"id":"CHILI"},{"id":"CHILI"},{"id":"CHILI"},{"id":"CHILI"},{"id":"CHILI"}]}"#,
        400, "one to 5 recipes, not 6"
      ),
      (#"{"recipes":[{"id":"CHILI"}],"skip":["9.9"]}"#, 400, "the plan's line ids"),
      (#"{"recipes":[{"id":"CHILI"}],"answers":[{"question":"a"}]}"#, 400, "\"answers\" must be"),
      (#"{"recipes":[{"id":"CHILI"}],"extra":1}"#, 400, "unknown field \"extra\""),
    ] as [(String, Int, String)])
  func badMealPlansAreRefusedClearly(body: String, status: Int, message: String) throws {
    let web = MealPrepHarness()
    let chili = web.save("Chili", chiliLines)
    let response = web.send(
      "POST", "/api/v2/mealprep/add", json: body.replacingOccurrences(of: "CHILI", with: chili))
    #expect(response.status == status)
    #expect(web.body(response)["error"]?.string?.contains(message) == true, "\(web.body(response))")
    #expect(web.toGet().isEmpty)
    #expect(web.send("GET", "/api/v2/mealprep/review").status == 405)
    #expect(web.send("POST", "/api/v2/mealprep/other", json: "{}").status == 404)
  }
}
