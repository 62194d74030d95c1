import BasketCalDAV
import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list as a CalDAV task collection (RFC 4791, with sync-collection from RFC 6578), so
/// Apple Reminders, Thunderbird and Android task apps show it and change it.
///
/// Layout: `/.well-known/caldav` redirects to `/dav/`, which is the principal and its calendar
/// home; the home holds the list's task collection, `/dav/basket/`, whose resources are the
/// list's items (`CalDAVBook`), and the plan's read-only events, `/dav/plan/`
/// (`WebApp+CalDAVPlan.swift`). With a household secret, every request needs HTTP Basic auth
/// with the secret as password (any user name), under the same per-address guess limits as
/// pairing.
extension WebApp {
  static let davRoot = "/dav/"
  static let davCollection = "/dav/basket/"
  static let davMethods = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT"

  func isCalDAV(_ path: String) -> Bool {
    path == "/.well-known/caldav" || path == "/dav" || path.hasPrefix(Self.davRoot)
  }

  func calDAV(_ request: Request) -> Response {
    if request.path == "/.well-known/caldav" || request.path == "/dav" {
      return Response(
        status: 301, headers: [.init("Location", Self.davRoot), .init("Cache-Control", "no-store")])
    }
    if request.method == "OPTIONS" { return Self.davOptions() }
    if let refusal = calDAVAuthRefusal(request) { return refusal }
    guard let book = environment.calDAV else {
      return .error(503, "this server has no CalDAV store")
    }
    do {
      try CalDAVLibraries.require()
    } catch {
      return .error(503, error.description)
    }
    guard request.body.count <= Self.maxBodySize(for: request.path) else {
      return .error(
        413, "the request body is larger than \(Self.maxBodySize(for: request.path) / 1024) KiB")
    }
    do {
      return try calDAVRoute(request, book)
    } catch let error as CalDAVError {
      switch error {
      case .preconditionFailed(let reason): return .text(412, reason)
      case .notFound(let reason): return .text(404, reason)
      case .refused(let reason): return .text(400, reason)
      }
    } catch let error as DAVXML.Unreadable {
      if let condition = error.condition {
        return Self.davError(403, condition, error.description)
      }
      return .text(400, error.description)
    } catch let error as ICalendarTask.Unreadable {
      if error.description.contains("VEVENT") {
        return Self.davError(403, .c("supported-calendar-component"), error.description)
      }
      return Self.davError(400, .c("valid-calendar-data"), error.description)
    } catch let error as ListError {
      return .text(400, error.description)
    } catch let failure as any StoreFailure where failure.isOutOfSpace {
      return .text(507, "the server's disk is full, so nothing was saved; free some space on it")
    } catch {
      return .text(500, "\(error)")
    }
  }

  // MARK: - Auth

  /// nil when the request may go on; else the 401 (or 429) to send.
  private func calDAVAuthRefusal(_ request: Request) -> Response? {
    guard access.requiresSession else { return nil }
    // NB: Basic auth sends the secret itself with every request: only over TLS, or from this
    // machine.
    guard request.isSecure || Self.isLoopback(request.clientAddress) else {
      return .text(
        403,
        "CalDAV sends the household secret with every request, so it needs HTTPS: start basket serve with --tls-cert and --tls-key"
      )
    }
    let challenge = Response(
      status: 401,
      headers: [
        .init("WWW-Authenticate", "Basic realm=\"Basket\", charset=\"UTF-8\""),
        .init("Content-Type", "text/plain; charset=utf-8"),
      ],
      body: Array("Sign in with the household secret as the password.".utf8))
    guard let password = Self.basicPassword(request.header("authorization")) else {
      return challenge
    }
    let now = basket.now
    // NB: a task app with a stale password spends its own allowance, never pairing's.
    guard calDAVThrottle.allows(request.clientAddress, at: now) else {
      return .text(429, "too many wrong secrets from this address; wait a minute")
    }
    guard access.secretMatches(password) else {
      calDAVThrottle.recordWrongGuess(from: request.clientAddress, at: now)
      return challenge
    }
    return nil
  }

  static func isLoopback(_ address: String) -> Bool {
    address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
  }

  /// The password of an `Authorization: Basic …` header.
  static func basicPassword(_ header: String?) -> String? {
    guard let header, header.count < 4096 else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "basic",
      let decoded = Data(base64Encoded: String(parts[1].trimmingSpaces())),
      let text = String(data: decoded, encoding: .utf8),
      let colon = text.firstIndex(of: ":")
    else { return nil }
    return String(text[text.index(after: colon)...])
  }

  // MARK: - Routing

  private func calDAVRoute(_ request: Request, _ book: CalDAVBook) throws -> Response {
    let path = request.path
    if request.method == "MKCALENDAR" || request.method == "MKCOL" {
      return Self.davError(
        403, .c("calendar-collection-location-ok"),
        "make a list with basket lists add NAME (or in the web app); it shows here as its own collection"
      )
    }
    if isPlanCalendar(path) { return try planCalendar(request) }
    // NB: a client given only the server's address asks its root for the principal.
    if path == Self.davRoot || path == "/" {
      switch request.method {
      case "PROPFIND": return try propfindRoot(request, book)
      default: return Self.davNotAllowed("OPTIONS, PROPFIND")
      }
    }
    // "/dav/basket/milk.ics" → the list whose collection is "basket", and "milk.ics".
    let parts = path.dropFirst(Self.davRoot.count).split(
      separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = parts.first, !first.isEmpty,
      let collection = try calDAVCollection(String(first))
    else { return .text(404, "no such CalDAV resource") }
    let run = { () throws -> Response in
      try Self.$davList.withValue(collection) {
        try self.calDAVListRoute(request, book, path: path, collection: collection)
      }
    }
    guard let id = collection.id, let lists = basket.lists else { return try run() }
    return try lists.store.onList(id, run)
  }

  /// A list's task collection in CalDAV: its href and name, and its id (nil for a store that
  /// keeps one list).
  struct DAVList: Sendable {
    var id: UUID?
    var href: String
    var name: String
  }

  /// The collection a request is about (`calDAVRoute` sets it for its body).
  @TaskLocal static var davList = DAVList(id: nil, href: davCollection, name: "Basket")

  /// The live lists as task collections (`/dav/NAME/`, NAME the list's `calDAVName`), or the
  /// one list of a store that keeps one. A household with one list sees it as "Basket", as
  /// before lists had names; with several, each has its own.
  func calDAVCollections() throws -> [DAVList] {
    guard let lists = try basket.lists?.all() else { return [Self.davList] }
    return lists.map {
      DAVList(
        id: $0.id, href: Self.davRoot + $0.calDAVName + "/",
        name: lists.count == 1 ? Self.davList.name : $0.name)
    }
  }

  private func calDAVCollection(_ name: String) throws -> DAVList? {
    try calDAVCollections().first { $0.href == Self.davRoot + name + "/" }
  }

  private func calDAVListRoute(
    _ request: Request, _ book: CalDAVBook, path: String, collection: DAVList
  ) throws -> Response {
    if path == collection.href || path + "/" == collection.href {
      switch request.method {
      case "PROPFIND": return try propfindCollection(request, book)
      case "REPORT": return try report(request, book)
      case "GET", "HEAD":
        return .text(
          200, "Basket's list \(collection.name) as CalDAV tasks: add this server to a task app.")
      default: return Self.davNotAllowed("OPTIONS, PROPFIND, REPORT")
      }
    }
    guard path.hasPrefix(collection.href) else { return .text(404, "no such CalDAV resource") }
    let name = String(path.dropFirst(collection.href.count))
    guard !name.isEmpty, !name.contains("/"), name.utf8.count <= 255 else {
      return .text(404, "no such CalDAV resource")
    }
    switch request.method {
    case "GET", "HEAD":
      guard let entry = try book.entry(named: name) else {
        return .text(404, "\(name) is not on the list")
      }
      return Response(
        status: 200,
        headers: [
          .init("Content-Type", "text/calendar; charset=utf-8; component=VTODO"),
          .init("ETag", entry.etag), .init("Cache-Control", "no-store"),
        ],
        body: request.method == "HEAD" ? [] : Array(ICalendarTask.write(entry.task).utf8))
    case "PUT":
      let type = request.header("content-type")?.lowercased() ?? ""
      guard type.hasPrefix("text/calendar") else {
        return .text(415, "send the task as iCalendar with Content-Type: text/calendar")
      }
      let task = try ICalendarTask.read(request.body)
      let written = try book.put(
        task, named: name, ifMatch: request.header("if-match"),
        ifNoneMatch: request.header("if-none-match") == "*")
      localWrites.add(1, ordering: .releasing)
      switch written {
      case .created(let etag):
        return Response(status: 201, headers: etag.map { [.init("ETag", $0)] } ?? [])
      case .updated(let etag):
        return Response(status: 204, headers: etag.map { [.init("ETag", $0)] } ?? [])
      }
    case "DELETE":
      try book.delete(named: name, ifMatch: request.header("if-match"))
      localWrites.add(1, ordering: .releasing)
      return Response(status: 204)
    case "PROPFIND":
      guard let entry = try book.entry(named: name) else {
        return .text(404, "\(name) is not on the list")
      }
      let wanted = try DAVXML.propfind(request.body)
      return multistatus([response(for: entry, wanted)])
    default:
      return Self.davNotAllowed("OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND")
    }
  }

  // MARK: - PROPFIND and REPORT

  private var principal: String { Self.davRoot }

  private func propfindRoot(_ request: Request, _ book: CalDAVBook) throws -> Response {
    let wanted = try DAVXML.propfind(request.body)
    let values: [DAVName: DAVElement] = [
      .d("resourcetype"): DAVElement(
        .d("resourcetype"), children: [DAVElement(.d("collection")), DAVElement(.d("principal"))]),
      .d("displayname"): DAVElement(.d("displayname"), text: "Basket"),
      .d("current-user-principal"): DAVElement(
        .d("current-user-principal"), children: [.href(principal)]),
      .d("principal-URL"): DAVElement(.d("principal-URL"), children: [.href(principal)]),
      .c("calendar-home-set"): DAVElement(.c("calendar-home-set"), children: [.href(Self.davRoot)]),
      .d("current-user-privilege-set"): Self.privileges(),
    ]
    var responses = [Self.response(href: request.path, values: values, wanted: wanted)]
    if Self.depth(request) > 0 {
      for collection in try calDAVCollections() {
        let run = { () throws -> DAVResponse in
          try Self.$davList.withValue(collection) {
            try self.collectionResponse(book, try book.entries(), wanted)
          }
        }
        if let id = collection.id, let lists = basket.lists {
          responses.append(try lists.store.onList(id, run))
        } else {
          responses.append(try run())
        }
      }
      if let plan = environment.plan {
        responses.append(planCollectionResponse(try plan.events(), wanted))
      }
    }
    return multistatus(responses)
  }

  private func propfindCollection(_ request: Request, _ book: CalDAVBook) throws -> Response {
    let wanted = try DAVXML.propfind(request.body)
    let entries = try book.entries()
    let collection = try collectionResponse(book, entries, wanted)
    guard Self.depth(request) > 0 else { return multistatus([collection]) }
    return multistatus([collection], entries.lazy.map { self.response(for: $0, wanted) })
  }

  /// The collection's own properties; `entries` are its tasks (for the content-derived tag).
  private func collectionResponse(
    _ book: CalDAVBook, _ entries: [CalDAVBook.Entry], _ wanted: PropfindRequest
  ) throws -> DAVResponse {
    let token = try book.token()
    let collection = Self.davList
    let values = Self.calendarCollection(
      name: collection.name, color: "#F4A261FF",
      description: "The household's shopping list \(collection.name)",
      component: "VTODO", syncToken: Self.syncToken(token),
      tag: CalDAVBook.collectionTag(entries), privileges: Self.privileges())
    return Self.response(href: collection.href, values: values, wanted: wanted)
  }

  private func report(_ request: Request, _ book: CalDAVBook) throws -> Response {
    switch try DAVXML.report(request.body) {
    case .calendarQuery(let properties, let filter):
      var entries = try book.entries()
      if let filter {
        entries = entries.filter { entry in
          filter.matches(entry.task) { ICalendarTask.keptProperties(entry.task.kept) }
        }
      }
      return multistatus([], entries.lazy.map { self.response(for: $0, .properties(properties)) })
    case .multiget(let properties, let hrefs):
      let named = hrefs.prefix(1000).map { href in
        let path = Self.path(ofHref: href)
        return (
          href,
          path.hasPrefix(Self.davList.href) ? String(path.dropFirst(Self.davList.href.count)) : ""
        )
      }
      let found = try book.entries(named: named.map(\.1).filter { !$0.isEmpty })
      return multistatus(
        [],
        named.lazy.map { href, name in
          found[name].map { self.response(for: $0, .properties(properties)) }
            ?? DAVResponse(href: href, status: 404)
        })
    case .freeBusy(let range):
      // NB: the time-range was read with both ends.
      return emptyFreeBusy(start: range.start!, end: range.end!)
    case .syncCollection(let properties, let token, let limit):
      if let limit, limit < 1 {
        return .text(400, "a sync-collection's limit asks for at least one result")
      }
      if token.isEmpty {
        let now = try book.token()
        let entries = try book.entries()
        if let refusal = Self.beyond(limit, entries.count) { return refusal }
        return multistatus(
          [], entries.lazy.map { self.response(for: $0, .properties(properties)) },
          syncToken: Self.syncToken(now))
      }
      guard let revision = Self.revision(ofToken: token),
        let changes = try book.changes(since: revision)
      else {
        return Self.davError(
          403, .d("valid-sync-token"),
          "the sync token is unknown or too old; sync again from the start")
      }
      if let refusal = Self.beyond(limit, changes.changed.count + changes.removed.count) {
        return refusal
      }
      let removed = changes.removed.map { DAVResponse(href: Self.davList.href + $0, status: 404) }
      return multistatus(
        removed, changes.changed.lazy.map { self.response(for: $0, .properties(properties)) },
        syncToken: Self.syncToken(changes.token))
    }
  }

  /// RFC 6578 §3.7: a sync that can't be cut at the client's `limit` fails with
  /// DAV:number-of-matches-within-limits. (Cutting would need a token standing for part of one
  /// revision's changes; a client asks again without a limit.)
  private static func beyond(_ limit: Int?, _ count: Int) -> Response? {
    guard let limit, count > limit else { return nil }
    return davError(
      507, .d("number-of-matches-within-limits"),
      "\(count) changes are more than the limit of \(limit); sync again without a limit")
  }

  private func response(for entry: CalDAVBook.Entry, _ wanted: PropfindRequest) -> DAVResponse {
    Self.calendarObjectResponse(
      href: Self.davList.href + entry.name, etag: entry.etag, component: "VTODO",
      wanted: wanted
    ) { ICalendarTask.write(entry.task) }
  }

  /// A free-busy report with nothing busy from `start` to `end`: tasks and meals are
  /// transparent.
  func emptyFreeBusy(start: Date, end: Date) -> Response {
    Response(
      status: 200, headers: [.init("Content-Type", "text/calendar; charset=utf-8")],
      body: Array(ICalendarTask.emptyFreeBusy(start: start, end: end, stamp: basket.now).utf8))
  }

  /// One calendar object's response (a task or an event of `component`): its tag and type,
  /// and the iCalendar `calendarData` writes only when asked for by name (allprop leaves it
  /// out).
  static func calendarObjectResponse(
    href: String, etag: String, component: String, wanted: PropfindRequest,
    calendarData: () -> String
  ) -> DAVResponse {
    var values: [DAVName: DAVElement] = [
      .d("getetag"): DAVElement(.d("getetag"), text: etag),
      .d("getcontenttype"): DAVElement(
        .d("getcontenttype"), text: "text/calendar; charset=utf-8; component=\(component)"),
      .d("resourcetype"): DAVElement(.d("resourcetype")),
    ]
    switch wanted {
    case .properties(let names) where names.contains(.c("calendar-data")):
      values[.c("calendar-data")] = DAVElement(.c("calendar-data"), text: calendarData())
    case .propertyNames:
      values[.c("calendar-data")] = DAVElement(.c("calendar-data"))
    default: break
    }
    return response(href: href, values: values, wanted: wanted)
  }

  // MARK: - Helpers

  /// One resource's response: the wanted properties it has (200) and those it hasn't (404).
  /// All properties leave out calendar-data (RFC 4791 §9.6 asks for it by name).
  static func response(href: String, values: [DAVName: DAVElement], wanted: PropfindRequest)
    -> DAVResponse
  {
    let ordered = values.keys.sorted { $0.description < $1.description }
    switch wanted {
    case .allProperties:
      return DAVResponse(
        href: href,
        propstats: [(200, ordered.filter { $0 != .c("calendar-data") }.compactMap { values[$0] })])
    case .propertyNames:
      return DAVResponse(href: href, propstats: [(200, ordered.map { DAVElement($0) })])
    case .properties(let names):
      let found = names.compactMap { values[$0] }
      let missing = names.filter { values[$0] == nil }.map { DAVElement($0) }
      var propstats: [(status: Int, properties: [DAVElement])] = []
      if !found.isEmpty { propstats.append((200, found)) }
      if !missing.isEmpty { propstats.append((404, missing)) }
      return DAVResponse(href: href, propstats: propstats)
    }
  }

  /// What the client may do: everything a task list takes, or with `readOnly` only reading.
  static func privileges(readOnly: Bool = false) -> DAVElement {
    let granted =
      readOnly
      ? ["read"] : ["read", "write", "write-content", "write-properties", "bind", "unbind"]
    return DAVElement(
      .d("current-user-privilege-set"),
      children: (granted + ["read-current-user-privilege-set"]).map {
        DAVElement(.d("privilege"), children: [DAVElement(.d($0))])
      })
  }

  /// A calendar collection's own properties, the same for the list's tasks and the plan's
  /// events but for these.
  static func calendarCollection(
    name: String, color: String, description: String, component: String, syncToken: String,
    tag: String, privileges: DAVElement
  ) -> [DAVName: DAVElement] {
    [
      .d("resourcetype"): DAVElement(
        .d("resourcetype"), children: [DAVElement(.d("collection")), DAVElement(.c("calendar"))]),
      .d("displayname"): DAVElement(.d("displayname"), text: name),
      DAVName(DAVName.apple, "calendar-color"): DAVElement(
        DAVName(DAVName.apple, "calendar-color"), text: color),
      .c("calendar-description"): DAVElement(.c("calendar-description"), text: description),
      .c("supported-calendar-component-set"): DAVElement(
        .c("supported-calendar-component-set"),
        children: [DAVElement(.c("comp"), attributes: ["name": component])]),
      .d("sync-token"): DAVElement(.d("sync-token"), text: syncToken),
      DAVName(DAVName.calendarServer, "getctag"): DAVElement(
        DAVName(DAVName.calendarServer, "getctag"), text: tag),
      .d("current-user-principal"): DAVElement(
        .d("current-user-principal"), children: [.href(davRoot)]),
      .d("owner"): DAVElement(.d("owner"), children: [.href(davRoot)]),
      .d("current-user-privilege-set"): privileges,
      .d("supported-report-set"): DAVElement(
        .d("supported-report-set"),
        children: [.c("calendar-query"), .c("calendar-multiget"), .d("sync-collection")].map {
          report in
          DAVElement(
            .d("supported-report"),
            children: [DAVElement(.d("report"), children: [DAVElement(report)])])
        }),
    ]
  }

  static func depth(_ request: Request) -> Int {
    request.header("depth") == "0" ? 0 : 1
  }

  static func syncToken(_ revision: Int64) -> String { "urn:basket-sync:\(revision)" }

  static func revision(ofToken token: String) -> Int64? {
    guard token.hasPrefix("urn:basket-sync:") else { return nil }
    return Int64(token.dropFirst("urn:basket-sync:".count))
  }

  /// The path of an href, which may be a full URL.
  static func path(ofHref href: String) -> String {
    var text = href
    if let scheme = text.firstRange(of: "://") {
      let rest = text[scheme.upperBound...]
      text = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }
    // NB: in a path "+" is itself, not a space.
    return Request.percentDecoded(Substring(text.replacing("+", with: "%2B")))
  }

  /// A `207 Multi-Status` of `head` then `rest`, written one response at a time and refused
  /// (507) once the body would pass `environment.limits.davAnswerBytes`.
  func multistatus(
    _ head: [DAVResponse], _ rest: some Sequence<DAVResponse> = EmptyCollection(),
    syncToken: String? = nil
  ) -> Response {
    let limit = environment.limits.davAnswerBytes
    let writer = DAVXML.MultistatusWriter(limit: limit)
    for response in head where !writer.append(response) { return Self.davTooLarge(limit) }
    for response in rest where !writer.append(response) { return Self.davTooLarge(limit) }
    return Response(
      status: 207,
      headers: [
        .init("Content-Type", "application/xml; charset=utf-8"), .init("Cache-Control", "no-store"),
      ],
      body: writer.finish(syncToken: syncToken))
  }

  private static func davTooLarge(_ limit: Int) -> Response {
    davError(
      507, .d("number-of-matches-within-limits"),
      "the answer would be larger than \(limit >> 20) MiB; ask for fewer properties, or for the tasks' calendar-data a few hundred at a time with calendar-multiget"
    )
  }

  static func davError(_ status: Int, _ condition: DAVName, _ message: String) -> Response {
    Response(
      status: status, headers: [.init("Content-Type", "application/xml; charset=utf-8")],
      body: DAVXML.error(condition, message: message))
  }

  static func davOptions() -> Response {
    Response(
      status: 200,
      headers: [
        .init("DAV", "1, 3, calendar-access"), .init("Allow", davMethods),
        .init("Content-Length", "0"),
      ])
  }

  static func davNotAllowed(_ allowed: String) -> Response {
    Response(
      status: 405,
      headers: [.init("Allow", allowed), .init("Content-Type", "text/plain; charset=utf-8")],
      body: Array("this CalDAV resource allows \(allowed)".utf8))
  }
}

extension CalDAVBook {
  /// The book `basket serve` uses: a task merged into an item joins its kept properties to the
  /// item's through libical (`ICalendarTask.mergeKept`).
  public static func served(store: any CalDAVStore, basket: Basket) -> CalDAVBook {
    CalDAVBook(store: store, basket: basket, mergeKept: ICalendarTask.mergeKept)
  }
}

extension Response {
  /// A plain-text response: CalDAV clients show text, not JSON.
  static func text(_ status: Int, _ message: String) -> Response {
    Response(
      status: status,
      headers: [
        .init("Content-Type", "text/plain; charset=utf-8"), .init("Cache-Control", "no-store"),
      ],
      body: Array(message.utf8))
  }
}
