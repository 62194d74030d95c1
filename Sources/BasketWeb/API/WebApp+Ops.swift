import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WebApp {
  /// POST /api/v3/ops `{"ops": [operation, …]}`: applies a phone's queue in order, in one
  /// transaction, and answers `{"results": [{"op", "status", "reason"?, "item"?}], "revision"}`
  /// (see `ListOperation`, `SyncRules` and OFFLINE-PROTOCOL.md).
  func ops(_ request: Request) throws -> Response {
    let body = try OpsBody(request.body)
    let readable = body.entries.compactMap { try? $0.operation.get() }
    var applied = try (readable.isEmpty ? [] : basket.apply(readable))[...]
    if applied.contains(where: { $0.status == .applied }) { wrote() }
    var results: [JSONValue] = []
    results.reserveCapacity(body.entries.count)
    for entry in body.entries {
      switch entry.operation {
      case .success(let operation):
        results.append(Self.json(applied.removeFirst(), for: operation))
      case .failure(let malformed):
        results.append(
          .object([
            ("op", entry.op.map(JSONValue.string) ?? .null),
            ("status", .string(OperationResult.Status.refused.rawValue)),
            ("reason", .string(Refusal.malformed(malformed.message).description)),
          ]))
      }
    }
    return .json(
      200,
      .object([
        ("results", .array(results)),
        ("revision", .number(Double(try basket.store.revision()))),
      ]))
  }

  /// One result as the phone reads it. `item` only when the server's id differs from the one
  /// sent (the phone renames its local id).
  static func json(_ result: OperationResult, for operation: ListOperation) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("op", .string(operation.id.uuidString.lowercased())),
      ("status", .string(result.status.rawValue)),
    ]
    if let reason = result.reason { members.append(("reason", .string(reason))) }
    if let item = result.item, item != operation.change.item {
      members.append(("item", .string(item.uuidString.lowercased())))
    }
    return .object(members)
  }

  /// GET /api/v3/changes?since=R: `{"from", "revision", "items", "removed"}`, or 410 when the
  /// store no longer knows what changed since R (the page refetches the list). With an ETag,
  /// 304 for `If-None-Match`, and gzipped from 1 KiB when the client accepts it.
  func changes(_ request: Request) throws -> Response {
    guard let text = request.query["since"], let since = Int64(text), since >= 0 else {
      throw RequestError(400, "\"since\" must be a revision (a whole number from 0)")
    }
    guard let changes = try basket.store.changes(since: since) else {
      return .error(
        410,
        "too much has changed since revision \(since); fetch \(version(request).prefix)list again")
    }
    let body = changesValue(changes, version(request)).encoded()
    // NB: gzip at level 1: made for each request, where the list's is made once.
    return Self.negotiated(
      request, identity: body, tag: EntityTag.of(body), gzip: Gzip.compress(body, level: 1))
  }

  /// The `/changes` JSON in `version`'s shape: `from`, `revision`, the changed `items` and the
  /// `removed` ids.
  func changesValue(_ changes: ListChanges, _ version: APIVersion) -> JSONValue {
    .object([
      ("from", .number(Double(changes.from))),
      ("revision", .number(Double(changes.revision))),
      ("items", .array(changes.items.map { itemJSON.value($0, version) })),
      ("removed", .array(changes.removed.map { .string($0.uuidString.lowercased()) })),
    ])
  }
}
