/// One route of the JSON API: what `WebApp` answers, and how it takes an operation id.
///
/// `WebApp.routes` lists every one; a path no route matches is 404 before any handler runs, so
/// a new route is reachable only once it is listed here, and the tests that walk the table
/// (every changing route replayed with the same `op`) then cover it.
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

  package var method: String
  /// The path after `/api/v2/` (or `/api/v2/`), with `*` for a segment that varies
  /// (`items/*/check`).
  package var path: String
  package var operationID: OperationID
  /// `path` split at its slashes once, as every request's lookup compares them.
  private let segments: [Substring]

  package init(_ method: String, _ path: String, _ operationID: OperationID = .none) {
    self.method = method
    self.path = path
    self.operationID = operationID
    segments = path.split(separator: "/", omittingEmptySubsequences: false)
  }

  package var description: String { "\(method) \(APIVersion.current.prefix)\(path)" }

  /// Whether `route` (the path's segments after `/api/v2/`) has this route's shape.
  package func matches(_ route: [String]) -> Bool {
    guard segments.count == route.count else { return false }
    return zip(segments, route).allSatisfy { $0 == "*" || $0 == $1 }
  }
}

extension WebApp {
  /// Every API route. Order matters only where two shapes match one path: the first with the
  /// request's method wins (`recipes/import` before `recipes/*`).
  package static let routes: [APIRoute] = [
    .init("GET", "session"),
    .init("POST", "pair"),
    // NB: no op: the code is never stored, so a replay could not answer the same link; a
    // retry makes a second invitation, which runs out unused.
    .init("POST", "invitations"),
    // The list
    .init("GET", "list"),
    .init("POST", "items", .list),
    .init("PATCH", "items/*", .list),
    .init("DELETE", "items/*", .list),
    .init("POST", "items/*/check", .list),
    .init("POST", "items/*/uncheck", .list),
    .init("PUT", "items/*/category", .change),
    .init("GET", "categories"),
    .init("POST", "clear", .list),
    .init("POST", "undo", .list),
    .init("POST", "ops", .batch),
    .init("GET", "changes"),
    .init("GET", "events"),
    .init("GET", "suggestions"),
    .init("GET", "usuals"),
    .init("GET", "quantity-rules"),
    // The household's lists
    .init("GET", "lists"),
    .init("POST", "lists", .change),
    .init("PATCH", "lists/*", .change),
    .init("DELETE", "lists/*", .change),
    .init("POST", "lists/*/restore", .change),
    // Recipes and meal prep
    .init("GET", "recipes"),
    .init("POST", "recipes", .change),
    .init("POST", "recipes/import", .slowChange),
    // NB: no op: a library sent again skips every recipe already there (see WebApp+Library).
    .init("POST", "recipes/library"),
    .init("GET", "recipes/library/*"),
    .init("POST", "recipes/parse"),
    .init("POST", "recipes/review"),
    .init("POST", "recipes/add", .change),
    .init("GET", "recipes/*"),
    .init("DELETE", "recipes/*", .change),
    .init("POST", "recipes/*/add", .change),
    .init("POST", "recipes/*/cooked", .change),
    .init("POST", "mealprep/review"),
    .init("POST", "mealprep/add", .change),
    .init("GET", "mealprep/draft"),
    .init("PUT", "mealprep/draft", .change),
    .init("DELETE", "mealprep/draft", .change),
    // A week of meals
    .init("GET", "plan"),
    .init("POST", "plan", .change),
    .init("DELETE", "plan/*", .change),
    .init("POST", "plan/shop/review"),
    .init("POST", "plan/shop/add", .change),
    // The always-have list
    .init("GET", "staples"),
    .init("POST", "staples", .change),
    .init("POST", "staples/remove", .change),
    // Shops
    .init("GET", "shops"),
    .init("POST", "shops", .change),
    .init("PUT", "shops/current", .change),
    .init("PATCH", "shops/*", .change),
    .init("DELETE", "shops/*", .change),
    .init("POST", "shops/*/aisles", .change),
    .init("GET", "walking-order"),
    .init("POST", "walking-order", .change),
    // The pantry and check-in
    .init("GET", "pantry"),
    .init("POST", "pantry", .change),
    .init("POST", "pantry/scan"),
    .init("GET", "pantry/barcodes/*"),
    .init("GET", "pantry/*"),
    .init("PATCH", "pantry/*", .change),
    .init("DELETE", "pantry/*", .change),
    .init("POST", "pantry/*/use", .change),
    .init("GET", "checkin"),
    .init("POST", "checkin", .change),
    .init("POST", "checkin/*/accept", .change),
    .init("POST", "checkin/*/skip", .change),
    // Shopping trips
    .init("GET", "trip"),
    .init("POST", "trip/start", .change),
    .init("POST", "trip/step", .change),
    .init("POST", "trip/replace", .change),
    .init("POST", "trip/end", .change),
    .init("GET", "products"),
    .init("POST", "products", .change),
    .init("PATCH", "products/*", .change),
    .init("DELETE", "products/*", .change),
  ]

  /// The route for `method` on `route` (the path's segments after `/api/v2/`); nil when no
  /// route has that method there (see `knows(_:)`).
  package static func route(_ method: String, _ route: [String]) -> APIRoute? {
    routes.first { $0.method == method && $0.matches(route) }
  }

  /// Whether any route has this path, whatever its method.
  static func knows(_ route: [String]) -> Bool {
    routes.contains { $0.matches(route) }
  }
}
