/// One route of the JSON API: its method and path, how it takes an operation id, and the
/// handler that answers it.
///
/// `WebApp.routes` lists every one, each declared once with its handler; a path no route
/// matches is 404 before any handler runs, a known path asked with another method 405, so a
/// new route is reachable only once it is listed, and the tests that walk the table (every
/// changing route replayed with the same `op`, every route documented) then cover it.
package struct APIRoute: Sendable, Equatable, CustomStringConvertible {
  /// How the route takes an operation id: a UUID the client made for one change, `"op"` in
  /// the body, so that a retried request never applies twice.
  package enum OperationID: Sendable, Equatable {
    /// It changes nothing, and takes none.
    case none
    /// A list route: the op (and `at`) make a `ListOperation`, applied as a batch of one.
    case list
    /// `POST /ops`: each of its changes carries its own.
    case batch
    /// Any other change: `WebApp.onceIfAsked` takes `op` out of the body and runs the whole
    /// route once per op id, in one store transaction with its record.
    case change
    /// A change that first does slow work no transaction may wait on (fetching a page,
    /// reading photos): the op is taken out of the body the same way, and the route runs only
    /// its write through `WebApp.once`.
    case slowChange
  }

  /// Answers a request: the app, the request, and the path's segments after `/api/v3/`
  /// (`["items", ID, "check"]`), from which the handler reads what varies.
  package typealias Handler = @Sendable (WebApp, Request, [String]) throws -> Response

  package var method: String
  /// The path after `/api/v3/` (or `/api/v3/`), with `*` for a segment that varies
  /// (`items/*/check`).
  package var path: String
  package var operationID: OperationID
  /// Whether only a paired browser may ask (all but the routes that pair one).
  package var needsSession: Bool
  package var handler: Handler
  /// `path` split at its slashes once, as every request's lookup compares them.
  private let segments: [Substring]
  /// How many of the path's segments vary: a path named outright (`recipes/import`) is its
  /// own resource, which the shape with a `*` there (`recipes/*`) doesn't answer for.
  let wildcards: Int

  package init(
    _ method: String, _ path: String, _ operationID: OperationID = .none,
    needsSession: Bool = true, _ handler: @escaping Handler
  ) {
    self.method = method
    self.path = path
    self.operationID = operationID
    self.needsSession = needsSession
    self.handler = handler
    segments = path.split(separator: "/", omittingEmptySubsequences: false)
    wildcards = segments.count { $0 == "*" }
  }

  package var description: String { "\(method) \(APIVersion.current.prefix)\(path)" }

  /// Whether `route` (the path's segments after `/api/v3/`) has this route's shape.
  package func matches(_ route: [String]) -> Bool {
    guard segments.count == route.count else { return false }
    return zip(segments, route).allSatisfy { $0 == "*" || $0 == $1 }
  }

  /// Two routes are the same route when they answer the same method on the same path.
  package static func == (lhs: APIRoute, rhs: APIRoute) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.operationID == rhs.operationID
      && lhs.needsSession == rhs.needsSession
  }
}

extension WebApp {
  /// Every API route, each group's rows kept beside its handlers. Where two shapes match one
  /// path, the one naming more of it answers (`recipes/import`, not `recipes/*`; see
  /// `resource(_:)`).
  package static let routes: [APIRoute] =
    listRoutes + listsRoutes + recipeRoutes + mealPrepRoutes + planRoutes + stapleRoutes
    + shopRoutes + pantryRoutes + tripRoutes

  /// Pairing, the list and its changes, and the live stream.
  static let listRoutes: [APIRoute] = [
    .init("GET", "session", needsSession: false) { app, request, _ in app.session(request) },
    .init("POST", "pair", needsSession: false) { app, request, _ in app.pair(request) },
    // NB: no op: the code is never stored, so a replay could not answer the same link; a
    // retry makes a second invitation, which runs out unused.
    .init("POST", "invitations") { app, request, _ in try app.invite(request) },
    .init("GET", "list") { app, request, _ in try app.list(request) },
    .init("POST", "items", .list) { app, request, _ in try app.add(request) },
    .init("PATCH", "items/*", .list) { app, request, route in
      try app.update(try app.itemID(route[1]), request)
    },
    .init("DELETE", "items/*", .list) { app, request, route in
      try app.remove(try app.itemID(route[1]), request)
    },
    .init("POST", "items/*/check", .list) { app, request, route in
      try app.check(try app.itemID(route[1]), request)
    },
    .init("POST", "items/*/uncheck", .list) { app, request, route in
      try app.uncheck(try app.itemID(route[1]), request)
    },
    .init("PUT", "items/*/category", .change) { app, request, route in
      try app.setCategory(try app.itemID(route[1]), request)
    },
    .init("GET", "categories") { app, _, _ in app.categories() },
    .init("POST", "clear", .list) { app, request, _ in try app.clear(request) },
    .init("POST", "undo", .list) { app, request, _ in try app.undo(request) },
    .init("POST", "ops", .batch) { app, request, _ in try app.ops(request) },
    .init("GET", "changes") { app, request, _ in try app.changes(request) },
    .init("GET", "events") { _, _, _ in
      Response(
        status: 200,
        headers: [
          .init("Content-Type", "text/event-stream; charset=utf-8"),
          .init("Cache-Control", "no-store"), .init("X-Accel-Buffering", "no"),
        ],
        kind: .eventStream)
    },
    .init("GET", "suggestions") { app, request, _ in try app.suggestions(request) },
    .init("GET", "usuals") { app, request, _ in try app.usuals(request) },
    .init("GET", "quantity-rules") { app, _, _ in app.quantityRules() },
  ]

  /// The routes of the path: those of the most specific shape that matches it (`recipes/import`
  /// rather than `recipes/*`), in the table's order.
  static func resource(_ route: [String]) -> [APIRoute] {
    let matching = routes.filter { $0.matches(route) }
    guard let fewest = matching.map(\.wildcards).min() else { return [] }
    return matching.filter { $0.wildcards == fewest }
  }

  /// The route for `method` on `route` (the path's segments after `/api/v3/`); nil when the
  /// path's resource has no such method (see `methods(_:)`).
  package static func route(_ method: String, _ route: [String]) -> APIRoute? {
    resource(route).first { $0.method == method }
  }

  /// The methods the path's resource answers, in the table's order: a 405's `Allow`.
  static func methods(_ route: [String]) -> [String] {
    var methods: [String] = []
    for row in resource(route) where !methods.contains(row.method) { methods.append(row.method) }
    return methods
  }
}
