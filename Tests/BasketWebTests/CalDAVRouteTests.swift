import BasketKit
import BasketTestSupport
import BasketWeb
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The CalDAV routes through `WebApp.handle`, without sockets: discovery, auth, reading and
/// writing tasks, ETag preconditions, sync tokens and bad input. (Tests/caldav drives the same
/// routes with real clients: the `caldav` library, vdirsyncer and todoman.)
@Suite struct CalDAVRouteTests {
  let clock = TestClock()
  let store = InMemoryStore()
  let app: WebApp
  let basket: Basket

  init() {
    basket = Fixtures.basket(clock: clock, store: store)
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .householdSecret("apple-pie-42")),
        timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
        calDAV: CalDAVBook(store: store, basket: basket)))
  }

  private func send(
    _ method: String, _ path: String, body: String = "", headers: [String: String] = [:],
    password: String? = "apple-pie-42", from address: String = "192.168.1.20",
    secure: Bool = true
  ) -> Response {
    var all = ["Host": "192.168.1.5:8080"]
    if let password {
      all["Authorization"] = "Basic " + Data("anyone:\(password)".utf8).base64EncodedString()
    }
    for (name, value) in headers { all[name] = value }
    return app.handle(
      Request(
        method: method, path: path, headers: all, body: Array(body.utf8), isSecure: secure,
        clientAddress: address))
  }

  private func task(_ uid: String, _ summary: String, extra: [String] = []) -> String {
    ([
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20261202T100000Z", "SUMMARY:\(summary)",
    ] + extra + ["END:VTODO", "END:VCALENDAR"])
    .joined(separator: "\r\n") + "\r\n"
  }

  private let calendar = ["Content-Type": "text/calendar; charset=utf-8"]

  @Test func discoveryLeadsFromTheWellKnownAddressToTheTaskCollection() {
    let redirect = send("GET", "/.well-known/caldav", password: nil)
    #expect(redirect.status == 301)
    #expect(redirect.header("Location") == "/dav/")
    let options = send("OPTIONS", "/dav/basket/", password: nil)
    #expect(options.header("DAV")?.contains("calendar-access") == true)
    let principal = send(
      "PROPFIND", "/dav/",
      body: """
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:current-user-principal/><c:calendar-home-set/><d:x-unknown/></d:prop></d:propfind>
        """, headers: ["Depth": "0"])
    #expect(principal.status == 207)
    #expect(principal.text.contains("<d:current-user-principal><d:href>/dav/</d:href>"))
    #expect(principal.text.contains("<c:calendar-home-set><d:href>/dav/</d:href>"))
    #expect(principal.text.contains("<d:x-unknown/></d:prop><d:status>HTTP/1.1 404 Not Found"))
    let home = send("PROPFIND", "/dav/", headers: ["Depth": "1"])
    #expect(home.text.contains("<d:href>/dav/basket/</d:href>"))
    #expect(home.text.contains(#"<c:comp name="VTODO"/>"#))
    #expect(home.text.contains("<d:displayname>Basket</d:displayname>"))
  }

  @Test func withoutTheSecretNothingIsReadAndWrongGuessesAreLimited() throws {
    _ = try basket.add(text: "Milk")
    let none = send("PROPFIND", "/dav/basket/", headers: ["Depth": "1"], password: nil)
    #expect(none.status == 401)
    #expect(none.header("WWW-Authenticate")?.hasPrefix("Basic") == true)
    #expect(!none.text.contains("Milk"))
    for _ in 0..<10 {
      #expect(send("PROPFIND", "/dav/basket/", password: "guess", from: "10.0.0.9").status == 401)
    }
    #expect(
      send("PROPFIND", "/dav/basket/", password: "apple-pie-42", from: "10.0.0.9").status == 429)
    #expect(send("PROPFIND", "/dav/basket/", from: "192.168.1.30").status == 207)
  }

  @Test func theSecretIsNeverAskedForOverPlainHTTPFromAnotherMachine() throws {
    _ = try basket.add(text: "Milk")
    let plain = send("PROPFIND", "/dav/basket/", headers: ["Depth": "1"], secure: false)
    #expect(plain.status == 403)
    #expect(plain.text.contains("--tls-cert"))
    #expect(!plain.text.contains("Milk"))
    let local = send(
      "PROPFIND", "/dav/basket/", headers: ["Depth": "1"], from: "127.0.0.1", secure: false)
    #expect(local.status == 207)
  }

  @Test func aTaskPutByAClientIsOnTheListAndReadsBack() throws {
    let put = send(
      "PUT", "/dav/basket/abc.ics",
      body: task("abc@example", "Oat milk (2 L)", extra: ["PRIORITY:1"]),
      headers: calendar.merging(["If-None-Match": "*"]) { $1 })
    #expect(put.status == 201)
    let etag = try #require(put.header("ETag"))
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.name == "Oat milk" && item.quantity == Quantity(amount: 2, unit: .liters))
    let get = send("GET", "/dav/basket/abc.ics")
    #expect(get.status == 200)
    #expect(get.header("ETag") == etag)
    #expect(get.text.contains("SUMMARY:Oat milk (2 L)"))
    #expect(get.text.contains("PRIORITY:1"))
    #expect(get.text.contains("UID:abc@example"))
  }

  @Test func aStaleETagIsRefusedWith412AndChangesNothing() throws {
    let id = try basket.add(text: "Milk").item.id
    let path = "/dav/basket/\(id.uuidString).ics"
    let etag = try #require(send("GET", path).header("ETag"))
    _ = try basket.setQuantity(id, Quantity(amount: 2, unit: .liters))
    let stale = send(
      "PUT", path, body: task(id.uuidString, "Cream"),
      headers: calendar.merging(["If-Match": etag]) { $1 })
    #expect(stale.status == 412)
    #expect(try basket.sections().toGet.map(\.name) == ["Milk"])
    #expect(send("DELETE", path, headers: ["If-Match": etag]).status == 412)
    let fresh = try #require(send("GET", path).header("ETag"))
    #expect(send("DELETE", path, headers: ["If-Match": fresh]).status == 204)
    #expect(try basket.sections().toGet.isEmpty)
  }

  @Test(
    arguments: [
      ("text/calendar", "not a calendar", 400),
      ("application/json", "{}", 415),
      (
        "text/calendar",
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nDTSTART:20261202T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        403
      ),
      (
        "text/calendar",
        "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 400
      ),
      ("text/calendar", String(repeating: "X", count: 300_000), 413),
    ])
  func badBodiesGetAClear4xxAndStoreNothing(type: String, body: String, status: Int) throws {
    let response = send("PUT", "/dav/basket/bad.ics", body: body, headers: ["Content-Type": type])
    #expect(response.status == status)
    #expect(!response.text.isEmpty)
    #expect(try basket.sections().toGet.isEmpty)
    #expect(try store.resource(named: "bad.ics") == nil)
  }

  @Test func syncCollectionSendsOnlyWhatChangedSinceTheToken() throws {
    _ = try basket.add(text: "Milk")
    let report = { (token: String) in
      self.send(
        "REPORT", "/dav/basket/",
        body: """
          <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token>
          <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
          """)
    }
    let first = report("")
    #expect(first.status == 207 && first.text.contains(".ics</d:href>"))
    let token = try #require(first.text.firstMatch(of: /<d:sync-token>([^<]+)</)?.1)
    let eggs = try basket.add(text: "Eggs").item.id
    let second = report(String(token))
    #expect(second.text.components(separatedBy: "<d:response>").count == 2)
    #expect(second.text.contains("\(eggs.uuidString).ics"))
    try basket.remove(eggs)
    let third = report(
      String(try #require(second.text.firstMatch(of: /<d:sync-token>([^<]+)</)?.1)))
    #expect(third.text.contains("\(eggs.uuidString).ics</d:href><d:status>HTTP/1.1 404"))
    #expect(report("urn:basket-sync:999999").status == 403)
    #expect(report("garbage").text.contains("valid-sync-token"))
  }

  @Test func calendarQueryAndMultigetReturnTheTasksWithTheirData() throws {
    let milk = try basket.add(text: "Milk").item.id
    let query = send(
      "REPORT", "/dav/basket/",
      body: """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/><c:calendar-data/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
        </c:calendar-query>
        """)
    #expect(query.text.contains("SUMMARY:Milk"))
    let events = send(
      "REPORT", "/dav/basket/",
      body: """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>
        </c:calendar-query>
        """)
    #expect(!events.text.contains("<d:response>"))
    let multiget = send(
      "REPORT", "/dav/basket/",
      body: """
        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><c:calendar-data/></d:prop>
        <d:href>http://192.168.1.5:8080/dav/basket/\(milk.uuidString).ics</d:href>
        <d:href>/dav/basket/nothing.ics</d:href></c:calendar-multiget>
        """)
    #expect(multiget.text.contains("SUMMARY:Milk"))
    #expect(multiget.text.contains("nothing.ics</d:href><d:status>HTTP/1.1 404"))
  }
}
