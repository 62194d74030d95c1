import BasketKit

/// `basket serve`'s options, read from its arguments and the environment in one typed place.
public struct ServeOptions: Equatable, Sendable {
  public var host = "127.0.0.1"
  public var port = 8080
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
  public var help = false

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
    Usage: basket serve [--host ADDRESS] [--port PORT] [--show-pairing-link]
                        [--tls-cert FILE --tls-key FILE] [--heartbeat SECONDS]

    Serves Basket's web app and JSON API over the same store the command line uses.
    Every open page updates live when anything changes the list.

    On 127.0.0.1 (the default) only this machine can connect and no pairing is needed.
    To share the list with the household's phones, listen on the network (--host 0.0.0.0)
    with a household secret: one generated on first use and kept beside the store
    (STORE.secret, which must be readable only by you: chmod 600), or BASKET_SECRET. Each
    phone pairs once by typing the secret into the page, or by opening the pairing link that
    --show-pairing-link prints at start-up.

    Options:
      --host ADDRESS       IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 = every network)
      --port PORT          port to listen on (default 8080)
      --show-pairing-link  print the pairing link (it carries the secret) at start-up
      --secret SECRET      household secret (at least 8 characters); other users of this
                           machine can see it in the process list, so prefer BASKET_SECRET
                           or the secret file
      --tls-cert FILE      serve HTTPS with this PEM certificate (needs --tls-key)
      --tls-key FILE       the certificate's PEM private key
      --heartbeat SECONDS  how often open pages hear the server is there (default 15, from
                           0.1 to 3600); a page that hears nothing for 2.5 reconnects
      --help               show this help

    Environment:
      BASKET_SECRET      household secret, when --secret is not given

    """

  /// The options that take a value (`--port 8080` or `--port=8080`).
  public static let valueOptions: Set<String> = [
    "--host", "--port", "--secret", "--tls-cert", "--tls-key", "--heartbeat",
  ]

  public static func parse(_ arguments: [String], configuration: BasketConfiguration)
    throws(Problem) -> ServeOptions
  {
    var options = ServeOptions()
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
        options.port = port
      case "--secret":
        options.secret = value
        options.secretSource = .commandLine
      case "--tls-cert": options.tlsCertificate = value
      case "--heartbeat":
        guard let seconds = Double(value), seconds >= 0.1, seconds <= 3600 else {
          throw Problem(message: "--heartbeat must be a number of seconds from 0.1 to 3600")
        }
        options.heartbeatSeconds = seconds
      default: options.tlsKey = value
      }
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
