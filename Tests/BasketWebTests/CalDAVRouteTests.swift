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

  init() { self.init(answerLimit: WebEnvironment.AnswerLimits().davAnswerBytes) }

  init(answerLimit: Int) {
    basket = Fixtures.basket(clock: clock, store: store)
    var environment = WebEnvironment(
      basket: basket, access: AccessPolicy(mode: .householdSecret("apple-pie-42")),
      timeZone: TimeZone(identifier: "UTC")!, randomBytes: { [UInt8](repeating: 7, count: $0) },
      calDAV: CalDAVBook.served(store: store, basket: basket))
    environment.limits.davAnswerBytes = answerLimit
    app = WebApp(environment: environment)
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

  /// A sync-collection REPORT from `token` ("" for everything), asking for ETags.
  private func sync(_ token: String, limit: Int? = nil, data: Bool = false) -> Response {
    let limited = limit.map { "<d:limit><d:nresults>\($0)</d:nresults></d:limit>" } ?? ""
    let calendarData = data ? "<c:calendar-data/>" : ""
    return send(
      "REPORT", "/dav/basket/",
      body: """
        <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>\(limited)
        <d:prop><d:getetag/>\(calendarData)</d:prop></d:sync-collection>
        """)
  }

  private func token(of response: Response) throws -> String {
    String(try #require(response.text.firstMatch(of: /<d:sync-token>([^<]+)</)?.1))
  }

  /// The collection's CS:getctag, as a client polls it.
  private func ctag() throws -> String {
    let response = send(
      "PROPFIND", "/dav/basket/",
      body: """
        <d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">
        <d:prop><cs:getctag/></d:prop></d:propfind>
        """, headers: ["Depth": "0"])
    return String(try #require(response.text.firstMatch(of: /<cs:getctag>([^<]+)</)?.1))
  }

  /// The hrefs a multistatus reports removed (404).
  private func removed(_ response: Response) -> [String] {
    response.text.matches(of: /<d:href>\/dav\/basket\/([^<]+)<\/d:href><d:status>HTTP\/1.1 404/)
      .map { String($0.1) }.sorted()
  }

  /// The hrefs a multistatus reports with properties.
  private func present(_ response: Response) -> [String] {
    response.text.matches(of: /<d:href>\/dav\/basket\/([^<]+)<\/d:href><d:propstat>/)
      .map { String($0.1) }.sorted()
  }

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
    // Sent with the times the server will store (the clock's), so what is stored is what was
    // sent and the 201 carries an ETag (RFC 4791 §5.3.4).
    let put = send(
      "PUT", "/dav/basket/abc.ics",
      body: task(
        "abc@example", "Oat milk (2 L)",
        extra: ["PRIORITY:1", "CREATED:20260706T100000Z", "LAST-MODIFIED:20260706T100000Z"]),
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

  // MARK: - The Got it hour

  @Test func aCompletedTaskLeavesClientsWithItsGotItHourThoughNobodyWrites() throws {
    let milk = try basket.add(text: "Milk").item.id
    let eggs = try basket.add(text: "Eggs").item.id
    clock.advance(by: 60)
    _ = try basket.check(milk)
    let token = try token(of: sync(""))
    let tag = try ctag()
    #expect(!app.tidyIfDue())  // within the hour: nothing to do, nothing written
    #expect(removed(sync(token)).isEmpty)

    clock.advance(by: ListTiming.gotItTTL)
    let revision = try store.revision()
    #expect(app.tidyIfDue())
    #expect(try store.revision() > revision)
    let changes = sync(token)
    #expect(removed(changes) == ["\(milk.uuidString).ics"])
    #expect(present(changes).isEmpty)
    #expect(try ctag() != tag)
    // The tidy was an ordinary write: a tombstone, and a change notice for live pages.
    #expect(try store.changes(since: revision)?.removed == [milk])
    let notice = try #require(app.changeNotice(after: revision)?.payload?.encoded())
    #expect(String(decoding: notice, as: UTF8.self).contains(milk.uuidString))
    #expect(!app.tidyIfDue())  // done: nothing more is due
    #expect(try basket.sections().toGet.map(\.id) == [eggs])
  }

  // MARK: - The collection tag

  @Test func theCollectionTagFollowsTheTasksAndSyncsAfterOtherWritesAreEmpty() throws {
    let first = try ctag()
    let put = send(
      "PUT", "/dav/basket/a.ics", body: task("a", "Milk"),
      headers: calendar.merging(["If-None-Match": "*"]) { $1 })
    #expect(put.status == 201)
    let added = try ctag()
    #expect(added != first)
    #expect(try ctag() == added)  // reading changes nothing
    let token = try token(of: sync(""))
    // A store write that touches no task (here a record for an item not on the list, as a
    // pantry or recipe write is elsewhere) moves the revision but not the tag, and a sync
    // from before it finds nothing.
    try store.saveResource(CalDAVResource(name: "stray.ics", item: Fixtures.id(999), uid: "stray"))
    #expect(try ctag() == added)
    let after = sync(token)
    #expect(after.status == 207)
    #expect(present(after).isEmpty && removed(after).isEmpty)
    #expect(try self.token(of: after) != token)
    let item = try #require(try basket.sections().toGet.first).id
    _ = try basket.setQuantity(item, Quantity(amount: 2, unit: .liters))
    #expect(try ctag() != added)
  }

  // MARK: - Clear all and undo

  @Test func clearAllReachesClientsAsRemovalsAndUndoBringsTheTasksBack() throws {
    let put = send(
      "PUT", "/dav/basket/jam.ics",
      body: task("jam@phone", "Jam", extra: ["PRIORITY:1", "DESCRIPTION:the apricot one"]),
      headers: calendar)
    #expect(put.status == 201)
    let bread = try basket.add(text: "Bread").item.id
    clock.advance(by: 60)
    let jam = try #require(try basket.sections().toGet.first { $0.name == "Jam" }).id
    _ = try basket.check(jam)
    _ = try basket.check(bread)
    let before = send("GET", "/dav/basket/jam.ics")
    let token = try token(of: sync(""))
    let tag = try ctag()

    try basket.clearGotIt()
    let cleared = sync(token)
    #expect(removed(cleared) == ["\(bread.uuidString).ics", "jam.ics"].sorted())
    #expect(present(cleared).isEmpty)
    #expect(try ctag() != tag)
    #expect(send("GET", "/dav/basket/jam.ics").status == 404)

    clock.advance(by: ListTiming.undoWindow / 2)
    try basket.undoClear()
    let back = sync(try self.token(of: cleared), data: true)
    #expect(present(back) == ["\(bread.uuidString).ics", "jam.ics"].sorted())
    #expect(back.text.contains("PRIORITY:1") && back.text.contains("DESCRIPTION:the apricot one"))
    #expect(try ctag() == tag)
    let again = send("GET", "/dav/basket/jam.ics")
    #expect(again.header("ETag") == before.header("ETag"))
    #expect(again.text == before.text)
  }

  // MARK: - The collection's name and colour

  @Test func theCollectionReportsItsNameAndColour() {
    let response = send(
      "PROPFIND", "/dav/basket/",
      body: """
        <d:propfind xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/">
        <d:prop><d:displayname/><a:calendar-color/></d:prop></d:propfind>
        """, headers: ["Depth": "0"])
    #expect(response.status == 207)
    #expect(
      response.text.contains(
        "<d:prop><d:displayname>Basket</d:displayname><a:calendar-color>#F4A261FF</a:calendar-color></d:prop><d:status>HTTP/1.1 200 OK"
      ))
  }

  // MARK: - COMPLETED times and ETags

  @Test func aClientsCompletedTimeIsKeptWhenSaneAndNowOtherwise() throws {
    let id = try basket.add(text: "Bread").item.id
    let path = "/dav/basket/\(id.uuidString).ics"
    /// Bread sent back completed at `stamp`, by the phone's own clock.
    func sendCompleted(at stamp: String) -> Response {
      send(
        "PUT", path,
        body: task(id.uuidString, "Bread", extra: ["STATUS:COMPLETED", "COMPLETED:\(stamp)"]),
        headers: calendar)
    }
    clock.advance(by: 30 * 60)
    // Completed on the phone at 10:20, sent at 10:30: Basket keeps 10:20.
    let sane = sendCompleted(at: "20260706T102000Z")
    #expect(sane.status == 204)
    #expect(sane.header("ETag") == nil)  // what is stored is not what was sent
    #expect(send("GET", path).text.contains("COMPLETED:20260706T102000Z"))
    try basket.uncheck(id)
    clock.advance(by: 60)
    // A phone whose clock is a day ahead: now (10:31) instead.
    let ahead = sendCompleted(at: "20260707T102000Z")
    #expect(ahead.status == 204)
    #expect(send("GET", path).text.contains("COMPLETED:20260706T103100Z"))
  }

  @Test func aCreateReturnsNoETagWhenBasketStoredSomethingElse() throws {
    let tidied = send(
      "PUT", "/dav/basket/x.ics",
      body: task(
        "x", "2 l milk", extra: ["CREATED:20260706T100000Z", "LAST-MODIFIED:20260706T100000Z"]),
      headers: calendar)
    #expect(tidied.status == 201)
    #expect(tidied.header("ETag") == nil)
    let asSent = send(
      "PUT", "/dav/basket/y.ics",
      body: task(
        "y", "Eggs", extra: ["CREATED:20260706T100000Z", "LAST-MODIFIED:20260706T100000Z"]),
      headers: calendar)
    #expect(asSent.header("ETag") == send("GET", "/dav/basket/y.ics").header("ETag"))
    #expect(asSent.header("ETag") != nil)
  }

  // MARK: - Merged tasks

  @Test func aTaskMergedIntoAnItemGivesItsNotesAndPriorityBack() throws {
    let put = send(
      "PUT", "/dav/basket/mine.ics",
      body: task("mine", "Milk", extra: ["PRIORITY:5", "X-APPLE-SORT-ORDER:3"]), headers: calendar)
    #expect(put.status == 201)
    let token = try token(of: sync(""))
    let siri = send(
      "PUT", "/dav/basket/siri.ics",
      body: task("siri", "milk", extra: ["PRIORITY:1", "DESCRIPTION:the blue one"]),
      headers: calendar)
    #expect(siri.status == 201 && siri.header("ETag") == nil)
    #expect(try basket.sections().toGet.map(\.name) == ["Milk"])
    let merged = send("GET", "/dav/basket/mine.ics").text
    // What the item kept stays; what the merged task brought and the item lacked joins it.
    #expect(merged.contains("PRIORITY:5") && !merged.contains("PRIORITY:1"))
    #expect(merged.contains("DESCRIPTION:the blue one"))
    #expect(merged.contains("X-APPLE-SORT-ORDER:3"))
    let changes = sync(token)
    #expect(present(changes) == ["mine.ics"])
    #expect(removed(changes) == ["siri.ics"])
  }

  // MARK: - Filters and limits

  @Test func calendarQueriesForIncompleteTasksReturnOnlyTasksStillToGet() throws {
    let milk = try basket.add(text: "Milk").item.id
    let bread = try basket.add(text: "Bread").item.id
    _ = try basket.check(bread)
    let apple = """
      <c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
      <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter></c:comp-filter></c:comp-filter>
      """
    let status = """
      <c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
      <c:prop-filter name="STATUS"><c:text-match>NEEDS-ACTION</c:text-match></c:prop-filter>
      </c:comp-filter></c:comp-filter>
      """
    let done = """
      <c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
      <c:prop-filter name="STATUS"><c:text-match>COMPLETED</c:text-match></c:prop-filter>
      </c:comp-filter></c:comp-filter>
      """
    func query(_ filter: String) -> Response {
      send(
        "REPORT", "/dav/basket/",
        body: """
          <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:getetag/></d:prop><c:filter>\(filter)</c:filter></c:calendar-query>
          """)
    }
    #expect(present(query(apple)) == ["\(milk.uuidString).ics"])
    #expect(present(query(status)) == ["\(milk.uuidString).ics"])
    #expect(present(query(done)) == ["\(bread.uuidString).ics"])
    let bad = query(#"<c:comp-filter name="VCALENDAR"><c:prop-filter/></c:comp-filter>"#)
    #expect(bad.status == 403 && bad.text.contains("valid-filter"))
  }

  @Test func aSyncWithMoreChangesThanItsLimitIsRefusedAsRFC6578Says() throws {
    _ = try basket.add(text: "Milk")
    let token = try token(of: sync(""))
    _ = try basket.add(text: "Eggs")
    _ = try basket.add(text: "Bread")
    let over = sync(token, limit: 1)
    #expect(over.status == 507)
    #expect(over.text.contains("<d:number-of-matches-within-limits/>"))
    #expect(sync("", limit: 2).status == 507)
    let within = sync(token, limit: 2)
    #expect(within.status == 207 && present(within).count == 2)
    #expect(sync("", limit: 3).status == 207)
    #expect(sync(token, limit: 0).status == 400)
  }

  @Test func aPropertyNamedThousandsOfTimesIsAnsweredOncePerTask() throws {
    for name in ["Milk", "Eggs", "Bread"] { _ = try basket.add(text: name) }
    let named = String(repeating: "<c:calendar-data/><d:getetag/>", count: 1500)
    let response = send(
      "PROPFIND", "/dav/basket/",
      body: """
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop>\(named)<d:nothing/><d:nothing/></d:prop></d:propfind>
        """, headers: ["Depth": "1"])
    #expect(response.status == 207)
    #expect(response.text.ranges(of: "BEGIN:VTODO").count == 3)
    #expect(response.text.ranges(of: "<d:getetag>").count == 3)
    // The collection and its three tasks each say once that they have no DAV:nothing.
    #expect(response.text.ranges(of: "<d:nothing/>").count == 4)
    #expect(response.body.count < 8_000, "\(response.body.count) bytes")
  }

  @Test func aRequestNamingMoreThanAHundredPropertiesIsRefused() throws {
    _ = try basket.add(text: "Milk")
    func named(_ count: Int) -> String {
      (0..<count).map { "<x:p\($0)/>" }.joined()
    }
    for method in ["PROPFIND", "REPORT"] {
      let root = method == "PROPFIND" ? "d:propfind" : "c:calendar-query"
      func body(_ count: Int) -> String {
        """
        <\(root) xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:x="urn:x">
        <d:prop>\(named(count))</d:prop></\(root)>
        """
      }
      let many = send(method, "/dav/basket/", body: body(101), headers: ["Depth": "1"])
      #expect(many.status == 400, "\(method): \(many.text)")
      #expect(many.text.contains("at most 100 different properties"), "\(many.text)")
      let enough = send(method, "/dav/basket/", body: body(100), headers: ["Depth": "1"])
      #expect(enough.status == 207, "\(method): \(enough.status)")
    }
  }

  @Test func anAnswerPastItsLimitIsRefusedWithA507NotBuilt() throws {
    let small = CalDAVRouteTests(answerLimit: 4096)
    let names = ["Milk", "Eggs", "Bread", "Butter", "Cheese", "Apples", "Pears", "Rice", "Tea"]
    for name in names { _ = try small.basket.add(text: name) }
    let data = "<d:prop><d:getetag/><c:calendar-data/></d:prop>"
    let bodies: [(String, String)] = [
      (
        "PROPFIND",
        #"<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
          + data + "</d:propfind>"
      ),
      (
        "REPORT",
        #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
          + data + "</c:calendar-query>"
      ),
      (
        "REPORT",
        #"<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
          + "<d:sync-token/><d:sync-level>1</d:sync-level>" + data + "</d:sync-collection>"
      ),
    ]
    for (method, body) in bodies {
      let response = small.send(method, "/dav/basket/", body: body, headers: ["Depth": "1"])
      #expect(response.status == 507, "\(method) \(body.prefix(30)): \(response.status)")
      #expect(response.text.contains("number-of-matches-within-limits"))
      #expect(response.text.contains("larger than"))
    }
    let one = small.send(
      "PROPFIND", "/dav/basket/",
      body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"#,
      headers: ["Depth": "0"])
    #expect(one.status == 207)
  }
}
