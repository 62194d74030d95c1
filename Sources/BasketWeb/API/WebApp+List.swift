import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WebApp {
  /// Answers of at least this many bytes are offered gzipped; smaller ones gain too little.
  static let minimumGzipBytes = 1024

  /// GET /api/v3/list: `{"toGet", "gotIt", "undoUntil", "revision", "mood"}`, the server's
  /// clock in the `Basket-Now` header; `revision` is the store's revision the list is at (read
  /// before the list, so it is never ahead of it): a page asks `/changes?since=` it, or applies
  /// live events from it. v1 writes `now` into the body as well (between `undoUntil` and
  /// `revision`) and its items in v1's shape.
  ///
  /// Cost: served from memory (`ListCache`) while the list's state holds: a revision read at
  /// most, no copy of the body; with `If-None-Match` naming it, 304 and no body.
  func list(_ request: Request) throws -> Response {
    let version = APIVersion(path: request.path) ?? .current
    let now = basket.now
    let gzip = version != .v1 && Self.acceptsGzip(request)
    let answer = try listAnswer(version, now: now, gzip: gzip)
    let clock = Response.Header("Basket-Now", ISO8601.string(now))
    switch version {
    case .v2, .v3:
      return Self.negotiated(
        request, identity: answer.body, tag: answer.tag, gzip: gzip ? answer.gzip : nil,
        headers: [clock])
    case .v1:
      // NB: the body holds `now`, so the tag is weak: the same list at another moment.
      if EntityTag.noneMatch(request.header("if-none-match"), matches: answer.tag) {
        return Response(status: 304, headers: Self.validators(answer.tag) + [clock])
      }
      var out: [UInt8] = []
      out.reserveCapacity(answer.body.count + answer.tail.count + 32)
      out += answer.body
      JSONValue.string(ISO8601.string(now)).write(to: &out)
      out += answer.tail
      return Response(
        status: 200, headers: [Self.jsonType] + Self.validators(answer.tag) + [clock], body: out)
    }
  }

  /// Whether `request` reads the list (v2 or v3) and memory holds its answer at the revision the
  /// server's watcher reported (`ListCache`), so `handle` answers it without the store: the
  /// server then answers it on its network thread rather than handing it to a worker.
  ///
  /// Cost: two atomic loads and the cache's shared lock; no store read, no copy.
  public func answersFromMemory(_ request: Request) -> Bool {
    guard request.method == "GET", request.query["list"] == nil,
      let version = Self.compactListVersions[request.path]
    else { return false }
    let reported = reportedRevision.load(ordering: .acquiring)
    guard reported != .min else { return false }
    let state = ListCache.State(
      revision: reported, localWrites: localWrites.load(ordering: .acquiring))
    guard let kept = listCache.answer(version, at: state, now: basket.now) else { return false }
    return kept.compressed || !Self.acceptsGzip(request)
  }

  /// The list's paths whose answers memory keeps whole (v1's holds `now`).
  private static let compactListVersions: [String: APIVersion] = [
    APIVersion.v2.prefix + "list": .v2, APIVersion.v3.prefix + "list": .v3,
  ]

  /// The list's answer in `version` at the store's current state, from the cache when fresh.
  private func listAnswer(_ version: APIVersion, now: Date, gzip: Bool) throws
    -> ListCache.Answer
  {
    let writes = localWrites.load(ordering: .acquiring)
    let reported = reportedRevision.load(ordering: .acquiring)
    // NB: while the server's change watcher reports the revision, a fresh answer costs no
    // store read at all.
    if reported != .min,
      let kept = listCache.answer(
        version, at: .init(revision: reported, localWrites: writes, list: Self.requestList),
        now: now),
      !gzip || kept.compressed
    {
      return kept
    }
    let state = ListCache.State(
      revision: try basket.store.revision(), localWrites: writes, list: Self.requestList)
    var made = false
    let answer = try listCache.answer(
      version, at: state, now: now, gzip: gzip,
      make: {
        made = true
        return try makeListAnswer(version, state: state, now: now)
      },
      compress: { $0.count >= Self.minimumGzipBytes ? Gzip.compress($0) : nil })
    // NB: the items read for it are freed by now; what they took stays with the allocator
    // and SQLite's page cache unless handed back.
    if made, answer.body.count >= environment.limits.largeList { environment.releaseMemory?() }
    return answer
  }

  /// Reads the list and writes its answer in `version`: one read of the store, one pass.
  private func makeListAnswer(_ version: APIVersion, state: ListCache.State, now: Date) throws
    -> ListCache.Answer
  {
    let items = try basket.store.items()
    let sections = ListSections(items: items, now: now)
    let mood = DayMood(date: now, timeZone: environment.timeZone)
    var out: [UInt8] = []
    out.reserveCapacity(items.count * (version == .v1 ? 400 : 140) + 256)
    out.append(contentsOf: #"{"toGet":"#.utf8)
    itemJSON.write(sections.toGet, version, to: &out)
    out.append(contentsOf: #","gotIt":"#.utf8)
    itemJSON.write(sections.gotIt, version, to: &out)
    out.append(contentsOf: #","undoUntil":"#.utf8)
    let undo = ListRules.undoDeadline(items: items, now: now)
    (undo.map { .string(ISO8601.string($0)) } ?? JSONValue.null).write(to: &out)
    var tail: [UInt8] = []
    tail.append(contentsOf: #","revision":"#.utf8)
    JSONValue.number(Double(state.revision)).write(to: &tail)
    tail.append(contentsOf: #","mood":"#.utf8)
    JSONValue.object([
      ("tint", .string(mood.tint.rawValue)),
      ("accent", mood.seasonalAccent.map(JSONValue.string) ?? .null),
      ("emptyLine", .string(mood.emptyLine)),
    ]).write(to: &tail)
    tail.append(UInt8(ascii: "}"))
    let validUntil = Self.listValidUntil(items: items, gotIt: sections.gotIt, now: now)
    switch version {
    case .v2, .v3:
      out += tail
      return .init(
        state: state, version: version, validUntil: validUntil, body: out,
        tag: EntityTag.of(out))
    case .v1:
      out.append(contentsOf: #","now":"#.utf8)
      return .init(
        state: state, version: version, validUntil: validUntil, body: out, tail: tail,
        tag: "W/" + EntityTag.of(out + tail))
    }
  }

  /// The first moment the sections, the undo deadline or the mood could change by time alone:
  /// a Got it item's hour ending, an undo window closing, and at most a minute (the mood).
  static func listValidUntil(items: [Item], gotIt: [Item], now: Date) -> Date {
    var until = now.addingTimeInterval(60)
    for item in gotIt {
      if let checked = item.checkedAt {
        until = min(until, checked.addingTimeInterval(ListTiming.gotItTTL))
      }
    }
    for item in items {
      if let cleared = item.clearedAt {
        let end = cleared.addingTimeInterval(ListTiming.undoWindow)
        if end > now { until = min(until, end) }
      }
    }
    return until
  }

  // MARK: - Answers by ETag and Accept-Encoding

  static let jsonType = Response.Header("Content-Type", "application/json; charset=utf-8")

  /// What every answer with an ETag carries, 200 and 304 alike: the tag, `Vary` (the body
  /// depends on `Accept-Encoding`), and a cache rule that keeps the list private and asks
  /// again every time.
  static func validators(_ tag: String) -> [Response.Header] {
    [
      .init("ETag", tag), .init("Vary", "Accept-Encoding"),
      .init("Cache-Control", "private, no-cache"),
    ]
  }

  /// Whether the request accepts gzip and zlib can make it.
  static func acceptsGzip(_ request: Request) -> Bool {
    AcceptEncoding.acceptsGzip(request.header("accept-encoding")) && Gzip.isAvailable
  }

  /// The tag of an identity body's gzipped form: the same hash, marked (the bodies differ,
  /// what they decode to doesn't).
  static func gzipTag(_ tag: String) -> String {
    String(tag.dropLast()) + "-gzip\""
  }

  /// A JSON body as the request negotiates it: gzipped when the client accepts gzip and
  /// `gzip` yields the compressed body (made only when needed), else as it is; 304 without a
  /// body when `If-None-Match` names the representation chosen.
  static func negotiated(
    _ request: Request, identity: [UInt8], tag: String, gzip: @autoclosure () -> [UInt8]?,
    headers extra: [Response.Header] = []
  ) -> Response {
    let offered = identity.count >= minimumGzipBytes && acceptsGzip(request)
    let chosen = offered ? gzipTag(tag) : tag
    if EntityTag.noneMatch(request.header("if-none-match"), matches: chosen) {
      return Response(status: 304, headers: validators(chosen) + extra)
    }
    if offered, let compressed = gzip() {
      return Response(
        status: 200,
        headers: [jsonType, .init("Content-Encoding", "gzip")] + validators(chosen) + extra,
        body: compressed)
    }
    return Response(status: 200, headers: [jsonType] + validators(tag) + extra, body: identity)
  }
}
