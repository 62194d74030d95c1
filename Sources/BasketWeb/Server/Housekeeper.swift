import CLinux
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The server's one background thread: notices live-update clients hanging up, and runs a
/// periodic tick (closing overdue connections, sending heartbeats).
///
/// NB: libmicrohttpd stops watching a connection while it is suspended (an idle event stream
/// is), so without this a page that closed would keep its slot until the next heartbeat write
/// failed. Here each stream's socket sits in an epoll set for EPOLLRDHUP, one-shot: the first
/// sign of the peer leaving (FIN, reset) is reported once, within milliseconds.
final class Housekeeper: Sendable {
  private let epoll: Int32
  private let wake: WakeSignal
  private let stopping = Atomic<Bool>(false)
  private let thread = Mutex<BackgroundThread?>(nil)

  /// Starts the thread; `onHangUp` gets the id given to `watch`, `onTick` runs every
  /// `tickSeconds`. Nil if the system refuses an epoll set or a thread.
  init?(
    tickSeconds: Double, onHangUp: @escaping @Sendable (UInt64) -> Void,
    onTick: @escaping @Sendable () -> Void
  ) {
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard epoll >= 0, let wake = WakeSignal() else {
      if epoll >= 0 { close(epoll) }
      return nil
    }
    self.wake = wake
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.u64 = UInt64.max
    epoll_ctl(epoll, EPOLL_CTL_ADD, wake.fd, &event)
    // NB: The thread holds the housekeeper until `stop()` ends it.
    guard
      let started = BackgroundThread({ [self] in
        run(tickSeconds: tickSeconds, onHangUp: onHangUp, onTick: onTick)
      })
    else { return nil }
    thread.withLock { $0 = started }
  }

  deinit {
    close(epoll)
  }

  /// Reports `id` once when the peer of `socket` hangs up. Call while the socket is open.
  func watch(socket: Int32, id: UInt64) {
    var event = epoll_event()
    event.events = EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue
    event.data.u64 = id
    epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event)
  }

  /// Stops the thread and waits for it. Idempotent.
  func stop() {
    stopping.store(true, ordering: .releasing)
    wake.signal()
    thread.joinOnce()
  }

  private func run(
    tickSeconds: Double, onHangUp: @Sendable (UInt64) -> Void, onTick: @Sendable () -> Void
  ) {
    var events = [epoll_event](repeating: epoll_event(), count: 64)
    var nextTick = monotonicSeconds() + tickSeconds
    while !stopping.load(ordering: .acquiring) {
      let wait = max(0, Int32((nextTick - monotonicSeconds()) * 1000) + 1)
      let count = epoll_wait(epoll, &events, Int32(events.count), wait)
      for index in 0..<max(0, Int(count)) {
        let id = events[index].data.u64
        if id == UInt64.max {
          wake.drain()
        } else {
          onHangUp(id)
        }
      }
      if monotonicSeconds() >= nextTick {
        onTick()
        nextTick = monotonicSeconds() + tickSeconds
      }
    }
  }
}
