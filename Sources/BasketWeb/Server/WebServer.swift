import CCivetweb
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The civetweb adapter: listens, turns each request into a `Request` for `WebApp`, writes the
/// `Response` back, and holds Server-Sent Event streams open.
///
/// Threading: civetweb runs a fixed pool of worker threads; each request (and each open event
/// stream) occupies one worker. Event streams are capped at `maxEventStreams` so ordinary
/// requests always find a worker, and `stop()` ends them before stopping civetweb.
public final class WebServer: Sendable {
  public struct Configuration: Sendable {
    /// An IPv4 address (or "localhost"). The Debian civetweb has no IPv6.
    public var host: String
    /// 0 picks a free port; read the chosen one from `port`.
    public var port: Int
    public var tls: TLS?
    /// Worker threads: enough for busy keep-alive clients plus every event stream.
    public var workerThreads: Int
    public var maxEventStreams: Int
    /// How often an idle event stream sends a comment to notice a vanished client.
    public var heartbeatSeconds: Double

    public struct TLS: Sendable {
      public var certificatePath: String
      public var keyPath: String

      public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
      }
    }

    public init(
      host: String = "127.0.0.1", port: Int = 8080, tls: TLS? = nil, workerThreads: Int = 96,
      maxEventStreams: Int = 32, heartbeatSeconds: Double = 15
    ) {
      self.host = host
      self.port = port
      self.tls = tls
      self.workerThreads = workerThreads
      self.maxEventStreams = maxEventStreams
      self.heartbeatSeconds = heartbeatSeconds
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
        "this build of civetweb has no TLS support, so --tls-cert/--tls-key cannot be used"
      case .tls(let reason): "cannot set up HTTPS: \(reason)"
      case .failed(let reason): "the web server could not start: \(reason)"
      }
    }
  }

  public let app: WebApp
  public let configuration: Configuration
  private let context = Mutex<ContextHandle?>(nil)
  private let listeningPort = Atomic<Int>(0)
  private let openStreams = Atomic<Int>(0)
  private let stopping = Atomic<Bool>(false)
  /// The store revision last seen by `checkForChanges()`; event streams watch it.
  private let revision = Atomic<Int64>(0)
  private let messages = Mutex<[String]>([])

  public init(app: WebApp, configuration: Configuration) {
    self.app = app
    self.configuration = configuration
  }

  deinit {
    stop()
  }

  /// The port actually listened on (after `start()`).
  public var port: Int { listeningPort.load(ordering: .relaxed) }
  public var isSecure: Bool { configuration.tls != nil }

  /// Whether this civetweb can serve HTTPS (checked at run time).
  public static var supportsTLS: Bool { mg_check_feature(UInt32(MG_FEATURES_TLS)) != 0 }

  /// Starts listening. Throws with a readable reason (port in use, no TLS…); never crashes.
  public func start() throws(StartError) {
    guard context.withLock({ $0 == nil }) else { return }
    let address = try Self.listeningAddress(configuration)
    var options: [(String, String)] = [
      ("listening_ports", address + (configuration.tls == nil ? "" : "s")),
      ("num_threads", String(max(4, configuration.workerThreads))),
      ("tcp_nodelay", "1"),
      ("enable_keep_alive", "yes"),
      ("keep_alive_timeout_ms", "5000"),
      ("request_timeout_ms", "30000"),
      ("decode_url", "yes"),
      ("enable_directory_listing", "no"),
    ]
    var combinedPEM: String?
    defer { if let combinedPEM { unlink(combinedPEM) } }
    var features: UInt32 = 0
    if let tls = configuration.tls {
      guard Self.supportsTLS else { throw .tlsUnavailable }
      let pem = try Self.combinedPEM(tls)
      combinedPEM = pem
      options += [("ssl_certificate", pem), ("ssl_protocol_version", "4")]
      features |= UInt32(MG_FEATURES_TLS)
    }
    if features != 0, let problem = OpenSSLCompat.prepare() { throw .tls(problem) }
    guard mg_init_library(features) != 0 || features == 0 else {
      throw .tls("civetweb could not load OpenSSL (libssl.so and libcrypto.so, from libssl-dev)")
    }

    stopping.store(false, ordering: .relaxed)
    checkForChanges()
    var callbacks = mg_callbacks()
    callbacks.log_message = { connection, message in
      guard let connection, let message,
        let context = mg_get_context(connection), let data = mg_get_user_data(context)
      else { return 1 }
      Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().note(String(cString: message))
      return 1
    }
    let cStrings = options.flatMap { [strdup($0.0), strdup($0.1)] } + [nil]
    defer { for pointer in cStrings { free(pointer) } }
    var errorCode: UInt32 = 0
    var errorText = [CChar](repeating: 0, count: 512)
    let started: OpaquePointer? = cStrings.withUnsafeBufferPointer { optionsBuffer in
      withUnsafePointer(to: &callbacks) { callbacksPointer in
        errorText.withUnsafeMutableBufferPointer { textBuffer in
          withUnsafeMutablePointer(to: &errorCode) { codePointer in
            var errorData = mg_error_data(
              code: codePointer, text: textBuffer.baseAddress, text_buffer_size: textBuffer.count)
            let rawOptions = UnsafeMutableRawPointer(mutating: optionsBuffer.baseAddress!)
              .assumingMemoryBound(to: UnsafePointer<CChar>?.self)
            var initData = mg_init_data(
              callbacks: callbacksPointer, user_data: Unmanaged.passUnretained(self).toOpaque(),
              configuration_options: rawOptions)
            return mg_start2(&initData, &errorData)
          }
        }
      }
    }
    guard let started else {
      if features != 0 { mg_exit_library() }
      let reason = String(
        decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if reason.localizedLowercaseContains("bind") || reason.localizedLowercaseContains("port") {
        throw .cannotListen(
          "cannot listen on \(configuration.host):\(configuration.port): the port is in use or the address is not available (\(reason))"
        )
      }
      if configuration.tls != nil { throw .tls(reason) }
      throw .failed(reason.isEmpty ? "civetweb error \(errorCode)" : reason)
    }
    mg_set_request_handler(
      started, "/",
      { connection, data in
        guard let connection, let data else { return 0 }
        return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().serve(connection)
      }, Unmanaged.passUnretained(self).toOpaque())
    var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
    let count = mg_get_server_ports(started, Int32(ports.count), &ports)
    listeningPort.store(count > 0 ? Int(ports[0].port) : configuration.port, ordering: .relaxed)
    context.withLock { $0 = ContextHandle(pointer: started, features: features) }
  }

  /// Ends every event stream, then stops civetweb (waiting for its threads). Idempotent.
  public func stop() {
    guard
      let handle = context.withLock({ current -> ContextHandle? in
        defer { current = nil }
        return current
      })
    else { return }
    stopping.store(true, ordering: .relaxed)
    // NB: Streams notice `stopping` within one poll interval; mg_stop waits for workers, so
    // ending streams first keeps shutdown quick.
    var waited = 0
    while openStreams.load(ordering: .relaxed) > 0, waited < 50 {
      usleep(20_000)
      waited += 1
    }
    mg_stop(handle.pointer)
    if handle.features != 0 { mg_exit_library() }
  }

  /// Reads the store's revision and, if it moved, wakes every event stream. Call it every
  /// 200 ms or so from one thread; it costs one cheap store call.
  public func checkForChanges() {
    guard let current = try? app.basket.store.revision() else { return }
    app.noteRevision(current)
    revision.store(current, ordering: .releasing)
  }

  private func note(_ message: String) {
    messages.withLock { list in
      if list.count < 100 { list.append(message) }
    }
  }

  // MARK: - One request

  private func serve(_ connection: OpaquePointer) -> Int32 {
    guard let info = mg_get_request_info(connection)?.pointee else { return 0 }
    let method = info.request_method.map { String(cString: $0) } ?? "GET"
    let path = (info.local_uri ?? info.request_uri).map { String(cString: $0) } ?? "/"
    let query = info.query_string.map { Request.parseQuery(String(cString: $0)) } ?? [:]
    var headers: [String: String] = [:]
    withUnsafeBytes(of: info.http_headers) { raw in
      let all = raw.bindMemory(to: mg_header.self)
      for index in 0..<min(Int(info.num_headers), all.count) {
        guard let name = all[index].name, let value = all[index].value else { continue }
        headers[String(cString: name).lowercased()] = String(cString: value)
      }
    }
    let hasBody = info.content_length > 0 || headers["transfer-encoding"] != nil
    let maximum = WebApp.maxBodySize(forPath: path)
    guard
      let body = hasBody
        ? readBody(connection, declaredLength: info.content_length, maximum: maximum) : []
    else {
      mg_disable_connection_keep_alive(connection)
      return write(
        .error(413, "the request body is larger than \(maximum >> 10) KiB"), to: connection,
        headOnly: false)
    }
    let request = Request(
      method: method, path: path, query: query, headers: headers, body: body,
      isSecure: info.is_ssl != 0)
    var response = app.handle(request)
    if response.kind == .eventStream {
      return streamEvents(connection, response)
    }
    if isSecure, let index = response.headers.firstIndex(where: { $0.name == "Set-Cookie" }),
      !response.headers[index].value.contains("; Secure")
    {
      response.headers[index].value += "; Secure"
    }
    return write(response, to: connection, headOnly: method == "HEAD")
  }

  /// The request body, or nil when it is larger than `maximum`.
  private func readBody(_ connection: OpaquePointer, declaredLength: Int64, maximum: Int)
    -> [UInt8]?
  {
    if declaredLength > Int64(maximum) { return nil }
    if declaredLength == 0 { return [] }
    let limit = declaredLength > 0 ? Int(declaredLength) : maximum + 1
    var body = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let read = body.withUnsafeMutableBytes { buffer in
        mg_read(connection, buffer.baseAddress! + filled, limit - filled)
      }
      if read <= 0 { break }
      filled += Int(read)
    }
    if declaredLength < 0, filled > maximum { return nil }
    body.removeSubrange(filled...)
    return body
  }

  private func write(_ response: Response, to connection: OpaquePointer, headOnly: Bool) -> Int32 {
    mg_response_header_start(connection, Int32(response.status))
    for header in response.headers {
      mg_response_header_add(connection, header.name, header.value, -1)
    }
    if response.status != 304 && response.status != 204 {
      mg_response_header_add(connection, "Content-Length", String(response.body.count), -1)
    }
    mg_response_header_send(connection)
    if !headOnly, !response.body.isEmpty {
      _ = response.body.withUnsafeBytes { mg_write(connection, $0.baseAddress, $0.count) }
    }
    return Int32(response.status)
  }

  // MARK: - Event streams

  private func streamEvents(_ connection: OpaquePointer, _ response: Response) -> Int32 {
    let open = openStreams.add(1, ordering: .relaxed).newValue
    defer { openStreams.subtract(1, ordering: .relaxed) }
    guard open <= configuration.maxEventStreams, !stopping.load(ordering: .relaxed) else {
      return write(
        .error(503, "too many live pages are open; this one will retry"), to: connection,
        headOnly: false)
    }
    mg_disable_connection_keep_alive(connection)
    mg_response_header_start(connection, 200)
    for header in response.headers + WebApp.securityHeaders {
      mg_response_header_add(connection, header.name, header.value, -1)
    }
    mg_response_header_send(connection)

    var seen = revision.load(ordering: .acquiring)
    guard send("retry: 1000\nevent: hello\ndata: {\"revision\":\(seen)}\n\n", connection) else {
      return 200
    }
    let pollMicroseconds: UInt32 = 100_000
    let heartbeatTicks = max(
      1, Int(configuration.heartbeatSeconds * 1_000_000) / Int(pollMicroseconds))
    var idleTicks = 0
    while !stopping.load(ordering: .relaxed) {
      usleep(pollMicroseconds)
      let current = revision.load(ordering: .acquiring)
      if current != seen {
        seen = current
        idleTicks = 0
        guard send("event: change\ndata: {\"revision\":\(current)}\n\n", connection) else { break }
      } else {
        idleTicks += 1
        if idleTicks >= heartbeatTicks {
          idleTicks = 0
          guard send(": still here\n\n", connection) else { break }
        }
      }
    }
    return 200
  }

  private func send(_ text: String, _ connection: OpaquePointer) -> Bool {
    var text = text
    return text.withUTF8 { mg_write(connection, $0.baseAddress, $0.count) } > 0
  }

  // MARK: - Configuration helpers

  static func listeningAddress(_ configuration: Configuration) throws(StartError) -> String {
    guard (0...65535).contains(configuration.port) else {
      throw .cannotListen("\(configuration.port) is not a port number (0 to 65535)")
    }
    let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else {
      throw .cannotListen(
        "\(configuration.host) is not an IPv4 address (this civetweb has no IPv6; use 0.0.0.0 for every network)"
      )
    }
    return "\(host):\(configuration.port)"
  }

  /// civetweb wants the key and the certificate in one PEM file: write them to a private
  /// temporary file (mode 0600), removed once the server has read it.
  static func combinedPEM(_ tls: Configuration.TLS) throws(StartError) -> String {
    guard let certificate = readFile(tls.certificatePath) else {
      throw .tls("cannot read the certificate \(tls.certificatePath)")
    }
    guard let key = readFile(tls.keyPath) else { throw .tls("cannot read the key \(tls.keyPath)") }
    var template = Array("/tmp/basket-tls-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw .tls("cannot write a temporary file") }
    defer { close(fd) }
    fchmod(fd, 0o600)
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let combined = key + [0x0A] + certificate
    let written = combined.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard written == combined.count else {
      unlink(path)
      throw .tls("cannot write a temporary file")
    }
    return path
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

/// The civetweb context pointer, owned by `WebServer` and only used under its lock.
private struct ContextHandle: @unchecked Sendable {
  var pointer: OpaquePointer
  var features: UInt32
}

extension String {
  fileprivate func localizedLowercaseContains(_ word: String) -> Bool {
    lowercased().contains(word)
  }
}
