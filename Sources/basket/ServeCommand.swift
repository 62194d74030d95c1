import BasketKit
import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket serve`: the web app and JSON API over the shared store, until Ctrl-C.
func runServe(_ arguments: [String], context: CommandContext) throws -> Int32 {
  let options: ServeOptions
  do {
    options = try ServeOptions.parse(arguments, configuration: context.configuration)
  } catch {
    throw UsageError(message: error.message)
  }
  if options.help {
    context.out(ServeOptions.help)
    return 0
  }

  if let warning = options.secretWarning { context.err("basket: \(warning)\n") }
  var secret = options.secret
  var secretNote: String?
  if secret == nil, !options.isLoopback {
    let path = HouseholdSecret.path(forStore: context.store.path)
    do {
      let loaded = try HouseholdSecret.loadOrCreate(at: path) {
        HouseholdSecret.generate(randomBytes: WebEnvironment.systemRandomBytes)
      }
      secret = loaded.secret
      secretNote =
        loaded.created
        ? "made a household secret and saved it in \(path)"
        : "the household secret is in \(path)"
    } catch {
      context.err("basket: \(error)\n")
      return 1
    }
  }

  let basket = try context.openBasket(.createIfMissing)
  let app = WebApp(
    environment: WebEnvironment(
      basket: basket,
      access: AccessPolicy(mode: secret.map { .householdSecret($0) } ?? .loopbackOnly)))
  let tls = options.tlsCertificate.map { certificate in
    WebServer.Configuration.TLS(certificatePath: certificate, keyPath: options.tlsKey ?? "")
  }
  let server = WebServer(
    app: app,
    configuration: WebServer.Configuration(
      host: options.host, port: options.port, tls: tls, watchedStorePath: context.store.path))

  TerminationSignals.block()
  do {
    try server.start()
  } catch {
    context.err("basket: \(error)\n")
    return 1
  }

  let scheme = tls == nil ? "http" : "https"
  let hosts = options.host == "0.0.0.0" ? NetworkAddresses.ipv4() + ["127.0.0.1"] : [options.host]
  var banner = "Basket is served at \(scheme)://\(hosts[0]):\(server.port)/\n"
  for other in hosts.dropFirst() {
    banner += "                 and \(scheme)://\(other):\(server.port)/\n"
  }
  if let secret {
    if let secretNote { banner += "(\(secretNote))\n" }
    if options.showPairingLink {
      banner += "Pair a phone by opening:\n"
      for host in hosts {
        banner +=
          "  \(scheme)://\(host):\(server.port)\(AccessPolicy.pairingPath(secret: secret))\n"
      }
    } else {
      banner +=
        "Pair a phone by typing the household secret into the page, or start with --show-pairing-link to print a link that carries it.\n"
    }
  } else {
    banner += "Only this machine can connect; no pairing needed.\n"
  }
  banner += "Press Ctrl-C to stop.\n"
  context.out(banner)

  // NB: Changes reach live pages from the server's own writes and its store watcher; this
  // loop only waits for Ctrl-C.
  while TerminationSignals.wait(milliseconds: 60_000) == nil {}
  server.stop()
  context.out("Stopped.\n")
  return 0
}
