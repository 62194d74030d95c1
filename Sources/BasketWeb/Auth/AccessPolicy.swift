import BasketCrypto

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Who may use the server, and how a phone proves it.
///
/// - `.loopbackOnly`: no secret; the server listens on loopback only, so anyone who can reach it
///   is already on this machine. Requests must name a loopback host (`localhost`, `127.x.x.x`),
///   which stops DNS-rebinding pages from reaching it.
/// - `.householdSecret`: every API call needs a session cookie. A browser gets one by presenting
///   the secret once (the pairing URL or the pairing form). The cookie is a random nonce signed
///   with HMAC-SHA-256 under the secret (libcrypto, through `BasketCrypto`), so sessions
///   survive restarts and changing the secret signs every phone out.
///
/// In both modes a mutating request carrying an `Origin` (every browser sends one) must come
/// from this server's own origin.
public struct AccessPolicy: Sendable {
  public enum Mode: Sendable, Equatable {
    case loopbackOnly
    case householdSecret(String)
  }

  public static let cookieName = "basket_session"
  /// How long a session cookie lasts: a year.
  public static let sessionLifetime = 365 * 24 * 60 * 60

  public let mode: Mode

  public init(mode: Mode) {
    self.mode = mode
  }

  public var requiresSession: Bool {
    if case .householdSecret = mode { return true }
    return false
  }

  /// Whether `candidate` is the household secret (constant time).
  public func secretMatches(_ candidate: String) -> Bool {
    guard case .householdSecret(let secret) = mode else { return false }
    // NB: Comparing fixed-length HMACs hides both where the strings differ and how long the
    // secret is.
    let key = Array("basket-pairing".utf8)
    guard let expected = HMACSHA256.code(key: key, message: Array(secret.utf8)),
      let offered = HMACSHA256.code(key: key, message: Array(candidate.utf8))
    else { return false }
    return ConstantTime.equal(expected, offered)
  }

  /// A fresh session cookie value for a random `nonce`.
  public func sessionValue(nonce: [UInt8]) -> String? {
    guard case .householdSecret(let secret) = mode else { return nil }
    let nonceHex = nonce.hexString
    guard let signature = signature(nonceHex, secret: secret) else { return nil }
    return "v1.\(nonceHex).\(signature)"
  }

  /// Whether the request carries a valid session (always true without a secret).
  public func hasSession(_ request: Request) -> Bool {
    guard case .householdSecret(let secret) = mode else { return true }
    guard let value = request.cookie(Self.cookieName) else { return false }
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "v1", parts[1].utf8.count == 32,
      let expected = signature(String(parts[1]), secret: secret)
    else { return false }
    return ConstantTime.equal(Array(parts[2].utf8), Array(expected.utf8))
  }

  /// The Set-Cookie header value that pairs a browser.
  public func setCookieHeader(value: String, secure: Bool) -> String {
    var cookie =
      "\(Self.cookieName)=\(value); Path=/; Max-Age=\(Self.sessionLifetime); HttpOnly; SameSite=Strict"
    if secure { cookie += "; Secure" }
    return cookie
  }

  /// Without a secret, only loopback host names are answered (a DNS-rebinding guard).
  public func hostAllowed(_ request: Request) -> Bool {
    guard mode == .loopbackOnly else { return true }
    guard let host = request.header("host") else { return true }
    let name = Self.hostName(host).lowercased()
    if name == "localhost" || name.hasSuffix(".localhost") || name == "[::1]" { return true }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
  }

  /// A state-changing request from a browser must come from this server's own pages.
  ///
  /// Requests without `Origin` and `Sec-Fetch-Site` come from non-browser clients (curl, scripts)
  /// and pass; they still need a session when a secret is set.
  public func originAllowed(_ request: Request) -> Bool {
    if let site = request.header("sec-fetch-site")?.lowercased(),
      site == "cross-site" || site == "same-site"
    {
      return false
    }
    guard let origin = request.header("origin") else { return true }
    guard let host = request.header("host") else { return false }
    let scheme = request.isSecure ? "https" : "http"
    return origin.lowercased() == "\(scheme)://\(host.lowercased())"
  }

  /// The cookie's signature: hex HMAC-SHA-256 of "basket-session:<nonce hex>" under the secret.
  /// Unchanged since the first release, so phones paired then stay paired.
  private func signature(_ nonceHex: String, secret: String) -> String? {
    HMACSHA256.code(key: Array(secret.utf8), message: Array("basket-session:\(nonceHex)".utf8))?
      .hexString
  }

  /// "example:8080" → "example", "[::1]:8080" → "[::1]".
  static func hostName(_ host: String) -> Substring {
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      return host[...close]
    }
    return host.split(separator: ":", maxSplits: 1).first ?? ""
  }
}

extension AccessPolicy {
  /// The path of the pairing link for `secret`: "/pair?secret=…", percent-encoded.
  public static func pairingPath(secret: String) -> String {
    var encoded = ""
    for byte in secret.utf8 {
      let character = Character(Unicode.Scalar(byte))
      if byte < 0x80, character.isLetter || character.isNumber || "-._~".contains(character) {
        encoded.append(character)
      } else {
        let hex = Array("0123456789ABCDEF")
        encoded += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
      }
    }
    return "/pair?secret=\(encoded)"
  }
}

extension Array where Element == UInt8 {
  /// Lower-case hexadecimal.
  var hexString: String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(count * 2)
    for byte in self {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
