import Dispatch
import Synchronization

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

extension SQLiteStore {
  /// Copies the write-ahead log back into the file on a thread of its own, from now until
  /// this store is released, rather than in whichever write fills it.
  ///
  /// SQLite's own checkpoint runs inside the commit that takes the log past 1,000 pages: one
  /// write in every hundred or so waits while the log is copied and the file synced, several
  /// milliseconds in a large store. A server calls this at start, so no request pays for it;
  /// one-off commands keep SQLite's way, as they write a few pages and leave.
  ///
  /// - Parameter pages: the log's size, in pages, at which a commit asks for a checkpoint.
  public func checkpointInBackground(pages: Int32 = 1_000) {
    let checkpointer = BackgroundCheckpointer(path: path, pages: pages)
    installCheckpointer(checkpointer)
  }
}

/// Checkpoints a store's log on a serial queue of its own, over its own connection, when a
/// commit on the store's connection (through `sqlite3_wal_hook`) says the log is long.
final class BackgroundCheckpointer: Sendable {
  let path: String
  let pages: Int32
  private let queue = DispatchQueue(label: "basket.checkpoint", qos: .utility)
  private let state = Mutex(State())

  private struct State {
    /// A checkpoint is queued or running; commits meanwhile don't queue another.
    var pending = false
    /// The queue's connection could not be opened: commits checkpoint as SQLite would.
    var failed = false
    var stopped = false
    var completed = 0
  }

  /// Only ever used on `queue`.
  private nonisolated(unsafe) var connection: Connection?

  init(path: String, pages: Int32) {
    self.path = path
    self.pages = pages
  }

  /// How many checkpoints the queue has run.
  var completed: Int { state.withLock { $0.completed } }

  /// Called on the committing thread after each commit with the log's length in pages.
  /// Returns true when the commit itself should checkpoint (the queue can't).
  func committed(logPages: Int32) -> Bool {
    guard logPages >= pages else { return false }
    let (schedule, inline) = state.withLock { state -> (Bool, Bool) in
      if state.failed { return (false, true) }
      if state.pending || state.stopped { return (false, false) }
      state.pending = true
      return (true, false)
    }
    if schedule { queue.async { self.checkpoint() } }
    return inline
  }

  private func checkpoint() {
    defer { state.withLock { $0.pending = false } }
    guard !state.withLock({ $0.stopped }) else { return }
    do {
      if connection == nil {
        let opened = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        try opened.execute("PRAGMA synchronous = FULL")
        connection = opened
      }
      // NB: PASSIVE waits for nobody: frames a reader still needs stay for the next one.
      try connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
      state.withLock { $0.completed += 1 }
    } catch {
      connection = nil
      state.withLock { $0.failed = true }
    }
  }

  /// Waits for a queued checkpoint to finish.
  func drain() { queue.sync {} }

  /// Lets a queued checkpoint finish and closes the queue's connection, so the store's own is
  /// the last to close (and SQLite folds the log into the file then).
  func stop() {
    state.withLock { $0.stopped = true }
    queue.sync { connection = nil }
  }
}

extension Connection {
  /// Sends each commit's log length to `checkpointer` in place of SQLite's own checkpoint
  /// (`sqlite3_wal_hook` replaces `wal_autocheckpoint`). `checkpointer` must outlive this.
  func reportCommits(to checkpointer: BackgroundCheckpointer) {
    let context = Unmanaged.passUnretained(checkpointer).toOpaque()
    sqlite3_wal_hook(
      handle,
      { context, db, name, pages in
        guard let context else { return SQLITE_OK }
        let checkpointer = Unmanaged<BackgroundCheckpointer>.fromOpaque(context)
          .takeUnretainedValue()
        if checkpointer.committed(logPages: pages) {
          sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
        return SQLITE_OK
      }, context)
  }
}
