import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// Notes on items on real SQLite files (schema v13): added by a migration of its own to a store
/// of every older version (the frozen schemas are `PlanStoreTests.older`), kept with their
/// change times across reopening, and a newer store still refused untouched.
@Suite struct NoteStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  private func basket(_ store: SQLiteStore) -> Basket {
    Fixtures.basket(over: store, clock: clock.appClock)
  }

  @Test(arguments: 1...12)
  func anOlderStoreGainsNotesWithItsRowsIntact(version: Int) throws {
    try runSQL(PlanStoreTests.older(version), on: path)
    let before = try MigrationTests.itemsAsStored(at: path)
    #expect(!before.isEmpty)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    let migrated = try store.items()
    #expect(migrated == before)
    #expect(migrated.allSatisfy { $0.note == nil && $0.changed.note == $0.changed.name })
    let first = try #require(try basket(store).sections().toGet.first)
    clock.advance(by: 5)
    try basket(store).setNote(first.id, "the big tub")

    let reopened = try openStore(path).items()
    #expect(reopened.first { $0.id == first.id }?.note == "the big tub")
    #expect(reopened.first { $0.id == first.id }?.changed.note == clock.now)
    #expect(reopened.filter { $0.id != first.id } == before.filter { $0.id != first.id })
  }

  @Test func aNoteAndItsTimeAreKeptAcrossReopeningAndTheLaterEditWins() throws {
    let store = try openStore(path)
    let yoghurt = try basket(store).add(name: "Yoghurt").item.id
    clock.advance(by: 60)
    try basket(store).setNote(yoghurt, "for Sam's lunch")
    let revision = try store.revision()

    let reopened = try openStore(path)
    let item = try #require(try reopened.items().first)
    #expect(item.note == "for Sam's lunch")
    #expect(item.changed.note == clock.now)
    #expect(item.changed.name == StoreFixtures.now)
    // A phone's note made before the one stored loses; one made after wins.
    let earlier = ListOperation(
      id: StoreFixtures.id(901), at: clock.now.addingTimeInterval(-30),
      change: .note(yoghurt, "the small pot"))
    #expect(try basket(reopened).apply([earlier]).first?.status == .applied)
    #expect(try openStore(path).items().first?.note == "for Sam's lunch")
    clock.advance(by: 60)
    let later = ListOperation(
      id: StoreFixtures.id(902), at: clock.now, change: .note(yoghurt, nil))
    #expect(try basket(reopened).apply([later]).first?.status == .applied)
    #expect(try openStore(path).items().first?.note == nil)
    #expect(try store.revision() > revision)
  }

  @Test func aNoteTooLongWritesNothing() throws {
    let store = try openStore(path)
    let yoghurt = try basket(store).add(name: "Yoghurt").item.id
    try basket(store).setNote(yoghurt, "the big tub")
    try runSQL("PRAGMA wal_checkpoint(TRUNCATE);", on: path)
    let before = bytes(of: path)
    let revision = try store.revision()
    #expect(throws: NoteError.tooLong(1 << 20)) {
      try basket(store).setNote(yoghurt, String(repeating: "x", count: 1 << 20))
    }
    #expect(try store.revision() == revision)
    #expect(bytes(of: path) == before)
    #expect(try store.items().first?.note == "the big tub")
  }

  @Test func aNoteWrittenByHandIsReadCleanedAndNeverDropsItsItem() throws {
    let store = try openStore(path)
    let yoghurt = try basket(store).add(name: "Yoghurt").item.id
    try runSQL(
      """
      UPDATE items SET note = 'the big' || char(27) || '[2J tub', note_changed_at = 'soon'
      WHERE id = '\(yoghurt.uuidString)';
      """, on: path)
    let item = try #require(try openStore(path).items().first)
    #expect(item.note == "the big[2J tub")
    #expect(item.changed.note == item.changed.name)
    try runSQL("UPDATE items SET note = char(7) || '  ';", on: path)
    #expect(try openStore(path).items().first?.note == nil)
  }

  @Test func aDamagedStoreIsSalvagedWithItsNotesAndAnOlderOneWithoutThem() throws {
    let broken = directory.file("broken.sqlite")
    let old = try openStore(broken)
    let yoghurt = try basket(old).add(name: "Yoghurt").item.id
    try basket(old).setNote(yoghurt, "the big tub")
    try runSQL("PRAGMA wal_checkpoint(TRUNCATE);", on: broken)
    let store = try openStore(path)
    #expect(store.salvage(from: broken).items == 1)
    #expect(try store.items().first?.note == "the big tub")

    let older = directory.file("older.sqlite")
    try runSQL(PlanStoreTests.older(12), on: older)
    let other = try openStore(directory.file("other.sqlite"))
    #expect(other.salvage(from: older).items > 0)
    #expect(try other.items().allSatisfy { $0.note == nil })
  }

  @Test func aNewerStoreWithNotesIsRefusedAndLeftByteForByte() throws {
    let store = try openStore(path)
    let yoghurt = try basket(store).add(name: "Yoghurt").item.id
    try basket(store).setNote(yoghurt, "the big tub")
    try expectNewerStoreRefusedUntouched(at: path)
  }
}
