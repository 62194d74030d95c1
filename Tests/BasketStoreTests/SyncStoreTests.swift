import BasketKit
import BasketTestSupport
import Dispatch
import Synchronization
import Testing

@testable import BasketStore

/// Operations on real SQLite files: the op log shared by every process using a store, the
/// change feed, and a batch written as one transaction.
@Suite struct SyncStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  private static func basket(_ store: any ListStore, now: Date = StoreFixtures.now) -> Basket {
    Fixtures.basket(over: store, clock: .frozen(at: now))
  }

  private func op(_ n: Int, _ change: ListOperation.Change, at seconds: Double = 0) -> ListOperation
  {
    let hex = String(n, radix: 16)
    let id = UUID(
      uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex)!
    return ListOperation(id: id, at: StoreFixtures.at(seconds), change: change)
  }

  @Test func anAmountInARecipeUnitIsKeptInTheFileAndItsReplayChangesNothing() throws {
    var flour = StoreFixtures.item(1, "Flour")
    flour.recipeNeeds = RecipeNeeds(
      amounts: [ItemAmount(amount: 2.25, unit: .cup)],
      recipes: [RecipeReference(id: nil, title: "Pancakes")])
    try openStore(path).modify { $0.insert(flour) }
    let change = op(1, .amount(flour.id, ItemAmount(amount: 2.5, unit: .cup)), at: 60)
    let now = StoreFixtures.at(120)
    #expect(
      try Self.basket(try openStore(path), now: now).apply([change]).map(\.status) == [.applied])
    let read = try #require(try openStore(path).items().first)
    #expect(read.recipeNeeds.amounts == [ItemAmount(amount: 2.5, unit: .cup)])
    #expect(read.recipeNeeds.recipes.map(\.title) == ["Pancakes"])
    #expect(read.changed.quantity == StoreFixtures.at(60))
    let again = try Self.basket(try openStore(path), now: now).apply([change])
    #expect(again.map(\.status) == [.duplicate], "another process sees it in the op log")
  }

  @Test func theSameOperationSentToTwoServersOnOneStoreAppliesOnce() throws {
    // Two servers: two connections to one file, as two processes would have.
    let first = Self.basket(try openStore(path))
    let second = Self.basket(try openStore(path))
    let add = op(1, .add(item: StoreFixtures.id(1), .text("2 l milk")))
    let check = op(2, .check(StoreFixtures.id(1)), at: 1)

    let one = try first.apply([add, check])
    let revision = try first.store.revision()
    let two = try second.apply([add, check])

    #expect(one.map(\.status) == [.applied, .applied])
    #expect(two.map(\.status) == [.duplicate, .duplicate])
    #expect(try first.store.items().count == 1)
    #expect(try first.store.memory().first?.timesAdded == 1)
    #expect(try first.store.revision() == revision)
  }

  @Test func manyServersSendingTheSameQueueAtOnceApplyItOnce() throws {
    let queue = (1...20).map { n in
      op(n, .add(item: StoreFixtures.id(n), .name("Item \(n)", nil)), at: Double(n))
    }
    let applied = Mutex(0)
    let path = path
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      guard let (store, _) = try? SQLiteStore.open(at: path, now: StoreFixtures.now),
        let results = try? Self.basket(store, now: StoreFixtures.at(100)).apply(queue)
      else { return }
      applied.withLock { $0 += results.filter { $0.status == .applied }.count }
    }
    #expect(applied.withLock { $0 } == 20)
    #expect(try openStore(path).items().count == 20)
  }

  @Test func theOpLogTombstonesAndAliasesOutliveTheProcess() throws {
    do {
      let server = Self.basket(try openStore(path), now: StoreFixtures.at(60))
      _ = try server.apply([
        op(1, .add(item: StoreFixtures.id(1), .name("Milk", nil))),
        op(2, .add(item: StoreFixtures.id(2), .name("milk", nil)), at: 1),
        op(3, .add(item: StoreFixtures.id(3), .name("Eggs", nil)), at: 2),
        op(4, .remove(StoreFixtures.id(3)), at: 3),
      ])
    }
    let reopened = Self.basket(try openStore(path), now: StoreFixtures.at(120))
    let results = try reopened.apply([
      op(1, .add(item: StoreFixtures.id(1), .name("Milk", nil))),
      op(5, .check(StoreFixtures.id(2)), at: 4),
      op(6, .rename(StoreFixtures.id(3), name: "Duck eggs"), at: 5),
    ])
    #expect(results.map(\.status) == [.duplicate, .applied, .refused])
    #expect(results[1].item == StoreFixtures.id(1))
    #expect(results[2].reason == "Eggs was removed on another phone")
    #expect(try reopened.store.items().map(\.checkedAt) == [StoreFixtures.at(4)])
  }

  @Test func fieldTimesRoundTripThroughTheStore() throws {
    let store = try openStore(path)
    var item = StoreFixtures.item(1, "Milk")
    item.changed = FieldTimes(
      name: StoreFixtures.at(1), quantity: StoreFixtures.at(2.5), checked: StoreFixtures.at(3),
      place: StoreFixtures.at(4.25))
    try store.modify { $0.insert(item) }
    #expect(try store.items() == [item])
  }

  @Test func changesSinceARevisionAreTheRowsWrittenAndTheItemsRemovedAfterIt() throws {
    let store = try openStore(path)
    let server = Self.basket(store, now: StoreFixtures.at(60))
    _ = try server.apply([
      op(1, .add(item: StoreFixtures.id(1), .name("Milk", nil))),
      op(2, .add(item: StoreFixtures.id(2), .name("Eggs", nil))),
      op(3, .add(item: StoreFixtures.id(3), .name("Bread", nil))),
    ])
    let before = try store.revision()
    _ = try server.apply([
      op(4, .check(StoreFixtures.id(1)), at: 10),
      op(5, .remove(StoreFixtures.id(2)), at: 11),
    ])

    let changes = try #require(try store.changes(since: before))
    #expect(changes.from == before)
    #expect(changes.revision == before + 2)
    #expect(changes.items.map(\.name) == ["Milk"])
    #expect(changes.items.first?.checkedAt == StoreFixtures.at(10))
    #expect(changes.removed == [StoreFixtures.id(2)])
    #expect(try store.changes(since: changes.revision)?.items == [])
    #expect(try store.changes(since: 0)?.items.map(\.name).sorted() == ["Bread", "Milk"])
    #expect(try store.changes(since: changes.revision + 1) == nil)
  }

  @Test func changesFromBeforeThePrunedTombstonesAreGone() throws {
    let store = try openStore(path)
    _ = try Self.basket(store).apply([
      op(1, .add(item: StoreFixtures.id(1), .name("Milk", nil))),
      op(2, .remove(StoreFixtures.id(1)), at: 1),
    ])
    let removedAt = try store.revision()
    #expect(try store.changes(since: 0)?.removed == [StoreFixtures.id(1)])

    try Self.basket(store, now: StoreFixtures.at(OpLog.retention + 60)).add(name: "Tea")

    #expect(try store.changes(since: removedAt - 1) == nil)
    #expect(try store.changes(since: removedAt)?.items.map(\.name) == ["Tea"])
    let counts = try store.withConnection { connection in
      try ["operations", "tombstones", "aliases"].map {
        try connection.singleInteger("SELECT count(*) FROM \($0)") ?? -1
      }
    }
    #expect(counts == [0, 0, 0])
  }

  @Test func aBatchThatFailsPartWayWritesNothing() throws {
    struct Boom: Error {}
    let store = try openStore(path)
    #expect(throws: Boom.self) {
      try store.modify(inOrder: [1, 2, 3]) { n, draft in
        if n == 3 { throw Boom() }
        draft.insert(StoreFixtures.item(n, "Item \(n)"))
      }
    }
    #expect(try store.items().isEmpty)
    #expect(try store.revision() == 0)
  }

  @Test func eachStepOfABatchSeesTheStepsBeforeIt() throws {
    let store = try openStore(path)
    let seen = try store.modify(inOrder: [1, 2, 3]) { n, draft -> Int in
      let count = draft.items(.all).count
      draft.insert(StoreFixtures.item(n, "Item \(n)"))
      return count
    }
    #expect(seen == [0, 1, 2])
    #expect(try store.revision() == 3)
  }
}
