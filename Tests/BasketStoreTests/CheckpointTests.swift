import BasketKit
import Testing

@testable import BasketStore

/// `checkpointInBackground`: the log is copied back into the file by a queue of its own, never
/// by the commit that fills it, and the store's file is whole when it closes.
@Suite struct CheckpointTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  /// Adds `count` items, one commit each.
  private func add(_ count: Int, to store: SQLiteStore, from first: Int = 1) throws {
    for n in first..<(first + count) {
      try store.modify { $0.insert(StoreFixtures.item(n, "Item \(n)")) }
    }
  }

  @Test func aLongLogIsCheckpointedByTheQueue() throws {
    let store = try openStore(path)
    store.checkpointInBackground(pages: 8)
    let before = try #require(bytes(of: path))
    try add(40, to: store)
    let runs = try #require(store.backgroundCheckpoints())
    #expect(runs >= 1)
    // In WAL mode only a checkpoint writes to the store's own file.
    #expect(bytes(of: path) != before)
    #expect(try store.items().count == 40)
  }

  /// The log's length on disk after 40 one-item commits into a fresh store in its own
  /// directory, with `checkpointer` (made for that store's path) installed first.
  private func logAfterCommits(_ checkpointer: ((String) -> BackgroundCheckpointer)?) throws
    -> Int
  {
    let folder = TemporaryDirectory()
    let path = folder.file("basket.sqlite")
    let store = try openStore(path)
    if let checkpointer {
      store.installCheckpointer(checkpointer(path))
    } else {
      try store.withConnection { try $0.execute("PRAGMA wal_autocheckpoint = 8") }
    }
    try add(40, to: store)
    _ = store.backgroundCheckpoints()
    #expect(try store.items().count == 40)
    return bytes(of: path + "-wal")?.count ?? 0
  }

  @Test func noCommitCheckpointsUnlessTheQueueCannot() throws {
    // SQLite's own checkpoint at 8 pages keeps the log short: it starts again from the top.
    let ownWay = try logAfterCommits(nil)
    // With the queue stopped nothing checkpoints, so the log grows past that: no commit did.
    let held = try logAfterCommits { path in
      let checkpointer = BackgroundCheckpointer(path: path, pages: 8)
      checkpointer.stop()
      return checkpointer
    }
    #expect(held > ownWay)
    // A queue that can't open its connection leaves it to the commits, as SQLite would.
    let failing = try logAfterCommits { path in
      BackgroundCheckpointer(path: path + ".missing", pages: 8)
    }
    #expect(failing < held)
  }

  @Test func theStoreIsWholeInItsFileOnceClosed() throws {
    do {
      let store = try openStore(path)
      store.checkpointInBackground(pages: 8)
      try add(25, to: store)
    }
    #expect(bytes(of: path + "-wal") == nil)
    let reopened = try openStore(path)
    #expect(try reopened.items().map(\.name).sorted() == (1...25).map { "Item \($0)" }.sorted())
  }
}
