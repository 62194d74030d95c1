import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct RouteTests {
  @Test func anEmptyListHasBothSectionsAndTheDaysMood() {
    let harness = Harness()
    let response = harness.send("GET", "/api/v2/list")
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    let list = harness.body(response)
    #expect(list["toGet"] == .array([]))
    #expect(list["gotIt"] == .array([]))
    #expect(list["undoUntil"] == .null)
    #expect(list["mood"]?["tint"]?.string == "morning")
    #expect(list["mood"]?["emptyLine"]?.string?.isEmpty == false)
  }

  @Test func listItemsMatchTheSharedListJSONShape() throws {
    let harness = Harness()
    harness.add("Milk")
    let apples = harness.add("Apples")
    _ = harness.send(
      "PATCH", "/api/v2/items/\(apples)", json: #"{"quantity":{"amount":3,"unit":"units"}}"#)
    harness.clock.advance(by: 5)
    _ = harness.send("POST", "/api/v2/items/\(apples)/check")
    // NB: v1's items are `basket list --json`'s, every member written.
    let response = harness.send("GET", "/api/v1/list")
    let decoded = try JSONDecoder().decode(ListJSON.self, from: Data(response.body))
    #expect(
      decoded == ListJSON(try harness.basket.sections(), category: harness.basket.category(of:)))
    #expect(decoded.gotIt.first?.quantity == Quantity(amount: 3, unit: .units))
  }

  @Test func addingANameCreatesAnItemOnTop() {
    let harness = Harness()
    harness.add("Bread")
    let response = harness.send("POST", "/api/v2/items", json: #"{"name":"  Milk  "}"#)
    #expect(response.status == 201)
    let body = harness.body(response)
    #expect(body["outcome"]?.string == "added")
    #expect(body["item"]?["name"]?.string == "Milk")
    #expect(body["item"]?["emoji"]?.string == "🥛")
    #expect(body["item"]?["measure"]?.string == "poured")
    #expect(harness.names("toGet") == ["Milk", "Bread"])
  }

  @Test func addingTypedTextUnderstandsAQuantity() {
    let harness = Harness()
    let response = harness.send("POST", "/api/v2/items", json: #"{"text":"2 l milk"}"#)
    #expect(response.status == 201)
    #expect(harness.body(response)["item"]?["chip"]?.string == "2 L")
  }

  @Test func addingADuplicateBumpsAndOneInGotItRestores() {
    let harness = Harness()
    let milk = harness.add("Milk")
    harness.add("Bread")
    let bumped = harness.send("POST", "/api/v2/items", json: #"{"name":"milk"}"#)
    #expect(bumped.status == 200)
    #expect(harness.body(bumped)["outcome"]?.string == "bumped")
    #expect(harness.body(bumped)["item"]?["id"]?.string == milk)
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    let restored = harness.send("POST", "/api/v2/items", json: #"{"name":"MILK"}"#)
    #expect(harness.body(restored)["outcome"]?.string == "restored")
    #expect(harness.names("toGet") == ["Milk", "Bread"])
  }

  @Test func replayingAnAddWithTheSameClientIdChangesNothing() {
    let harness = Harness()
    let id = "6f1c2a4e-1111-4222-8333-444455556666"
    let first = harness.send("POST", "/api/v2/items", json: #"{"name":"Eggs","id":"\#(id)"}"#)
    #expect(first.status == 201)
    harness.add("Bread")
    let again = harness.send("POST", "/api/v2/items", json: #"{"name":"Eggs","id":"\#(id)"}"#)
    #expect(again.status == 200)
    #expect(harness.body(again)["outcome"]?.string == "replayed")
    #expect(harness.names("toGet") == ["Bread", "Eggs"])
  }

  @Test func checkingIsIdempotentAndSaysWhenAllIsDone() {
    let harness = Harness()
    let milk = harness.add("Milk")
    let bread = harness.add("Bread")
    let first = harness.send("POST", "/api/v2/items/\(milk)/check")
    #expect(first.status == 200)
    #expect(harness.body(first)["allDone"] == .bool(false))
    #expect(
      harness.body(harness.send("POST", "/api/v2/items/\(milk)/check"))["allDone"] == .bool(false))
    harness.clock.advance(by: 1)
    let last = harness.send("POST", "/api/v2/items/\(bread)/check")
    #expect(harness.body(last)["allDone"] == .bool(true))
    #expect(harness.names("gotIt") == ["Bread", "Milk"])
  }

  @Test func uncheckingRestoresToTheTopAndIsIdempotent() {
    let harness = Harness()
    let milk = harness.add("Milk")
    harness.add("Bread")
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    harness.clock.advance(by: 1)
    let response = harness.send("POST", "/api/v2/items/\(milk)/uncheck")
    #expect(response.status == 200)
    #expect(harness.body(response)["item"]?["checkedAt"] == nil)
    #expect(harness.send("POST", "/api/v2/items/\(milk)/uncheck").status == 200)
    #expect(harness.names("toGet") == ["Milk", "Bread"])
  }

  @Test func patchRenamesAndSetsAQuantityTogether() {
    let harness = Harness()
    let id = harness.add("Milk")
    let response = harness.send(
      "PATCH", "/api/v2/items/\(id)",
      json: #"{"name":"Oat milk","quantity":{"amount":1.5,"unit":"L"}}"#)
    #expect(response.status == 200)
    let item = harness.body(response)["item"]
    #expect(item?["name"]?.string == "Oat milk")
    #expect(item?["chip"]?.string == "1.5 L")
  }

  @Test func aRenameResetsTheQuantityAndNullClearsIt() {
    let harness = Harness()
    let id = harness.add("Milk")
    _ = harness.send(
      "PATCH", "/api/v2/items/\(id)", json: #"{"quantity":{"amount":500,"unit":"ml"}}"#)
    let renamed = harness.send("PATCH", "/api/v2/items/\(id)", json: #"{"name":"Juice"}"#)
    #expect(harness.body(renamed)["item"]?["quantity"] == nil)
    _ = harness.send(
      "PATCH", "/api/v2/items/\(id)", json: #"{"quantity":{"amount":2,"unit":"units"}}"#)
    let cleared = harness.send("PATCH", "/api/v2/items/\(id)", json: #"{"quantity":null}"#)
    #expect(harness.body(cleared)["item"]?["quantity"] == nil)
  }

  @Test func aNoteIsSetInV2AndV1AndClearedByNullOrEmptyText() throws {
    let harness = Harness()
    let id = harness.add("Milk")
    let plain = harness.send("GET", "/api/v2/list")
    #expect(harness.body(plain)["toGet"]?[0]?["note"] == nil, "v2 leaves out no note")
    let set = harness.send("PATCH", "/api/v2/items/\(id)", json: #"{"note":" the big\u0007 tub "}"#)
    #expect(set.status == 200)
    #expect(harness.body(set)["item"]?["note"]?.string == "the big tub")
    #expect(harness.body(set)["item"]?["name"]?.string == "Milk")
    let v2 = harness.body(harness.send("GET", "/api/v2/list"))
    #expect(v2["toGet"]?[0]?["note"]?.string == "the big tub")
    let v1 = harness.send("GET", "/api/v1/list")
    #expect(
      try JSONDecoder().decode(ListJSON.self, from: Data(v1.body)).toGet.first?.note
        == "the big tub")
    for clearing in [#"{"note":null}"#, #"{"note":""}"#] {
      _ = harness.send("PATCH", "/api/v2/items/\(id)", json: #"{"note":"x"}"#)
      let cleared = harness.send("PATCH", "/api/v2/items/\(id)", json: clearing)
      #expect(cleared.status == 200)
      #expect(harness.body(cleared)["item"]?["note"] == nil, "\(clearing)")
      let legacy = harness.send("GET", "/api/v1/list")
      #expect(harness.body(legacy)["toGet"]?[0]?["note"] == .null, "v1 writes every member")
    }
  }

  @Test func aNoteOfAMegabyteIsRefusedBeforeItIsReadAndOneJustTooLongIs422() {
    let harness = Harness()
    let id = harness.add("Milk")
    _ = harness.send("PATCH", "/api/v2/items/\(id)", json: #"{"note":"the big tub"}"#)
    let huge = "{\"note\":\"\(String(repeating: "a", count: 1 << 20))\"}"
    #expect(harness.send("PATCH", "/api/v2/items/\(id)", json: huge).status == 413)
    let long = "{\"note\":\"\(String(repeating: "a", count: 501))\"}"
    let refused = harness.send("PATCH", "/api/v2/items/\(id)", json: long)
    #expect(refused.status == 422)
    #expect(harness.body(refused)["error"]?.string?.contains("at most 500 characters") == true)
    #expect(
      harness.body(harness.send("GET", "/api/v2/list"))["toGet"]?[0]?["note"]?.string
        == "the big tub")
  }

  @Test func deleteRemovesAndASecondDeleteIs404() {
    let harness = Harness()
    let id = harness.add("Milk")
    #expect(harness.send("DELETE", "/api/v2/items/\(id)").status == 204)
    #expect(harness.names("toGet").isEmpty)
    #expect(harness.send("DELETE", "/api/v2/items/\(id)").status == 404)
  }

  @Test func clearAllThenUndoBringsItemsBackExactly() {
    let harness = Harness()
    let milk = harness.add("Milk")
    _ = harness.send(
      "PATCH", "/api/v2/items/\(milk)", json: #"{"quantity":{"amount":2,"unit":"L"}}"#)
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    let before = harness.list()["gotIt"]
    let cleared = harness.send("POST", "/api/v2/clear")
    #expect(harness.body(cleared)["cleared"]?.number == 1)
    let until = harness.body(cleared)["undoUntil"]?.string
    #expect(until != nil)
    #expect(harness.list()["gotIt"] == .array([]))
    #expect(harness.list()["undoUntil"]?.string == until)
    harness.clock.advance(by: 3)
    let undone = harness.send("POST", "/api/v2/undo", json: #"{"until":"\#(until!)"}"#)
    #expect(undone.status == 200)
    #expect(harness.body(undone)["restored"]?.number == 1)
    #expect(harness.list()["gotIt"] == before)
    // A replay of the same undo finds nothing to undo and changes nothing.
    #expect(harness.send("POST", "/api/v2/undo", json: #"{"until":"\#(until!)"}"#).status == 409)
    #expect(harness.list()["gotIt"] == before)
  }

  @Test func anUndoNamingAnOlderClearNeverUndoesANewerOne() {
    let harness = Harness()
    let milk = harness.add("Milk")
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    let first = harness.body(harness.send("POST", "/api/v2/clear"))["undoUntil"]!.string!
    harness.clock.advance(by: 11)
    let bread = harness.add("Bread")
    _ = harness.send("POST", "/api/v2/items/\(bread)/check")
    _ = harness.send("POST", "/api/v2/clear")
    let stale = harness.send("POST", "/api/v2/undo", json: #"{"until":"\#(first)"}"#)
    #expect(stale.status == 409)
    #expect(harness.names("gotIt").isEmpty)
  }

  @Test func undoAfterTheWindowIs409() {
    let harness = Harness()
    let milk = harness.add("Milk")
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    _ = harness.send("POST", "/api/v2/clear")
    harness.clock.advance(by: ListTiming.undoWindow + 1)
    let response = harness.send("POST", "/api/v2/undo")
    #expect(response.status == 409)
    #expect(harness.body(response)["error"]?.string == ListError.nothingToUndo.description)
  }

  @Test func suggestionsAndUsualsComeAsChips() {
    let harness = Harness()
    let suggestions = harness.send("GET", "/api/v2/suggestions", query: ["q": "cor"])
    #expect(suggestions.status == 200)
    guard case .array(let chips)? = harness.body(suggestions)["suggestions"] else {
      Issue.record("no suggestions array")
      return
    }
    #expect(chips.first?["name"]?.string == "Cordial")
    #expect(chips.first?["source"]?.string == "dictionary")
    #expect(harness.body(harness.send("GET", "/api/v2/usuals"))["suggestions"] == .array([]))
    let milk = harness.add("Milk")
    _ = harness.send("DELETE", "/api/v2/items/\(milk)")
    let usuals = harness.body(harness.send("GET", "/api/v2/usuals"))["suggestions"]
    #expect(
      usuals
        == .array([
          .object([
            ("name", .string("Milk")), ("emoji", .string("🥛")), ("source", .string("history")),
          ])
        ]))
  }

  @Test func quantityRulesDescribeEveryUnit() {
    let harness = Harness()
    let units = harness.body(harness.send("GET", "/api/v2/quantity-rules"))["units"]
    #expect(units?["ml"]?["step"]?.number == 50)
    #expect(units?["ml"]?["start"]?.number == 500)
    #expect(units?["L"]?["dimension"]?.string == "volume")
    #expect(units?["units"]?["start"]?.number == 1)
    #expect(units?["kg"]?["max"]?.number == 100)
  }

  @Test func theEventsRouteAsksTheAdapterForAStream() {
    let harness = Harness()
    let response = harness.send("GET", "/api/v2/events")
    #expect(response.kind == .eventStream)
    #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
  }

  @Test(arguments: [
    ("GET", "/api/v2/items"), ("POST", "/api/v2/list"), ("PUT", "/api/v2/clear"),
    ("GET", "/api/v2/undo"), ("POST", "/api/v2/usuals"),
  ])
  func aWrongMethodIs405WithAllow(method: String, path: String) {
    let response = Harness().send(method, path)
    #expect(response.status == 405)
    #expect(response.header("Allow") != nil)
  }

  /// A path named outright is its own resource: asking it with a method only the shape with a
  /// `*` there has is 405, never that route reading the name as an id.
  @Test(arguments: [
    ("GET", "/api/v2/pantry/scan", "POST"), ("GET", "/api/v2/recipes/import", "POST"),
    ("PATCH", "/api/v2/shops/current", "PUT"), ("DELETE", "/api/v2/recipes/parse", "POST"),
    ("POST", "/api/v2/items/x", "PATCH, DELETE"), ("POST", "/api/v2/session", "GET"),
  ])
  func aWrongMethodIsAnsweredFromTheRouteTable(method: String, path: String, allow: String) {
    let response = Harness().send(method, path)
    #expect(response.status == 405)
    #expect(response.header("Allow") == allow)
  }

  @Test func everyRouteIsDeclaredOnceWithItsHandler() {
    let rows = WebApp.routes.map { "\($0.method) \($0.path)" }
    #expect(Set(rows).count == rows.count, "a route is declared twice")
    #expect(rows.count >= 70)
  }

  @Test(arguments: ["/api/v2/nope", "/api/v4/list", "/api/v3/items/x/y/z", "/api"])
  func anUnknownRouteIs404(path: String) {
    #expect(Harness().send("GET", path).status == 404)
  }

  @Test func theAppShellIsServedWithTypesAndETags() {
    let harness = Harness()
    let page = harness.send("GET", "/")
    #expect(page.status == 200)
    #expect(page.header("Content-Type") == "text/html; charset=utf-8")
    #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
    let etag = page.header("ETag")
    #expect(etag != nil)
    let again = harness.send("GET", "/", headers: ["If-None-Match": etag!])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    #expect(
      harness.send("GET", "/app/app.js").header("Content-Type") == "text/javascript; charset=utf-8")
    #expect(
      harness.send("GET", "/app/basket.css").header("Content-Type") == "text/css; charset=utf-8")
    #expect(
      harness.send("GET", "/fonts/DotGothic16-Basket.ttf").header("Content-Type") == "font/ttf")
    #expect(harness.send("GET", "/manifest.webmanifest").status == 200)
    #expect(harness.send("GET", "/sw.js").status == 200)
    #expect(harness.send("GET", "/icons/icon-192.png").header("Content-Type") == "image/png")
    #expect(harness.send("GET", "/nope.html").status == 404)
    #expect(harness.send("POST", "/index.html").status == 405)
  }
}
