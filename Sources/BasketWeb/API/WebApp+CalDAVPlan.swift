import BasketCalDAV
import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan of meals as a read-only CalDAV calendar of events, `/dav/plan/` beside the list's
/// task collection in the same calendar home, so Apple Calendar and Thunderbird show the week
/// beside the list in Reminders: one all-day VEVENT per planned meal (`PlanCalendar`), the
/// recipe's title as its summary, its UID stable for the meal's life, its ETag and the
/// collection's tag changing whenever the plan (or a planned recipe's title) does. Writes are
/// refused (403 DAV:need-privileges): meals are planned in Basket.
extension WebApp {
  static let davPlan = "/dav/plan/"

  func isPlanCalendar(_ path: String) -> Bool {
    path == "/dav/plan" || path.hasPrefix(Self.davPlan)
  }

  func planCalendar(_ request: Request) throws -> Response {
    guard let book = environment.plan else {
      return .text(404, "this server keeps no plan of meals")
    }
    let path = request.path
    if path == Self.davPlan || path == "/dav/plan" {
      switch request.method {
      case "PROPFIND":
        let wanted = try DAVXML.propfind(request.body)
        let events = try book.events()
        let collection = planCollectionResponse(events, wanted)
        guard Self.depth(request) > 0 else { return multistatus([collection]) }
        return multistatus([collection], events.lazy.map { self.planResponse($0, wanted) })
      case "REPORT": return try planReport(request, book)
      case "GET", "HEAD":
        return .text(
          200, "Basket's plan of meals as CalDAV events: add this server to a calendar app.")
      case _ where Self.davWrites.contains(request.method): return Self.planIsReadOnly
      default: return Self.davNotAllowed("OPTIONS, PROPFIND, REPORT")
      }
    }
    let name = String(path.dropFirst(Self.davPlan.count))
    guard !name.isEmpty, !name.contains("/"), name.utf8.count <= 255 else {
      return .text(404, "no such CalDAV resource")
    }
    if Self.davWrites.contains(request.method) { return Self.planIsReadOnly }
    guard let event = try book.events().first(where: { $0.name == name }) else {
      return .text(404, "\(name) is not in the plan")
    }
    switch request.method {
    case "GET", "HEAD":
      return Response(
        status: 200,
        headers: [
          .init("Content-Type", "text/calendar; charset=utf-8; component=VEVENT"),
          .init("ETag", event.etag), .init("Cache-Control", "no-store"),
        ],
        body: request.method == "HEAD" ? [] : Array(ICalendarEvent.write(event).utf8))
    case "PROPFIND":
      return multistatus([planResponse(event, try DAVXML.propfind(request.body))])
    default:
      return Self.davNotAllowed("OPTIONS, GET, HEAD, PROPFIND")
    }
  }

  /// The methods that would change a resource or a collection.
  private static let davWrites: Set<String> = [
    "PUT", "DELETE", "PROPPATCH", "POST", "MOVE", "COPY", "LOCK",
  ]

  private static var planIsReadOnly: Response {
    davError(
      403, .d("need-privileges"),
      "the plan of meals is read-only here: plan meals in Basket (basket plan add, or the web app's Week)"
    )
  }

  /// The plan collection's properties; `events` are its events (for the tag).
  func planCollectionResponse(_ events: [PlanEvent], _ wanted: PropfindRequest) -> DAVResponse {
    let values = Self.calendarCollection(
      name: "Basket meals", color: "#7BC96FFF", description: "The household's plan of meals",
      component: "VEVENT", syncToken: Self.planSyncToken(events),
      tag: PlanCalendar.collectionTag(events), privileges: Self.privileges(readOnly: true))
    return Self.response(href: Self.davPlan, values: values, wanted: wanted)
  }

  private func planResponse(_ event: PlanEvent, _ wanted: PropfindRequest) -> DAVResponse {
    Self.calendarObjectResponse(
      href: Self.davPlan + event.name, etag: event.etag, component: "VEVENT", wanted: wanted
    ) { ICalendarEvent.write(event) }
  }

  private func planReport(_ request: Request, _ book: PlanBook) throws -> Response {
    let events = try book.events()
    switch try DAVXML.report(request.body) {
    case .calendarQuery(let properties, let filter):
      let matching = filter.map { filter in events.filter { PlanCalendar.matches($0, filter) } }
      return multistatus(
        [], (matching ?? events).lazy.map { self.planResponse($0, .properties(properties)) })
    case .multiget(let properties, let hrefs):
      let byName = Dictionary(events.map { ($0.name, $0) }) { first, _ in first }
      return multistatus(
        [],
        hrefs.prefix(1000).lazy.map { href in
          let path = Self.path(ofHref: href)
          let name = path.hasPrefix(Self.davPlan) ? String(path.dropFirst(Self.davPlan.count)) : ""
          return byName[name].map { self.planResponse($0, .properties(properties)) }
            ?? DAVResponse(href: href, status: 404)
        })
    case .freeBusy(let range):
      // NB: every meal is transparent: it never makes the household busy.
      return emptyFreeBusy(start: range.start!, end: range.end!)
    case .syncCollection(let properties, let token, let limit):
      // NB: the token is the collection's tag: the same tag, nothing changed; any other
      // (the plan changed since) sends the client back to a full sync, which is small.
      let current = Self.planSyncToken(events)
      if token == current { return multistatus([], syncToken: current) }
      guard token.isEmpty else {
        return Self.davError(
          403, .d("valid-sync-token"),
          "the plan changed since that token; sync again from the start")
      }
      if let limit, limit < events.count {
        return Self.davError(
          507, .d("number-of-matches-within-limits"),
          "\(events.count) events are more than the limit of \(limit); sync again without a limit")
      }
      return multistatus(
        [], events.lazy.map { self.planResponse($0, .properties(properties)) },
        syncToken: current)
    }
  }

  /// The plan's sync token: its collection tag as a URI.
  static func planSyncToken(_ events: [PlanEvent]) -> String {
    "urn:basket-plan:" + PlanCalendar.collectionTag(events).filter { $0 != "\"" }
  }
}
