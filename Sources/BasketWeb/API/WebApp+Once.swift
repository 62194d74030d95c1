import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Operation ids on the routes beyond the list's own: every changing route takes an optional
// `"op"` (a UUID the client made for this change). The first request with it applies, in one
// store transaction with the op's record in the operation log (`Basket.exactlyOnce`); a replay
// changes nothing and answers 200 `{"op", "status": "duplicate", "revision"}`, as `/ops`
// answers an operation it has seen. A request that fails leaves the op unused, so a retry can
// still apply. Op ids are kept as long as the list's (`OpLog.retention`).
extension WebApp {
  /// Runs `handler` for `request`, once per op id when `route` is a change that takes one and
  /// the body carries `"op"` (taken out of the body, so the route's own reader never sees it).
  func onceIfAsked(
    _ route: APIRoute?, _ request: Request, _ handler: (Request) throws -> Response
  ) throws -> Response {
    guard let route, route.operationID == .change || route.operationID == .slowChange,
      let (op, body) = try Self.takeOperationID(from: request.body)
    else { return try handler(request) }
    var stripped = request
    stripped.body = body
    guard route.operationID == .change else {
      stripped.operationID = op
      return try handler(stripped)
    }
    return try once(op) { try handler(stripped) }
  }

  /// Runs `change` once per `op` (nil: just runs it): inside `Basket.exactlyOnce`, so what it
  /// writes commits with the op's record, or not at all when it throws or answers an error.
  /// An op seen before answers as a duplicate without running it.
  func once(_ op: UUID?, _ change: () throws -> Response) throws -> Response {
    guard let op else { return try change() }
    do {
      let response = try basket.exactlyOnce(op) { () throws -> Response in
        let response = try change()
        guard (200..<300).contains(response.status) else { throw Unsuccessful(response) }
        return response
      }
      guard let response else {
        return .json(
          200,
          .object([
            ("op", .string(op.uuidString.lowercased())),
            ("status", .string(OperationResult.Status.duplicate.rawValue)),
            ("revision", .number(Double(try basket.store.revision()))),
          ]))
      }
      return response
    } catch let unsuccessful as Unsuccessful {
      return unsuccessful.response
    }
  }

  /// The body's `"op"` and the body without it; nil when it has none (or is no JSON object:
  /// the route then says what is wrong with it).
  ///
  /// Cost: a scan for the bytes `"op"`, and only when they occur, a parse and a re-encode.
  static func takeOperationID(from body: [UInt8]) throws -> (UUID, [UInt8])? {
    guard mentions(#""op""#, body),
      case .object(let members)? = try? JSONValue.parse(body),
      let value = members.first(where: { $0.0 == "op" })?.1
    else { return nil }
    guard case .string(let text) = value, let op = UUID(uuidString: text) else {
      throw RequestError(400, "\"op\" must be a UUID such as 6f1c2a4e-…")
    }
    return (op, JSONValue.object(members.filter { $0.0 != "op" }).encoded())
  }

  /// Whether `body` holds `word`'s bytes anywhere: a cheap look before parsing a body that is
  /// likely not to have an op. NB: `memchr` to each candidate first byte, then `memcmp`;
  /// `Collection.contains(_:)` took seconds over a 20 MB body in a debug build, keeping the
  /// answer past a client's patience (glibc hides `memmem` behind _GNU_SOURCE).
  static func mentions(_ word: String, _ body: [UInt8]) -> Bool {
    let needle = Array(word.utf8)
    guard let first = needle.first else { return true }
    return body.withUnsafeBytes { haystack in
      guard let base = haystack.baseAddress else { return false }
      var offset = 0
      while haystack.count - offset >= needle.count {
        guard let found = memchr(base + offset, Int32(first), haystack.count - offset) else {
          return false
        }
        let at = base.distance(to: UnsafeRawPointer(found))
        guard haystack.count - at >= needle.count else { return false }
        if memcmp(base + at, needle, needle.count) == 0 { return true }
        offset = at + 1
      }
      return false
    }
  }

  /// A route's error answer, thrown out of `Basket.exactlyOnce` so nothing it wrote stays.
  private struct Unsuccessful: Error {
    var response: Response

    init(_ response: Response) {
      self.response = response
    }
  }
}
