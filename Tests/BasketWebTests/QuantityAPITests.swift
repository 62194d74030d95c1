import BasketKit
import BasketTestSupport
import Foundation  // NB: Process, Pipe and JSONSerialization live in full Foundation; only tests use them.
import Testing

@testable import BasketWeb

/// Impossible quantities through the API: a 400 with a JSON reason, never a dead server (one
/// bad amount must not take the household's list down), whether they arrive in a body or
/// already sit in the store.
@Suite struct QuantityAPITests {
  @Test(arguments: [
    #"{"name":"Flour","quantity":{"amount":1e16,"unit":"g"}}"#,
    #"{"name":"Flour","quantity":{"amount":1e308,"unit":"kg"}}"#,
    #"{"name":"Flour","quantity":{"amount":-1e308,"unit":"g"}}"#,
    #"{"name":"Eggs","quantity":{"amount":1e19,"unit":"units"}}"#,
    #"{"text":"eggs x99999999999999999999"}"#,
    #"{"text":"999999999999 kg rice"}"#,
    #"{"text":"2 kg milk"}"#,
  ])
  func anAddWithAnImpossibleQuantityIs422AndAddsNothing(body: String) {
    let harness = Harness()
    let response = harness.send("POST", "/api/v2/items", json: body)
    #expect(response.status == 422, "\(response.text)")
    #expect(harness.body(response)["error"]?.string?.isEmpty == false)
    #expect(harness.names("toGet").isEmpty)
  }

  @Test func theRefusalSaysWhatBasketTakes() {
    let harness = Harness()
    let response = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"Flour","quantity":{"amount":1e16,"unit":"g"}}"#)
    #expect(
      harness.body(response)["error"]?.string
        == "1e+16 g is not an amount Basket takes (0 to 100000 g)")
  }

  @Test(arguments: [
    #"{"quantity":{"amount":1e16,"unit":"ml"}}"#, #"{"quantity":{"amount":1e308,"unit":"L"}}"#,
    #"{"quantity":{"amount":-0.5,"unit":"L"}}"#, #"{"quantity":{"amount":5,"unit":"kg"}}"#,
  ])
  func aPatchWithAnImpossibleQuantityIs422AndChangesNothing(body: String) throws {
    let harness = Harness()
    let id = harness.add("Milk")
    let response = harness.send("PATCH", "/api/v2/items/\(id)", json: body)
    #expect(response.status == 422, "\(response.text)")
    #expect(harness.body(response)["error"]?.string?.isEmpty == false)
    #expect(try harness.basket.sections().toGet.first?.quantity == nil)
  }

  @Test(arguments: [1e16, .nan, .infinity, -.infinity, 1e308, -0.0, .leastNonzeroMagnitude])
  func aListHoldingAnyAmountIsServed(amount: Double) throws {
    let clock = TestClock()
    let store = InMemoryStore(items: [
      Item(
        id: Fixtures.id(1), name: "Flour", emoji: "🌾",
        quantity: Quantity(amount: amount, unit: .grams), addedAt: clock.now)
    ])
    let app = WebApp(
      environment: WebEnvironment(
        basket: Fixtures.basket(clock: clock, store: store),
        access: AccessPolicy(mode: .loopbackOnly),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) }))
    let response = app.handle(
      Request(method: "GET", path: "/api/v2/list", query: [:], headers: ["Host": "127.0.0.1:8080"]))
    #expect(response.status == 200)
    guard case .array(let toGet)? = try JSONValue.parse(response.body)["toGet"] else {
      Issue.record("no toGet in \(response.text)")
      return
    }
    #expect(toGet.first?["chip"]?.string == Quantity.format(amount) + " g")
  }

  @Test func aRenameWithAQuantityIsOneTransaction() {
    let harness = Harness()
    let id = harness.add("Milk")
    let before = harness.store.transactions
    let response = harness.send(
      "PATCH", "/api/v2/items/\(id)",
      json: #"{"name":"Flour","quantity":{"amount":1.5,"unit":"kg"}}"#)
    #expect(response.status == 200)
    #expect(harness.store.transactions == before + 1)
    #expect(harness.body(response)["item"]?["chip"]?.string == "1.5 kg")
  }

  @Test func aRefusedQuantityLeavesTheRenameUnapplied() throws {
    let harness = Harness()
    let id = harness.add("Milk")
    let response = harness.send(
      "PATCH", "/api/v2/items/\(id)",
      json: #"{"name":"Flour","quantity":{"amount":1,"unit":"L"}}"#)
    #expect(response.status == 422)
    #expect(harness.body(response)["error"]?.string == "Flour can't be measured in L")
    #expect(harness.names("toGet") == ["Milk"])
  }

  @Test func theRulesTheWebAppStepsWithAreTheCaseTables() throws {
    let harness = Harness()
    let served = harness.send("GET", "/api/v2/quantity-rules")
    let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("cases/quantity-cases.json")
    let cases = try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? NSDictionary
    let rules = try JSONSerialization.jsonObject(with: Data(served.body)) as? NSDictionary
    #expect(rules != nil)
    #expect(rules == cases?["rules"] as? NSDictionary)
  }
}
