import BasketKit

/// One HTTP response as the handlers make it: a status, headers and a body.

public struct Response: Sendable, Equatable {
  public struct Header: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// What the adapter does after sending the headers.
  public enum Kind: Sendable, Equatable {
    /// Send `body` and finish.
    case complete
    /// Keep the connection open and stream change notices (Server-Sent Events).
    case eventStream
  }

  public var status: Int
  public var headers: [Header]
  public var body: [UInt8]
  public var kind: Kind

  public init(status: Int, headers: [Header] = [], body: [UInt8] = [], kind: Kind = .complete) {
    self.status = status
    self.headers = headers
    self.body = body
    self.kind = kind
  }

  /// The first value of header `name` (any case).
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name.lowercased() == lowered }?.value
  }

  /// The body as UTF-8 text (for tests and logs).
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// A response whose body is JSON text already written.
  public static func json(_ status: Int, _ json: [UInt8], headers: [Header] = []) -> Response {
    Response(
      status: status,
      headers: [
        Header("Content-Type", "application/json; charset=utf-8"),
        Header("Cache-Control", "no-store"),
      ] + headers,
      body: json)
  }

  /// A response whose body is `value` encoded as JSON.
  public static func json(_ status: Int, _ value: JSONValue, headers: [Header] = []) -> Response {
    json(status, value.encoded(), headers: headers)
  }

  /// An error in the API's shape: `{"error": "…"}`.
  public static func error(_ status: Int, _ message: String, headers: [Header] = []) -> Response {
    json(status, .object([("error", .string(message))]), headers: headers)
  }

  /// 204 No Content.
  public static let noContent = Response(
    status: 204, headers: [Header("Cache-Control", "no-store")])

  /// The reason phrase for a status code.
  public static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 303: "See Other"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 410: "Gone"
    case 413: "Payload Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
