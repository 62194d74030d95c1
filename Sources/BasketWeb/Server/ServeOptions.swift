import BasketKit

/// `basket serve`'s options, read from its arguments and the environment in one typed place.
public struct ServeOptions: Equatable, Sendable {
  public var host = "127.0.0.1"
  /// The port asked for; `port` is what is listened on.
  public var askedPort: Int?
  /// Plain HTTP or HTTPS, as asked (`--http`, `--https`) or by default.
  public var transport: Transport = .automatic
  /// Extra names phones use to reach this machine (`--name`), for the certificate.
  public var names: [String] = []
  /// The plain-HTTP port of the welcome page (`--welcome-port`); nil for the default.
  public var askedWelcomePort: Int?
  public var noWelcome = false
  /// Addresses of reverse proxies whose `X-Forwarded-For` and `-Proto` are believed.
  public var trustedProxies: [String] = []
  /// From `--secret` or `BASKET_SECRET`; nil means "generate one if sharing beyond loopback".
  public var secret: String?
  /// Where `secret` came from, so the command can warn about one on the command line.
  public var secretSource: SecretSource?
  public var tlsCertificate: String?
  public var tlsKey: String?
  /// Print the pairing link (which carries the secret) at start-up.
  public var showPairingLink = false
  /// How often an open page hears from the server (a `ping` event), in seconds; a page that
  /// hears nothing for two of these stops saying "Live" and reconnects.
  public var heartbeatSeconds = 15.0
  /// Rolling snapshots of the store (`--snapshot-days`, `--snapshot-weeks`,
  /// `--snapshot-keep-free`); nil with `--no-snapshots`.
  public var snapshots: SnapshotPolicy? = SnapshotPolicy()
  /// Where snapshots go (`--snapshot-folder`); nil: `STORE.snapshots` beside the store.
  public var snapshotFolder: String?
  public var help = false

  public enum Transport: Equatable, Sendable {
    /// HTTPS with the household's own authority away from loopback, plain HTTP on it.
    case automatic
    /// `--https`: the household's authority even on loopback.
    case https
    /// `--http`: plain HTTP everywhere (a reverse proxy in front speaks HTTPS).
    case http
  }

  /// How the server speaks, all options considered.
  public enum Serving: Equatable, Sendable {
    case plainHTTP
    /// HTTPS with the household's authority, and a welcome page on `welcomePort` (nil: none).
    case householdHTTPS(welcomePort: Int?)
    /// HTTPS with the certificate and key given.
    case ownCertificate
  }

  public var serving: Serving {
    if tlsCertificate != nil { return .ownCertificate }
    switch transport {
    case .http: return .plainHTTP
    case .https: return .householdHTTPS(welcomePort: noWelcome ? nil : askedWelcomePort ?? 8080)
    case .automatic:
      return isLoopback
        ? .plainHTTP : .householdHTTPS(welcomePort: noWelcome ? nil : askedWelcomePort ?? 8080)
    }
  }

  /// The port served on: as asked, else 8443 for HTTPS and 8080 for plain HTTP.
  public var port: Int {
    if let askedPort { return askedPort }
    if case .plainHTTP = serving { return 8080 }
    return 8443
  }

  /// Whether phones must pair: away from loopback, or with `--https`.
  public var needsPairing: Bool { !isLoopback || transport == .https }

  public enum SecretSource: Equatable, Sendable {
    /// `--secret`: visible to every user of the machine in the process list.
    case commandLine
    case environment
  }

  public init() {}

  /// A mistake in the options, worded for the user.
  public struct Problem: Error, Equatable, Sendable {
    public var message: String
  }

  public static let help = """
    Usage: basket serve [--host ADDRESS] [--port PORT] [--name NAME]... [--https | --http]
                        [--welcome-port PORT | --no-welcome] [--trusted-proxy ADDRESS]...
                        [--tls-cert FILE --tls-key FILE] [--show-pairing-link]
                        [--heartbeat SECONDS] [--no-snapshots | --snapshot-days N
                        --snapshot-weeks N --snapshot-keep-free MB --snapshot-folder DIR]

    Serves Basket's web app and JSON API over the same store the command line uses.
    Every open page updates live when anything changes the list.

    On 127.0.0.1 (the default) only this machine can connect and no pairing is needed.
    To share the list with the household's phones, listen on the network (--host 0.0.0.0).
    Away from loopback Basket speaks HTTPS (phones install the app, and keep the list
    offline, only over HTTPS), with the household's own certificate authority: made on first
    start and kept beside the store (STORE.ca.pem; its key STORE.ca.key is private), it can
    vouch only for this machine's names and private addresses. A plain-HTTP welcome page
    (port 8080) gives each phone the steps to trust it. Phones join with a one-time
    invitation: serve prints one at start; `basket invite` or "Add a phone" on a paired phone
    make more. The household secret (STORE.secret, or BASKET_SECRET) signs the sessions.

    Options:
      --host ADDRESS       IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 = every network)
      --port PORT          port to listen on (default 8443 for HTTPS, 8080 for plain HTTP)
      --name NAME          another name phones reach this machine by (basket.home); repeatable
      --https              the household's HTTPS (and pairing) on loopback too
      --http               plain HTTP away from loopback too (for a reverse proxy in front)
      --welcome-port PORT  the welcome page's plain-HTTP port (default 8080)
      --no-welcome         no welcome page
      --trusted-proxy ADDRESS
                           believe X-Forwarded-For and X-Forwarded-Proto from this address
                           only (a reverse proxy on it); repeatable
      --tls-cert FILE      serve HTTPS with this PEM certificate instead (needs --tls-key)
      --tls-key FILE       the certificate's PEM private key
      --show-pairing-link  print the pairing link (it carries the secret) at start-up
      --secret SECRET      household secret (at least 8 characters); other users of this
                           machine can see it in the process list, so prefer BASKET_SECRET
                           or the secret file
      --heartbeat SECONDS  how often open pages hear the server is there (default 15, from
                           0.1 to 3600); a page that hears nothing for 2.5 reconnects
      --no-snapshots       keep no rolling snapshots
      --snapshot-days N    keep the newest snapshot of each of the last N days (default 7)
      --snapshot-weeks N   and of each of the last N weeks (default 4); one is taken when the
                           server starts and each day it runs, a backup as basket backup
                           makes (restore one with basket restore)
      --snapshot-keep-free MB
                           skip a snapshot (and say so) that would leave less than MB
                           megabytes free on its disk (default 512; never less than 2 %)
      --snapshot-folder DIR
                           where snapshots go (default: STORE.snapshots beside the store)
      --help               show this help

    Environment:
      BASKET_SECRET      household secret, when --secret is not given

    See also: basket invite, basket ca.

    """

  /// The options that take a value (`--port 8080` or `--port=8080`).
  public static let valueOptions: Set<String> = [
    "--host", "--port", "--secret", "--tls-cert", "--tls-key", "--heartbeat", "--name",
    "--welcome-port", "--trusted-proxy", "--snapshot-days", "--snapshot-weeks",
    "--snapshot-keep-free", "--snapshot-folder",
  ]

  /// The options that take no value.
  public static let flagOptions: Set<String> = [
    "--https", "--http", "--no-welcome", "--no-snapshots",
  ]

  public static func parse(_ arguments: [String], configuration: BasketConfiguration)
    throws(Problem) -> ServeOptions
  {
    var options = ServeOptions()
    var noSnapshots = false
    var snapshotTuned = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--help" || argument == "-h" {
        options.help = true
        continue
      }
      if argument == "--show-pairing-link" {
        options.showPairingLink = true
        continue
      }
      if flagOptions.contains(argument) {
        switch argument {
        case "--https":
          guard options.transport != .http else {
            throw Problem(message: "--https and --http go against each other; choose one")
          }
          options.transport = .https
        case "--http":
          guard options.transport != .https else {
            throw Problem(message: "--https and --http go against each other; choose one")
          }
          options.transport = .http
        case "--no-snapshots": noSnapshots = true
        default: options.noWelcome = true
        }
        continue
      }
      var name = argument
      var value: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard valueOptions.contains(name) else {
        throw Problem(
          message: argument.hasPrefix("-")
            ? "serve doesn't take \(argument)" : "serve takes no arguments (got \"\(argument)\")")
      }
      if value == nil { value = remaining.popFirst() }
      guard let value, !value.isEmpty else { throw Problem(message: "\(name) needs a value") }
      switch name {
      case "--host":
        // NB: checked here, so bad usage exits 2 before any store or secret is made.
        guard value == "localhost" || WebServer.isIPv4Address(value) else {
          throw Problem(
            message: "--host \(value) is not an IPv4 address (use 0.0.0.0 for every network)")
        }
        options.host = value
      case "--port":
        guard let port = Int(value), (1...65535).contains(port) else {
          throw Problem(message: "--port must be a number from 1 to 65535")
        }
        options.askedPort = port
      case "--welcome-port":
        guard let port = Int(value), (1...65535).contains(port) else {
          throw Problem(message: "--welcome-port must be a number from 1 to 65535")
        }
        options.askedWelcomePort = port
      case "--name":
        let name = value.lowercased()
        guard CertificatePlan.isDNSName(name), name.contains(".") || !name.isEmpty else {
          throw Problem(
            message: "--name \(value) is not a host name (letters, digits, hyphens and dots)")
        }
        if !options.names.contains(name) { options.names.append(name) }
      case "--trusted-proxy":
        guard WebServer.isIPv4Address(value) || IPAddressText.isIPv6(value) else {
          throw Problem(message: "--trusted-proxy \(value) is not an IP address")
        }
        options.trustedProxies.append(value)
      case "--secret":
        options.secret = value
        options.secretSource = .commandLine
      case "--snapshot-days", "--snapshot-weeks":
        guard let count = Int(value), (0...366).contains(count) else {
          throw Problem(message: "\(name) must be a whole number from 0 to 366")
        }
        if name == "--snapshot-days" {
          options.snapshots?.daily = count
        } else {
          options.snapshots?.weekly = count
        }
        snapshotTuned = true
      case "--snapshot-keep-free":
        guard let megabytes = Int64(value), (0...(1 << 30)).contains(megabytes) else {
          throw Problem(message: "--snapshot-keep-free must be a number of megabytes")
        }
        options.snapshots?.keepFreeBytes = megabytes << 20
        snapshotTuned = true
      case "--snapshot-folder":
        options.snapshotFolder = value
        snapshotTuned = true
      case "--tls-cert": options.tlsCertificate = value
      case "--heartbeat":
        guard let seconds = Double(value), seconds >= 0.1, seconds <= 3600 else {
          throw Problem(message: "--heartbeat must be a number of seconds from 0.1 to 3600")
        }
        options.heartbeatSeconds = seconds
      default: options.tlsKey = value
      }
    }
    if noSnapshots {
      guard !snapshotTuned else {
        throw Problem(
          message: "--no-snapshots and the other --snapshot options go against each other")
      }
      options.snapshots = nil
    } else if let policy = options.snapshots, policy.daily + policy.weekly == 0 {
      throw Problem(message: "keeping 0 days and 0 weeks of snapshots: say --no-snapshots instead")
    }
    if options.secret == nil, let secret = configuration.secret {
      options.secret = secret
      options.secretSource = .environment
    }
    if let secret = options.secret, secret.count < HouseholdSecret.minimumLength {
      throw Problem(
        message: "the household secret needs at least \(HouseholdSecret.minimumLength) characters")
    }
    if (options.tlsCertificate == nil) != (options.tlsKey == nil) {
      throw Problem(message: "--tls-cert and --tls-key go together")
    }
    if options.tlsCertificate != nil, options.transport != .automatic {
      throw Problem(message: "--tls-cert serves HTTPS already; leave out --https and --http")
    }
    if options.noWelcome, options.askedWelcomePort != nil {
      throw Problem(message: "--welcome-port and --no-welcome go against each other; choose one")
    }
    if case .householdHTTPS(let welcome?) = options.serving, welcome == options.port {
      throw Problem(
        message: "the welcome page needs a port of its own: \(welcome) is the HTTPS port")
    }
    return options
  }

  /// Whether the host is a loopback address, reachable only from this machine.
  public var isLoopback: Bool {
    host == "localhost" || host.hasPrefix("127.")
  }
}

extension ServeOptions {
  /// The warning for a secret given with `--secret`, or nil.
  public var secretWarning: String? {
    guard secretSource == .commandLine else { return nil }
    return
      "warning: --secret is visible to other users of this machine (in the process list); prefer BASKET_SECRET or the secret file beside the store"
  }
}
