import BasketCrypto
import BasketKit

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's certificate authority and the server's certificate, kept beside the store:
///
/// - `STORE.ca.pem`: the authority's certificate (what phones trust; the welcome page serves it)
/// - `STORE.ca.key`: its private key, mode 0600, never served
/// - `STORE.ca.domains`: the DNS names its constraints allow, one a line
/// - `STORE.server.pem`, `STORE.server.key` (0600), `STORE.server.names`: the server's
///   certificate (and the authority's after it), its key, and the names it was issued for
///
/// An authority is made once, the first time the server speaks HTTPS, and never again unless
/// the household asks (`replace`): every phone trusts it, so a damaged or unreadable one is a
/// clear error naming the file, never a new one made silently. The server's certificate is
/// issued again whenever `CertificatePlan.renewal` says, which phones never notice.
public struct HouseholdTLS: Sendable {
  public let storePath: String

  public init(storePath: String) {
    self.storePath = storePath
  }

  public var authorityPath: String { storePath + ".ca.pem" }
  public var authorityKeyPath: String { storePath + ".ca.key" }
  public var domainsPath: String { storePath + ".ca.domains" }
  public var serverPath: String { storePath + ".server.pem" }
  public var serverKeyPath: String { storePath + ".server.key" }
  public var serverNamesPath: String { storePath + ".server.names" }

  /// Why the household's certificates can't be used, worded for the household.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The authority, as the welcome page and `basket ca` show it.
  public struct Authority: Equatable, Sendable {
    public var certificatePEM: String
    public var summary: HouseholdCertificates.Summary
    public var domains: [String]
  }

  /// What `prepare` found and did.
  public struct Prepared: Equatable, Sendable {
    public var authority: Authority
    /// Whether the authority was made just now (phones must trust it before they connect).
    public var madeAuthority: Bool
    /// Why the server's certificate was issued now; nil when the one there still serves.
    public var renewed: CertificatePlan.Renewal?
    public var serverNames: [CertificateName]
    public var serverValidUntil: Date
    /// Names asked for that the authority can't vouch for (left out of the certificate).
    public var leftOut: [CertificateName]
  }

  /// The authority as it is on disk; nil when there is none at all.
  ///
  /// - Throws: `Problem` when part of it is there but can't be read or doesn't match.
  public func authority() throws(Problem) -> Authority? {
    let certificate = try read(authorityPath)
    let key = try read(authorityKeyPath)
    if certificate == nil, key == nil { return nil }
    guard let certificate else {
      throw damaged(authorityPath, "it is missing, but its key is there")
    }
    guard let key else {
      throw damaged(authorityKeyPath, "it is missing, but the certificate is there")
    }
    try requirePrivate(authorityKeyPath)
    do {
      try HouseholdCertificates.check(.init(certificatePEM: certificate, keyPEM: key))
    } catch {
      throw damaged(authorityPath, error.description)
    }
    let summary: HouseholdCertificates.Summary
    do {
      summary = try HouseholdCertificates.summary(of: certificate)
    } catch {
      throw damaged(authorityPath, error.description)
    }
    let domains =
      (try read(domainsPath))?.split(whereSeparator: \.isNewline).map(String.init)
      .filter(CertificatePlan.isDNSName) ?? CertificatePlan.homeDomains
    return Authority(certificatePEM: certificate, summary: summary, domains: domains)
  }

  /// Makes sure an authority and a server certificate for `names` are on disk: the authority
  /// made if there is none, the server's certificate issued again when `CertificatePlan`
  /// says so. Returns what it found and did.
  public func prepare(
    hostName: String?, addresses: [String], names: [String], now: Date
  ) throws(Problem) -> Prepared {
    var made = false
    var current = try authority()
    if current == nil {
      current = try makeAuthority(hostName: hostName, names: names, now: now)
      made = true
    }
    guard let authority = current else { throw Problem(description: "no authority was made") }
    let wanted = CertificatePlan.serverNames(hostName: hostName, addresses: addresses, names: names)
    let leftOut = CertificatePlan.uncovered(wanted, domains: authority.domains)
    let asked = names.map { CertificateName.dns($0.lowercased()) }
    if let missing = leftOut.first(where: asked.contains) {
      throw Problem(
        description:
          "the household's authority (\(authorityPath)) was made before \(missing) was asked for, and can only vouch for the names it was made for; to add it, run: basket ca replace --name \(missing.description.dropFirst(4)) (every phone must then trust the new authority)"
      )
    }
    let covered = wanted.filter { !leftOut.contains($0) }
    let existing = try serverCertificate(signedBy: authority)
    let renewal =
      existing.map { server in
        CertificatePlan.renewal(
          validFrom: server.summary.validFrom, validUntil: server.summary.validUntil,
          issuedFor: Set(server.names), wanted: Set(covered), now: now)
      } ?? .missing
    var validUntil = existing?.summary.validUntil ?? now
    if renewal != nil {
      validUntil = try issueServer(covered, authority: authority, now: now)
    }
    // NB: a public address can't be named (the authority vouches for private ones only).
    let publicAddresses = addresses.filter { !CertificatePlan.isPrivate($0) }.map {
      CertificateName.ip($0)
    }
    return Prepared(
      authority: authority, madeAuthority: made, renewed: renewal, serverNames: covered,
      serverValidUntil: validUntil, leftOut: leftOut + publicAddresses)
  }

  /// Moves the authority and the server's certificate aside (`.replaced-TIMESTAMP`, never
  /// deleted) and makes a new authority. Every phone must trust the new one.
  public func replace(hostName: String?, names: [String], now: Date) throws(Problem) -> Authority {
    let stamp = String(Int(now.timeIntervalSince1970))
    for path in [
      authorityPath, authorityKeyPath, domainsPath, serverPath, serverKeyPath, serverNamesPath,
    ] where access(path, F_OK) == 0 {
      guard rename(path, "\(path).replaced-\(stamp)") == 0 else {
        throw Problem(description: "cannot move \(path) aside: \(String(cString: strerror(errno)))")
      }
    }
    return try makeAuthority(hostName: hostName, names: names, now: now)
  }

  // MARK: - Making

  private func makeAuthority(hostName: String?, names: [String], now: Date) throws(Problem)
    -> Authority
  {
    let domains = CertificatePlan.authorityDomains(hostName: hostName, names: names)
    let pair: HouseholdCertificates.Pair
    let summary: HouseholdCertificates.Summary
    do {
      pair = try HouseholdCertificates.makeAuthority(
        commonName: "Basket household authority (\(hostName ?? "this machine"))",
        domains: domains, now: now)
      summary = try HouseholdCertificates.summary(of: pair.certificatePEM)
    } catch {
      throw Problem(description: "cannot make the household's authority: \(error)")
    }
    // NB: the key first, created exclusively: two servers starting at once never make two.
    try write(pair.keyPEM, to: authorityKeyPath, exclusive: true)
    try write(domains.joined(separator: "\n") + "\n", to: domainsPath, exclusive: false)
    try write(pair.certificatePEM, to: authorityPath, exclusive: false)
    return Authority(certificatePEM: pair.certificatePEM, summary: summary, domains: domains)
  }

  private func issueServer(_ names: [CertificateName], authority: Authority, now: Date)
    throws(Problem) -> Date
  {
    guard let key = try read(authorityKeyPath) else {
      throw damaged(authorityKeyPath, "it is missing")
    }
    let pair: HouseholdCertificates.Pair
    do {
      pair = try HouseholdCertificates.issueServer(
        names: names, authority: .init(certificatePEM: authority.certificatePEM, keyPEM: key),
        now: now)
    } catch {
      throw Problem(description: "cannot issue the server's certificate: \(error)")
    }
    try write(pair.keyPEM, to: serverKeyPath, exclusive: false)
    try write(pair.certificatePEM, to: serverPath, exclusive: false)
    try write(
      names.map(\.description).joined(separator: "\n") + "\n", to: serverNamesPath, exclusive: false
    )
    return CertificatePlan.serverValidity(now: now).until
  }

  /// The server's certificate on disk, if it is whole and the authority's; nil otherwise (it
  /// is issued again: nothing but this server depends on it).
  private func serverCertificate(signedBy authority: Authority) throws(Problem) -> (
    summary: HouseholdCertificates.Summary, names: [CertificateName]
  )? {
    guard let certificate = try? read(serverPath), let key = try? read(serverKeyPath),
      let names = try? read(serverNamesPath)
    else { return nil }
    do {
      try HouseholdCertificates.check(
        .init(certificatePEM: certificate, keyPEM: key), signedBy: authority.certificatePEM)
      let summary = try HouseholdCertificates.summary(of: certificate)
      return (
        summary, names.split(whereSeparator: \.isNewline).compactMap { CertificateName(String($0)) }
      )
    } catch {
      return nil
    }
  }

  // MARK: - Files

  private func damaged(_ path: String, _ reason: String) -> Problem {
    Problem(
      description:
        "the household's certificate authority can't be used: \(path): \(reason). Phones trust it, so Basket won't make a new one by itself: restore the file from a backup, or run `basket ca replace` (every phone must then trust the new authority)"
    )
  }

  private func requirePrivate(_ path: String) throws(Problem) {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    if status.st_mode & 0o077 != 0 {
      throw Problem(
        description:
          "the authority's key \(path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); make it private with: chmod 600 \(path)"
      )
    }
  }

  /// The file's text; nil when there is no file.
  private func read(_ path: String) throws(Problem) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw Problem(description: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while bytes.count <= 1 << 20 {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else {
        if count < 0 {
          throw Problem(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        break
      }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes `text` to `path` (mode 0600) through a temporary file renamed over it, so a reader
  /// never sees half a file; `exclusive` refuses to replace one that is there.
  private func write(_ text: String, to path: String, exclusive: Bool) throws(Problem) {
    if exclusive, access(path, F_OK) == 0 {
      throw Problem(description: "\(path) appeared while it was being made; start again")
    }
    let temporary = "\(path).tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw Problem(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    let synced = fsync(fd) == 0
    close(fd)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Problem(description: "cannot write \(path): \(reason)")
    }
  }
}
