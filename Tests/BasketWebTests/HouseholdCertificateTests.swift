import BasketCrypto
import BasketKit
import Foundation  // NB: Process lives in full Foundation; only tests use it.
import Testing

/// The household's authority and server certificates as OpenSSL's own command line reads them:
/// the names, the lifetimes, the constraints, and that a name outside them fails to verify.
@Suite struct HouseholdCertificateTests {
  static let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30

  /// Runs `openssl` with `arguments` in `directory`: (status, output).
  static func openssl(_ arguments: [String], in directory: String) throws -> (Int32, String) {
    try Subprocess.run("/usr/bin/openssl", arguments, in: directory)
  }

  static func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "basket-ca-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func theAuthorityIsARootLimitedToTheHouseholdsNamesAndPrivateAddresses() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let domains = CertificatePlan.authorityDomains(hostName: "pantry", names: ["basket.example"])
    let authority = try HouseholdCertificates.makeAuthority(
      commonName: "Basket household authority", domains: domains, now: Self.now)
    try authority.certificatePEM.write(
      toFile: "\(directory)/ca.pem", atomically: true, encoding: .utf8)
    let (status, text) = try Self.openssl(
      ["x509", "-in", "ca.pem", "-noout", "-text"], in: directory)
    #expect(status == 0, "\(text)")
    #expect(text.contains("CA:TRUE, pathlen:0"))
    #expect(text.contains("Certificate Sign, CRL Sign"))
    #expect(text.contains("X509v3 Name Constraints: critical"))
    for domain in [
      "DNS:localhost", "DNS:local", "DNS:home.arpa", "DNS:pantry", "DNS:basket.example",
    ] {
      #expect(text.contains(domain), "\(domain) missing")
    }
    #expect(text.contains("IP:192.168.0.0/255.255.0.0"))
    #expect(text.contains("IP:10.0.0.0/255.0.0.0"))
    #expect(text.contains("ASN1 OID: prime256v1"))
    let summary = try HouseholdCertificates.summary(of: authority.certificatePEM)
    #expect(summary.validUntil.timeIntervalSince(Self.now) == CertificatePlan.authorityLifetime)
    #expect(summary.fingerprint.split(separator: ":").count == 32)
  }

  @Test func theServerCertificateCoversItsNamesFor397DaysAndVerifiesAgainstTheAuthority() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let authority = try HouseholdCertificates.makeAuthority(
      commonName: "Basket household authority",
      domains: CertificatePlan.authorityDomains(hostName: "pantry", names: ["basket.home"]),
      now: Self.now)
    let names = CertificatePlan.serverNames(
      hostName: "pantry", addresses: ["192.168.1.20", "203.0.113.7", "fd12::5"],
      names: ["basket.home"])
    #expect(!names.contains(.ip("203.0.113.7")), "a public address is left out")
    let server = try HouseholdCertificates.issueServer(
      names: names, authority: authority, now: Self.now)
    try HouseholdCertificates.check(server, signedBy: authority.certificatePEM)
    try authority.certificatePEM.write(
      toFile: "\(directory)/ca.pem", atomically: true, encoding: .utf8)
    try server.certificatePEM.write(
      toFile: "\(directory)/server.pem", atomically: true, encoding: .utf8)
    let (status, text) = try Self.openssl(
      ["x509", "-in", "server.pem", "-noout", "-text"], in: directory)
    #expect(status == 0)
    for name in [
      "DNS:localhost", "DNS:pantry", "DNS:pantry.local", "DNS:basket.home", "IP Address:127.0.0.1",
      "IP Address:192.168.1.20", "IP Address:FD12:0:0:0:0:0:0:5",
    ] {
      #expect(text.contains(name), "\(name) missing from \(text)")
    }
    #expect(text.contains("TLS Web Server Authentication"))
    #expect(text.contains("CA:FALSE"))
    let summary = try HouseholdCertificates.summary(of: server.certificatePEM)
    #expect(summary.validUntil.timeIntervalSince(Self.now) == 397 * 24 * 60 * 60)
    #expect(summary.validFrom < Self.now)
    // OpenSSL checks the chain and the authority's name constraints at the time given.
    let at = String(Int(Self.now.timeIntervalSince1970) + 60)
    for host in ["basket.home", "pantry.local"] {
      let verified = try Self.openssl(
        ["verify", "-attime", at, "-CAfile", "ca.pem", "-verify_hostname", host, "server.pem"],
        in: directory)
      #expect(verified.0 == 0, "\(host): \(verified.1)")
    }
    let wrongHost = try Self.openssl(
      [
        "verify", "-attime", at, "-CAfile", "ca.pem", "-verify_hostname", "bank.example",
        "server.pem",
      ],
      in: directory)
    #expect(wrongHost.0 != 0)
  }

  @Test func theAuthorityCannotVouchForANameOutsideItsConstraints() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let authority = try HouseholdCertificates.makeAuthority(
      commonName: "Basket household authority",
      domains: CertificatePlan.authorityDomains(hostName: "pantry", names: []), now: Self.now)
    // Were its key stolen, a certificate for a real site still fails at the constraints.
    let forged = try HouseholdCertificates.issueServer(
      names: [.dns("www.bank.example")], authority: authority, now: Self.now)
    try authority.certificatePEM.write(
      toFile: "\(directory)/ca.pem", atomically: true, encoding: .utf8)
    try forged.certificatePEM.write(
      toFile: "\(directory)/forged.pem", atomically: true, encoding: .utf8)
    let at = String(Int(Self.now.timeIntervalSince1970) + 60)
    let verified = try Self.openssl(
      ["verify", "-attime", at, "-CAfile", "ca.pem", "forged.pem"], in: directory)
    #expect(verified.0 != 0)
    #expect(verified.1.contains("permitted subtree violation"), "\(verified.1)")
  }

  @Test func aKeyThatIsNotTheCertificatesOwnIsRefused() throws {
    let one = try HouseholdCertificates.makeAuthority(
      commonName: "one", domains: ["home"], now: Self.now)
    let other = try HouseholdCertificates.makeAuthority(
      commonName: "other", domains: ["home"], now: Self.now)
    #expect(throws: HouseholdCertificates.Failure.self) {
      try HouseholdCertificates.check(
        .init(certificatePEM: one.certificatePEM, keyPEM: other.keyPEM))
    }
    #expect(throws: HouseholdCertificates.Failure.self) {
      try HouseholdCertificates.check(.init(certificatePEM: "garbage", keyPEM: one.keyPEM))
    }
    let server = try HouseholdCertificates.issueServer(
      names: [.dns("localhost")], authority: one, now: Self.now)
    #expect(throws: HouseholdCertificates.Failure.self) {
      try HouseholdCertificates.check(server, signedBy: other.certificatePEM)
    }
  }
}
