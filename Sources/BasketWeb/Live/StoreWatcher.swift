import CLinux
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Watches the store's files (inotify on their folder) and calls `changed` when any process
/// may have written the list, so the server hears of a `basket add` without polling.
///
/// NB: A write shows in the files (the WAL grows) a moment before SQLite makes it visible to
/// readers (after its fsync, in the shared-memory index, which inotify can't see). So each
/// burst of file events is followed by a few re-checks (`FollowUpChecks`), cheap revision
/// reads spaced out to two seconds, after which the watcher sleeps until the next event.
public final class StoreWatcher: Sendable {
  private let inotify: Int32
  private let wake: WakeSignal
  private let stopping = Atomic<Bool>(false)
  private let thread = Mutex<BackgroundThread?>(nil)

  /// Watches the folder of `storePath` for changes to the store's files (the database, its
  /// `-wal` and `-journal`). Nil if inotify or a thread is unavailable; the caller then falls
  /// back to something slower.
  public init?(storePath: String, changed: @escaping @Sendable () -> Void) {
    let slash = storePath.lastIndex(of: "/")
    let folder = slash.map { storePath[..<$0].isEmpty ? "/" : String(storePath[..<$0]) } ?? "."
    let name = slash.map { String(storePath[storePath.index(after: $0)...]) } ?? storePath
    inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard inotify >= 0 else { return nil }
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE)
    guard inotify_add_watch(inotify, folder, mask) >= 0, let wake = WakeSignal() else {
      close(inotify)
      return nil
    }
    self.wake = wake
    guard
      let started = BackgroundThread({ [self] in
        run(name: Array(name.utf8), changed: changed)
      })
    else { return nil }
    thread.withLock { $0 = started }
  }

  deinit {
    close(inotify)
  }

  /// Stops watching and waits for the thread. Idempotent.
  public func stop() {
    stopping.store(true, ordering: .releasing)
    wake.signal()
    thread.joinOnce()
  }

  /// After a burst of file events the watcher stops listening this long: a transaction
  /// writes a dozen pages, each an event, and the kernel merges the ones that arrive
  /// meanwhile instead of waking the watcher (and the writer's CPU) for each.
  static let quietSeconds = 0.001

  private func run(name: [UInt8], changed: @Sendable () -> Void) {
    Self.yieldToWriters()
    var schedule = FollowUpChecks()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    var fds = [
      pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0),
    ]
    var quietUntil: Double?
    while !stopping.load(ordering: .acquiring) {
      let now = monotonicSeconds()
      if let until = quietUntil, now >= until { quietUntil = nil }
      let next = [schedule.next, quietUntil].compactMap { $0 }.min()
      let timeout = next.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) } ?? -1
      fds[0].revents = 0
      fds[1].revents = 0
      // NB: while quiet, only the wake-up descriptor is polled.
      let listening = quietUntil == nil
      let ready = fds.withUnsafeMutableBufferPointer { all in
        listening ? poll(all.baseAddress, 2, timeout) : poll(all.baseAddress! + 1, 1, timeout)
      }
      if ready > 0, fds[1].revents != 0 { wake.drain() }
      if ready > 0, listening, fds[0].revents != 0 {
        if readEvents(&buffer, concerning: name) {
          schedule.noteWrite(at: monotonicSeconds())
          changed()
          quietUntil = monotonicSeconds() + Self.quietSeconds
        }
      } else if let due = schedule.next, monotonicSeconds() >= due {
        schedule.checked(at: monotonicSeconds())
        changed()
      }
    }
  }

  /// Puts the calling thread in Linux's batch class: its wake-ups never preempt a running
  /// thread (the one writing the store), they wait for the next tick at most.
  private static func yieldToWriters() {
    #if canImport(Glibc)
      var parameters = sched_param(sched_priority: 0)
      _ = pthread_setschedparam(pthread_self(), BASKET_SCHED_BATCH, &parameters)
    #endif
  }

  /// Reads every pending inotify event; true if one concerns a file whose name starts with
  /// the store's (the database, `-wal`, `-journal`, `-shm`).
  private func readEvents(_ buffer: inout [UInt8], concerning name: [UInt8]) -> Bool {
    var relevant = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      guard count > 0 else { return relevant }
      var offset = 0
      // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
      while offset + 16 <= count {
        let length = buffer.withUnsafeBytes {
          Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        }
        let start = offset + 16
        let end = min(count, start + length)
        let file = buffer[start..<end].prefix { $0 != 0 }
        if file.starts(with: name) { relevant = true }
        offset = start + length
      }
    }
  }
}

/// When to re-read the store's revision after its files change: at once, then 2, 8, 32, 128,
/// 512 and 2,048 ms after the last write event, then not until the next event. Pure.
struct FollowUpChecks: Equatable {
  static let delays: [Double] = [0.002, 0.008, 0.032, 0.128, 0.512, 2.048]

  private var lastWrite: Double?
  private var done = 0

  /// The monotonic time of the next re-check, or nil to sleep until an event.
  var next: Double? {
    guard let lastWrite, done < Self.delays.count else { return nil }
    return lastWrite + Self.delays[done]
  }

  /// A write event arrived at `now`: the sequence starts over.
  mutating func noteWrite(at now: Double) {
    lastWrite = now
    done = 0
  }

  /// A re-check ran at `now`: move past every check that was due.
  mutating func checked(at now: Double) {
    guard let lastWrite else { return }
    while done < Self.delays.count, lastWrite + Self.delays[done] <= now { done += 1 }
  }
}
