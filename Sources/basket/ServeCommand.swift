import BasketFetch
import BasketKit
import BasketRecipeImport
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

  var secret = options.secret
  var secretNote: String?
  if secret == nil, !options.isLoopback {
    let path = HouseholdSecret.path(forStore: context.store.path)
    do {
      var random = SystemRandomNumberGenerator()
      let loaded = try HouseholdSecret.loadOrCreate(at: path) {
        HouseholdSecret.generate(using: &random)
      }
      secret = loaded.secret
      secretNote =
        loaded.created
        ? "made a household secret and saved it in \(path)"
        : "using the household secret in \(path)"
    } catch {
      context.err("basket: \(error)\n")
      return 1
    }
  }

  let book = try context.openRecipeBook(.createIfMissing)
  // NB: the server never fetches from the household's own network (its own or a neighbour's
  // admin pages): a page address comes from whoever can reach the server.
  let recipes = RecipeServices(
    book: book, importBytes: { RecipeDocumentImporter.recipe(from: $0) },
    importAddress: { try RecipeDocumentImporter.recipe(fromAddress: $0, fetcher: PageFetcher()) })
  let app = WebApp(
    environment: WebEnvironment(
      basket: book.basket,
      access: AccessPolicy(mode: secret.map { .householdSecret($0) } ?? .loopbackOnly),
      recipes: recipes))
  let tls = options.tlsCertificate.map { certificate in
    WebServer.Configuration.TLS(certificatePath: certificate, keyPath: options.tlsKey ?? "")
  }
  let server = WebServer(
    app: app,
    configuration: WebServer.Configuration(host: options.host, port: options.port, tls: tls))

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
    banner += "Pair a phone by opening:\n"
    for host in hosts {
      banner += "  \(scheme)://\(host):\(server.port)\(AccessPolicy.pairingPath(secret: secret))\n"
    }
  } else {
    banner += "Only this machine can connect; no pairing needed.\n"
  }
  banner += "Press Ctrl-C to stop.\n"
  context.out(banner)

  while TerminationSignals.wait(milliseconds: 200) == nil {
    server.checkForChanges()
  }
  server.stop()
  context.out("Stopped.\n")
  return 0
}
