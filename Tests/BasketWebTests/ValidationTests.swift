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
    (#"{"name":"Milk","amount":{"amount":2,"unit":"furlong"}}"#, "is not a unit"),
    (#"{"name":"Milk","amount":{"amount":2,"unit":"lb","size":1}}"#, "unknown field"),
    (
      #"{"name":"Milk","quantity":{"amount":1,"unit":"L"},"amount":{"amount":2,"unit":"pint"}}"#,
      "not both"
    ),
    (#"{"text":"milk","amount":{"amount":2,"unit":"pint"}}"#, "goes with \"name\""),
  ])
  func aBadAddIs400WithAReason(body: String, reason: String) {
    let harness = Harness()
    let response = harness.send("POST", "/api/v2/items", json: body)
    #expect(response.status == 400)
    #expect(harness.body(response)["error"]?.string?.contains(reason) == true, "\(response.text)")
    #expect(harness.names("toGet").isEmpty)
  }

  /// Read, but no amount Basket takes: 422, and nothing added.
  @Test(arguments: [
    (#"{"name":"Milk","quantity":{"amount":-1,"unit":"ml"}}"#, "not an amount"),
    (#"{"name":"Milk","amount":{"amount":2,"unit":"lb"}}"#, "can't be measured in lb"),
    (#"{"name":"Beef","amount":{"amount":500,"unit":"lb"}}"#, "not an amount"),
    (#"{"text":"-5 apples"}"#, "not an amount"),
    (#"{"text":"2 kg"}"#, "says how much but not what"),
    (#"{"text":"0 eggs"}"#, "adds nothing"),
    (#"{"text":"milk, eggs"}"#, "add them one at a time"),
  ])
  func anAmountBasketDoesntTakeIs422(body: String, reason: String) {
    let harness = Harness()
    let response = harness.send("POST", "/api/v1/items", json: body)
    #expect(response.status == 422, "\(response.text)")
    #expect(harness.body(response)["error"]?.string?.contains(reason) == true, "\(response.text)")
    #expect(harness.names("toGet").isEmpty)
  }

  /// An amount in the unit typed goes on the item as typed ("2 lb"), and shows so.
  @Test func anAddWithAKitchenAmountKeepsItsUnit() throws {
    let harness = Harness()
    let response = harness.send(
      "POST", "/api/v1/items", json: #"{"name":"ground beef","amount":{"amount":2,"unit":"lb"}}"#)
    #expect(response.status == 201, "\(response.text)")
    let item = try #require(harness.basket.sections().toGet.first)
    #expect(item.quantity == nil)
    #expect(item.recipeNeeds.amounts == [ItemAmount(amount: 2, unit: .pound)])
    #expect(item.buyable?.text == "2 lb")
    let typed = harness.send("POST", "/api/v1/items", json: #"{"text":"2 tins chopped tomatoes"}"#)
    #expect(typed.status == 201, "\(typed.text)")
    #expect(harness.body(typed)["item"]?["buy"]?["text"]?.string == "2 tins")
  }

  @Test func anOverLongNameIs400() {
    let harness = Harness()
    let name = String(repeating: "a", count: ListTiming.maxNameLength + 1)
    let response = harness.send("POST", "/api/v2/items", json: #"{"name":"\#(name)"}"#)
    #expect(response.status == 400)
    #expect(harness.body(response)["error"]?.string?.contains("at most") == true)
  }

  @Test(arguments: [
    (#"{"quantity":{"amount":"2","unit":"L"}}"#, #""quantity.amount" must be a number"#, 400),
    (#"{"quantity":{"amount":2,"unit":"cups"}}"#, "is not a unit", 400),
    (#"{"quantity":{"amount":2}}"#, #""quantity.unit" must be a string"#, 400),
    (#"{"quantity":{"amount":1e9,"unit":"ml"}}"#, "not an amount", 422),
    (#"{"quantity":{"amount":2,"unit":"L","extra":1}}"#, "unknown field", 400),
    (#"{"quantity":"2 L"}"#, "must be an object or null", 400),
    (#"{"quantity":{"amount":500,"unit":"g"}}"#, "can't be measured in g", 422),
    (#"{"name":""}"#, "a name can't be empty", 400),
    (#"{"name":null}"#, #""name" must be a string, not null"#, 400),
    (#"{}"#, "nothing to change", 400),
    (#"{"note":5}"#, #""note" must be text or null"#, 400),
    (#"{"note":"tub","name":"Oat milk"}"#, #"send "note" on its own"#, 400),
    ("{\"note\":\"\(String(repeating: "a", count: 501))\"}", "note can be at most 500", 422),
  ])
  /// What can't be read is 400; an amount read but not one Basket takes is 422.
  func aBadPatchIs400Or422AndChangesNothing(body: String, reason: String, status: Int) throws {
    let harness = Harness()
    let id = harness.add("Milk")
    let response = harness.send("PATCH", "/api/v2/items/\(id)", json: body)
    #expect(response.status == status)
    #expect(harness.body(response)["error"]?.string?.contains(reason) == true, "\(response.text)")
    let item = try harness.basket.sections().toGet.first
    #expect(item?.name == "Milk")
    #expect(item?.note == nil)
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
