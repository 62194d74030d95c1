import BasketKit
import Testing

@testable import BasketStore

/// The store holds a household's list: what it creates, only its owner may read.
@Suite struct PermissionTests {
  let directory = TemporaryDirectory()

  /// The permission bits of `path`, or nil when nothing is there.
  static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
  }

  static func setMode(_ mode: mode_t, of path: String) {
    #expect(chmod(path, mode) == 0)
  }

  /// Creates the store at `path` and leaves it open with a write in its log, so that its
  /// `-wal` and `-shm` files exist.
  private func storeWithAWrite(at path: String) throws -> SQLiteStore {
    let store = try openStore(path)
    try store.modify { $0.insert(StoreFixtures.item(1, "Milk")) }
    return store
  }

  // NB: these expect the usual umask (022 or 077), which keeps the owner's bits.
  @Test func aNewStoreItsLogAndItsDirectoriesAreForTheOwnerOnly() throws {
    let path = directory.file("a/b/basket.sqlite")
    let existing = Self.mode(of: directory.path)
    let store = try storeWithAWrite(at: path)

    #expect(Self.mode(of: directory.file("a")) == 0o700)
    #expect(Self.mode(of: directory.file("a/b")) == 0o700)
    #expect(Self.mode(of: path) == 0o600)
    #expect(Self.mode(of: path + "-wal") == 0o600)
    #expect(Self.mode(of: path + "-shm") == 0o600)
    #expect(Self.mode(of: directory.path) == existing)
    _ = store
  }

  @Test func anEmptyFileAlreadyThereKeepsItsPermissions() throws {
    let path = directory.file("basket.sqlite")
    writeBytes([], to: path)
    Self.setMode(0o640, of: path)
    let store = try storeWithAWrite(at: path)
    #expect(Self.mode(of: path) == 0o640)
    _ = store
  }

  @Test func aStoreSharedWithItsGroupStaysShared() throws {
    let path = directory.file("shared/basket.sqlite")
    do { _ = try storeWithAWrite(at: path) }
    Self.setMode(0o750, of: directory.file("shared"))
    Self.setMode(0o660, of: path)

    let store = try openStore(path)
    try store.modify { $0.insert(StoreFixtures.item(2, "Eggs")) }

    #expect(Self.mode(of: directory.file("shared")) == 0o750)
    #expect(Self.mode(of: path) == 0o660)
    #expect(Self.mode(of: path + "-wal") == 0o660)
    #expect(try store.items().count == 2)
  }

  @Test func aFreshStoreAfterRecoveryIsForTheOwnerOnlyAndTheBrokenOneKeepsItsPermissions()
    throws
  {
    let path = directory.file("basket.sqlite")
    writeBytes(damagedStore(count: 5000, seed: 1), to: path)
    Self.setMode(0o644, of: path)

    let (store, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
    try store.modify { $0.insert(StoreFixtures.item(1, "Milk")) }

    let aside = try #require(report.movedAsideTo)
    #expect(Self.mode(of: aside) == 0o644)
    #expect(Self.mode(of: path) == 0o600)
    #expect(Self.mode(of: path + "-wal") == 0o600)
  }
}
