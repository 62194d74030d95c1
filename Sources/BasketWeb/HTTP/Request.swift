#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One HTTP request as the handlers see it: no socket, just values.
public struct Request: Sendable, Equatable {
  public var method: String
  /// The decoded path, without the query string ("/api/v3/items/…/check").
  public var path: String
  /// Query parameters, percent-decoded ("+" is a space). The last value wins.
  public var query: [String: String]
  /// Header values by lower-cased name.
  public var headers: [String: String]
  public var body: [UInt8]
  /// Whether the request arrived over TLS.
  public var isSecure: Bool
  /// The client's IP address as text ("192.168.1.20"), or "" when unknown.
  public var clientAddress: String
  /// The operation id `WebApp.onceIfAsked` took out of the body, for a route that runs only
  /// its write once per op id (`APIRoute.OperationID.slowChange`).
  package var operationID: UUID?

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: [UInt8] = [], isSecure: Bool = false, clientAddress: String = ""
  ) {
    self.method = method.uppercased()
    self.path = path
    self.query = query
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    self.body = body
    self.isSecure = isSecure
    self.clientAddress = clientAddress
  }

  /// The value of header `name` (any case), if present.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The value of cookie `name`, if the request carries it.
  public func cookie(_ name: String) -> String? {
    guard let header = header("cookie") else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      if parts[0].trimmingSpaces() == name { return String(parts[1].trimmingSpaces()) }
    }
    return nil
  }

  /// Parses a raw query string ("q=oat+mi&x=%F0%9F%8D%8E").
  public static func parseQuery(_ raw: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = percentDecoded(parts[0])
      result[key] = parts.count > 1 ? percentDecoded(parts[1]) : ""
    }
    return result
  }

  /// Decodes %XX escapes and "+" as space; invalid escapes and invalid UTF-8 are kept lenient.
  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
        let high = hexValue(iterator[iterator.startIndex]),
        let low = hexValue(iterator[iterator.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        iterator = iterator.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension Substring {
  /// The substring without leading and trailing spaces and tabs.
  func trimmingSpaces() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
