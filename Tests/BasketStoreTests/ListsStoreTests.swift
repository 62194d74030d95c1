import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// Several lists on real SQLite files (schema v14): today's list becomes the first by a
/// migration from every older version (frozen in `PlanStoreTests.older`); each list keeps its
/// own items, changes and tombstones; a removed list keeps its items until restored.
@Suite struct ListsStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  private func basket(_ store: SQLiteStore) -> Basket {
    Fixtures.basket(over: store, clock: clock.appClock)
  }

  private func lists(_ store: SQLiteStore) throws -> HouseholdLists {
    try #require(basket(store).lists)
  }

  @Test(arguments: 1...13)
  func anOlderStoresListBecomesTheFirstWithItsRowsIntact(version: Int) throws {
    try runSQL(PlanStoreTests.older(version), on: path)
    let before = try MigrationTests.itemsAsStored(at: path)
    #expect(!before.isEmpty)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items() == before)
    let all = try lists(store).all()
    #expect(all.map(\.name) == ["Groceries"])
    #expect(all.first?.calDAVName == "basket")
    #expect(try store.currentList() == all.first)
    // A second list starts empty and leaves the first as it was.
    let party = try lists(store).add("Party")
    try store.onList(party.id) { _ = try basket(store).add(text: "balloons") }
    #expect(try openStore(path).items() == before)
    #expect(try store.onList(party.id) { try store.items().map(\.name) } == ["balloons"])
  }

  @Test func aNewStoreHasOneListAndANewerOneIsStillRefusedUntouched() throws {
    let store = try openStore(path)
    #expect(try lists(store).all().map(\.name) == ["Groceries"])
    try runSQL("PRAGMA user_version = \(Schema.latestVersion + 1)", on: path)
    let before = bytes(of: path)
    #expect(throws: StoreError.self) { try SQLiteStore.open(at: path, now: StoreFixtures.now) }
    #expect(bytes(of: path) == before)
  }

  @Test func eachListKeepsItsOwnItemsChangesAndDuplicates() throws {
    let store = try openStore(path)
    let household = try lists(store)
    let hardware = try household.add("Hardware")
    let milk = try basket(store).add(text: "milk").item
    let start = try store.revision()
    try store.onList(hardware.id) {
      _ = try basket(store).add(text: "milk")  // another list: a new item, not a duplicate
      _ = try basket(store).add(text: "screws")
    }
    #expect(try store.items().map { $0.name.lowercased() } == ["milk"])
    #expect(
      try store.onList(hardware.id) { try store.items().map { $0.name.lowercased() } } == [
        "milk", "screws",
      ])
    // /changes answers per list.
    #expect(try store.changes(since: start)?.items.isEmpty == true)
    #expect(
      try store.onList(hardware.id) { try store.changes(since: start)?.items.count } == 2)
    // A change to the first list's item through the other list finds nothing there.
    #expect(throws: (any Error).self) {
      try store.onList(hardware.id) { try basket(store).check(milk.id) }
    }
    #expect(try store.items().first?.checkedAt == nil)
    // Counts per list.
    #expect(try household.counts(of: hardware) == ListCounts(toGet: 2, gotIt: 0))
    // The process's own list (`--list`).
    store.useList(hardware.id)
    #expect(try store.items().count == 2)
    store.useList(nil)
    #expect(try store.items().count == 1)
  }

  @Test func renamingMovingRemovingAndRestoringAreKeptAndLoseNoItem() throws {
    let store = try openStore(path)
    let household = try lists(store)
    let party = try household.add("Party")
    try household.add("Hardware")
    try store.onList(party.id) { _ = try basket(store).add(text: "balloons") }

    #expect(throws: ListsError.duplicate("Party")) { try household.add("party") }
    #expect(throws: ListsError.duplicate("Hardware")) {
      try household.rename("Party", to: "HARDWARE")
    }
    try household.rename("party", to: "Birthday")
    try household.move("Birthday", to: 0)
    #expect(
      try lists(try openStore(path)).all().map(\.name) == ["Birthday", "Groceries", "Hardware"])

    clock.advance(by: 60)
    try household.remove("Birthday")
    #expect(try household.all().map(\.name) == ["Groceries", "Hardware"])
    #expect(throws: ListsError.removed("Birthday")) {
      try store.onList(party.id) { try store.items() }
    }
    // The first list is now Groceries.
    #expect(try store.currentList().name == "Groceries")
    // The items wait with the removed list.
    let restored = try lists(try openStore(path)).restore("birthday")
    #expect(restored.removedAt == nil)
    #expect(
      try store.onList(party.id) { try store.items().map { $0.name.lowercased() } } == ["balloons"])
    #expect(try household.all().map(\.name) == ["Groceries", "Hardware", "Birthday"])
  }

  @Test func theLastListCantBeRemovedAndABadNameWritesNothing() throws {
    let store = try openStore(path)
    let household = try lists(store)
    let revision = try store.revision()
    #expect(throws: ListsError.lastList("Groceries")) { try household.remove("Groceries") }
    #expect(throws: ListsError.badName("a list needs a name")) { try household.add(" \u{7} ") }
    #expect(throws: ListsError.self) { try household.add(String(repeating: "x", count: 41)) }
    #expect(throws: ListsError.self) { try household.rename("Nope", to: "Else") }
    #expect(try store.revision() == revision)
    try household.add("Party")
    #expect(try store.revision() == revision + 1)
  }

  /// The list is chosen inside the change's own transaction (`useListOnceBegun`): a change to
  /// a removed list is refused there and rolled back, leaving the write lock free for the next
  /// change, in this process and in another one; a list another process moves first is the one
  /// the next change goes to.
  @Test func aChangeChoosesItsListInsideItsTransaction() throws {
    let store = try openStore(path)
    let other = try openStore(path)
    let household = try lists(store)
    let party = try household.add("Party")
    try household.remove("Party")
    let revision = try store.revision()

    // NB: `useList` (the process's `--list`), not `onList`, which checks the list up front.
    store.useList(party.id)
    #expect(throws: ListsError.removed("Party")) { _ = try basket(store).add(text: "balloons") }
    #expect(throws: ListsError.removed("Party")) { try store.changes(since: revision) }
    store.useList(nil)
    #expect(try store.revision() == revision)
    _ = try basket(other).add(text: "milk")
    _ = try basket(store).add(text: "bread")
    #expect(try other.items().map(\.name) == ["milk", "bread"])

    let hardware = try lists(other).add("Hardware")
    try lists(other).move("Hardware", to: 0)
    _ = try basket(store).add(text: "screws")
    #expect(try store.onList(hardware.id) { try store.items().map(\.name) } == ["screws"])
  }

  @Test func aTombstoneBelongsToItsList() throws {
    let store = try openStore(path)
    let party = try lists(store).add("Party")
    let start = try store.revision()
    let cake = try store.onList(party.id) { try basket(store).add(text: "cake").item }
    try store.onList(party.id) { try basket(store).remove(cake.id) }
    #expect(try store.changes(since: start)?.removed.isEmpty == true)
    #expect(try store.onList(party.id) { try store.changes(since: start)?.removed } == [cake.id])
  }
}
