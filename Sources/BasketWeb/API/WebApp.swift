import BasketCalDAV
import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The whole server as a function: `handle(_:)` turns a request into a response.
///
/// It serves the embedded web app, the pairing flow and the JSON API, and applies the access
/// policy. No sockets here: the libmicrohttpd adapter (`WebServer`) only moves bytes.
/// Thread-safe; each call costs one or two store reads, and a list read is usually served from
/// memory (`ListCache`).
public final class WebApp: Sendable {
  /// Request bodies larger than this get 413 (but see `maxBodySize(for:)`).
  public static let maxBodySize = 64 * 1024

  /// The largest body a request to `path` may carry: `POST /api/v3/ops` takes a phone's queue
  /// (`OpsBody.maxBytes`); a recipe import carries a saved page or photos of a recipe card as
  /// base64 in JSON, up to 24 MB (about 18 MB of photos), as does a photo of a barcode;
  /// every other route takes `maxBodySize`. The server adapter reads no more.
  public static func maxBodySize(for path: String) -> Int {
    if path.hasPrefix(davRoot) { return ICalendarTask.maximumBytes }
    switch APIVersion.route(of: path) {
    case "ops": return OpsBody.maxBytes
    case recipeImportRoute, pantryScanRoute: return 24 << 20
    case recipeLibraryRoute: return RecipeLibraryLimits.uploadBytes
    default: return maxBodySize
    }
  }

  public let environment: WebEnvironment
  let itemJSON: ItemJSON
  /// The list's answers, made once per state of the list.
  let listCache: ListCache
  /// Wrong pairing codes and wrong CalDAV passwords are counted apart, per address: a task app
  /// with a stale password must not lock pairing out on the same machine.
  let throttle = PairingThrottle()
  let calDAVThrottle = PairingThrottle()
  /// The store revision reported by the server's change watcher (`noteRevision`), or `.min`
  /// while nothing reports it; then every list read asks the store.
  let reportedRevision = Atomic<Int64>(.min)
  /// Bumped after every change made through this app, so a list answer made before it is
  /// never served after it.
  let localWrites = Atomic<Int>(0)
  /// Called the moment a list change commits, before its answer is written (`onWrite`).
  private let writeHook = Mutex<(@Sendable () -> Void)?>(nil)
  /// When time next settles something on the list, as of a store revision (`tidyIfDue`).
  let tidySchedule = Mutex<TidySchedule?>(nil)
  /// Recipe libraries being imported, and the last ones done (`WebApp+Library.swift`).
  let libraryJobs = LibraryJobs()

  public init(environment: WebEnvironment) {
    self.environment = environment
    let basket = environment.basket
    itemJSON = ItemJSON(classify: { basket.classify($0) })
    listCache = ListCache(limit: environment.limits.listCacheBytes)
  }

  var basket: Basket { environment.basket }
  var access: AccessPolicy { environment.access }

  /// Tells the app the store's current revision. The server's change watcher calls it a few
  /// times a second; list reads then skip the store entirely while nothing has changed.
  public func noteRevision(_ revision: Int64) {
    reportedRevision.store(revision, ordering: .releasing)
  }

  /// Has `hook` called the moment a change to the list commits, before the request's answer is
  /// written: the server announces it to live pages from there (`WebServer`).
  public func onWrite(_ hook: @escaping @Sendable () -> Void) {
    writeHook.withLock { $0 = hook }
  }

  /// A change to the list committed: tell the hook.
  func wrote() {
    writeHook.withLock { $0 }?()
  }

  public func handle(_ request: Request) -> Response {
    var response = route(request)
    // NB: a response that sets one of these itself (the welcome page's CSP) keeps its own.
    let welcome = isWelcomeRequest(request)
    for header in Self.securityHeaders
    where !response.headers.contains(where: { $0.name == header.name }) {
      // NB: browsers ignore (and complain of) an opener policy over plain HTTP.
      if welcome, header.name == "Cross-Origin-Opener-Policy" { continue }
      response.headers.append(header)
    }
    return response
  }

  private func route(_ request: Request) -> Response {
    guard access.hostAllowed(request) else {
      return .error(
        403, "this server answers only to localhost; start it with a secret to share it")
    }
    // NB: every path: the API, CalDAV and the pairing form alike.
    if !Self.safeMethods.contains(request.method), !access.originAllowed(request) {
      return .error(403, "cross-origin requests are not allowed")
    }
    if isWelcomeRequest(request) {
      return welcome(request)
    }
    if request.path.hasPrefix(Self.joinPrefix) {
      return join(request)
    }
    if request.path == Self.trustCheckPath {
      return Self.trustCheck
    }
    if request.path.hasPrefix("/api/") {
      return api(request)
    }
    if isCalDAV(request.path) || request.path == "/" && request.method == "PROPFIND" {
      return calDAV(request)
    }
    if request.path == "/pair" {
      return pairPage(request)
    }
    return StaticAssets.response(for: request)
  }

  // MARK: - API gate and routing

  private func api(_ request: Request) -> Response {
    let method = request.method
    let limit = Self.maxBodySize(for: request.path)
    guard request.body.count <= limit else {
      return .error(413, "the request body is larger than \(limit / 1024) KiB")
    }
    // "/api/v3/items/ID/check" → ["items", "ID", "check"]
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    guard parts.count >= 4, parts[0].isEmpty, parts[1] == "api",
      APIVersion(rawValue: parts[2]) != nil
    else {
      return .error(404, "no such API route")
    }
    let route = Array(parts.dropFirst(3))
    let resource = Self.resource(route)
    let chosen = resource.first { $0.method == method }
    if let chosen, !chosen.needsSession {
      return (try? chosen.handler(self, request, route)) ?? .error(500, "the route failed")
    }
    guard access.hasSession(request) else {
      return .error(
        401, "this browser is not paired; open the pairing link printed by basket serve")
    }
    if !request.body.isEmpty, Self.mutating.contains(method) {
      let type = request.header("content-type")?.lowercased() ?? ""
      // NB: a library is uploaded as its own bytes; like JSON, neither type can be sent
      // cross-site without the browser asking first (no form can send them).
      if APIVersion.route(of: request.path) == Self.recipeLibraryRoute {
        guard type.hasPrefix("application/octet-stream") || type.hasPrefix("application/zip")
        else {
          return .error(
            415, "send the library file's bytes with Content-Type: application/octet-stream")
        }
      } else if !type.hasPrefix("application/json") {
        return .error(415, "send JSON with Content-Type: application/json")
      }
    }
    guard let chosen else {
      guard !resource.isEmpty else { return .error(404, "no such API route") }
      let allowed = Self.methods(route)
      return .error(
        405, "use \(allowed.joined(separator: " or ")) here",
        headers: [.init("Allow", allowed.joined(separator: ", "))])
    }
    do {
      let response = try onRequestList(request) {
        try onceIfAsked(chosen, request) { try chosen.handler(self, $0, route) }
      }
      if method != "GET" { localWrites.add(1, ordering: .releasing) }
      return response
    } catch let error as RequestError {
      return .error(error.status, error.message)
    } catch let error as ListError {
      return Self.response(for: error)
    } catch let refusal as Refusal {
      return Self.response(for: refusal)
    } catch let failure as any StoreFailure where failure.isOutOfSpace {
      return Self.outOfSpace
    } catch {
      return .error(500, "\(error)")
    }
  }

  /// A write the disk had no room for: nothing was saved (RFC 4918's 507).
  static let outOfSpace = Response.error(
    507, "the server's disk is full, so nothing was saved; free some space on it and try again")

  func itemID(_ text: String) throws -> UUID {
    guard let id = UUID(uuidString: text) else {
      throw RequestError(400, "\"\(text.prefix(60))\" is not an item id")
    }
    return id
  }

  /// A refused change as an error response: gone or unknown items 404 (as an unknown id
  /// always has), what came too late 409, what can't be read 400.
  static func response(for refusal: Refusal) -> Response {
    switch refusal {
    case .list(let error): response(for: error)
    case .note: .error(422, refusal.description)
    case .unknownItem: response(for: ListError.unknownItem(""))
    case .gone, .hidden: .error(404, refusal.description)
    case .tooOld, .tooLateToUndo, .noSuchClear, .recorded: .error(409, refusal.description)
    case .malformed: .error(400, refusal.description)
    }
  }

  static func response(for error: ListError) -> Response {
    switch error {
    case .unknownItem: .error(404, "no such item (it may have been removed)")
    case .nothingToUndo: .error(409, error.description)
    // NB: read, but not an amount Basket takes: 422, as for any refused add.
    case .amountOutOfRange, .recipeAmountOutOfRange, .amountWithoutName, .zeroAmount,
      .unitNotAllowed, .kitchenUnitNotAllowed, .badPackSize, .tooManyItems, .severalItems:
      .error(422, error.description)
    default: .error(400, error.description)
    }
  }

  static let mutating: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]
  /// Methods that change nothing; a request with any other method, CalDAV's MKCALENDAR and
  /// PROPPATCH included, must come from this server's own origin.
  static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"]

  /// Sent with every response. The policy allows only this origin's own files: no inline
  /// scripts or styles, no frames, no plug-ins.
  static let securityHeaders: [Response.Header] = [
    .init(
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    .init("X-Content-Type-Options", "nosniff"),
    .init("Referrer-Policy", "no-referrer"),
    .init("X-Frame-Options", "DENY"),
    .init("Cross-Origin-Opener-Policy", "same-origin"),
    .init("Cross-Origin-Resource-Policy", "same-origin"),
  ]
}

/// A request the API refuses, with its status and a reason for the user.
package struct RequestError: Error {
  package var status: Int
  package var message: String

  package init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }
}
