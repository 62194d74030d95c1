/// Turns what the socket layer read (method, raw request target, header lines, body) into a
/// `Request`, or refuses it with the status a client should see.
///
/// Pure: the server adapter calls it with the bytes libmicrohttpd split out, the fuzz target
/// with arbitrary text. Every header is seen, however many there are, so a late `Host` or
/// `Origin` can't slip past the checks: more than `maxHeaders` is refused (431).
public enum RequestParser {
  /// Requests with more header lines than this are refused (431).
  public static let maxHeaders = 64
  /// Request targets longer than this are refused (414).
  public static let maxTargetLength = 8 * 1024

  /// Why a request was refused: a status and a reason for the user.
  public struct Refusal: Error, Equatable, Sendable {
    public var status: Int
    public var message: String

    public var response: Response { .error(status, message) }
  }

  /// Headers that must appear at most once: two `Host` or `Origin` values would let one check
  /// read one and another component trust the other.
  static let singletons: Set<String> = [
    "host", "origin", "content-length", "content-type", "sec-fetch-site",
  ]

  public static func parse(
    method: String, target: String, headers: [(name: String, value: String)], body: [UInt8] = [],
    isSecure: Bool = false, clientAddress: String = ""
  ) throws(Refusal) -> Request {
    guard headers.count <= maxHeaders else {
      throw Refusal(status: 431, message: "too many header lines (more than \(maxHeaders))")
    }
    guard !method.isEmpty, method.utf8.count <= 16, method.utf8.allSatisfy(isTokenByte) else {
      throw Refusal(status: 400, message: "the request method is not valid")
    }
    guard target.utf8.count <= maxTargetLength else {
      throw Refusal(status: 414, message: "the address is longer than \(maxTargetLength) bytes")
    }
    // NB: by bytes: "/" followed by a combining mark is one Character, which hasPrefix("/")
    // would not match.
    guard target.utf8.first == UInt8(ascii: "/") else {
      throw Refusal(status: 400, message: "the request target must be a path starting with /")
    }
    var combined: [String: String] = [:]
    for (name, value) in headers {
      let key = name.lowercased()
      guard !key.isEmpty, key.utf8.allSatisfy(isTokenByte) else {
        throw Refusal(status: 400, message: "a header name is not valid")
      }
      if let existing = combined[key] {
        if singletons.contains(key) {
          throw Refusal(status: 400, message: "the \(name) header appears more than once")
        }
        combined[key] = existing + (key == "cookie" ? "; " : ", ") + value
      } else {
        combined[key] = value
      }
    }
    let withoutFragment = target.split(separator: "#", maxSplits: 1).first ?? ""
    let parts = withoutFragment.split(
      separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = decodedPath(parts[0]) else {
      throw Refusal(status: 400, message: "the path is not valid")
    }
    let query = parts.count > 1 ? Request.parseQuery(String(parts[1])) : [:]
    var request = Request(
      method: method, path: path, query: query, headers: [:], body: body, isSecure: isSecure)
    request.headers = combined
    request.clientAddress = clientAddress
    return request
  }

  /// The path with %XX escapes decoded ("+" stays a plus), or nil when it decodes to invalid
  /// UTF-8 or a control character.
  static func decodedPath(_ raw: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.utf8.count)
    var rest = raw.utf8[...]
    while let byte = rest.popFirst() {
      if byte == UInt8(ascii: "%"), rest.count >= 2,
        let high = Request.hexValue(rest[rest.startIndex]),
        let low = Request.hexValue(rest[rest.index(after: rest.startIndex)])
      {
        bytes.append(high << 4 | low)
        rest = rest.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }),
      let text = String(validating: bytes, as: UTF8.self)
    else { return nil }
    return text
  }

  /// RFC 9110 `tchar`: the bytes a method or header name may use.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
