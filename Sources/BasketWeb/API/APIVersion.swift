/// The JSON API's versions, the path's second segment (`/api/v3/list`).
///
/// Every route answers under each. v3 writes an item's times (`addedAt`, `listedAt`,
/// `checkedAt`, `clearedAt`) as milliseconds since 1970, numbers a third the size of their ISO
/// 8601 text; otherwise it is v2. v2 writes an item small (`ItemJSON.value`: members at their
/// default left out) and the list without `now` (the `Basket-Now` header carries the server's
/// clock), so one list answer serves every read until the store moves. v1 and v2 keep the
/// earlier shapes for a phone still running an earlier web app from its cache until it
/// reloads (v1: every member written, nulls included, `now` in the list).
package enum APIVersion: String, Sendable, CaseIterable {
  case v1
  case v2
  case v3

  /// The version the web app and the documents speak.
  package static let current = APIVersion.v3

  /// Whether an item's times are milliseconds since 1970 (v3 on), not ISO 8601 text.
  package var writesTimesAsNumbers: Bool { self == .v3 }

  /// The version of an API path (`/api/v3/…`), or nil for any other path.
  package init?(path: String) {
    guard path.hasPrefix("/api/"), path.utf8.count >= 8 else { return nil }
    let segment = path.utf8.dropFirst(5).prefix(3)
    guard segment.last == UInt8(ascii: "/"),
      let version = APIVersion(rawValue: String(decoding: segment.dropLast(), as: UTF8.self))
    else { return nil }
    self = version
  }

  /// The route's part of an API path ("/api/v3/recipes/import" → "recipes/import"), or nil.
  package static func route(of path: String) -> Substring? {
    guard APIVersion(path: path) != nil else { return nil }
    return path.dropFirst(8)
  }

  /// The path prefix, "/api/v3/".
  package var prefix: String { "/api/\(rawValue)/" }
}
