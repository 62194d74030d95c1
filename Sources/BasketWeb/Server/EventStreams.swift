internal import CMicroHTTPD
import Synchronization

/// The open live-update streams, at most `capacity` of them and `perAddress` from one
/// client address, so one client can't take every slot from the household's other phones.
///
/// Each stream subscribes to the change feed's hub: a published change is queued on every
/// stream and wakes its (suspended) connection at once. A stream's slot is freed when
/// libmicrohttpd lets go of its response, which happens within milliseconds of the client
/// leaving (see `Housekeeper`).
final class EventStreams: Sendable {
  let capacity: Int
  let perAddress: Int
  /// How often a `ping` reaches every stream, told to each page in its hello.
  let heartbeatMilliseconds: Int
  private let hub: BroadcastHub<ChangeNotice>

  private struct State {
    var open: [UInt64: EventStream] = [:]
    var fromAddress: [String: Int] = [:]
    var next: UInt64 = 0
    var closing = false
  }

  private let state = Mutex(State())

  init(
    capacity: Int, perAddress: Int, heartbeatMilliseconds: Int, hub: BroadcastHub<ChangeNotice>
  ) {
    self.capacity = capacity
    self.perAddress = perAddress
    self.heartbeatMilliseconds = heartbeatMilliseconds
    self.hub = hub
  }

  var count: Int { state.withLock { $0.open.count } }

  /// Why a stream could not open.
  enum Refusal: Error {
    /// Every slot is taken, or the server is stopping.
    case full
    /// This address holds its share already.
    case addressFull
  }

  /// A new stream on `connection` for a client at `address` speaking `version`, subscribed
  /// to `feed`, its hello queued.
  func open(
    on connection: OpaquePointer, from address: String, version: APIVersion = .current,
    feed: ChangeFeed
  ) throws(Refusal) -> EventStream {
    let opened: Result<EventStream, Refusal> = state.withLock { state in
      guard !state.closing, state.open.count < capacity else { return .failure(.full) }
      guard state.fromAddress[address, default: 0] < perAddress else {
        return .failure(.addressFull)
      }
      state.next += 1
      let stream = EventStream(
        id: state.next, connection: connection, address: address, registry: self)
      state.open[stream.id] = stream
      state.fromAddress[address, default: 0] += 1
      return .success(stream)
    }
    let stream = try opened.get()
    let heartbeat = heartbeatMilliseconds
    let token = feed.subscribe(
      initial: { revision in
        stream.enqueue(
          ServerSentEvent.hello(revision: revision ?? 0, heartbeatMilliseconds: heartbeat))
      },
      { notice in stream.enqueue(notice.frame(for: version)) })
    stream.subscribed(token)
    return stream
  }

  /// The client of stream `id` left: end it so its slot frees.
  func finish(_ id: UInt64) {
    state.withLock { $0.open[id] }?.finish(.clientLeft)
  }

  func broadcast(_ bytes: [UInt8]) {
    for stream in state.withLock({ Array($0.open.values) }) { stream.enqueue(bytes) }
  }

  /// Refuses new streams and ends every open one (the server is stopping).
  func closeAll() {
    let all = state.withLock { state in
      state.closing = true
      return Array(state.open.values)
    }
    for stream in all { stream.finish(.serverStopping) }
  }

  /// libmicrohttpd is done with the stream: free its slot.
  func closed(_ stream: EventStream) {
    if let token = stream.token { hub.unsubscribe(token) }
    state.withLock { state in
      guard state.open.removeValue(forKey: stream.id) != nil else { return }
      let left = state.fromAddress[stream.address, default: 1] - 1
      state.fromAddress[stream.address] = left > 0 ? left : nil
    }
  }
}

/// One live-update stream: bytes waiting to be sent, and whether its connection is suspended.
final class EventStream: @unchecked Sendable {
  // NB: @unchecked: `connection` is libmicrohttpd's handle, valid until the response's free
  // callback (which ends this stream's use); every mutable field lives in `state`.
  let id: UInt64
  let connection: OpaquePointer
  /// The client's address, whose share the stream counts against.
  let address: String
  let registry: EventStreams

  enum Ending {
    case clientLeft
    case serverStopping
    case tooSlow
  }

  private struct State {
    var pending: [UInt8] = []
    var suspended = false
    var ending: Ending?
    var token: BroadcastHub<ChangeNotice>.Token?
  }

  /// A client that lets this much pile up unread is dropped (it reconnects and refetches).
  static let maxPending = 256 * 1024

  private let state = Mutex(State())

  init(id: UInt64, connection: OpaquePointer, address: String, registry: EventStreams) {
    self.id = id
    self.connection = connection
    self.address = address
    self.registry = registry
  }

  var token: BroadcastHub<ChangeNotice>.Token? { state.withLock { $0.token } }

  func subscribed(_ token: BroadcastHub<ChangeNotice>.Token) {
    state.withLock { $0.token = token }
  }

  /// Queues `bytes` and wakes the connection if it sleeps.
  func enqueue(_ bytes: [UInt8]) {
    state.withLock { state in
      guard state.ending == nil else { return }
      if state.pending.count + bytes.count > Self.maxPending {
        state.ending = .tooSlow
      } else {
        state.pending += bytes
      }
      wake(&state)
    }
  }

  func finish(_ ending: Ending) {
    state.withLock { state in
      if state.ending == nil { state.ending = ending }
      wake(&state)
    }
  }

  /// libmicrohttpd's content reader: copies out what is queued; with nothing queued, suspends
  /// the connection (returning 0) until `enqueue` or `finish` resumes it.
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    state.withLock { state in
      if !state.pending.isEmpty, state.ending != .clientLeft {
        let count = min(max, state.pending.count)
        state.pending.withUnsafeBytes { bytes in
          UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
        }
        state.pending.removeFirst(count)
        return count
      }
      switch state.ending {
      case .serverStopping: return -1  // MHD_CONTENT_READER_END_OF_STREAM: a clean end
      case .clientLeft, .tooSlow: return -2  // MHD_CONTENT_READER_END_WITH_ERROR: close now
      case nil:
        state.suspended = true
        mhd.MHD_suspend_connection(connection)
        return 0
      }
    }
  }

  private func wake(_ state: inout State) {
    guard state.suspended else { return }
    state.suspended = false
    mhd.MHD_resume_connection(connection)
  }
}
