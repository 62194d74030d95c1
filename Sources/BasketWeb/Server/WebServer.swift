import BasketCrypto
internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The libmicrohttpd adapter: listens, turns each request into a `Request` for `WebApp`,
/// writes the `Response` back, and holds Server-Sent Event streams open.
///
/// Threading: a few network threads each wait on epoll for many connections (`threads`), so an
/// idle or slow client costs a socket, never a thread. A complete request is handed to a
/// `WorkerPool` (`workers`) while its connection is suspended, so a slow handler never stalls
/// the other connections on its network thread. A connection must deliver a complete request
/// within `requestTimeout` seconds (`ConnectionDeadlines`). An event stream is suspended while
/// it has nothing to send and resumed by the `ChangeFeed`'s hub when a change is published;
/// the `Housekeeper` thread notices its client leaving and frees the slot at once.
public final class WebServer: Sendable {
  public struct Configuration: Sendable {
    /// An IPv4 address (or "localhost").
    public var host: String
    /// 0 picks a free port; read the chosen one from `port`.
    public var port: Int
    public var tls: TLS?
    /// Network threads, each serving many connections.
    public var threads: Int
    /// Threads running the handlers (`WebApp.handle`) for complete requests.
    public var workers: Int
    /// Open connections at most, and at most from one address.
    public var connectionLimit: Int
    public var connectionsPerAddress: Int
    public var maxEventStreams: Int
    /// Live-update streams one client address may hold (a household's phone has a few tabs).
    public var eventStreamsPerAddress: Int
    /// A connection that delivers no complete request this long after opening (or after its
    /// previous response) is closed.
    public var requestTimeout: Double
    /// How often every event stream gets a `ping` event (keeps proxies and NAT entries open,
    /// and lets a page tell a live stream from one that died without an error).
    public var heartbeatSeconds: Double
    /// The store file whose changes by other processes become change events (nil: only this
    /// server's own writes do).
    public var watchedStorePath: String?
    /// Reverse proxies whose `X-Forwarded-For` and `-Proto` are believed (`ForwardedHeaders`).
    public var trustedProxies: [String] = []

    public struct TLS: Sendable {
      public var certificatePath: String
      public var keyPath: String

      public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
      }
    }

    public init(
      host: String = "127.0.0.1", port: Int = 8080, tls: TLS? = nil, threads: Int = 2,
      workers: Int = 8,
      connectionLimit: Int = 4096, connectionsPerAddress: Int = 2048, maxEventStreams: Int = 1024,
      eventStreamsPerAddress: Int = 32,
      requestTimeout: Double = 5, heartbeatSeconds: Double = 15, watchedStorePath: String? = nil
    ) {
      self.host = host
      self.port = port
      self.tls = tls
      self.threads = threads
      self.workers = workers
      self.connectionLimit = connectionLimit
      self.connectionsPerAddress = connectionsPerAddress
      self.maxEventStreams = maxEventStreams
      self.eventStreamsPerAddress = eventStreamsPerAddress
      self.requestTimeout = requestTimeout
      self.heartbeatSeconds = heartbeatSeconds
      self.watchedStorePath = watchedStorePath
    }
  }

  /// Why the server could not start.
  public enum StartError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotListen(String)
    case tlsUnavailable
    case tls(String)
    case failed(String)

    public var description: String {
      switch self {
      case .cannotListen(let reason): reason
      case .tlsUnavailable:
        "this build of libmicrohttpd has no TLS support, so --tls-cert/--tls-key cannot be used"
      case .tls(let reason): "cannot set up HTTPS: \(reason)"
      case .failed(let reason): "the web server could not start: \(reason)"
      }
    }
  }

  public let app: WebApp
  public let configuration: Configuration
  /// Change notices for live pages: fed by this server's writes and the store watcher.
  public let feed: ChangeFeed
  private let daemon = Mutex<DaemonHandle?>(nil)
  private let listeningPort = Atomic<Int>(0)
  let streams: EventStreams
  let deadlines: Mutex<ConnectionDeadlines>
  private let nextConnection = Atomic<UInt64>(0)
  /// Changing requests being handled now: the store watcher leaves their writes to them.
  let writesInFlight = Atomic<Int>(0)
  private let housekeeper = Mutex<Housekeeper?>(nil)
  private let workers = Mutex<WorkerPool?>(nil)
  private let watcher = Mutex<StoreWatcher?>(nil)
  private let lastHeartbeat = Mutex<Double>(0)
  private let lastBackstopCheck = Mutex<Double>(0)
  private let messages = Mutex<[String]>([])

  public init(app: WebApp, configuration: Configuration) {
    self.app = app
    self.configuration = configuration
    let store = app.basket.store
    feed = ChangeFeed(
      readRevision: { try? store.revision() }, describe: { app.changeNotice(after: $0) })
    streams = EventStreams(
      capacity: configuration.maxEventStreams,
      perAddress: configuration.eventStreamsPerAddress,
      heartbeatMilliseconds: Int((configuration.heartbeatSeconds * 1000).rounded()), hub: feed.hub)
    deadlines = Mutex(ConnectionDeadlines(requestTimeout: configuration.requestTimeout))
    // NB: a change made here is announced by the worker that made it, straight after its
    // commit, before the answer is written.
    app.onWrite { [weak self] in self?.announceWrite() }
  }

  deinit {
    stop()
  }

  /// The port actually listened on (after `start()`).
  public var port: Int { listeningPort.load(ordering: .relaxed) }
  public var isSecure: Bool { configuration.tls != nil }
  /// How many event streams are open now.
  public var eventStreamCount: Int { streams.count }

  /// Whether this libmicrohttpd can serve HTTPS (checked at run time).
  public static var supportsTLS: Bool {
    guard case .success(let functions) = LibMicroHTTPD.loaded else { return false }
    return functions.MHD_is_feature_supported(.FEATURE_TLS) == .YES
  }

  /// Starts listening. Throws with a readable reason (port in use, no TLS…); never crashes.
  public func start() throws(StartError) {
    guard daemon.withLock({ $0 == nil }) else { return }
    if case .failure(let missing) = LibMicroHTTPD.loaded { throw .failed(missing.description) }
    // NB: a household secret's pairing and session cookies need libcrypto: refuse now, not at
    // the first phone. Served on loopback without a secret, the library is never loaded.
    if app.access.requiresSession {
      do { try LibCrypto.require() } catch { throw .failed(error.description) }
    }
    var address = try Self.socketAddress(configuration)
    var pems: [UnsafeMutablePointer<CChar>] = []
    var flags =
      MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
      | MHD_USE_ERROR_LOG.rawValue
    if let tls = configuration.tls {
      guard Self.supportsTLS else { throw .tlsUnavailable }
      guard let certificate = Self.readFile(tls.certificatePath) else {
        throw .tls("cannot read the certificate \(tls.certificatePath)")
      }
      guard let key = Self.readFile(tls.keyPath) else {
        throw .tls("cannot read the key \(tls.keyPath)")
      }
      pems = [
        strdup(String(decoding: key, as: UTF8.self))!,
        strdup(String(decoding: certificate, as: UTF8.self))!,
      ]
      flags |= MHD_USE_TLS.rawValue
    }
    Self.raiseOpenFileLimit(to: configuration.connectionLimit + 256)
    feed.check()
    guard
      let keeper = Housekeeper(
        tickSeconds: 0.1,
        onHangUp: { [unowned self] id in streams.finish(id) },
        onTick: { [unowned self] in tick() })
    else {
      for pem in pems { free(pem) }
      throw .failed("the system refused a thread or an epoll set for housekeeping")
    }
    housekeeper.withLock { $0 = keeper }
    let pool = WorkerPool(count: configuration.workers)
    workers.withLock { $0 = pool }

    let me = Unmanaged.passUnretained(self).toOpaque()
    // NB: TLS 1.2 and 1.3 only, and only AEAD suites (no CBC, no SHA-1 MACs), as
    // `testssl.sh` checks in the tests.
    let priorities = strdup(
      "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-256-GCM:+CHACHA20-POLY1305:+AES-128-GCM:-MAC-ALL:+AEAD"
    )!
    defer { free(priorities) }
    let started: OpaquePointer? = withUnsafeMutablePointer(to: &address) { addressPointer in
      var options: [MHD_OptionItem] = [
        .init(option: .EXTERNAL_LOGGER, value: Self.cast(Callbacks.log), ptr_value: me),
        .init(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(addressPointer)),
        .init(option: .THREAD_POOL_SIZE, value: max(1, configuration.threads), ptr_value: nil),
        .init(option: .CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
        .init(
          option: .PER_IP_CONNECTION_LIMIT, value: configuration.connectionsPerAddress,
          ptr_value: nil),
        // NB: A backstop only: ConnectionDeadlines closes slow clients sooner.
        .init(option: .CONNECTION_TIMEOUT, value: 30, ptr_value: nil),
        .init(option: .LISTEN_BACKLOG_SIZE, value: 1024, ptr_value: nil),
        .init(option: .CONNECTION_MEMORY_LIMIT, value: 64 * 1024, ptr_value: nil),
        .init(option: .NOTIFY_CONNECTION, value: Self.cast(Callbacks.connection), ptr_value: me),
        .init(option: .URI_LOG_CALLBACK, value: Self.cast(Callbacks.requestLine), ptr_value: me),
        .init(option: .NOTIFY_COMPLETED, value: Self.cast(Callbacks.completed), ptr_value: me),
      ]
      if pems.count == 2 {
        options += [
          .init(option: .HTTPS_MEM_KEY, value: 0, ptr_value: UnsafeMutableRawPointer(pems[0])),
          .init(option: .HTTPS_MEM_CERT, value: 0, ptr_value: UnsafeMutableRawPointer(pems[1])),
          .init(
            option: .HTTPS_PRIORITIES, value: 0, ptr_value: UnsafeMutableRawPointer(priorities)),
        ]
      }
      options.append(.init(option: .END, value: 0, ptr_value: nil))
      return options.withUnsafeMutableBufferPointer { buffer in
        basket_mhd_start(mhd.MHD_start_daemon, flags, Callbacks.access, me, buffer.baseAddress)
      }
    }
    guard let started else {
      workers.withLock { $0 = nil }
      pool.stop()
      housekeeper.withLock { $0 = nil }
      keeper.stop()
      for pem in pems { free(pem) }
      let reason = takeMessages().joined(separator: "; ")
      let lowered = reason.lowercased()
      if lowered.contains("in use") {
        // NB: libmicrohttpd's own text names "port 0" (the socket address carries the port).
        throw .cannotListen(
          "cannot listen on \(configuration.host):\(configuration.port): port \(configuration.port) is already in use (by another basket serve or another program); choose another with --port"
        )
      }
      if lowered.contains("bind") || lowered.contains("address") {
        throw .cannotListen(
          "cannot listen on \(configuration.host):\(configuration.port): \(configuration.host) is not an address of this machine"
        )
      }
      if configuration.tls != nil {
        throw .tls(reason.isEmpty ? "the certificate or key was refused" : reason)
      }
      throw .failed(reason.isEmpty ? "libmicrohttpd refused to start" : reason)
    }
    listeningPort.store(
      Int(basket_mhd_bound_port(mhd.MHD_get_daemon_info, started)), ordering: .relaxed)
    daemon.withLock { $0 = DaemonHandle(pointer: started, pems: pems) }
    if let path = configuration.watchedStorePath {
      // NB: the watcher hears this server's own writes too (the WAL grows), while the write
      // is still in its transaction: it leaves those to the worker that writes, which
      // announces them the moment they commit, rather than waiting for the store behind it.
      // Its follow-up checks still catch another process writing at the same moment.
      watcher.withLock {
        $0 = StoreWatcher(storePath: path) { [unowned self] in
          if writesInFlight.load(ordering: .acquiring) == 0 { checkForChanges() }
        }
      }
    }
  }

  /// Ends every event stream, then stops the server (waiting for its threads). Idempotent; a
  /// stopped server is not started again.
  public func stop() {
    guard
      let handle = daemon.withLock({ current -> DaemonHandle? in
        defer { current = nil }
        return current
      })
    else { return }
    watcher.withLock { $0 }?.stop()
    // NB: libmicrohttpd must not be stopped with suspended connections: end every stream
    // (which resumes it) and give the threads a moment to close them.
    streams.closeAll()
    let deadline = monotonicSeconds() + 2
    while streams.count > 0, monotonicSeconds() < deadline { usleep(5_000) }
    // Handlers already running finish and resume their connections; later ones run inline.
    workers.withLock { $0 }?.stop()
    mhd.MHD_stop_daemon(handle.pointer)
    for pem in handle.pems { free(pem) }
    housekeeper.withLock { $0 }?.stop()
  }

  /// Reads the store's revision and, if it moved, tells every event stream. Called after each
  /// write this server makes, by the store watcher, and once a second as a backstop (five
  /// times a second without a watcher); cheap (one revision read).
  public func checkForChanges() {
    if let revision = feed.check() { app.noteRevision(revision) }
  }

  /// Tells every event stream what this server just wrote (`ChangeFeed.checkAfterWrite`).
  func announceWrite() {
    if let revision = feed.checkAfterWrite() { app.noteRevision(revision) }
  }

  /// Log messages since the last call (for the command to show on failure).
  public func takeMessages() -> [String] {
    messages.withLock { list in
      defer { list.removeAll() }
      return list
    }
  }

  func note(_ message: String) {
    messages.withLock { list in
      if list.count < 100 { list.append(message) }
    }
  }

  /// Runs `job` on a worker; false if there is none (stopping), so the caller runs it itself.
  func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
    guard let pool = workers.withLock({ $0 }) else { return false }
    return pool.submit(job)
  }

  /// Reports stream `id`'s client leaving as soon as `socket` sees it.
  func watchForHangUp(socket: Int32, stream id: UInt64) {
    housekeeper.withLock { $0 }?.watch(socket: socket, id: id)
  }

  /// Every tenth of a second: close connections past their deadline; now and then, a heartbeat,
  /// the list's tidy when time has settled something (`WebApp.tidyIfDue`), and a backstop read
  /// of the store's revision.
  private func tick() {
    let now = monotonicSeconds()
    deadlines.withLock { table in
      // NB: shut down under the lock: the connection's close notice waits for it, so the
      // socket can't be closed (and its number reused) in between.
      for overdue in table.takeOverdue(at: now) { shutdown(overdue.socket, Int32(SHUT_RDWR)) }
    }
    let due = lastHeartbeat.withLock { last in
      guard now - last >= configuration.heartbeatSeconds else { return false }
      last = now
      return true
    }
    if due { streams.broadcast(ServerSentEvent.heartbeat) }
    // NB: The watcher's follow-up checks end 2 s after a write; a commit that became visible
    // even later (a very slow fsync) is still announced within a second.
    let backstop = watcher.withLock { $0 } == nil ? 0.2 : 1.0
    let check = lastBackstopCheck.withLock { last in
      guard now - last >= backstop else { return false }
      last = now
      return true
    }
    guard check else { return }
    // NB: an item leaves Got it with its hour even when nobody writes: the tidy is a store
    // write like any other, announced to live pages by the check below.
    _ = app.tidyIfDue()
    checkForChanges()
  }

  // MARK: - Connections

  /// A new connection (`opened`) or its end.
  func connection(
    _ connection: OpaquePointer, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    opened: Bool
  ) {
    if opened {
      let id = nextConnection.add(1, ordering: .relaxed).newValue
      let client = ClientConnection(id: id, address: Self.clientAddress(connection))
      context.pointee = Unmanaged.passRetained(client).toOpaque()
      let socket = basket_mhd_connection_fd(mhd.MHD_get_connection_info, connection)
      deadlines.withLock { $0.opened(id, socket: socket, at: monotonicSeconds()) }
    } else if let raw = context.pointee {
      let client = Unmanaged<ClientConnection>.fromOpaque(raw).takeRetainedValue()
      context.pointee = nil
      deadlines.withLock { $0.closed(client.id) }
    }
  }

  static func client(of connection: OpaquePointer) -> ClientConnection? {
    guard let raw = basket_mhd_socket_context(mhd.MHD_get_connection_info, connection) else {
      return nil
    }
    return Unmanaged<ClientConnection>.fromOpaque(raw).takeUnretainedValue()
  }

  func requestCompleted(_ connection: OpaquePointer) {
    guard let client = Self.client(of: connection) else { return }
    client.reset()
    deadlines.withLock { $0.responded(client.id, at: monotonicSeconds()) }
  }

  // MARK: - Configuration helpers

  /// Whether `text` is an IPv4 address in dotted-quad form ("192.168.1.5").
  public static func isIPv4Address(_ text: String) -> Bool {
    var address = in_addr()
    let octets = text.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
      && inet_pton(AF_INET, text, &address) == 1
  }

  static func socketAddress(_ configuration: Configuration) throws(StartError) -> sockaddr_in {
    guard (0...65535).contains(configuration.port) else {
      throw .cannotListen("\(configuration.port) is not a port number (0 to 65535)")
    }
    let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(configuration.port).bigEndian)
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }),
      inet_pton(AF_INET, host, &address.sin_addr) == 1
    else {
      throw .cannotListen(
        "\(configuration.host) is not an IPv4 address (use 0.0.0.0 for every network)")
    }
    return address
  }

  static func clientAddress(_ connection: OpaquePointer) -> String {
    guard let address = basket_mhd_client_address(mhd.MHD_get_connection_info, connection),
      address.pointee.sa_family == sa_family_t(AF_INET)
    else { return "" }
    var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
    var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    guard inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count)) != nil else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Lets the process hold `wanted` open files (sockets), up to the hard limit.
  static func raiseOpenFileLimit(to wanted: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted)
    else { return }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  static func cast<Function>(_ function: Function) -> Int {
    unsafeBitCast(function, to: Int.self)
  }

  static func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 { return nil }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
      if bytes.count > 1_000_000 { return nil }
    }
  }
}

/// The libmicrohttpd daemon and the PEM strings it reads from, owned by `WebServer` and only
/// used under its lock.
private struct DaemonHandle: @unchecked Sendable {
  var pointer: OpaquePointer
  var pems: [UnsafeMutablePointer<CChar>]
}
