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

/// A `WebApp` with the recipe routes over in-memory stores; page bytes go through the real
/// importer, web addresses through `fetch` (a stand-in for the network).
struct RecipeHarness {
  let clock = TestClock()
  let store = InMemoryStore()
  let recipeStore = InMemoryRecipeStore()
  let app: WebApp
  var basket: Basket { app.environment.basket }

  init(
    fetch: @escaping @Sendable (String) throws -> Recipe = { _ in
      throw WebFetchError.offline(host: "x")
    },
    photos: (@Sendable ([[UInt8]]) throws -> PhotoRecipe)? = nil
  ) {
    let basket = Fixtures.basket(clock: clock, store: store)
    let book = RecipeBook(store: recipeStore, basket: basket)
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .loopbackOnly),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
        recipes: RecipeServices(
          book: book,
          importBytes: { try RecipeDocumentImporter.importDocument($0, from: "the page") },
          importAddress: fetch, importPhotos: photos)))
  }

  func send(_ method: String, _ path: String, json: String? = nil, query: [String: String] = [:])
    -> Response
  {
    var headers = ["Host": "127.0.0.1:8080"]
    if json != nil { headers["Content-Type"] = "application/json" }
    if method != "GET" { headers["Origin"] = "http://127.0.0.1:8080" }
    return app.handle(
      Request(
        method: method, path: path, query: query, headers: headers, body: Array((json ?? "").utf8)))
  }

  func body(_ response: Response) -> JSONValue {
    (try? JSONValue.parse(response.body)) ?? .null
  }

  /// Saves a recipe through the API from pasted text and returns its id.
  func save(_ text: String) -> String {
    let escaped = String(decoding: JSONValue.string(text).encoded(), as: UTF8.self)
    let response = send(
      "POST", "/api/v2/recipes/import", json: #"{"text":\#(escaped),"save":true}"#)
    return body(response)["recipe"]?["id"]?.string ?? ""
  }
}

extension JSONValue {
  /// The element at `index` of an array, or nil.
  subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}

private let pancakes = """
  Pancakes
  Serves 4

  Ingredients
  2 eggs
  1 cup milk
  200 g flour
  salt, to taste

  Method
  Whisk and fry.
  """

private let page = """
  <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Flapjacks",
  "recipeIngredient":["250 g oats","125 g butter"],"recipeInstructions":"Mix and bake."}</script>
  </head><body></body></html>
  """

@Suite struct RecipeRouteTests {
  @Test func importsPastedTextAndPageBytes() {
    let harness = RecipeHarness()
    let text = String(decoding: JSONValue.string(pancakes).encoded(), as: UTF8.self)
    let fromText = harness.send("POST", "/api/v2/recipes/import", json: #"{"text":\#(text)}"#)
    #expect(fromText.status == 200)
    let recipe = harness.body(fromText)["recipe"]
    #expect(recipe?["title"]?.string == "Pancakes")
    #expect(recipe?["servings"]?.number == 4)
    #expect(recipe?["id"] == nil)
    guard case .array(let lines)? = recipe?["ingredients"] else {
      Issue.record("no ingredients")
      return
    }
    #expect(lines.count == 4)
    #expect(lines[1]["quantity"]?["unit"]?.string == "cup")

    let encoded = Data(page.utf8).base64EncodedString()
    let fromPage = harness.send("POST", "/api/v2/recipes/import", json: #"{"page":"\#(encoded)"}"#)
    #expect(fromPage.status == 200)
    #expect(harness.body(fromPage)["recipe"]?["title"]?.string == "Flapjacks")
  }

  @Test func importingWithSaveKeepsTheRecipe() throws {
    let harness = RecipeHarness()
    let id = harness.save(pancakes)
    #expect(UUID(uuidString: id) != nil)
    #expect(try harness.recipeStore.recipes(.all).map(\.title) == ["Pancakes"])
  }

  @Test func importsAWebAddressThroughTheFetcher() {
    let harness = RecipeHarness(fetch: { address in
      if address.hasSuffix("/home") { throw WebFetchError.localAddress(host: "192.168.1.1") }
      if address.hasSuffix("/gone") { throw WebFetchError.offline(host: "kitchen.test") }
      return Recipe(title: "From \(address)", instructions: ["Cook."])
    })
    let fetched = harness.send(
      "POST", "/api/v2/recipes/import", json: #"{"url":"https://kitchen.test/pie"}"#)
    #expect(fetched.status == 200)
    #expect(harness.body(fetched)["recipe"]?["title"]?.string == "From https://kitchen.test/pie")
    let offline = harness.send(
      "POST", "/api/v2/recipes/import", json: #"{"url":"https://kitchen.test/gone"}"#)
    #expect(offline.status == 502)
    #expect(
      harness.body(offline)["error"]?.string
        == "Basket couldn't reach kitchen.test: no network. Save the page and import the file instead."
    )
    let local = harness.send(
      "POST", "/api/v2/recipes/import", json: #"{"url":"http://router/home"}"#)
    #expect(local.status == 403)
  }

  @Test(
    arguments: [
      (#"{}"#, 400), (#"{"text":"a","url":"https://x.test"}"#, 400), (#"{"page":"%%%"}"#, 400),
      (#"{"text":"We like food."}"#, 422), (#"{"text":1}"#, 400),
      (#"{"text":"x","save":"yes"}"#, 400),
      (#"{"page":"PGh0bWw+PC9odG1sPg=="}"#, 422),
    ] as [(String, Int)])
  func refusesImportsItCannotRead(json: String, status: Int) {
    let harness = RecipeHarness()
    let response = harness.send("POST", "/api/v2/recipes/import", json: json)
    #expect(response.status == status)
    #expect(harness.body(response)["error"]?.string?.isEmpty == false)
  }

  @Test func importsPhotosThroughTheReaderItWasGiven() {
    struct Unreadable: Error, CustomStringConvertible {
      var description: String { "card.heic is a HEIC photo; send it as JPEG" }
    }
    let harness = RecipeHarness(photos: { photos in
      if photos.first == [0xFF] { throw Unreadable() }
      let recipe = Recipe(
        title: "Read from \(photos.count): \(photos.map(\.count))",
        ingredientGroups: [
          IngredientGroup(ingredients: [
            IngredientLineParser.parse("2 cups flour"), IngredientLineParser.parse("1 Ib butter"),
          ])
        ], instructions: ["Bake."])
      let butter = PhotoTextLine(
        text: "1 Ib butter",
        region: PhotoRegion(page: 1, box: PhotoBox(left: 40, top: 310, width: 220, height: 28)),
        doubtfulWords: ["Ib"])
      return PhotoRecipe(recipe: recipe, ingredientSources: [[nil, butter]], text: "")
    })
    let two = [Data([1, 2, 3]), Data([4, 5])].map { "\"\($0.base64EncodedString())\"" }
    let read = harness.send(
      "POST", "/api/v2/recipes/import", json: #"{"photos":[\#(two.joined(separator: ","))]}"#)
    #expect(read.status == 200)
    #expect(harness.body(read)["recipe"]?["title"]?.string == "Read from 2: [3, 2]")
    // Where each line stands in the photos, beside the flat list of lines; none for "flour".
    guard case .array(let sources)? = harness.body(read)["photoSources"], sources.count == 2 else {
      Issue.record("no photoSources for two lines: \(harness.body(read))")
      return
    }
    #expect(sources[0] == .null)
    #expect(sources[1]["page"] == .number(1))
    #expect(sources[1]["box"]?["top"] == .number(310))
    #expect(sources[1]["box"]?["height"] == .number(28))
    #expect(sources[1]["doubtfulWords"] == .array([.string("Ib")]))
    let pasted = harness.send(
      "POST", "/api/v2/recipes/import", json: #"{"text":"Soup\n\n1 onion"}"#)
    #expect(harness.body(pasted)["photoSources"] == nil)
    let refused = harness.send(
      "POST", "/api/v2/recipes/import", json: #"{"photos":["/w=="]}"#)
    #expect(refused.status == 422)
    #expect(harness.body(refused)["error"]?.string == "card.heic is a HEIC photo; send it as JPEG")
    for bad in [
      #"{"photos":[]}"#, #"{"photos":"AQID"}"#, #"{"photos":[1]}"#, #"{"photos":["%%"]}"#,
    ] {
      #expect(harness.send("POST", "/api/v2/recipes/import", json: bad).status == 400, "\(bad)")
    }
    let eleven = Array(repeating: "\"AQ==\"", count: 11).joined(separator: ",")
    #expect(
      harness.send("POST", "/api/v2/recipes/import", json: #"{"photos":[\#(eleven)]}"#).status
        == 400)
    let without = RecipeHarness().send(
      "POST", "/api/v2/recipes/import", json: #"{"photos":["AQ=="]}"#)
    #expect(without.status == 503)
  }

  @Test func aSavedPageMayBeLargerThanOtherBodies() {
    let harness = RecipeHarness()
    let filler = String(repeating: "<p>Story of the dish.</p>\n", count: 8_000)
    let big = page.replacingOccurrences(of: "<body></body>", with: "<body>\(filler)</body>")
    let encoded = Data(big.utf8).base64EncodedString()
    #expect(encoded.utf8.count > WebApp.maxBodySize)
    let imported = harness.send("POST", "/api/v2/recipes/import", json: #"{"page":"\#(encoded)"}"#)
    #expect(imported.status == 200)
    let elsewhere = harness.send(
      "POST", "/api/v2/recipes/parse", json: #"{"lines":["\#(encoded)"]}"#)
    #expect(elsewhere.status == 413)
    #expect(WebApp.maxBodySize(for: "/api/v2/recipes/import") == 24 << 20)
  }

  @Test func parsesLines() {
    let harness = RecipeHarness()
    let response = harness.send(
      "POST", "/api/v2/recipes/parse", json: #"{"lines":["2-3 cloves garlic, crushed","salt"]}"#)
    #expect(response.status == 200)
    let lines = harness.body(response)["lines"]
    guard case .array(let all)? = lines else {
      Issue.record("no lines")
      return
    }
    #expect(all.count == 2)
    #expect(all[0]["quantity"]?["maxAmount"]?.number == 3)
    #expect(all[0]["preparation"]?.string == "crushed")
    #expect(harness.send("POST", "/api/v2/recipes/parse", json: #"{"lines":"salt"}"#).status == 400)
    #expect(harness.send("POST", "/api/v2/recipes/parse", json: #"{"lines":[1]}"#).status == 400)
  }

  @Test func savesAReviewedRecipeAndSavesItAgainInPlace() throws {
    let harness = RecipeHarness()
    let created = harness.send(
      "POST", "/api/v2/recipes",
      json:
        #"{"recipe":{"title":"Toast","ingredients":[{"text":"2 slices bread","name":"bread"}]}}"#)
    #expect(created.status == 201)
    let id = try #require(harness.body(created)["recipe"]?["id"]?.string)
    harness.clock.advance(by: 60)
    let again = harness.send(
      "POST", "/api/v2/recipes", json: #"{"recipe":{"id":"\#(id)","title":"Buttered toast"}}"#)
    #expect(again.status == 200)
    #expect(harness.body(again)["recipe"]?["savedAt"]?.string == "2026-07-06T10:00:00.000Z")
    #expect(try harness.recipeStore.recipes(.all).map(\.title) == ["Buttered toast"])
    #expect(
      harness.send("POST", "/api/v2/recipes", json: #"{"recipe":{"name":"x"}}"#).status == 400)
    #expect(
      harness.send("POST", "/api/v2/recipes", json: #"{"recipe":{"title":"  "}}"#).status == 400)
  }

  @Test func listsSearchesAndListsRecentRecipes() {
    let harness = RecipeHarness()
    _ = harness.save(pancakes)
    harness.clock.advance(by: 10)
    _ = harness.save("Omelette\n\nIngredients\n3 eggs\n\nMethod\nCook.")
    func titles(_ query: [String: String]) -> [String] {
      guard
        case .array(let all)? = harness.body(harness.send("GET", "/api/v2/recipes", query: query))[
          "recipes"]
      else { return [] }
      return all.compactMap { $0["title"]?.string }
    }
    #expect(titles([:]) == ["Omelette", "Pancakes"])
    #expect(titles(["q": "flour"]) == ["Pancakes"])
    #expect(titles(["q": "egg"]) == ["Omelette", "Pancakes"])
    #expect(titles(["recent": "1", "limit": "1"]) == ["Omelette"])
    #expect(
      harness.send("GET", "/api/v2/recipes", query: ["recent": "1", "limit": "0"]).status == 400)
    #expect(harness.send("GET", "/api/v2/recipes", query: ["q": "!!"]).status == 400)
  }

  @Test func showsAndRemovesOneRecipe() {
    let harness = RecipeHarness()
    let id = harness.save(pancakes)
    harness.clock.advance(by: 30)
    let shown = harness.send("GET", "/api/v2/recipes/\(id)")
    #expect(shown.status == 200)
    #expect(harness.body(shown)["recipe"]?["lastOpenedAt"]?.string == "2026-07-06T10:00:30.000Z")
    #expect(harness.send("DELETE", "/api/v2/recipes/\(id)").status == 204)
    #expect(harness.send("GET", "/api/v2/recipes/\(id)").status == 404)
    #expect(harness.send("DELETE", "/api/v2/recipes/\(id)").status == 404)
    #expect(harness.send("GET", "/api/v2/recipes/not-an-id").status == 400)
    #expect(harness.send("PATCH", "/api/v2/recipes/\(id)").status == 405)
  }

  @Test func addsASavedRecipeToTheListAndAnswersWhatMerged() {
    let harness = RecipeHarness()
    let id = harness.save(pancakes)
    _ = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"flour","quantity":{"amount":500,"unit":"g"}}"#)
    let response = harness.send(
      "POST", "/api/v2/recipes/\(id)/add", json: #"{"servings":8,"skip":[3]}"#)
    #expect(response.status == 200)
    let body = harness.body(response)
    #expect(body["recipe"]?["title"]?.string == "Pancakes")
    #expect(body["servings"]?.number == 8)
    guard case .array(let lines)? = body["lines"] else {
      Issue.record("no lines")
      return
    }
    #expect(lines.map { $0["outcome"]?.string } == ["added", "added", "merged", "skipped"])
    #expect(lines[2]["merge"]?.string == "summed")
    #expect(lines[2]["before"]?.string == "500 g")
    // NB: an amount the quantity holds alone is the chip's text: v2 sends it once.
    #expect(lines[2]["item"]?["chip"]?.string == "900 g")
    #expect(lines[2]["item"]?["amountText"] == nil)
    #expect(lines[1]["item"]?["recipeAmounts"]?[0]?["text"]?.string == "2 cups")
    #expect(lines[3]["item"] == .null)
    guard case .array(let toGet)? = harness.body(harness.send("GET", "/api/v2/list"))["toGet"]
    else {
      Issue.record("no list")
      return
    }
    let milk = toGet.first { $0["name"]?.string == "milk" }
    #expect(milk?["recipes"]?[0]?["title"]?.string == "Pancakes")
    #expect(milk?["recipes"]?[0]?["id"]?.string == id)
  }

  @Test func addsARecipeUnderReviewWithoutSavingIt() throws {
    let harness = RecipeHarness()
    let response = harness.send(
      "POST", "/api/v2/recipes/add",
      json:
        #"{"recipe":{"title":"Toast","ingredients":[{"text":"2 slices bread","name":"bread","quantity":{"amount":2,"unit":"slice"}}]}}"#
    )
    #expect(response.status == 200)
    #expect(harness.body(response)["recipe"]?["id"] == .null)
    let bread = try #require(try harness.basket.sections().toGet.first)
    #expect(bread.recipeNeeds.recipes == [RecipeReference(id: nil, title: "Toast")])
    #expect(bread.amountText == "2 slices")
    #expect(try harness.recipeStore.recipes(.all).isEmpty)
  }

  @Test(
    arguments: [
      (#"{"servings":0}"#, 400), (#"{"servings":2.5}"#, 400), (#"{"skip":[9]}"#, 400),
      (#"{"skip":"salt"}"#, 400), (#"{"skip":[-1]}"#, 400), (#"{"portions":2}"#, 400),
    ] as [(String, Int)])
  func refusesASelectionItCannotApply(json: String, status: Int) throws {
    let harness = RecipeHarness()
    let id = harness.save(pancakes)
    #expect(harness.send("POST", "/api/v2/recipes/\(id)/add", json: json).status == status)
    #expect(try harness.basket.sections().toGet.isEmpty)
  }

  @Test func reviewsWhatAddingWouldDoAndWritesNothing() throws {
    let harness = RecipeHarness()
    let id = harness.save(pancakes)
    _ = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"flour","quantity":{"amount":500,"unit":"g"}}"#)
    let saved = harness.body(harness.send("GET", "/api/v2/recipes/\(id)"))["recipe"] ?? .null
    let recipeJSON = String(decoding: saved.encoded(), as: UTF8.self)
    let response = harness.send(
      "POST", "/api/v2/recipes/review",
      json: #"{"recipe":\#(recipeJSON),"servings":8,"skip":[3]}"#)
    #expect(response.status == 200)
    let body = harness.body(response)
    #expect(body["servings"]?.number == 8)
    guard case .array(let lines)? = body["lines"] else {
      Issue.record("no lines")
      return
    }
    #expect(lines.map { $0["outcome"]?.string } == ["added", "added", "merged", "skipped"])
    #expect(lines.map { $0["amountText"]?.string } == ["4", "2 cups", "400 g", nil])
    #expect(lines[2]["before"]?.string == "500 g")
    #expect(lines[2]["after"]?.string == "900 g")
    #expect(lines[2]["itemName"]?.string == "flour")
    #expect(lines[2]["merge"]?.string == "summed")
    #expect(lines[1]["text"]?.string == "1 cup milk")
    #expect(lines[1]["line"]?["quantity"]?["amount"]?.number == 2)
    #expect(try harness.basket.sections().toGet.map(\.name) == ["flour"])
  }

  @Test func reviewsAndAddsAChosenAlternative() throws {
    let harness = RecipeHarness()
    let recipe =
      #"{"title":"Cake","ingredients":[{"text":"1 cup butter or margarine","name":"butter","quantity":{"amount":1,"unit":"cup"},"alternatives":["margarine"]}]}"#
    let choose = #","choose":[{"line":0,"alternative":0}]}"#
    let review = harness.body(
      harness.send("POST", "/api/v2/recipes/review", json: #"{"recipe":"# + recipe + choose))
    #expect(review["lines"]?[0]?["line"]?["name"]?.string == "margarine")
    #expect(review["lines"]?[0]?["alternative"]?.number == 0)
    #expect(review["lines"]?[0]?["amountText"]?.string == "1 cup")
    let added = harness.send("POST", "/api/v2/recipes/add", json: #"{"recipe":"# + recipe + choose)
    #expect(added.status == 200)
    #expect(try harness.basket.sections().toGet.map { $0.name.lowercased() } == ["margarine"])
  }

  @Test(
    arguments: [
      #"{"choose":[{"line":0,"alternative":3}]}"#, #"{"choose":[{"line":9,"alternative":0}]}"#,
      #"{"choose":{"0":0}}"#, #"{"choose":[{"line":0}]}"#,
    ])
  func refusesAChoiceThatIsNotAnAlternative(json: String) throws {
    let harness = RecipeHarness()
    let id = harness.save(pancakes)
    #expect(harness.send("POST", "/api/v2/recipes/\(id)/add", json: json).status == 400)
    #expect(harness.send("GET", "/api/v2/recipes/review").status == 405)
    #expect(try harness.basket.sections().toGet.isEmpty)
  }

  @Test func aServerWithoutRecipesSaysSo() {
    let harness = Harness()
    #expect(harness.send("GET", "/api/v2/recipes").status == 503)
  }

  /// Needs from two recipes are summed, then bought whole: the item carries `buy`, and an
  /// item with a quantity of its own has none.
  @Test func anItemRecipesAskedForSaysWhatToBuy() {
    let harness = RecipeHarness()
    let chili = harness.save("Chili\n\nIngredients\n1.5 cans kidney beans\n2 tbsp olive oil\n")
    let soup = harness.save("Soup\n\nIngredients\n2 cans kidney beans\n")
    for id in [chili, soup] {
      #expect(harness.send("POST", "/api/v2/recipes/\(id)/add", json: "{}").status == 200)
    }
    guard case .array(let toGet)? = harness.body(harness.send("GET", "/api/v2/list"))["toGet"]
    else {
      Issue.record("no list")
      return
    }
    let beans = toGet.first { $0["name"]?.string == "kidney beans" }
    #expect(beans?["buy"]?["text"]?.string == "4 cans")
    #expect(beans?["buy"]?["need"]?.string == "recipes need 3½")
    #expect(beans?["quantity"] == nil)
    // NB: olive oil is sold in packs (`FoodPacks`): a US bottle, its size beside it.
    let oil = toGet.first { $0["name"]?.string == "olive oil" }
    #expect(oil?["buy"]?["text"]?.string == "1 bottle (473 ml)")
    #expect(oil?["buy"]?["need"]?.string == "recipe needs 2 tbsp")
  }
}
