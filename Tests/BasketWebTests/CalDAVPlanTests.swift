import BasketKit
import BasketTestSupport
import BasketWeb
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan of meals as a read-only CalDAV calendar through `WebApp.handle`: found in the
/// calendar home beside the list, one all-day event per meal, tags that follow the plan, and
/// every write refused. (Tests/caldav reads it with the python caldav client.)
@Suite struct CalDAVPlanTests {
  let clock = TestClock()  // Monday 6 July 2026
  let store = InMemoryStore()
  let app: WebApp
  let plan: PlanBook

  init() {
    let basket = Fixtures.basket(clock: clock, store: store)
    plan = PlanBook(
      store: InMemoryPlanStore(), recipes: RecipeBook(store: InMemoryRecipeStore(), basket: basket),
      timeZone: .gmt)
    app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .householdSecret("apple-pie-42")),
        timeZone: .gmt, randomBytes: { [UInt8](repeating: 7, count: $0) },
        calDAV: CalDAVBook.served(store: store, basket: basket), plan: plan))
  }

  private func send(
    _ method: String, _ path: String, body: String = "", headers: [String: String] = [:],
    password: String = "apple-pie-42"
  ) -> Response {
    var all = ["Host": "192.168.1.5:8080"]
    all["Authorization"] = "Basic " + Data("anyone:\(password)".utf8).base64EncodedString()
    for (name, value) in headers { all[name] = value }
    return app.handle(
      Request(
        method: method, path: path, headers: all, body: Array(body.utf8), isSecure: true,
        clientAddress: "192.168.1.20"))
  }

  @discardableResult
  private func meal(_ title: String, on date: String, servings: Int? = nil) throws -> PlannedMeal {
    if (try? plan.recipes.resolve(title)) == nil {
      try plan.recipes.save(
        Recipe(
          title: title, servings: 4,
          ingredientGroups: [IngredientGroup(ingredients: [IngredientLineParser.parse("1 onion")])])
      )
    }
    return try plan.add(title, on: try plan.date(date), servings: servings)
  }

  private func tag(_ response: Response) -> String? {
    response.text.firstMatch(of: /<cs:getctag>([^<]+)</)?.1.description
  }

  @Test func theCalendarHomeHoldsTheListsTasksAndThePlansEvents() throws {
    let home = send("PROPFIND", "/dav/", headers: ["Depth": "1"])
    #expect(home.status == 207)
    #expect(home.text.contains("<d:href>/dav/basket/</d:href>"))
    #expect(home.text.contains("<d:href>/dav/plan/</d:href>"))
    #expect(home.text.contains(#"<c:comp name="VEVENT"/>"#))
    #expect(home.text.contains("<d:displayname>Basket meals</d:displayname>"))
    // Read-only: no write privilege on the plan.
    let collection = send("PROPFIND", "/dav/plan/", headers: ["Depth": "0"])
    #expect(collection.status == 207)
    #expect(collection.text.contains("<d:privilege><d:read/></d:privilege>"))
    #expect(!collection.text.contains("<d:write/>"))
  }

  @Test func eachPlannedMealIsAnAllDayEventTitledAfterItsRecipe() throws {
    let chili = try meal("Chili", on: "2026-07-08", servings: 6)
    try meal("Soup", on: "2026-07-09")
    let listing = send("PROPFIND", "/dav/plan/", headers: ["Depth": "1"])
    let name = "\(chili.id.uuidString.lowercased()).ics"
    #expect(listing.text.contains("<d:href>/dav/plan/\(name)</d:href>"))
    #expect(listing.text.matches(of: /component=VEVENT/).count == 2)

    let event = send("GET", "/dav/plan/\(name)")
    #expect(event.status == 200)
    #expect(event.header("Content-Type") == "text/calendar; charset=utf-8; component=VEVENT")
    let lines = event.text.split(separator: "\r\n").map(String.init)
    #expect(lines.contains("BEGIN:VEVENT"))
    #expect(lines.contains("UID:\(chili.id.uuidString.lowercased())@basket"))
    #expect(lines.contains("SUMMARY:Chili"))
    #expect(lines.contains("DTSTART;VALUE=DATE:20260708"))
    #expect(lines.contains("DTEND;VALUE=DATE:20260709"))
    #expect(lines.contains("DESCRIPTION:For 6 servings. Planned in Basket."))
    #expect(lines.contains("TRANSP:TRANSPARENT"))
    #expect(event.header("ETag")?.hasPrefix("\"") == true)
  }

  @Test func tagsChangeWhenThePlanDoesAndOnlyThen() throws {
    let chili = try meal("Chili", on: "2026-07-08")
    let before = tag(send("PROPFIND", "/dav/plan/", headers: ["Depth": "0"]))
    #expect(before != nil)
    #expect(tag(send("PROPFIND", "/dav/plan/", headers: ["Depth": "0"])) == before)
    try meal("Soup", on: "2026-07-09")
    let added = tag(send("PROPFIND", "/dav/plan/", headers: ["Depth": "0"]))
    #expect(added != before)
    try plan.remove(id: chili.id)
    let removed = tag(send("PROPFIND", "/dav/plan/", headers: ["Depth": "0"]))
    #expect(removed != added && removed != before)
    #expect(send("GET", "/dav/plan/\(chili.id.uuidString.lowercased()).ics").status == 404)
  }

  @Test func writesAreRefusedAsReadOnly() throws {
    let chili = try meal("Chili", on: "2026-07-08")
    let name = "/dav/plan/\(chili.id.uuidString.lowercased()).ics"
    let event =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:Pizza\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let calendar = ["Content-Type": "text/calendar"]
    for (method, path) in [
      ("PUT", "/dav/plan/new.ics"), ("PUT", name), ("DELETE", name), ("PROPPATCH", "/dav/plan/"),
      ("DELETE", "/dav/plan/"),
    ] {
      let refused = send(method, path, body: event, headers: calendar)
      #expect(refused.status == 403, "\(method) \(path)")
      #expect(refused.text.contains("need-privileges"))
    }
    #expect(send("MKCALENDAR", "/dav/plan2/").status == 403)
    #expect(try plan.all().map(\.id) == [chili.id])
  }

  @Test func queriesMultigetAndSyncAnswerWithTheEvents() throws {
    let chili = try meal("Chili", on: "2026-07-08")
    try meal("Soup", on: "2026-07-20")
    let query = send(
      "REPORT", "/dav/plan/",
      body: """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR">
        <c:comp-filter name="VEVENT"><c:time-range start="20260706T000000Z" end="20260713T000000Z"/>
        </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
        """)
    #expect(query.status == 207)
    #expect(query.text.contains("SUMMARY:Chili"))
    #expect(!query.text.contains("SUMMARY:Soup"))
    let tasks = send(
      "REPORT", "/dav/plan/",
      body: """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR">
        <c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>
        """)
    #expect(!tasks.text.contains("<d:href>"))

    let name = "/dav/plan/\(chili.id.uuidString.lowercased()).ics"
    let multiget = send(
      "REPORT", "/dav/plan/",
      body: """
        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><c:calendar-data/></d:prop><d:href>\(name)</d:href><d:href>/dav/plan/gone.ics</d:href>
        </c:calendar-multiget>
        """)
    #expect(multiget.text.contains("SUMMARY:Chili"))
    #expect(multiget.text.contains("<d:href>/dav/plan/gone.ics</d:href><d:status>HTTP/1.1 404"))

    let sync = """
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>%@</d:sync-token><d:sync-level>1</d:sync-level>
      <d:prop><d:getetag/></d:prop></d:sync-collection>
      """
    let all = send("REPORT", "/dav/plan/", body: sync.replacing("%@", with: ""))
    #expect(all.text.matches(of: /<d:getetag>/).count == 2)
    let token = try #require(all.text.firstMatch(of: /<d:sync-token>([^<]+)</)?.1.description)
    let same = send("REPORT", "/dav/plan/", body: sync.replacing("%@", with: token))
    #expect(same.status == 207)
    #expect(!same.text.contains("<d:getetag>"))
    try meal("Stew", on: "2026-07-10")
    #expect(send("REPORT", "/dav/plan/", body: sync.replacing("%@", with: token)).status == 403)
  }
}
