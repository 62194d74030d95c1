import BasketKit
import BasketStore
import BasketWeb
import Foundation

/// A CalDAV client catching up with a 500-item list after one change: a sync-collection REPORT
/// from its last token (what Apple Reminders, DAVx⁵ and vdirsyncer do), beside what a client
/// without sync tokens does: a Depth 1 PROPFIND of every ETag, and a calendar-query fetching
/// every task. In-process through `WebApp.handle` over a SQLite store (server time only).
enum CalDAVSync {
  static func report(in directory: URL, rounds: Int, items: Int) throws {
    let path = directory.appendingPathComponent("caldav.sqlite").path
    let (store, _) = try SQLiteStore.open(at: path, now: Date())
    let basket = Basket(
      store: store,
      environment: BasketEnvironment(
        clock: .system, ids: .random, classifier: EmojiClassifier.shared,
        suggestions: { SuggestionEngine(dictionary: [String]()) }))
    for n in 0..<items { _ = try basket.add(text: "\(n % 5 + 1) l caldav item \(n)") }
    let app = WebApp(
      environment: WebEnvironment(
        basket: basket, access: AccessPolicy(mode: .loopbackOnly),
        calDAV: CalDAVBook.served(store: store, basket: basket)))
    func send(_ method: String, _ body: String, depth: String? = nil) -> Response {
      var headers = ["Host": "127.0.0.1"]
      if let depth { headers["Depth"] = depth }
      return app.handle(
        Request(method: method, path: "/dav/basket/", headers: headers, body: Array(body.utf8)))
    }
    let propfind = """
      <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>
      """
    let ctag = """
      <d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">
      <d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>
      """
    let query = """
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:prop><d:getetag/><c:calendar-data/></d:prop>
      <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
      </c:calendar-query>
      """
    func sync(_ token: String) -> String {
      """
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token>
      <d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data xmlns:c="urn:ietf:params:xml:ns:caldav"/></d:prop>
      </d:sync-collection>
      """
    }
    var figures: [String: (seconds: [Double], bytes: Int)] = [:]
    func measure(_ label: String, _ body: () -> Response) {
      let start = DispatchTime.now().uptimeNanoseconds
      let response = body()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      precondition(response.status == 207, "\(label): \(response.status) \(response.text)")
      figures[label, default: ([], 0)].seconds.append(seconds)
      figures[label, default: ([], 0)].bytes = response.body.count
    }
    let sections = try basket.sections()
    for round in 0..<rounds {
      let token = "urn:basket-sync:\(try store.revision())"
      let item = sections.toGet[round % sections.toGet.count]
      _ = try basket.setQuantity(item.id, Quantity(amount: Double(round % 7 + 1), unit: .liters))
      measure("sync-collection after one change") { send("REPORT", sync(token)) }
      measure("PROPFIND Depth 0 of the collection tag (a poll)") {
        send("PROPFIND", ctag, depth: "0")
      }
      measure("baseline: PROPFIND Depth 1 of every ETag") { send("PROPFIND", propfind, depth: "1") }
      measure("baseline: calendar-query of every task") { send("REPORT", query) }
    }
    print("CalDAV, a list of \(items) items, \(rounds) rounds, median server time and body size:")
    for (label, figure) in figures.sorted(by: { $0.key > $1.key }) {
      let sorted = figure.seconds.sorted()
      let median = sorted[sorted.count / 2]
      print(
        "\(label): \(String(format: "%.2f", median * 1000)) ms, \(figure.bytes) bytes")
    }
  }
}
