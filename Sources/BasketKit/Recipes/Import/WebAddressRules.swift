/// The rules for fetching a recipe page by its web address (the fetching itself is an
/// adapter's: `BasketFetch`): only http and https, a 10 s limit, at most 5 MB and 5
/// redirects, and never an address on the household's own network or this machine unless
/// asked, checked on every address actually connected to (after each redirect too).
public enum WebAddressRules {
  /// The longest a fetch may take, all redirects included.
  public static let timeoutSeconds = 10
  /// The most bytes a page may have (after decompression).
  public static let maximumBytes = 5_000_000
  /// The most redirects followed.
  public static let maximumRedirects = 5
  /// The schemes fetched, at the start and after every redirect.
  public static let schemes = ["http", "https"]

  /// The host named by the web address `text`, once it is one Basket fetches: http or https
  /// with a host.
  ///
  /// - Throws: `WebFetchError.notAnAddress` or `.unsupportedScheme`.
  public static func host(of text: String) throws(WebFetchError) -> String {
    let trimmed = text.trimmingCharacters()
    guard let schemeEnd = trimmed.firstRange(of: "://") else {
      throw .notAnAddress(String(trimmed.prefix(80)))
    }
    let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
    guard schemes.contains(scheme) else { throw .unsupportedScheme(String(scheme.prefix(20))) }
    var authority = trimmed[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    let host: Substring
    if authority.first == "[" {
      host = authority.dropFirst().prefix { $0 != "]" }
    } else {
      host = authority.prefix { $0 != ":" }
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " }) else {
      throw .notAnAddress(String(trimmed.prefix(80)))
    }
    return host.lowercased()
  }

  /// Whether `text` is meant as a web address rather than a file name: it names a scheme.
  public static func isWebAddress(_ text: String) -> Bool {
    guard let schemeEnd = text.firstRange(of: "://") else { return false }
    let scheme = text[..<schemeEnd.lowerBound]
    return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0 == "+" || $0 == "-" }
  }

  /// Whether the IP address (4 bytes for IPv4, 16 for IPv6) is on the household's own
  /// network, this machine, or otherwise not a public host: loopback, private (RFC 1918,
  /// unique local), link-local, carrier-grade NAT, unspecified, multicast, broadcast,
  /// documentation and benchmarking ranges, the local-use NAT64 prefix. IPv4 inside IPv6 (every
  /// form `embeddedIPv4` knows) is judged as IPv4. Anything not 4 or 16 bytes counts as local.
  public static func isLocal(_ address: [UInt8]) -> Bool {
    switch address.count {
    case 4:
      return isLocalIPv4(address)
    case 16:
      if let embedded = embeddedIPv4(address) { return isLocalIPv4(embedded) }
      if address[0..<6] == [0, 0x64, 0xFF, 0x9B, 0, 0x01] { return true }  // 64:ff9b:1::/48
      if address[0..<15].allSatisfy({ $0 == 0 }) { return true }  // :: and ::1
      if address[0] & 0xFE == 0xFC { return true }  // fc00::/7 unique local
      if address[0] == 0xFE, address[1] & 0xC0 == 0x80 { return true }  // fe80::/10
      if address[0] == 0xFE, address[1] & 0xC0 == 0xC0 { return true }  // fec0::/10 site-local
      if address[0] == 0xFF { return true }  // multicast
      if address[0..<4] == [0x20, 0x01, 0x0D, 0xB8] { return true }  // documentation
      if address[0..<8] == [0x01, 0, 0, 0, 0, 0, 0, 0] { return true }  // discard prefix
      return false
    default:
      return true
    }
  }

  /// The IPv4 address inside an IPv6 one that carries it: mapped (`::ffff:a.b.c.d`),
  /// translated (`::ffff:0:a.b.c.d`), compatible (`::a.b.c.d`, but not `::` or `::1`), NAT64
  /// (`64:ff9b::a.b.c.d`), 6to4 (`2002:AABB:CCDD::/48`), Teredo (`2001:0::/32`, the client's
  /// address inverted in the last four bytes) and ISATAP (an interface id `0:5efe:a.b.c.d` or
  /// `200:5efe:a.b.c.d`). Nil when it carries none.
  static func embeddedIPv4(_ a: [UInt8]) -> [UInt8]? {
    let last = Array(a[12..<16])
    let zeros = { (range: Range<Int>) in a[range].allSatisfy { $0 == 0 } }
    if zeros(0..<10), a[10] == 0xFF, a[11] == 0xFF { return last }
    if zeros(0..<8), a[8] == 0xFF, a[9] == 0xFF, zeros(10..<12) { return last }
    if zeros(0..<12), !zeros(12..<15) || a[15] > 1 { return last }
    if a[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return last }
    if a[0] == 0x20, a[1] == 0x02 { return Array(a[2..<6]) }
    if a[0..<4] == [0x20, 0x01, 0, 0] { return last.map { ~$0 } }
    if a[8] & 0xFD == 0, a[9] == 0, a[10] == 0x5E, a[11] == 0xFE { return last }
    return nil
  }

  private static func isLocalIPv4(_ a: [UInt8]) -> Bool {
    switch (a[0], a[1], a[2]) {
    case (0, _, _), (10, _, _), (127, _, _): return true
    case (100, 64...127, _): return true  // carrier-grade NAT
    case (169, 254, _): return true  // link-local
    case (172, 16...31, _): return true
    case (192, 168, _), (192, 0, 0), (192, 0, 2): return true
    case (198, 18...19, _), (198, 51, 100), (203, 0, 113): return true
    case (224...255, _, _): return true  // multicast, reserved, broadcast
    default: return false
    }
  }
}

/// Why a page could not be fetched. Each case reads as one sentence for the user, saying what
/// to do instead.
public enum WebFetchError: Error, Equatable, Sendable, CustomStringConvertible {
  case notAnAddress(String)
  case unsupportedScheme(String)
  /// The address (or one it redirected to) is on the household's network or this machine.
  case localAddress(host: String)
  case offline(host: String)
  case nameNotFound(host: String)
  case refused(host: String)
  case timedOut(host: String)
  case tooLarge(host: String)
  case tooManyRedirects(host: String)
  case httpStatus(host: String, status: Int)
  case insecure(host: String, reason: String)
  case failed(host: String, reason: String)

  private static let instead = "Save the page and import the file instead."

  public var description: String {
    switch self {
    case .notAnAddress(let text):
      "\"\(text)\" is not a web address (one starts with https://)"
    case .unsupportedScheme(let scheme):
      "Basket fetches only http and https addresses, not \(scheme)"
    case .localAddress(let host):
      "Basket won't fetch \(host): it is on your own network or this machine (use --allow-local to fetch it anyway)"
    case .offline(let host):
      "Basket couldn't reach \(host): no network. \(Self.instead)"
    case .nameNotFound(let host):
      "Basket couldn't reach \(host): no such address was found. Check it, or save the page and import the file instead."
    case .refused(let host):
      "Basket couldn't reach \(host): it refused the connection. \(Self.instead)"
    case .timedOut(let host):
      "Basket couldn't reach \(host): it did not answer within \(WebAddressRules.timeoutSeconds) seconds. \(Self.instead)"
    case .tooLarge(let host):
      "Basket stopped reading \(host): the page is larger than \(WebAddressRules.maximumBytes / 1_000_000) MB. \(Self.instead)"
    case .tooManyRedirects(let host):
      "Basket stopped at \(host): it redirected more than \(WebAddressRules.maximumRedirects) times. \(Self.instead)"
    case .httpStatus(let host, let status):
      "Basket couldn't get the page from \(host): it answered \(status)\(Self.statusName(status)). \(Self.instead)"
    case .insecure(let host, let reason):
      "Basket couldn't reach \(host) securely (\(reason)). \(Self.instead)"
    case .failed(let host, let reason):
      "Basket couldn't reach \(host): \(reason). \(Self.instead)"
    }
  }

  private static func statusName(_ status: Int) -> String {
    switch status {
    case 401, 403: " (not allowed)"
    case 404, 410: " (not found)"
    case 429: " (too many requests)"
    case 500...599: " (a server error)"
    default: ""
    }
  }
}
