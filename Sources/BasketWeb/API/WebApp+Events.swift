import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One Server-Sent Event for the live pages (`/api/v1/events`).
public struct ServerEvent: Equatable, Sendable {
  /// `hello` (the page catches up with `/changes` or refetches the list) or `change`.
  public var name: String
  /// The store revision a page is at once it has applied this event: a stream's next
  /// `changeEvent(after:)` starts from here.
  public var revision: Int64
  /// The event's JSON.
  public var data: [UInt8]

  public init(name: String, revision: Int64, data: [UInt8]) {
    self.name = name
    self.revision = revision
    self.data = data
  }

  /// The event as written on the stream: `event: NAME\ndata: JSON\n\n` (JSON has no newline).
  public var wireBytes: [UInt8] {
    Array("event: \(name)\ndata: ".utf8) + data + Array("\n\n".utf8)
  }
}

extension WebApp {
  /// The first event of a new stream: `hello` with `{"revision": N}`, the store's revision.
  public func helloEvent() throws -> ServerEvent {
    let revision = try basket.store.revision()
    return ServerEvent(
      name: "hello", revision: revision,
      data: JSONValue.object([("revision", .number(Double(revision)))]).encoded())
  }

  /// The event a stream that has sent everything up to `revision` sends next: nil while the
  /// store is still at `revision`; else a `change` whose data is the `/changes` JSON from
  /// `revision` (`from`) to now (`revision`), or a `hello` with the current revision when the
  /// store no longer knows what changed since (the page then refetches the list).
  ///
  /// Every stream at the same revision gets the same event, computed once (one revision read
  /// and one indexed read of the changed rows). Thread-safe.
  public func changeEvent(after revision: Int64) throws -> ServerEvent? {
    let current = try basket.store.revision()
    guard current != revision else { return nil }
    if let cached = lastChangeEvent.withLock({ $0 }), cached.from == revision,
      cached.event.revision == current
    {
      return cached.event
    }
    guard let changes = try basket.store.changes(since: revision) else { return try helloEvent() }
    let event = ServerEvent(name: "change", revision: changes.revision, data: changesJSON(changes))
    lastChangeEvent.withLock { $0 = (revision, event) }
    return event
  }
}
