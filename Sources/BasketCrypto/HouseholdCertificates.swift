import BasketKit
internal import CCrypto

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's own certificate authority and the server certificates it issues, made by
/// OpenSSL's libcrypto: P-256 keys, X.509 v3 certificates signed with SHA-256, PEM in and out.
/// What the certificates say (names, lifetimes, constraints) is `CertificatePlan`'s.
///
/// The authority is a root a phone trusts once: `CA:TRUE`, path length 0 (it signs server
/// certificates only), and name constraints (RFC 5280 §4.2.1.10) to the household's domains
/// and the private address ranges, so its key could never vouch for another site.
public enum HouseholdCertificates {
  /// A certificate and its private key, as PEM.
  public struct Pair: Equatable, Sendable {
    public var certificatePEM: String
    public var keyPEM: String

    public init(certificatePEM: String, keyPEM: String) {
      self.certificatePEM = certificatePEM
      self.keyPEM = keyPEM
    }
  }

  /// What a certificate says that Basket reads back.
  public struct Summary: Equatable, Sendable {
    public var validFrom: Date
    public var validUntil: Date
    /// SHA-256 of the certificate's DER, as colon-separated upper-case hex (what a phone's
    /// settings show).
    public var fingerprint: String
    /// The certificate in DER, for an iPhone profile.
    public var der: [UInt8]
  }

  /// Why a certificate or key could not be made or read.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// A new authority named `commonName`, valid as `CertificatePlan.authorityValidity` says,
  /// that may vouch only for `domains` (and subdomains) and `CertificatePlan.privateNetworks`.
  public static func makeAuthority(commonName: String, domains: [String], now: Date) throws(Failure)
    -> Pair
  {
    let crypto = try library()
    let key = try newKey(crypto)
    defer { crypto.EVP_PKEY_free(key) }
    guard let certificate = crypto.X509_new() else { throw failure(crypto, "a certificate") }
    defer { crypto.X509_free(certificate) }
    let validity = CertificatePlan.authorityValidity(now: now)
    try fill(crypto, certificate, key: key, commonName: commonName, validity: validity)
    guard crypto.X509_set_issuer_name(certificate, crypto.X509_get_subject_name(certificate)) == 1
    else { throw failure(crypto, "the issuer") }
    let constraints =
      domains.map { "permitted;DNS:\($0)" }
      + CertificatePlan.privateNetworks.map { "permitted;IP:\($0.network)/\($0.mask)" }
    try extend(
      crypto, certificate, issuer: certificate,
      [
        (NID_basic_constraints, "critical,CA:TRUE,pathlen:0"),
        (NID_key_usage, "critical,keyCertSign,cRLSign"),
        (NID_subject_key_identifier, "hash"),
        (NID_name_constraints, "critical," + constraints.joined(separator: ",")),
      ])
    try sign(crypto, certificate, with: key)
    return Pair(certificatePEM: try pem(crypto, certificate), keyPEM: try pem(crypto, key: key))
  }

  /// A server certificate for `names`, signed by `authority`, valid as
  /// `CertificatePlan.serverValidity` says. Its PEM holds the server's certificate and then the
  /// authority's, so a client may be sent both.
  public static func issueServer(
    names: [CertificateName], authority: Pair, now: Date
  ) throws(Failure) -> Pair {
    guard !names.isEmpty else { throw Failure("a server certificate needs at least one name") }
    let crypto = try library()
    let (authorityCertificate, authorityKey) = try read(crypto, authority)
    defer {
      crypto.X509_free(authorityCertificate)
      crypto.EVP_PKEY_free(authorityKey)
    }
    let key = try newKey(crypto)
    defer { crypto.EVP_PKEY_free(key) }
    guard let certificate = crypto.X509_new() else { throw failure(crypto, "a certificate") }
    defer { crypto.X509_free(certificate) }
    let commonName: String
    switch names.first(where: { if case .dns = $0 { true } else { false } }) ?? names[0] {
    case .dns(let name), .ip(let name): commonName = name
    }
    try fill(
      crypto, certificate, key: key, commonName: commonName,
      validity: CertificatePlan.serverValidity(now: now))
    guard
      crypto.X509_set_issuer_name(
        certificate, crypto.X509_get_subject_name(authorityCertificate)) == 1
    else { throw failure(crypto, "the issuer") }
    try extend(
      crypto, certificate, issuer: authorityCertificate,
      [
        (NID_basic_constraints, "critical,CA:FALSE"),
        (NID_key_usage, "critical,digitalSignature"),
        (NID_ext_key_usage, "serverAuth"),
        (NID_subject_key_identifier, "hash"),
        (NID_authority_key_identifier, "keyid:always"),
        (NID_subject_alt_name, names.map(\.description).joined(separator: ",")),
      ])
    try sign(crypto, certificate, with: authorityKey)
    return Pair(
      certificatePEM: try pem(crypto, certificate) + authority.certificatePEM,
      keyPEM: try pem(crypto, key: key))
  }

  /// Reads the first certificate of `pem`.
  public static func summary(of pem: String) throws(Failure) -> Summary {
    let crypto = try library()
    let certificate = try readCertificate(crypto, pem)
    defer { crypto.X509_free(certificate) }
    return try summary(crypto, certificate)
  }

  /// Checks that `pair` is a certificate and its own key, and (with `authority`) that the
  /// authority signed it.
  public static func check(_ pair: Pair, signedBy authority: String? = nil) throws(Failure) {
    let crypto = try library()
    let (certificate, key) = try read(crypto, pair)
    defer {
      crypto.X509_free(certificate)
      crypto.EVP_PKEY_free(key)
    }
    if let authority {
      let issuer = try readCertificate(crypto, authority)
      defer { crypto.X509_free(issuer) }
      guard let issuerKey = crypto.X509_get0_pubkey(issuer),
        crypto.X509_verify(certificate, issuerKey) == 1
      else {
        crypto.ERR_clear_error()
        throw Failure("the certificate was not signed by the household's authority")
      }
    }
  }

  // MARK: - Pieces

  private static func library() throws(Failure) -> basket_crypto {
    do {
      return try LibCrypto.loaded.get()
    } catch {
      throw Failure(error.description)
    }
  }

  /// A fresh P-256 key.
  private static func newKey(_ crypto: basket_crypto) throws(Failure) -> OpaquePointer {
    guard let context = crypto.EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
      throw failure(crypto, "a key")
    }
    defer { crypto.EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    guard crypto.EVP_PKEY_keygen_init(context) == 1,
      crypto.EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
      crypto.EVP_PKEY_generate(context, &key) == 1, let key
    else { throw failure(crypto, "a key") }
    return key
  }

  /// Version 3, a random serial, the subject, the validity and the public key.
  private static func fill(
    _ crypto: basket_crypto, _ certificate: OpaquePointer, key: OpaquePointer,
    commonName: String, validity: (from: Date, until: Date)
  ) throws(Failure) {
    var serial: UInt64 = 0
    let drawn = withUnsafeMutableBytes(of: &serial) { bytes in
      crypto.RAND_bytes(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 8) == 1
    }
    guard drawn else { throw failure(crypto, "a serial number") }
    // NB: positive and never zero, as RFC 5280 asks.
    serial = serial & 0x7FFF_FFFF_FFFF_FFFF | 1
    guard crypto.X509_set_version(certificate, 2) == 1,
      crypto.ASN1_INTEGER_set_uint64(crypto.X509_get_serialNumber(certificate), serial) == 1,
      crypto.ASN1_TIME_set(
        crypto.X509_getm_notBefore(certificate), time_t(validity.from.timeIntervalSince1970))
        != nil,
      crypto.ASN1_TIME_set(
        crypto.X509_getm_notAfter(certificate), time_t(validity.until.timeIntervalSince1970))
        != nil,
      crypto.X509_set_pubkey(certificate, key) == 1
    else { throw failure(crypto, "the certificate's fields") }
    let name = crypto.X509_get_subject_name(certificate)
    let bytes = Array(commonName.utf8.prefix(64))
    let added = bytes.withUnsafeBufferPointer { buffer in
      crypto.X509_NAME_add_entry_by_txt(
        name, "CN", MBSTRING_UTF8, buffer.baseAddress, Int32(buffer.count), -1, 0)
    }
    guard added == 1 else { throw failure(crypto, "the certificate's name") }
  }

  /// Adds extensions written as OpenSSL's configuration text.
  private static func extend(
    _ crypto: basket_crypto, _ certificate: OpaquePointer, issuer: OpaquePointer,
    _ extensions: [(Int32, String)]
  ) throws(Failure) {
    var context = X509V3_CTX()
    crypto.X509V3_set_ctx(&context, issuer, certificate, nil, nil, 0)
    for (nid, value) in extensions {
      guard let made = crypto.X509V3_EXT_conf_nid(nil, &context, nid, value) else {
        throw failure(crypto, "the extension \(value.prefix(60))")
      }
      defer { crypto.X509_EXTENSION_free(made) }
      guard crypto.X509_add_ext(certificate, made, -1) == 1 else {
        throw failure(crypto, "the extension \(value.prefix(60))")
      }
    }
  }

  private static func sign(
    _ crypto: basket_crypto, _ certificate: OpaquePointer, with key: OpaquePointer
  )
    throws(Failure)
  {
    guard crypto.X509_sign(certificate, key, crypto.EVP_sha256()) > 0 else {
      throw failure(crypto, "the signature")
    }
  }

  private static func pem(_ crypto: basket_crypto, _ certificate: OpaquePointer) throws(Failure)
    -> String
  {
    try withMemoryBIO(crypto) { bio in crypto.PEM_write_bio_X509(bio, certificate) == 1 }
  }

  private static func pem(_ crypto: basket_crypto, key: OpaquePointer) throws(Failure) -> String {
    try withMemoryBIO(crypto) { bio in
      crypto.PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1
    }
  }

  private static func withMemoryBIO(
    _ crypto: basket_crypto, _ write: (OpaquePointer) -> Bool
  ) throws(Failure) -> String {
    guard let bio = crypto.BIO_new(crypto.BIO_s_mem()) else { throw failure(crypto, "a buffer") }
    defer { _ = crypto.BIO_free(bio) }
    guard write(bio) else { throw failure(crypto, "PEM") }
    let count = Int(crypto.BIO_ctrl_pending(bio))
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { crypto.BIO_read(bio, $0.baseAddress, Int32(count)) }
    guard Int(read) == count else { throw failure(crypto, "PEM") }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func readCertificate(_ crypto: basket_crypto, _ pem: String) throws(Failure)
    -> OpaquePointer
  {
    let certificate = withReadBIO(crypto, pem) { bio in crypto.PEM_read_bio_X509(bio, nil, nil, nil)
    }
    guard let certificate else {
      crypto.ERR_clear_error()
      throw Failure("it holds no PEM certificate")
    }
    return certificate
  }

  private static func read(_ crypto: basket_crypto, _ pair: Pair) throws(Failure) -> (
    OpaquePointer, OpaquePointer
  ) {
    let certificate = try readCertificate(crypto, pair.certificatePEM)
    let key = withReadBIO(crypto, pair.keyPEM) { bio in
      crypto.PEM_read_bio_PrivateKey(bio, nil, nil, nil)
    }
    guard let key else {
      crypto.X509_free(certificate)
      crypto.ERR_clear_error()
      throw Failure("the key file holds no PEM private key")
    }
    guard crypto.X509_check_private_key(certificate, key) == 1 else {
      crypto.X509_free(certificate)
      crypto.EVP_PKEY_free(key)
      crypto.ERR_clear_error()
      throw Failure("the key is not the certificate's own")
    }
    return (certificate, key)
  }

  private static func withReadBIO<T>(
    _ crypto: basket_crypto, _ text: String, _ body: (OpaquePointer) -> T?
  ) -> T? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { buffer -> T? in
      guard let bio = crypto.BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
        return nil
      }
      defer { _ = crypto.BIO_free(bio) }
      return body(bio)
    }
  }

  private static func summary(_ crypto: basket_crypto, _ certificate: OpaquePointer)
    throws(Failure) -> Summary
  {
    func date(_ time: UnsafePointer<ASN1_TIME>?) throws(Failure) -> Date {
      var parts = tm()
      guard let time, crypto.ASN1_TIME_to_tm(time, &parts) == 1 else {
        throw Failure("the certificate's dates can't be read")
      }
      return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
    let from = try date(crypto.X509_get0_notBefore(certificate))
    let until = try date(crypto.X509_get0_notAfter(certificate))
    let length = crypto.i2d_X509(certificate, nil)
    guard length > 0 else { throw failure(crypto, "DER") }
    var der = [UInt8](repeating: 0, count: Int(length))
    let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var cursor = buffer.baseAddress
      return crypto.i2d_X509(certificate, &cursor)
    }
    guard written == length else { throw failure(crypto, "DER") }
    guard let digest = HMACSHA256.digest(der) else { throw failure(crypto, "a fingerprint") }
    let fingerprint = digest.map { byte in
      let hex = Array("0123456789ABCDEF")
      return String([hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }.joined(separator: ":")
    return Summary(validFrom: from, validUntil: until, fingerprint: fingerprint, der: der)
  }

  /// A failure naming what was being made, with OpenSSL's first queued reason.
  private static func failure(_ crypto: basket_crypto, _ what: String) -> Failure {
    let code = crypto.ERR_get_error()
    var reason = ""
    if code != 0 {
      var buffer = [CChar](repeating: 0, count: 256)
      crypto.ERR_error_string_n(code, &buffer, buffer.count)
      reason = ": " + String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
    }
    crypto.ERR_clear_error()
    return Failure("OpenSSL could not make \(what)\(reason)")
  }
}
