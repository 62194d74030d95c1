import BasketKit
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Several lists on the web over a real SQLite store: `/api/v2/lists` makes, renames, moves,
/// removes and restores them, and `?list=ID` points every list route at one.
@Suite struct ListsRouteTests {
  private func send(
    _ web: StoreHarness, _ method: String, _ path: String, json: String? = nil,
    list: String? = nil
  ) -> Response {
    web.app.sameOrigin(method, path, json: json, query: list.map { ["list": $0] } ?? [:])
  }

  private func names(_ web: StoreHarness, list: String? = nil) -> [String] {
    let response = send(web, "GET", "/api/v2/list", list: list)
    #expect(response.status == 200, "\(response.text)")
    return (web.body(response)["toGet"]?.elements ?? []).compactMap {
      if case .string(let name)? = $0["name"] { return name.lowercased() }
      return nil
    }
  }

  private func id(_ value: JSONValue) -> String {
    if case .string(let id)? = value["id"] { return id }
    return ""
  }

  @Test func aNewListHasItsOwnItemsAndEveryRouteTakesIt() throws {
    let web = try StoreHarness()
    web.must("POST", "/api/v2/items", json: #"{"name":"milk"}"#)
    let start = web.must("GET", "/api/v2/lists")
    #expect(start["lists"]?.elements.count == 1)
    #expect(start["lists"]?[0]?["name"] == .string("Groceries"))
    #expect(start["lists"]?[0]?["toGet"] == .number(1))

    let made = send(web, "POST", "/api/v2/lists", json: #"{"name":"Party"}"#)
    #expect(made.status == 201, "\(made.text)")
    let party = id(web.body(made))
    #expect(
      send(web, "POST", "/api/v2/items", json: #"{"name":"balloons"}"#, list: party).status == 201)
    #expect(names(web) == ["milk"])
    #expect(names(web, list: party) == ["balloons"])
    // The list's answer is cached per list, and /changes answers per list.
    #expect(names(web) == ["milk"])
    let changes = web.app.sameOrigin(
      "GET", "/api/v2/changes", query: ["since": "0", "list": party])
    #expect(changes.status == 200, "\(changes.text)")
    #expect(web.body(changes)["items"]?.elements.count == 1)
    #expect(web.must("GET", "/api/v2/lists")["lists"]?[1]?["toGet"] == .number(1))

    // An item of one list can't be changed through another.
    let balloons = web.body(send(web, "GET", "/api/v2/list", list: party))["toGet"]?[0] ?? .null
    let other = send(web, "POST", "/api/v2/items/\(id(balloons))/check", json: "{}")
    #expect(other.status == 404, "\(other.text)")
    #expect(
      send(web, "POST", "/api/v2/items/\(id(balloons))/check", json: "{}", list: party).status
        == 200)
  }

  @Test func renamingMovingRemovingAndRestoringLoseNothing() throws {
    let web = try StoreHarness()
    let party = id(web.must("POST", "/api/v2/lists", json: #"{"name":"Party"}"#))
    #expect(
      send(web, "POST", "/api/v2/items", json: #"{"name":"cake"}"#, list: party).status == 201)

    let renamed = web.must(
      "PATCH", "/api/v2/lists/\(party)", json: #"{"name":"Birthday","position":0}"#)
    #expect(renamed["name"] == .string("Birthday"))
    #expect(renamed["position"] == .number(0))
    // The first list is the default now.
    #expect(names(web) == ["cake"])

    let removed = web.must("DELETE", "/api/v2/lists/\(party)")
    #expect(removed["removedAt"] != nil)
    let gone = send(web, "GET", "/api/v2/list", list: party)
    #expect(gone.status == 410)
    #expect(web.body(gone)["error"] == .string(ListsError.removed("Birthday").description))
    // A change queued for the removed list is refused, and nothing is lost.
    let queued = send(web, "POST", "/api/v2/items", json: #"{"name":"candles"}"#, list: party)
    #expect(queued.status == 410)
    #expect(web.must("GET", "/api/v2/lists")["removed"]?[0]?["name"] == .string("Birthday"))
    #expect(names(web) == [])

    web.must("POST", "/api/v2/lists/\(party)/restore", json: "{}")
    #expect(names(web, list: party) == ["cake"])
  }

  @Test func badInputIsRefusedClearly() throws {
    let web = try StoreHarness()
    let cases: [(String, String, String?, String?, Int)] = [
      ("POST", "/api/v2/lists", #"{"name":"groceries"}"#, nil, 409),
      ("POST", "/api/v2/lists", #"{"name":"  "}"#, nil, 422),
      ("POST", "/api/v2/lists", #"{"nom":"x"}"#, nil, 400),
      ("POST", "/api/v2/lists", #"{"name":"\#(String(repeating: "x", count: 41))"}"#, nil, 422),
      ("GET", "/api/v2/list", nil, "not-an-id", 400),
      ("GET", "/api/v2/list", nil, UUID().uuidString, 404),
      ("PATCH", "/api/v2/lists/\(UUID().uuidString)", #"{"name":"x"}"#, nil, 404),
      ("PATCH", "/api/v2/lists/groceries", #"{"position":-1}"#, nil, 422),
      ("PATCH", "/api/v2/lists/groceries", #"{}"#, nil, 400),
      ("DELETE", "/api/v2/lists/groceries", nil, nil, 409),
    ]
    for (method, path, json, list, status) in cases {
      let response = send(web, method, path, json: json, list: list)
      #expect(response.status == status, "\(method) \(path) \(json ?? ""): \(response.text)")
    }
    #expect(web.must("GET", "/api/v2/lists")["lists"]?.elements.count == 1)
  }
}
