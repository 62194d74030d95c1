#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A name a server certificate vouches for: a DNS name or an IP address (as text).
public enum CertificateName: Hashable, Sendable, Comparable, CustomStringConvertible {
  case dns(String)
  case ip(String)

  /// "DNS:basket.home", "IP:192.168.1.20": as OpenSSL's extension text writes it.
  public var description: String {
    switch self {
    case .dns(let name): "DNS:\(name)"
    case .ip(let address): "IP:\(address)"
    }
  }

  /// Reads `description` back; nil for anything else.
  public init?(_ text: String) {
    if text.hasPrefix("DNS:") {
      let name = String(text.dropFirst(4))
      guard CertificatePlan.isDNSName(name) else { return nil }
      self = .dns(name)
    } else if text.hasPrefix("IP:") {
      let address = String(text.dropFirst(3))
      guard IPAddressText.isIPv4(address) || IPAddressText.isIPv6(address) else { return nil }
      self = .ip(address)
    } else {
      return nil
    }
  }
}

/// The household's certificates as rules: which names the server's certificate covers, which
/// names its authority may ever vouch for (its name constraints), how long each lives and when
/// the server's is issued again. The adapter (`HouseholdTLS`) makes and keeps the files;
/// everything here is pure, so a frozen clock tests it.
public enum CertificatePlan {
  private static let day: TimeInterval = 24 * 60 * 60
  /// A server certificate lives at most 397 days (the CA/Browser Forum's limit, which iPhones
  /// and Chrome hold every certificate to).
  public static let serverLifetime: TimeInterval = 397 * day
  /// It is issued again this long before it runs out, at the latest.
  public static let renewBefore: TimeInterval = 30 * day
  /// The authority itself lives ten years: phones trust it once.
  public static let authorityLifetime: TimeInterval = 3652 * day
  /// Certificates start an hour before they are made, for a phone whose clock runs slow.
  public static let backdate: TimeInterval = 60 * 60

  /// The DNS names the authority may vouch for, whatever else: this machine, multicast DNS
  /// (`.local`), and the suffixes set aside for homes and private networks (`home.arpa`,
  /// RFC 8375; `.internal`, reserved by ICANN in 2024) or never delegated (`.lan`, `.home`).
  /// None is a name on the public internet, so the authority's key can't vouch for a real
  /// site. The machine's host name and each `--name` are added when the authority is made.
  public static let homeDomains = ["localhost", "local", "home.arpa", "internal", "lan", "home"]

  /// The address ranges the authority may vouch for: loopback, the private ranges (RFC 1918,
  /// unique local IPv6), link-local, and the shared range that carrier NAT and VPNs such as
  /// Tailscale use (RFC 6598). As (network, mask) in OpenSSL's name-constraint text.
  public static let privateNetworks: [(network: String, mask: String)] = [
    ("127.0.0.0", "255.0.0.0"), ("10.0.0.0", "255.0.0.0"), ("172.16.0.0", "255.240.0.0"),
    ("192.168.0.0", "255.255.0.0"), ("169.254.0.0", "255.255.0.0"), ("100.64.0.0", "255.192.0.0"),
    ("::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"), ("fc00::", "fe00::"), ("fe80::", "ffc0::"),
  ]

  /// The DNS subtrees an authority made now may vouch for: `homeDomains`, the host name and
  /// the names asked for, each once, in that order.
  public static func authorityDomains(hostName: String?, names: [String]) -> [String] {
    var domains = homeDomains
    for name in [hostName].compactMap({ $0 }) + names {
      let folded = name.lowercased()
      guard isDNSName(folded), !isCovered(folded, by: domains) else { continue }
      domains.append(folded)
    }
    return domains
  }

  /// The names the server's certificate covers: localhost and the loopback addresses, the host
  /// name and `HOST.local`, each name asked for, and each of the machine's addresses in a
  /// private range (a public address is left out: the authority can't vouch for it).
  public static func serverNames(hostName: String?, addresses: [String], names: [String])
    -> [CertificateName]
  {
    var found: [CertificateName] = [.dns("localhost"), .ip("127.0.0.1"), .ip("::1")]
    func add(_ name: CertificateName) {
      if !found.contains(name) { found.append(name) }
    }
    if let host = hostName?.lowercased(), isDNSName(host), host != "localhost" {
      add(.dns(host))
      if !host.contains(".") { add(.dns(host + ".local")) }
    }
    for name in names where isDNSName(name.lowercased()) { add(.dns(name.lowercased())) }
    for address in addresses where isPrivate(address) { add(.ip(address)) }
    return found
  }

  /// The names of `wanted` that an authority limited to `domains` can't vouch for.
  public static func uncovered(_ wanted: [CertificateName], domains: [String]) -> [CertificateName]
  {
    wanted.filter { name in
      switch name {
      case .dns(let host): !isCovered(host, by: domains)
      case .ip(let address): !isPrivate(address)
      }
    }
  }

  /// Why the server's certificate must be issued again now, or nil while it serves.
  public enum Renewal: Equatable, Sendable, CustomStringConvertible {
    /// It runs out within `renewBefore` (or already has, or isn't valid yet).
    case expiring
    /// The names it covers differ from those the server answers to now.
    case namesChanged
    /// There is none, or it can't be read.
    case missing

    public var description: String {
      switch self {
      case .expiring: "the server's certificate runs out soon"
      case .namesChanged: "this machine's names or addresses changed"
      case .missing: "there was no server certificate"
      }
    }
  }

  public static func renewal(
    validFrom: Date, validUntil: Date, issuedFor: Set<CertificateName>,
    wanted: Set<CertificateName>, now: Date
  ) -> Renewal? {
    if now < validFrom || validUntil.timeIntervalSince(now) < renewBefore { return .expiring }
    if issuedFor != wanted { return .namesChanged }
    return nil
  }

  /// When a server certificate made at `now` is valid: from an hour before to 397 days on.
  public static func serverValidity(now: Date) -> (from: Date, until: Date) {
    (now.addingTimeInterval(-backdate), now.addingTimeInterval(serverLifetime))
  }

  /// When an authority made at `now` is valid.
  public static func authorityValidity(now: Date) -> (from: Date, until: Date) {
    (now.addingTimeInterval(-backdate), now.addingTimeInterval(authorityLifetime))
  }

  /// Whether `host` is `domain` or under it ("basket.home" is under "home"), as RFC 5280's
  /// DNS name constraints read.
  public static func isCovered(_ host: String, by domains: [String]) -> Bool {
    let host = host.lowercased()
    return domains.contains { domain in host == domain || host.hasSuffix("." + domain) }
  }

  /// A DNS name a certificate may carry: letters, digits and hyphens in labels of 1–63, at
  /// most 253 in all, no label starting or ending with a hyphen; not an address.
  public static func isDNSName(_ text: String) -> Bool {
    guard !text.isEmpty, text.utf8.count <= 253, !IPAddressText.isIPv4(text) else { return false }
    return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
        && label.utf8.allSatisfy { byte in
          (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
            || (0x41...0x5A).contains(byte) || byte == 0x2D
        }
    }
  }

  /// Whether `address` is in one of `privateNetworks`.
  public static func isPrivate(_ address: String) -> Bool {
    if let octets = IPAddressText.ipv4Octets(address) {
      switch (octets[0], octets[1]) {
      case (127, _), (10, _), (192, 168), (169, 254): return true
      case (172, 16...31): return true
      case (100, 64...127): return true
      default: return false
      }
    }
    guard IPAddressText.isIPv6(address) else { return false }
    let lower = address.lowercased()
    if lower == "::1" { return true }
    guard let first = lower.split(separator: ":", omittingEmptySubsequences: false).first,
      let group = UInt16(first, radix: 16), !first.isEmpty
    else { return false }
    return group & 0xFE00 == 0xFC00 || group & 0xFFC0 == 0xFE80
  }
}

/// IP addresses as text, checked without a network library.
public enum IPAddressText {
  /// The four octets of a dotted IPv4 address ("192.168.1.20"); nil for anything else.
  public static func ipv4Octets(_ text: String) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var octets: [Int] = []
    for part in parts {
      guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int(part), value <= 255, part.count == 1 || part.first != "0"
      else { return nil }
      octets.append(value)
    }
    return octets
  }

  public static func isIPv4(_ text: String) -> Bool { ipv4Octets(text) != nil }

  /// A textual IPv6 address: up to eight groups of 1–4 hex digits, one "::" at most.
  public static func isIPv6(_ text: String) -> Bool {
    guard text.contains(":"), text.utf8.count <= 39 else { return false }
    let halves = text.components(separatedBy: "::")
    guard halves.count <= 2 else { return false }
    let groups = halves.flatMap {
      $0.isEmpty ? [] : $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    }
    guard groups.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) })
    else { return false }
    return halves.count == 2 ? groups.count <= 7 : groups.count == 8
  }
}
