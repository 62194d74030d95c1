import BasketKit

/// What a live page is told when the list changes: the store's new revision, and room for the
/// change itself (`payload`, a JSON object whose members join the event's data) so a page can
/// apply it without refetching the list.

public struct ChangeNotice: Sendable, Equatable {
  public let revision: Int64
  /// The change in the current API version's shape: an object whose members join the
  /// event's data.
  public let payload: JSONValue?
  /// The same change in an older version's shape, for pages still speaking it (nil: as
  /// `payload`). Made only when a page speaking that version listens (few do).
  private let olderPayload: @Sendable (APIVersion) -> JSONValue?
  /// The event as every current page gets it, written once however many pages listen.
  public let frame: [UInt8]

  public init(revision: Int64, payload: JSONValue? = nil) {
    self.init(revision: revision, payload: payload, older: { _ in nil })
  }

  package init(
    revision: Int64, payload: JSONValue?, older: @escaping @Sendable (APIVersion) -> JSONValue?
  ) {
    self.revision = revision
    self.payload = payload
    olderPayload = older
    frame = ServerSentEvent.frame(event: "change", data: Self.data(revision, payload))
  }

  /// Notices are the same when current pages hear the same event.
  public static func == (left: ChangeNotice, right: ChangeNotice) -> Bool {
    left.revision == right.revision && left.payload == right.payload
  }

  /// The event's JSON data: `{"revision": N, …payload members}`.
  public var data: JSONValue { Self.data(revision, payload) }

  /// The event for a page speaking `version`: an older version's is written once per
  /// delivery for the pages that speak it (few do).
  package func frame(for version: APIVersion) -> [UInt8] {
    guard version != .current, let older = olderPayload(version) else { return frame }
    return ServerSentEvent.frame(event: "change", data: Self.data(revision, older))
  }

  private static func data(_ revision: Int64, _ payload: JSONValue?) -> JSONValue {
    var members: [(String, JSONValue)] = [("revision", .number(Double(revision)))]
    if case .object(let extra)? = payload {
      members += extra.filter { $0.0 != "revision" }
    }
    return .object(members)
  }
}

/// The Server-Sent Events wire format (WHATWG HTML, "Server-sent events").
public enum ServerSentEvent {
  /// One event: `event: NAME`, one `data:` line (JSON never holds a raw newline), a blank line.
  public static func frame(event: String, data: JSONValue, retryMilliseconds: Int? = nil)
    -> [UInt8]
  {
    var out: [UInt8] = []
    if let retryMilliseconds { out += Array("retry: \(retryMilliseconds)\n".utf8) }
    out += Array("event: \(event)\ndata: ".utf8)
    data.write(to: &out)
    out += Array("\n\n".utf8)
    return out
  }

  /// The heartbeat, `event: ping`: it keeps proxies from timing the stream out, shows whether
  /// the client is still there, and tells the page the stream is alive (a comment would be
  /// invisible to it), so a page that stops hearing it knows the connection died silently.
  public static let heartbeat = frame(event: "ping", data: .object([]))

  /// The first event on a stream, `event: hello`: the revision announced so far, and how
  /// often (in milliseconds) a `ping` follows when nothing else is sent.
  public static func hello(revision: Int64, heartbeatMilliseconds: Int) -> [UInt8] {
    frame(
      event: "hello",
      data: .object([
        ("revision", .number(Double(revision))),
        ("heartbeat", .number(Double(heartbeatMilliseconds))),
      ]), retryMilliseconds: 1000)
  }
}
