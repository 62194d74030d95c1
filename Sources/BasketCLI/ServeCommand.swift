import BasketBackup
import BasketFetch
import BasketKit
import BasketOCR
import BasketRecipeImport
import BasketStore
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
  if secret == nil, options.needsPairing {
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
  // each kept once grown; the server's workers share two, so serve's memory stays small.
  _ = mallopt(M_ARENA_MAX, 2)
  let book = try context.openRecipeBook(.createIfMissing)
  // NB: a request should never wait while the log is copied back into the file.
  (book.store as? SQLiteStore)?.checkpointInBackground()

  // The household's HTTPS: its authority made on first start, the server's certificate
  // issued for this machine's names now.
  let household = HouseholdTLS(storePath: context.store.path)
  let hostName = NetworkAddresses.hostName()
  /// The household's authority and this machine's certificate for its names and addresses
  /// now, made or renewed when they need it.
  func prepareTLS() throws -> HouseholdTLS.Prepared {
    try household.prepare(
      hostName: hostName, addresses: NetworkAddresses.ipv4(), names: options.names,
      now: context.clock.now)
  }
  var prepared: HouseholdTLS.Prepared?
  var tls = options.tlsCertificate.map { certificate in
    WebServer.Configuration.TLS(certificatePath: certificate, keyPath: options.tlsKey ?? "")
  }
  if case .householdHTTPS = options.serving {
    do {
      prepared = try prepareTLS()
    } catch {
      context.err("basket: \(error)\n")
      return 1
    }
    tls = .init(certificatePath: household.serverPath, keyPath: household.serverKeyPath)
  }
  var door: WelcomeDoor?
  if case .householdHTTPS(let welcomePort) = options.serving, let authority = prepared?.authority {
    door = WelcomeDoor(
      httpsPort: options.port, welcomePort: welcomePort,
      authorityPEM: authority.certificatePEM, authorityDER: authority.summary.der,
      fingerprint: authority.summary.fingerprint)
  }

  let app = WebApp(environment: environment(book: book, secret: secret, door: door, context))
  func makeServer(port: Int, tls: WebServer.Configuration.TLS?, watch: Bool) -> WebServer {
    var configuration = WebServer.Configuration(
      host: options.host, port: port, tls: tls, heartbeatSeconds: options.heartbeatSeconds,
      watchedStorePath: watch ? context.store.path : nil)
    configuration.trustedProxies = options.trustedProxies
    return WebServer(app: app, configuration: configuration)
  }
  var server = makeServer(port: options.port, tls: tls, watch: true)
  var welcome = door?.welcomePort.map { makeServer(port: $0, tls: nil, watch: false) }

  TerminationSignals.block()
  do {
    try server.start()
    try welcome?.start()
  } catch {
    server.stop()
    context.err("basket: \(error)\n")
    return 1
  }

  let scheme = tls == nil ? "http" : "https"
  let addresses = NetworkAddresses.ipv4()
  let hosts =
    options.host == "0.0.0.0"
    ? options.names + addresses + (hostName.map { ["\($0).local"] } ?? []) + ["127.0.0.1"]
    : [options.host]
  var banner = "Basket is served at \(scheme)://\(hosts[0]):\(server.port)/\n"
  for other in hosts.dropFirst() {
    banner += "                 and \(scheme)://\(other):\(server.port)/\n"
  }
  if let welcome {
    banner +=
      "Phones that don't trust it yet start at the welcome page: http://\(hosts[0]):\(welcome.port)/\n"
  }
  if let prepared {
    if prepared.madeAuthority {
      banner +=
        "(made the household's certificate authority: \(household.authorityPath); each phone trusts it once, from the welcome page)\n"
    }
    if !prepared.leftOut.isEmpty {
      banner +=
        "(left out of the certificate, as the authority can't vouch for them: \(prepared.leftOut.map(\.description).joined(separator: ", ")))\n"
    }
  }
  let serving = ServingFile(store: context.store.path)
  if let secret {
    if let secretNote { banner += "(\(secretNote))\n" }
    let joinBase: String =
      if let door, let welcomePort = door.welcomePort {
        "http://\(hosts[0]):\(welcomePort)\(WebApp.joinPrefix)"
      } else {
        "\(scheme)://\(hosts[0]):\(server.port)\(WebApp.joinPrefix)"
      }
    serving.write(joinBase: joinBase, app: "\(scheme)://\(hosts[0]):\(server.port)/")
    if options.showPairingLink {
      banner += "Pair a phone by opening:\n"
      for host in hosts {
        banner +=
          "  \(scheme)://\(host):\(server.port)\(AccessPolicy.pairingPath(secret: secret))\n"
      }
    }
    if context.stdoutIsTerminal, let store = app.environment.invitations {
      banner += InviteCommand.invitation(
        store: store, joinBase: joinBase, now: context.clock.now, heading: "Add a phone")
    } else {
      banner += "Add a phone with `basket invite`, or from a paired phone (Add a phone).\n"
    }
  } else {
    banner += "Only this machine can connect; no pairing needed.\n"
  }
  let snapshots = options.snapshots.map {
    SnapshotKeeper(
      store: context.store.path, folder: options.snapshotFolder, policy: $0,
      open: book.basket.store as? SQLiteStore)
  }
  if let snapshots {
    banner +=
      "Snapshots: \(snapshots.policy.text), in \(snapshots.folder) (--no-snapshots turns them off).\n"
    banner += snapshotNote(snapshots.tick(now: context.clock.now), snapshots, context)
  }
  banner += "Press Ctrl-C to stop.\n"
  context.out(banner)

  // NB: Changes reach live pages from the server's own writes and its store watcher; this
  // loop waits for Ctrl-C, and once a minute renews the server's certificate when it runs out
  // soon or the machine's addresses changed (phones notice nothing: they trust the authority).
  while TerminationSignals.wait(milliseconds: 60_000) == nil {
    if let snapshots {
      context.out(snapshotNote(snapshots.tick(now: context.clock.now), snapshots, context))
    }
    guard case .householdHTTPS = options.serving else { continue }
    let renewed: HouseholdTLS.Prepared
    do {
      renewed = try prepareTLS()
    } catch {
      context.err("basket: \(error)\n")
      continue
    }
    guard let reason = renewed.renewed else { continue }
    server.stop()
    server = makeServer(port: options.port, tls: tls, watch: true)
    do {
      try server.start()
      context.out("Issued the server's certificate again (\(reason)).\n")
    } catch {
      context.err("basket: could not serve again after renewing the certificate: \(error)\n")
      break
    }
  }
  server.stop()
  welcome?.stop()
  welcome = nil
  serving.remove()
  context.out("Stopped.\n")
  return 0
}

/// What a look at the snapshot schedule did, as a line for the household ("" when nothing
/// was due); a failure goes to standard error.
private func snapshotNote(
  _ outcome: SnapshotKeeper.Outcome, _ keeper: SnapshotKeeper, _ context: CommandContext
) -> String {
  switch outcome {
  case .notDue:
    return ""
  case .made(let path, let bytes, let removed):
    let older = removed == 0 ? "" : "; removed \(removed) older"
    return "Took a snapshot: \(path) (\(RecipeLimitError.size(Int(bytes)))\(older)).\n"
  case .noRoom(let free, let needed):
    return
      "Skipped the day's snapshot: the disk holding \(keeper.folder) has \(RecipeLimitError.size(Int(free))) free, and a snapshot of about \(RecipeLimitError.size(Int(needed))) would leave less than Basket keeps free (\(RecipeLimitError.size(Int(keeper.policy.keepFreeBytes)))). Free some space, or lower --snapshot-keep-free.\n"
  case .failed(let why):
    context.err("basket: could not take a snapshot: \(why)\n")
    return ""
  }
}

/// The web app's environment over `book`'s store: every service the store keeps.
private func environment(
  book: RecipeBook, secret: String?, door: WelcomeDoor?, _ context: CommandContext
) -> WebEnvironment {
  // NB: the recipe tables are built on first use (a household that never imports a recipe
  // never holds them: 1.3 MiB less at serve's start); request handlers run on workers
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
    },
    importLibrary: { [units = context.configuration.units] upload, progress in
      try importLibrary(upload, book: book, units: units, progress: progress)
    },
    inBackground: { work in LargeStack.detach(work) })
  var environment = WebEnvironment(
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
    staples: try? StaplesCommand.book(over: book.basket))
  environment.invitations = book.basket.store as? any InvitationStore
  environment.plan = (book.basket.store as? any PlanStore).map {
    PlanBook(store: $0, recipes: book, utcOffset: Wiring.utcOffset)
  }
  environment.welcome = door
  let store = book.basket.store as? SQLiteStore
  environment.releaseMemory = {
    store?.shrinkMemory()
    malloc_trim(0)
  }
  return environment
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

/// A recipe library uploaded to the web app, imported as `basket recipe import ARCHIVE` imports
/// one: written to a private scratch folder (libarchive reads a zip's directory from the
/// file, and the upload's bytes are let go of at once), then read entry by entry.
private func importLibrary(
  _ upload: UploadedFile, book: RecipeBook, units: MeasurementSystem,
  progress: @escaping @Sendable (LibraryImportProgress) -> Void
) throws -> LibraryImportSummary {
  let name = upload.name
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("basket-library-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  defer { try? FileManager.default.removeItem(at: scratch) }
  // NB: the name came from the browser; only its extension is used (a `.paprikarecipes`).
  let safe = name.filter { $0.isLetter || $0.isNumber || "._-".contains($0) }
  let path = scratch.appendingPathComponent(safe.isEmpty || safe.hasPrefix(".") ? "library" : safe)
    .path
  // NB: written straight from the upload's bytes (a `Data` of them would be a second copy),
  // which are let go of once kept.
  var bytes = upload.take()
  defer { bytes = [] }
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else {
    throw LibraryImportError("cannot keep the upload: \(String(cString: strerror(errno)))")
  }
  var written = 0
  while written < bytes.count {
    let count = bytes.withUnsafeBytes {
      Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
    }
    if count < 0, errno == EINTR { continue }
    guard count > 0 else {
      close(descriptor)
      throw LibraryImportError("cannot keep the upload: \(String(cString: strerror(errno)))")
    }
    written += count
  }
  close(descriptor)
  bytes = []
  malloc_trim(0)  // NB: as the server does after a large body: the 50 MB go back to the system.
  return try RecipeLibraryImporter(book: { book }, units: units, progress: progress)
    .importLibrary(at: path, name: name)
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

  /// Starts `work` on a thread of its own with a full-size stack, and returns at once.
  static func detach(_ work: @escaping @Sendable () -> Void) {
    if start(Job(work), detached: true) == nil { work() }
  }

  static func run<T>(_ work: @escaping () -> T) -> T {
    var result: T?
    let job = Job { result = work() }
    // NB: no thread to be had: do the work here rather than not at all.
    guard let thread = start(job, detached: false) else { return work() }
    pthread_join(thread, nil)
    return result!
  }

  /// Starts `job` on a new thread with a full-size stack (a detached one is never joined):
  /// the thread, or nil when none could be had.
  private static func start(_ job: Job, detached: Bool) -> pthread_t? {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, size)
    if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
    let context = Unmanaged.passRetained(job).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Job>.fromOpaque(context).release()
      return nil
    }
    return thread
  }
}
