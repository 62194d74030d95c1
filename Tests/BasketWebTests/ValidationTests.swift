import BasketKit
import Testing

@testable import BasketWeb

@Suite struct ValidationTests {
  @Test(arguments: [
    (#"{"name":"#, "malformed JSON"),
    (#"["Milk"]"#, "must be a JSON object"),
    (#"{"name":42}"#, #""name" must be a string, not a number"#),
    (#"{"name":"Milk","id":7}"#, #""id" must be a string"#),
    (#"{"name":"Milk","id":"not-a-uuid"}"#, #""id" must be a UUID"#),
    (#"{"name":"   "}"#, "a name can't be empty"),
    (#"{"name":"Milk","colour":"red"}"#, #"unknown field "colour""#),
    (#"{}"#, "say what to add"),
    (#"{"name":"Milk","text":"milk"}"#, "either"),
    (#"{"name":"Milk","name":"Eggs"}"#, "appears twice"),
    (#"{"name":"Milk","quantity":{"amount":-1,"unit":"ml"}}"#, "not an amount"),
  ])
  func aBadAddIs400WithAReason(body: String, reason: String) {
    let harness = Harness()
    let response = harness.send("POST", "/api/v2/items", json: body)
    #expect(response.status == 400)
    #expect(harness.body(response)["error"]?.string?.contains(reason) == true, "\(response.text)")
    #expect(harness.names("toGet").isEmpty)
  }

  @Test func anOverLongNameIs400() {
    let harness = Harness()
    let name = String(repeating: "a", count: ListTiming.maxNameLength + 1)
    let response = harness.send("POST", "/api/v2/items", json: #"{"name":"\#(name)"}"#)
    #expect(response.status == 400)
    #expect(harness.body(response)["error"]?.string?.contains("at most") == true)
  }

  @Test(arguments: [
    (#"{"quantity":{"amount":"2","unit":"L"}}"#, #""quantity.amount" must be a number"#),
    (#"{"quantity":{"amount":2,"unit":"cups"}}"#, "is not a unit"),
    (#"{"quantity":{"amount":2}}"#, #""quantity.unit" must be a string"#),
    (#"{"quantity":{"amount":1e9,"unit":"ml"}}"#, "not an amount"),
    (#"{"quantity":{"amount":2,"unit":"L","extra":1}}"#, "unknown field"),
    (#"{"quantity":"2 L"}"#, "must be an object or null"),
    (#"{"quantity":{"amount":500,"unit":"g"}}"#, "can't be measured in g"),
    (#"{"name":""}"#, "a name can't be empty"),
    (#"{"name":null}"#, #""name" must be a string, not null"#),
    (#"{}"#, "nothing to change"),
  ])
  func aBadPatchIs400AndChangesNothing(body: String, reason: String) throws {
    let harness = Harness()
    let id = harness.add("Milk")
    let response = harness.send("PATCH", "/api/v2/items/\(id)", json: body)
    #expect(response.status == 400)
    #expect(harness.body(response)["error"]?.string?.contains(reason) == true, "\(response.text)")
    let item = try harness.basket.sections().toGet.first
    #expect(item?.name == "Milk")
    #expect(item?.quantity == nil)
  }

  @Test func unknownIdsAre404AndMalformedIds400() {
    let harness = Harness()
    let unknown = "6f1c2a4e-1111-4222-8333-444455556666"
    #expect(harness.send("POST", "/api/v2/items/\(unknown)/check").status == 404)
    #expect(harness.send("POST", "/api/v2/items/\(unknown)/uncheck").status == 404)
    #expect(harness.send("PATCH", "/api/v2/items/\(unknown)", json: #"{"name":"x"}"#).status == 404)
    #expect(harness.send("DELETE", "/api/v2/items/\(unknown)").status == 404)
    let malformed = harness.send("POST", "/api/v2/items/banana/check")
    #expect(malformed.status == 400)
    #expect(harness.body(malformed)["error"]?.string?.contains("not an item id") == true)
  }

  @Test func aBodyOver64KiBIs413() {
    let harness = Harness()
    let big = #"{"name":""# + String(repeating: "a", count: 70_000) + #""}"#
    let response = harness.send("POST", "/api/v2/items", json: big)
    #expect(response.status == 413)
    #expect(harness.body(response)["error"] != nil)
  }

  @Test func aWriteWithoutJSONContentTypeIs415() {
    let harness = Harness()
    let response = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"Milk"}"#,
      headers: ["Content-Type": "application/x-www-form-urlencoded"])
    #expect(response.status == 415)
  }

  @Test func suggestionQueriesAndLimitsAreChecked() {
    let harness = Harness()
    let long = String(repeating: "a", count: 201)
    #expect(harness.send("GET", "/api/v2/suggestions", query: ["q": long]).status == 400)
    #expect(harness.send("GET", "/api/v2/usuals", query: ["limit": "0"]).status == 400)
    #expect(harness.send("GET", "/api/v2/suggestions", query: ["q": ""]).status == 200)
  }

  @Test func userTextIsEscapedSoJSONCanNeverBeReadAsMarkup() {
    let harness = Harness()
    let response = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"<img src=x onerror=alert(1)>"}"#)
    #expect(response.status == 201)
    #expect(!response.text.contains("<img"))
    #expect(harness.body(response)["item"]?["name"]?.string == "<img src=x onerror=alert(1)>")
  }
}
