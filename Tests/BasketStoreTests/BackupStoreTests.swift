import BasketKit
import Dispatch
import Synchronization
import Testing

@testable import BasketStore

/// `SQLiteStore.backup(storeAt:to:)` and `restore(from:into:keepingOldAt:now:)`: copies made
/// while another connection writes, and a store put back under an open connection.
@Suite struct BackupStoreTests {
  static func store(_ path: String) throws -> SQLiteStore {
    try SQLiteStore.open(at: path, now: StoreFixtures.now).0
  }

  static func insert(_ store: SQLiteStore, _ n: Int, _ name: String) throws {
    try store.modify { $0.insert(StoreFixtures.item(n, name)) }
  }

  @Test func aBackupMadeWhileAnotherConnectionWritesIsOneWholeFile() throws {
    let folder = TemporaryDirectory()
    let live = try Self.store(folder.file("basket.sqlite"))
    try Self.insert(live, 1, "milk")
    let writing = Atomic<Bool>(true)
    let done = Atomic<Int>(0)
    let finished = DispatchGroup()
    DispatchQueue.global().async(group: finished) {
      var n = 2
      while writing.load(ordering: .acquiring) {
        try? Self.insert(live, n, "thing \(n)")
        n += 1
        done.store(n, ordering: .releasing)
      }
    }
    while done.load(ordering: .acquiring) < 20 { usleep(1_000) }
    let contents = try SQLiteStore.backup(
      storeAt: folder.file("basket.sqlite"), to: folder.file("copy.sqlite"))
    writing.store(false, ordering: .releasing)
    finished.wait()
    #expect(contents.items >= 19)
    #expect(contents.schemaVersion == Schema.latestVersion)
    #expect(try folder.listing().filter { $0.hasPrefix("copy") } == ["copy.sqlite"], "one file")
    let mode =
      try FileManager.default.attributesOfItem(atPath: folder.file("copy.sqlite"))[
        .posixPermissions] as? Int
    #expect(mode.map { $0 & 0o777 } == 0o600)
    let copy = try Self.store(folder.file("copy.sqlite"))
    #expect(try copy.items().count == contents.items)
    #expect(try SQLiteStore.contents(ofBackupAt: folder.file("copy.sqlite")) == contents)
  }

  @Test func aBackupNeverOverwritesAFile() throws {
    let folder = TemporaryDirectory()
    _ = try Self.store(folder.file("basket.sqlite"))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.file("copy.sqlite")))
    #expect(throws: StoreError.self) {
      try SQLiteStore.backup(storeAt: folder.file("basket.sqlite"), to: folder.file("copy.sqlite"))
    }
    #expect(try String(contentsOfFile: folder.file("copy.sqlite"), encoding: .utf8) == "mine")
  }

  @Test func aRestoreShowsOnAnOpenConnectionAndKeepsTheStoreBefore() throws {
    let folder = TemporaryDirectory()
    let live = try Self.store(folder.file("basket.sqlite"))
    try Self.insert(live, 1, "milk")
    _ = try SQLiteStore.backup(
      storeAt: folder.file("basket.sqlite"), to: folder.file("backup.sqlite"))
    try Self.insert(live, 2, "bread")
    let revisionBefore = try live.revision()
    // The caller restores from a scratch copy, which the restore upgrades and changes.
    _ = try SQLiteStore.backup(
      storeAt: folder.file("backup.sqlite"), to: folder.file("scratch.sqlite"))
    let contents = try SQLiteStore.restore(
      from: folder.file("scratch.sqlite"), into: folder.file("basket.sqlite"),
      keepingOldAt: folder.file("kept.sqlite"), now: StoreFixtures.now)
    #expect(contents.items == 1)
    #expect(
      try live.items().map(\.name) == ["milk"], "the open connection reads the restored store")
    #expect(try live.revision() > revisionBefore, "phones reload rather than merge")
    #expect(try live.changes(since: revisionBefore) == nil)
    try Self.insert(live, 3, "eggs")
    #expect(try live.items().map(\.name).sorted() == ["eggs", "milk"])
    let kept = try Self.store(folder.file("kept.sqlite"))
    #expect(try kept.items().map(\.name).sorted() == ["bread", "milk"])
  }

  @Test func aNewerOrForeignStoreIsNeverRestored() throws {
    let folder = TemporaryDirectory()
    let live = try Self.store(folder.file("basket.sqlite"))
    try Self.insert(live, 1, "milk")
    _ = try SQLiteStore.backup(
      storeAt: folder.file("basket.sqlite"), to: folder.file("newer.sqlite"))
    let connection = try Connection(path: folder.file("newer.sqlite"), flags: SQLITE_OPEN_READWRITE)
    try connection.execute("PRAGMA user_version = 99")
    #expect(
      throws: StoreError.newerSchema(
        found: 99, supported: Schema.latestVersion, path: folder.file("newer.sqlite"))
    ) {
      try SQLiteStore.restore(
        from: folder.file("newer.sqlite"), into: folder.file("basket.sqlite"),
        keepingOldAt: folder.file("kept.sqlite"), now: StoreFixtures.now)
    }
    try Data("not a store".utf8).write(to: URL(fileURLWithPath: folder.file("text.sqlite")))
    #expect(throws: StoreError.self) {
      try SQLiteStore.restore(
        from: folder.file("text.sqlite"), into: folder.file("basket.sqlite"),
        keepingOldAt: folder.file("kept.sqlite"), now: StoreFixtures.now)
    }
    #expect(try live.items().map(\.name) == ["milk"])
    #expect(!FileManager.default.fileExists(atPath: folder.file("kept.sqlite")))
  }
}
