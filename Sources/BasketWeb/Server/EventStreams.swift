internal import CMicroHTTPD
import Synchronization

/// The open live-update streams, at most `capacity` of them and `perAddress` from one
/// client address, so one client can't take every slot from the household's other phones.
///
/// One subscription to the change feed's hub fans each published change out to every stream:
/// the event, written once per API version, is queued on all of them first and then each
/// sleeping connection is woken, so the network threads find the whole fan-out waiting when
/// they wake and no lock is held while they do. A stream's slot is freed when libmicrohttpd
/// lets go of its response, which happens within milliseconds of the client leaving (see
/// `Housekeeper`).
final class EventStreams: Sendable {
  let capacity: Int
  let perAddress: Int
  /// How often a `ping` reaches every stream, told to each page in its hello.
  let heartbeatMilliseconds: Int

  private struct State {
    var open: [UInt64: EventStream] = [:]
    /// The open streams that hear changes, in the order they said hello.
    var listening: [EventStream] = []
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
    _ = hub.subscribe { [weak self] notice in self?.deliver(notice) }
  }

  var count: Int { state.withLock { $0.open.count } }

  /// Why a stream could not open.
  enum Refusal: Error {
    /// Every slot is taken, or the server is stopping.
    case full
    /// This address holds its share already.
    case addressFull
  }

  /// A new stream on `connection` for a client at `address` speaking `version`, its hello
  /// queued, hearing every change `feed` announces after the revision its hello names.
  func open(
    on connection: OpaquePointer, from address: String, version: APIVersion = .current,
    bare: Bool = false, feed: ChangeFeed
  ) throws(Refusal) -> EventStream {
    let opened: Result<EventStream, Refusal> = state.withLock { state in
      guard !state.closing, state.open.count < capacity else { return .failure(.full) }
      guard state.fromAddress[address, default: 0] < perAddress else {
        return .failure(.addressFull)
      }
      state.next += 1
      let stream = EventStream(
        id: state.next, connection: connection, address: address, version: version,
        bare: bare, registry: self)
      state.open[stream.id] = stream
      state.fromAddress[address, default: 0] += 1
      return .success(stream)
    }
    let stream = try opened.get()
    // NB: under the feed's lock, so no change is announced between the hello and the stream
    // joining the listeners: the page applies changes from exactly the hello's revision.
    feed.withAnnounced { revision in
      stream.enqueue(
        ServerSentEvent.hello(
          revision: revision ?? 0, heartbeatMilliseconds: heartbeatMilliseconds))
      state.withLock { state in
        if state.open[stream.id] != nil { state.listening.append(stream) }
      }
    }
    return stream
  }

  /// Queues `notice` on every listening stream, then wakes the sleeping ones. Runs on the
  /// publishing thread, inside the feed's lock; cost: one append per stream, one wake per
  /// sleeping one, the event written once per version in use.
  private func deliver(_ notice: ChangeNotice) {
    let streams = state.withLock { $0.listening }
    var older: [APIVersion: [UInt8]] = [:]
    var bare: [UInt8]?
    var sleeping: [EventStream] = []
    sleeping.reserveCapacity(streams.count)
    for stream in streams {
      let frame: [UInt8]
      if stream.bare {
        if bare == nil { bare = ChangeNotice(revision: notice.revision).frame }
        frame = bare ?? notice.frame
      } else if stream.version == .current {
        frame = notice.frame
      } else if let written = older[stream.version] {
        frame = written
      } else {
        frame = notice.frame(for: stream.version)
        older[stream.version] = frame
      }
      if stream.append(frame) { sleeping.append(stream) }
    }
    for stream in sleeping { stream.resume() }
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
    state.withLock { state in
      guard state.open.removeValue(forKey: stream.id) != nil else { return }
      state.listening.removeAll { $0 === stream }
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
  /// The API version the page speaks: the shape of the items its events carry.
  let version: APIVersion
  /// The page shows a list other than the first (`?list=`): its events carry the revision
  /// alone, and the page asks that list's `/changes`.
  let bare: Bool
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
  }

  /// A client that lets this much pile up unread is dropped (it reconnects and refetches).
  static let maxPending = 256 * 1024

  private let state = Mutex(State())

  init(
    id: UInt64, connection: OpaquePointer, address: String, version: APIVersion,
    bare: Bool = false, registry: EventStreams
  ) {
    self.id = id
    self.connection = connection
    self.address = address
    self.version = version
    self.bare = bare
    self.registry = registry
  }

  /// Queues `bytes` and wakes the connection if it sleeps.
  func enqueue(_ bytes: [UInt8]) {
    if append(bytes) { resume() }
  }

  /// Queues `bytes`; true when the connection sleeps and the caller must `resume()` it (once
  /// it holds no lock the network thread might want).
  func append(_ bytes: [UInt8]) -> Bool {
    state.withLock { state in
      guard state.ending == nil else { return false }
      if state.pending.count + bytes.count > Self.maxPending {
        state.ending = .tooSlow
      } else {
        state.pending += bytes
      }
      return wake(&state)
    }
  }

  func finish(_ ending: Ending) {
    let sleeping = state.withLock { state in
      if state.ending == nil { state.ending = ending }
      return wake(&state)
    }
    if sleeping { resume() }
  }

  /// Wakes the connection an `append` (or a `finish`) found asleep.
  func resume() {
    mhd.MHD_resume_connection(connection)
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

  /// Marks a sleeping connection awake; true when it was asleep (the caller resumes it).
  private func wake(_ state: inout State) -> Bool {
    guard state.suspended else { return false }
    state.suspended = false
    return true
  }
}
