import BasketKit

/// `basket serve`'s options, read from its arguments and the environment in one typed place.
public struct ServeOptions: Equatable, Sendable {
  public var host = "127.0.0.1"
  public var port = 8080
  /// From `--secret` or `BASKET_SECRET`; nil means "generate one if sharing beyond loopback".
  public var secret: String?
  public var tlsCertificate: String?
  public var tlsKey: String?
  public var help = false

  public init() {}

  /// A mistake in the options, worded for the user.
  public struct Problem: Error, Equatable, Sendable {
    public var message: String
  }

  public static let help = """
    Usage: basket serve [--host ADDRESS] [--port PORT] [--secret SECRET]
                        [--tls-cert FILE --tls-key FILE]

    Serves Basket's web app and JSON API over the same store the command line uses.
    Every open page updates live when anything changes the list.

    On 127.0.0.1 (the default) only this machine can connect and no pairing is needed.
    To share the list with the household's phones, listen on the network (--host 0.0.0.0)
    with a household secret: --secret, BASKET_SECRET, or one generated on first use and kept
    beside the store (STORE.secret, readable only by you). Each phone pairs once by opening
    the pairing link printed at start-up, or by typing the secret into the page.

    Options:
      --host ADDRESS     IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 = every network)
      --port PORT        port to listen on (default 8080)
      --secret SECRET    household secret for pairing (at least 8 characters)
      --tls-cert FILE    serve HTTPS with this PEM certificate (needs --tls-key)
      --tls-key FILE     the certificate's PEM private key
      --help             show this help

    Environment:
      BASKET_SECRET      household secret, when --secret is not given

    """

  /// The options that take a value (`--port 8080` or `--port=8080`).
  public static let valueOptions: Set<String> = [
    "--host", "--port", "--secret", "--tls-cert", "--tls-key",
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
      case "--host": options.host = value
      case "--port":
        guard let port = Int(value), (1...65535).contains(port) else {
          throw Problem(message: "--port must be a number from 1 to 65535")
        }
        options.port = port
      case "--secret": options.secret = value
      case "--tls-cert": options.tlsCertificate = value
      default: options.tlsKey = value
      }
    }
    if options.secret == nil { options.secret = configuration.secret }
    if let secret = options.secret, secret.count < 8 {
      throw Problem(message: "the household secret needs at least 8 characters")
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
