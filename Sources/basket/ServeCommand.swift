import BasketFetch
import BasketKit
import BasketOCR
import BasketRecipeImport
import BasketWeb
import CLinux

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
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

  // NB: glibc gives threads that allocate at once arenas of their own, up to eight per core,
  // each kept once grown; the server's workers share two (issue 26: serve's memory).
  _ = mallopt(M_ARENA_MAX, 2)
  let book = try context.openRecipeBook(.createIfMissing)
  // NB: the recipe tables are built on first use (a household that never imports a recipe
  // never holds them: 1.3 MiB of serve's start, issue 26); request handlers run on workers
  // with 12 MiB stacks (`BackgroundThread`), and imports, which parse whole pages, on a thread
  // of their own with a larger one.
  // NB: the server never fetches from the household's own network (its own or a neighbour's
  // admin pages): a page address comes from whoever can reach the server.
  let recipes = RecipeServices(
    book: book,
    importBytes: { [units = context.configuration.units] bytes in
      try LargeStack.run {
        Result { try RecipeDocumentImporter.importDocument(bytes, from: "the page", units: units) }
      }.get()
    },
    importAddress: { [units = context.configuration.units] address in
      try LargeStack.run {
        Result {
          try RecipeDocumentImporter.recipe(
            fromAddress: address, fetcher: PageFetcher(), units: units)
        }
      }.get()
    },
    importPhotos: { [configuration = context.configuration] photos in
      try LargeStack.run {
        Result { try importPhotos(photos, configuration: configuration) }
      }.get()
    })
  let app = WebApp(
    environment: WebEnvironment(
      basket: book.basket,
      access: AccessPolicy(mode: secret.map { .householdSecret($0) } ?? .loopbackOnly),
      recipes: recipes,
      calDAV: (book.basket.store as? any CalDAVStore).map {
        CalDAVBook.served(store: $0, basket: book.basket)
      },
      shops: (book.basket.store as? any ShopStore).map {
        ShopBook(store: $0, basket: book.basket)
      },
      pantry: try? PantryServices(
        book: PantryCommand.book(over: book.basket),
        readBarcodes: { [configuration = context.configuration] photo, name in
          // NB: like a recipe import, on a full-size stack (Foundation's file and process
          // calls are not measured against the workers' 100 KB).
          try LargeStack.run {
            Result { try readBarcodes(photo, name: name, configuration: configuration) }
          }.get()
        }),
      trips: try? TripCommand.book(over: book.basket),
      staples: try? StaplesCommand.book(over: book.basket)))
  let tls = options.tlsCertificate.map { certificate in
    WebServer.Configuration.TLS(certificatePath: certificate, keyPath: options.tlsKey ?? "")
  }
  let server = WebServer(
    app: app,
    configuration: WebServer.Configuration(
      host: options.host, port: options.port, tls: tls, heartbeatSeconds: options.heartbeatSeconds,
      watchedStorePath: context.store.path))

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

/// Photos uploaded to the web app (each a photo file's bytes) as a recipe: written to a private
/// scratch folder and read as `basket recipe import PHOTO…` reads them (Tesseract, with the same
/// checks and limits).
private func importPhotos(_ photos: [[UInt8]], configuration: BasketConfiguration) throws
  -> PhotoRecipe
{
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("basket-photos-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  defer { try? FileManager.default.removeItem(at: scratch) }
  let paths = try photos.enumerated().map { index, bytes in
    let path = scratch.appendingPathComponent("photo-\(index + 1)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
  return try PhotoRecipeImporter.recipe(
    photos: paths,
    tesseract: Tesseract(
      program: configuration.tesseractPath, searchPath: configuration.searchPath)
  )
}

/// A photo of a barcode uploaded to the web app, read as `basket pantry scan PHOTO` reads one
/// (zbar, with the same checks and limits): written as `name` to a private scratch folder, so
/// the messages name the file the phone sent.
private func readBarcodes(_ photo: [UInt8], name: String, configuration: BasketConfiguration)
  throws -> ScannedCodes
{
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("basket-barcode-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  defer { try? FileManager.default.removeItem(at: scratch) }
  // NB: the name came from the browser: `photoName` kept its last part; "." and ".." are no
  // file names, so they become "photo".
  let file = name == "." || name == ".." || name.contains("/") ? "photo" : name
  let path = scratch.appendingPathComponent(file).path
  try Data(photo).write(to: URL(fileURLWithPath: path))
  return try BarcodeReader(searchPath: configuration.searchPath).codes(photoAt: path)
}

/// Runs work on a thread of its own with a full-size stack, waiting for it.
enum LargeStack {
  static let size = 16 << 20

  /// The work and, once done, its result; passed to the thread as a raw pointer.
  private final class Job {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  static func run<T>(_ work: @escaping () -> T) -> T {
    var result: T?
    let job = Job { result = work() }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, size)
    let context = Unmanaged.passRetained(job).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, context)
    guard started == 0 else {
      // NB: no thread to be had: do the work here rather than not at all.
      Unmanaged<Job>.fromOpaque(context).release()
      return work()
    }
    pthread_join(thread, nil)
    return result!
  }
}
