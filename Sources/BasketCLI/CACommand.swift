import BasketCrypto
import BasketKit
import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket ca [show] [--json]`, `basket ca replace [--name NAME]... --yes`: the household's
/// certificate authority.
enum CACommand {
  static let help = """
    Usage: basket ca [show] [--json]
           basket ca replace [--name NAME]... --yes

    The household's certificate authority: made by `basket serve` on its first start away
    from loopback (or with --https) and kept beside the store (STORE.ca.pem, its private key
    STORE.ca.key). Each phone trusts it once, from the welcome page; it can vouch only for
    this machine's names (and the --name ones it was made with) and private addresses.
      show      where it is, its fingerprint (the welcome page shows the same), until when it
                is valid, which names it may vouch for, and the server's certificate
      replace   moves the authority and the server's certificate aside (STORE.ca.pem.replaced-
                TIME…, never deleted) and makes a new one, for names it was not made for or a
                key that may have leaked. Every phone must then trust the new one (the
                welcome page again), so it asks for --yes. Restart basket serve after.

    """

  /// `ca [show] [--json]`
  static func show(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.ca)
    return try describe(
      HouseholdTLS(storePath: context.store.path), json: flags.has("--json"), context: context)
  }

  /// `ca replace [--name NAME]... --yes`
  static func replace(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let household = HouseholdTLS(storePath: context.store.path)
    let options = try ArgumentOptions(arguments, spec: Spec.caReplace)
    if let word = options.words.first {
      throw UsageError(message: "ca replace doesn't take \(word)")
    }
    let names = try options.all("--name").map { name in
      guard CertificatePlan.isDNSName(name.lowercased()) else {
        throw UsageError(message: "--name needs a host name (letters, digits, hyphens, dots)")
      }
      return name.lowercased()
    }
    let confirmed = options.has("--yes")
    guard confirmed else {
      context.err(
        "basket: replacing the authority means every phone must trust the new one (the welcome page again) before it can open the list; run it again with --yes to go ahead\n"
      )
      return 1
    }
    let authority = try household.replace(
      hostName: NetworkAddresses.hostName(), names: names, now: context.clock.now)
    context.out(
      """
      Made a new household authority (the old one was moved aside, not deleted):
        \(household.authorityPath)
        fingerprint \(authority.summary.fingerprint)
      Restart basket serve; then each phone trusts the new authority from the welcome page.

      """)
    return 0
  }

  private static func describe(_ household: HouseholdTLS, json: Bool, context: CommandContext)
    throws
    -> Int32
  {
    guard let authority = try household.authority() else {
      context.err(
        "basket: this store has no certificate authority yet; `basket serve --host 0.0.0.0` makes one on its first start\n"
      )
      return 1
    }
    let server = try? HouseholdCertificatesSummary.server(household)
    if json {
      var members: [(String, JSONValue)] = [
        ("path", .string(household.authorityPath)),
        ("fingerprint", .string(authority.summary.fingerprint)),
        ("validUntil", .string(ISO8601.string(authority.summary.validUntil))),
        ("domains", .array(authority.domains.map(JSONValue.string))),
      ]
      members.append(
        (
          "server",
          server.map { server in
            .object([
              ("names", .array(server.names.map { .string($0.description) })),
              ("validUntil", .string(ISO8601.string(server.validUntil))),
            ])
          } ?? .null
        ))
      context.out(String(decoding: JSONValue.object(members).encoded(), as: UTF8.self) + "\n")
      return 0
    }
    var text = """
      The household's certificate authority
        \(household.authorityPath) (its key: \(household.authorityKeyPath), private)
        fingerprint (SHA-256) \(authority.summary.fingerprint)
        valid until \(ISO8601.string(authority.summary.validUntil))
        may vouch for \(authority.domains.joined(separator: ", ")) and private addresses

      """
    if let server {
      text += """
        The server's certificate (issued again before it runs out, or when names change)
          \(server.names.map(\.description).joined(separator: ", "))
          valid until \(ISO8601.string(server.validUntil))

        """
    }
    context.out(text)
    return 0
  }
}

/// The server's certificate as `basket ca` shows it.
enum HouseholdCertificatesSummary {
  struct Server {
    var names: [CertificateName]
    var validUntil: Date
  }

  static func server(_ household: HouseholdTLS) throws -> Server? {
    guard let pem = FileManager.default.contents(atPath: household.serverPath),
      let names = FileManager.default.contents(atPath: household.serverNamesPath)
    else { return nil }
    let summary = try HouseholdCertificates.summary(of: String(decoding: pem, as: UTF8.self))
    return Server(
      names: String(decoding: names, as: UTF8.self).split(whereSeparator: \.isNewline)
        .compactMap { CertificateName(String($0)) },
      validUntil: summary.validUntil)
  }
}
