import BasketKit
import BasketTestSupport
import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `WebApp` over an in-memory store and a test clock, driven without sockets.
struct Harness {
  let clock = TestClock()
  let store = InMemoryStore()
  let app: WebApp
  var basket: Basket { app.environment.basket }

  init(
    mode: AccessPolicy.Mode = .loopbackOnly,
    limits: WebEnvironment.AnswerLimits = WebEnvironment.AnswerLimits(),
    releaseMemory: (@Sendable () -> Void)? = nil
  ) {
    let basket = Fixtures.basket(clock: clock, store: store)
    var environment = WebEnvironment(
      basket: basket, access: AccessPolicy(mode: mode), timeZone: TimeZone(identifier: "UTC")!,
      randomBytes: { count in [UInt8](repeating: 7, count: count) })
    environment.limits = limits
    environment.releaseMemory = releaseMemory
    app = WebApp(environment: environment)
  }

  /// Sends a request as a same-origin browser page would (Host and, for writes, Origin).
  func send(
    _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
    query: [String: String] = [:]
  ) -> Response {
    app.sameOrigin(method, path, json: json, headers: headers, query: query)
  }

  func body(_ response: Response) -> JSONValue {
    (try? JSONValue.parse(response.body)) ?? .null
  }

  /// Adds `name` through the API and returns its id.
  @discardableResult
  func add(_ name: String) -> String {
    let response = send("POST", "/api/v2/items", json: #"{"name":"\#(name)"}"#)
    guard case .string(let id)? = body(response)["item"]?["id"] else { return "" }
    return id
  }

  func list(version: String = "v2") -> JSONValue {
    body(send("GET", "/api/\(version)/list"))
  }

  func names(_ section: String) -> [String] {
    guard case .array(let items)? = list()[section] else { return [] }
    return items.compactMap { item in
      if case .string(let name)? = item["name"] { return name }
      return nil
    }
  }
}

extension JSONValue {
  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The elements of an array; none for anything else.
  var elements: [JSONValue] {
    if case .array(let values) = self { return values }
    return []
  }
}

extension WebApp {
  /// Handles a request sent as a same-origin browser page would (Host and, for writes,
  /// Origin), for the route suites.
  func sameOrigin(
    _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
    query: [String: String] = [:]
  ) -> Response {
    var all = ["Host": "127.0.0.1:8080"]
    if json != nil { all["Content-Type"] = "application/json" }
    if method != "GET" { all["Origin"] = "http://127.0.0.1:8080" }
    for (name, value) in headers { all[name] = value }
    return handle(
      Request(
        method: method, path: path, query: query, headers: all, body: Array((json ?? "").utf8)))
  }
}
