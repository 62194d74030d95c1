import CLinux
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A POSIX thread running one closure; `join()` waits for it to return.
final class BackgroundThread: @unchecked Sendable {
  // NB: @unchecked: `thread` is written once in init, before the object is shared.
  private var thread = pthread_t()

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// The stack every such thread gets, whatever `ulimit -s` says (glibc's default follows it,
  /// usually 8 MiB): a request may build the recipe tables on first use. Only the pages a
  /// thread touches become resident.
  static let stackSize = 12 << 20

  /// Starts `body` on a new thread; nil if the system refuses another thread.
  init?(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Body(body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, Self.stackSize)
    let started = pthread_create(
      &thread, &attributes,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, box.toOpaque())
    if started != 0 {
      box.release()
      return nil
    }
  }

  func join() {
    pthread_join(thread, nil)
  }
}

extension Mutex where Value == BackgroundThread? {
  /// Waits for the thread held here and lets it go, so that a second call, from a `stop()`
  /// called again, finds none and returns at once.
  func joinOnce() {
    let running = withLock { current -> BackgroundThread? in
      defer { current = nil }
      return current
    }
    running?.join()
  }
}

/// An eventfd that one thread signals to wake another from `poll` or `epoll_wait`.
final class WakeSignal: Sendable {
  let fd: Int32

  init?() {
    fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    if fd < 0 { return nil }
  }

  deinit {
    close(fd)
  }

  func signal() {
    var one: UInt64 = 1
    _ = write(fd, &one, 8)
  }

  func drain() {
    var value: UInt64 = 0
    _ = read(fd, &value, 8)
  }
}

/// Monotonic seconds (never steps back with the wall clock).
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
