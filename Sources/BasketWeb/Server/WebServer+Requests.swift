import CLinux
internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What the server knows about one client connection, and the request it is receiving.
final class ClientConnection: @unchecked Sendable {
  // NB: @unchecked: libmicrohttpd calls back for one connection on one thread at a time, and
  // only those callbacks touch the request fields; a worker hands its answer over in `answer`.
  let id: UInt64
  let address: String
  var target = ""
  var headers: [(name: String, value: String)] = []
  var body: [UInt8] = []
  var headersSeen = false
  /// Whether the request went to a worker (the connection is suspended until it answers).
  var dispatched = false
  let answer = Mutex<(request: Request, response: Response)?>(nil)

  /// The largest body this request may carry (`WebApp.maxBodySize(for:)` of its path).
  var bodyLimit: Int {
    WebApp.maxBodySize(for: String(target.prefix { $0 != "?" && $0 != "#" }))
  }

  init(id: UInt64, address: String) {
    self.id = id
    self.address = address
  }

  func reset() {
    target = ""
    headers = []
    body = []
    headersSeen = false
    dispatched = false
  }
}

extension WebServer {
  /// libmicrohttpd's access handler: called once the head has arrived, once per piece of body,
  /// and once more when the request is complete.
  func access(
    _ connection: OpaquePointer, method: String, upload: UnsafePointer<CChar>?,
    uploadSize: UnsafeMutablePointer<Int>?
  ) -> MHD_Result {
    guard let client = Self.client(of: connection) else { return .NO }
    if !client.headersSeen {
      client.headersSeen = true
      client.headers = Self.headers(of: connection)
      if var refusal = RequestFraming.refusal(client.headers) {
        // NB: queued before the body is read; "Connection: close" ends the connection after
        // it, so nothing pipelined behind an ambiguous body is ever answered.
        refusal.headers += WebApp.securityHeaders
        return queue(refusal, on: connection)
      }
      let length = client.headers.first { $0.name.lowercased() == "content-length" }?.value
      let limit = client.bodyLimit
      if let length, let declared = Int(length), declared > limit {
        // NB: queued before the body arrives, so libmicrohttpd skips it and closes.
        return queue(
          .error(413, "the request body is larger than \(limit / 1024) KiB"), on: connection)
      }
      return .YES
    }
    if let uploadSize, uploadSize.pointee > 0 {
      let count = uploadSize.pointee
      // A chunked body past the limit: no response can be queued mid-upload, so close.
      guard client.body.count + count <= client.bodyLimit, let upload else { return .NO }
      client.body += UnsafeRawBufferPointer(start: upload, count: count)
      uploadSize.pointee = 0
      return .YES
    }
    if client.dispatched {
      // Called again once the worker resumed the connection: send what it made.
      guard let (request, response) = client.answer.withLock({ $0.take() }) else { return .YES }
      client.dispatched = false
      let wasLarge =
        client.body.count >= Self.largeBodyBytes || response.body.count >= Self.largeBodyBytes
      client.body = []
      let result = send(consume response, for: request, on: connection)
      if wasLarge { Self.returnFreedMemory() }
      return result
    }
    deadlines.withLock { $0.requestReceived(client.id) }
    let request: Request
    do {
      var parsed = try RequestParser.parse(
        method: method, target: client.target, headers: client.headers, body: client.body,
        isSecure: isSecure, clientAddress: client.address)
      ForwardedHeaders.apply(to: &parsed, trustedProxies: configuration.trustedProxies)
      request = parsed
    } catch {
      var refusal = error.response
      refusal.headers += WebApp.securityHeaders
      return queue(refusal, on: connection)
    }
    // NB: a read of the list that memory answers costs less than the hand-over to a worker
    // and back; it is answered here, on the network thread.
    if app.answersFromMemory(request) {
      return send(app.handle(request), for: request, on: connection)
    }
    // NB: The handler runs on a worker while the connection sleeps; the network thread goes
    // on serving its other connections.
    client.dispatched = true
    mhd.MHD_suspend_connection(connection)
    let suspended = SuspendedConnection(pointer: connection)
    let handle: @Sendable () -> Void = { [self] in
      let writes = WebApp.mutating.contains(request.method)
      if writes { writesInFlight.add(1, ordering: .acquiringAndReleasing) }
      let response = app.handle(request)
      if writes {
        // NB: a list change was announced at its commit already (`WebApp.onWrite`); this
        // announces the other routes' (recipes, pantry…). The store watcher leaves this
        // server's own writes to the thread that makes them (see `start()`).
        if response.status < 400 { checkForChanges() }
        writesInFlight.subtract(1, ordering: .acquiringAndReleasing)
      }
      client.answer.withLock { $0 = (request, response) }
      mhd.MHD_resume_connection(suspended.pointer)
    }
    if !submit(handle) { handle() }
    return .YES
  }

  /// A request or answer body from this size on leaves megabytes freed but kept by the
  /// allocator once answered.
  static let largeBodyBytes = 1 << 20

  /// Hands memory freed by a large request back to the system: glibc keeps freed memory for
  /// reuse, so one pasted recipe of 20 MB would otherwise keep the server's size for good.
  static func returnFreedMemory() {
    #if canImport(Glibc)
      malloc_trim(0)
    #endif
  }

  /// Sends a handler's response: a complete reply, or the start of an event stream.
  private func send(_ response: Response, for request: Request, on connection: OpaquePointer)
    -> MHD_Result
  {
    var response = response
    if response.kind == .eventStream {
      return openStream(
        on: connection, from: request.clientAddress,
        version: APIVersion(path: request.path) ?? .current, bare: request.query["list"] != nil,
        response)
    }
    if isSecure, let index = response.headers.firstIndex(where: { $0.name == "Set-Cookie" }),
      !response.headers[index].value.contains("; Secure")
    {
      response.headers[index].value += "; Secure"
    }
    return queue(response, on: connection)
  }

  /// The request's header lines, in order, duplicates kept.
  static func headers(of connection: OpaquePointer) -> [(name: String, value: String)] {
    final class Collected {
      var lines: [(name: String, value: String)] = []
    }
    let collected = Collected()
    withExtendedLifetime(collected) {
      _ = mhd.MHD_get_connection_values_n(
        connection, .HEADER_KIND,
        { raw, _, key, keySize, value, valueSize in
          guard let raw else { return .NO }
          let collected = Unmanaged<Collected>.fromOpaque(raw).takeUnretainedValue()
          let name = key.map { WebServer.text(UnsafeRawPointer($0), keySize) } ?? ""
          let value = value.map { WebServer.text(UnsafeRawPointer($0), valueSize) } ?? ""
          collected.lines.append((name, value))
          return .YES
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.lines
  }

  fileprivate static func text(_ pointer: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Sends `response` as a complete reply.
  func queue(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
    guard let reply = Self.reply(sending: response.body) else { return .NO }
    defer { mhd.MHD_destroy_response(reply) }
    for header in response.headers {
      _ = mhd.MHD_add_response_header(reply, header.name, header.value)
    }
    return mhd.MHD_queue_response(connection, UInt32(response.status), reply)
  }

  /// Bodies from this size on are sent from where they are, not copied (`HeldBody`).
  static let sharedBodyBytes = 16 * 1024

  /// A libmicrohttpd response for `body`. A small body is copied into it; a large one (the
  /// list, kept in `ListCache` and sent to many connections at once) is sent from the array
  /// itself, which the response holds until libmicrohttpd is done with it.
  static func reply(sending body: [UInt8]) -> OpaquePointer? {
    guard body.count >= sharedBodyBytes else {
      // NB: MUST_COPY never writes to the buffer, so the array is read in place.
      return body.withUnsafeBytes { bytes in
        mhd.MHD_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
      }
    }
    let held = Unmanaged.passRetained(HeldBody(body))
    let reply = mhd.MHD_create_response_from_buffer_with_free_callback_cls(
      body.count, held.takeUnretainedValue().start,
      { raw in
        guard let raw else { return }
        Unmanaged<HeldBody>.fromOpaque(raw).release()
      }, held.toOpaque())
    if reply == nil { held.release() }
    return reply
  }

  /// Starts a live-update stream: the head now, then events as the hub publishes them.
  private func openStream(
    on connection: OpaquePointer, from address: String, version: APIVersion, bare: Bool,
    _ response: Response
  ) -> MHD_Result {
    let stream: EventStream
    do {
      stream = try streams.open(
        on: connection, from: address, version: version, bare: bare, feed: feed)
    } catch {
      var busy =
        switch error {
        case .full: Response.error(503, "too many live pages are open; this one will retry")
        case .addressFull:
          Response.error(
            429,
            "this address has \(streams.perAddress) live pages open already; close some, and this one will retry"
          )
        }
      busy.headers += WebApp.securityHeaders + [.init("Retry-After", "10")]
      return queue(busy, on: connection)
    }
    let retained = Unmanaged.passRetained(stream)
    let reply = mhd.MHD_create_response_from_callback(
      UInt64.max, 16 * 1024,
      { raw, _, buffer, max in
        guard let raw, let buffer else { return -2 }
        return Unmanaged<EventStream>.fromOpaque(raw).takeUnretainedValue().read(
          into: buffer, max: max)
      }, retained.toOpaque(),
      { raw in
        guard let raw else { return }
        let stream = Unmanaged<EventStream>.fromOpaque(raw).takeRetainedValue()
        stream.registry.closed(stream)
      })
    guard let reply else {
      retained.release()
      stream.registry.closed(stream)
      return .NO
    }
    defer { mhd.MHD_destroy_response(reply) }
    for header in response.headers {
      _ = mhd.MHD_add_response_header(reply, header.name, header.value)
    }
    let socket = basket_mhd_connection_fd(mhd.MHD_get_connection_info, connection)
    let queued = mhd.MHD_queue_response(connection, 200, reply)
    if socket >= 0 { watchForHangUp(socket: socket, stream: stream.id) }
    return queued
  }
}

/// A response body libmicrohttpd sends from where it lies, held until it lets go.
private final class HeldBody: @unchecked Sendable {
  // NB: @unchecked: `bytes` is never mutated, and libmicrohttpd only reads `start`.
  let bytes: [UInt8]
  /// The first byte of `bytes`' storage. NB: a native array's storage stays where it is while
  /// the array is held and not mutated, so the address stays good for the object's life.
  let start: UnsafeMutableRawPointer

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    start = UnsafeMutableRawPointer(mutating: bytes.withUnsafeBytes { $0.baseAddress! })
  }
}

/// A connection a worker will resume once it has answered.
private struct SuspendedConnection: @unchecked Sendable {
  // NB: @unchecked: libmicrohttpd keeps a suspended connection alive until it is resumed.
  let pointer: OpaquePointer
}

/// The C callbacks libmicrohttpd calls, each handing over to the `WebServer` in `cls`.
enum Callbacks {
  static func server(_ raw: UnsafeMutableRawPointer) -> WebServer {
    Unmanaged<WebServer>.fromOpaque(raw).takeUnretainedValue()
  }

  static var access: MHD_AccessHandlerCallback {
    { cls, connection, _, method, _, upload, uploadSize, _ in
      guard let cls, let connection else { return .NO }
      return Callbacks.server(cls).access(
        connection, method: method.map { String(cString: $0) } ?? "", upload: upload,
        uploadSize: uploadSize)
    }
  }

  static var requestLine:
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?
    ) -> UnsafeMutableRawPointer?
  {
    { _, uri, connection in
      guard let connection, let client = WebServer.client(of: connection) else { return nil }
      client.reset()
      client.target = uri.map { String(cString: $0) } ?? ""
      return nil
    }
  }

  static var completed: MHD_RequestCompletedCallback {
    { cls, connection, _, _ in
      guard let cls, let connection else { return }
      Callbacks.server(cls).requestCompleted(connection)
    }
  }

  static var connection: MHD_NotifyConnectionCallback {
    { cls, connection, context, code in
      guard let cls, let connection, let context else { return }
      Callbacks.server(cls).connection(
        connection, context: context, opened: code == .CONNECTION_NOTIFY_STARTED)
    }
  }

  static var log: MHD_LogCallback {
    { cls, format, arguments in
      guard let cls, let format else { return }
      var buffer = [CChar](repeating: 0, count: 512)
      guard let arguments else { return }
      _ = vsnprintf(&buffer, buffer.count, format, arguments)
      let message = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      Callbacks.server(cls).note(message.trimmingCharacters(in: "\n"))
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var result = Substring(self)
    while result.last == set { result = result.dropLast() }
    return String(result)
  }
}
