import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// Aisle categories on real SQLite files (schema v15): the household's choice per name, added
/// by a migration of its own to a store of every older version (the frozen schemas are
/// `PlanStoreTests.older`), read into every item, kept across reopening and the item's
/// removal, and a newer store still refused untouched.
@Suite struct CategoryStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  private func basket(_ store: SQLiteStore) -> Basket {
    Fixtures.basket(over: store, clock: clock.appClock, classifier: EmojiClassifier.shared)
  }

  /// A category other than the classifier's for `name`.
  private func another(than name: String) -> String {
    EmojiClassifier.shared.classify(name).category == "pet" ? "baby" : "pet"
  }

  @Test(arguments: 1...14)
  func anOlderStoreGainsCategoriesWithItsRowsIntact(version: Int) throws {
    try runSQL(PlanStoreTests.older(version), on: path)
    let before = try MigrationTests.itemsAsStored(at: path)
    #expect(!before.isEmpty)

    let store = try openStore(path)

    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    let migrated = try store.items()
    // `itemsAsStored` reads the columns every version has: v14's note is checked apart.
    #expect(
      migrated.filter { $0.note != nil }.map(\.note) == (version == 14 ? ["the big tub"] : []))
    let withoutNotes = migrated.map { item in
      var plain = item
      plain.note = nil
      plain.changed.note = item.changed.name
      return plain
    }
    #expect(withoutNotes == before)
    #expect(migrated.allSatisfy { $0.category == nil })
    let first = try #require(try basket(store).sections().toGet.first)
    let category = another(than: first.name)
    try basket(store).setCategory(first.id, category)

    let reopened = try openStore(path).items()
    #expect(reopened.first { $0.id == first.id }?.category == category)
    let others = reopened.filter { NameKey.of($0.name) != NameKey.of(first.name) }
    #expect(others.allSatisfy { $0.category == nil })
  }

  @Test func aChoiceOutlivesItsItemAndReopeningAndTravelsWithTheChanges() throws {
    let store = try openStore(path)
    let milk = try basket(store).add(name: "Milk").item
    let revision = try store.revision()
    try basket(store).setCategory(milk.id, "Drinks")
    #expect(try store.changes(since: revision)?.items.map(\.category) == ["drinks"])
    try basket(store).remove(milk.id)

    let reopened = try openStore(path)
    let again = try basket(reopened).add(name: "milk").item
    #expect(again.category == "drinks")
    #expect(try reopened.items().map(\.category) == ["drinks"])
    // Renamed away, it goes by its new name; renamed back, the choice holds again.
    try basket(reopened).rename(again.id, to: "Oat milk")
    #expect(try reopened.items().first?.category == nil)
    try basket(reopened).rename(again.id, to: "Milk")
    #expect(try reopened.items().first?.category == "drinks")
  }

  @Test func aRefusedMoveWritesNothing() throws {
    let store = try openStore(path)
    let milk = try basket(store).add(name: "Milk").item
    try runSQL("PRAGMA wal_checkpoint(TRUNCATE);", on: path)
    let before = bytes(of: path)
    let revision = try store.revision()
    #expect(throws: CategoryError.unknown("Aisle 9")) {
      try basket(store).setCategory(milk.id, "Aisle 9")
    }
    #expect(try store.revision() == revision)
    #expect(bytes(of: path) == before)
  }

  @Test func aCategoryWrittenByHandThatTheWalkDoesNotKnowIsIgnored() throws {
    let store = try openStore(path)
    try basket(store).add(name: "Milk")
    try runSQL("INSERT INTO category_choices VALUES ('milk', 'aisle 9');", on: path)
    let item = try #require(try openStore(path).items().first)
    #expect(item.category == nil)
    #expect(basket(store).category(of: item) == EmojiClassifier.shared.classify("Milk").category)
  }

  @Test func aNewerStoreWithCategoriesIsRefusedAndLeftByteForByte() throws {
    let store = try openStore(path)
    let milk = try basket(store).add(name: "Milk").item
    try basket(store).setCategory(milk.id, "drinks")
    try expectNewerStoreRefusedUntouched(at: path)
  }
}
