import BasketKit
import BasketTestSupport
import Synchronization
import Testing

@testable import BasketStore

/// `SQLiteStore.exactlyOnce`: a change through one of the server's other routes and its op
/// id in the operation log, one transaction, whatever parts of the store the change touches.
@Suite struct ExactlyOnceStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)
  static let op = UUID(uuidString: "0000000a-0000-4000-8000-000000000001")!

  private func basket(_ store: SQLiteStore) -> Basket {
    Fixtures.basket(over: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  private func pantry(_ store: SQLiteStore) -> PantryBook {
    PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  @Test func theListAndThePantryChangeWithTheOpIdAndAReplayRunsNothing() throws {
    let store = try openStore(path)
    let basket = basket(store)
    let runs = Mutex(0)
    func change() throws -> String {
      runs.withLock { $0 += 1 }
      try basket.add(text: "Milk")
      try pantry(store).add(PantryAddition(name: "Flour"))
      return "done"
    }
    #expect(try basket.exactlyOnce(Self.op, change) == "done")
    let revision = try store.revision()
    #expect(try basket.exactlyOnce(Self.op, change) == nil)
    // Another process on the same file sees the op too.
    let other = self.basket(try openStore(path))
    #expect(try other.exactlyOnce(Self.op, change) == nil)
    #expect(runs.withLock { $0 } == 1)
    #expect(try store.items().map(\.name) == ["Milk"])
    #expect(try store.pantry().entries.map(\.name) == ["Flour"])
    #expect(try store.revision() == revision)
  }

  @Test func aChangeThatThrowsKeepsNothingAndLeavesItsOpIdFree() throws {
    let store = try openStore(path)
    let basket = basket(store)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try basket.exactlyOnce(Self.op) { () throws -> Void in
        try basket.add(text: "Milk")
        try pantry(store).add(PantryAddition(name: "Flour"))
        throw Refused()
      }
    }
    #expect(try store.items().isEmpty)
    #expect(try store.pantry().entries.isEmpty)
    #expect(try store.revision() == 0)
    #expect(try basket.exactlyOnce(Self.op) { try basket.add(text: "Bread") } != nil)
    #expect(try store.items().map(\.name) == ["Bread"])
  }

  @Test func aFailedStepInsideIsUndoneAloneWhenTheChangeCarriesOn() throws {
    let store = try openStore(path)
    let basket = basket(store)
    struct Refused: Error {}
    let inner = UUID(uuidString: "0000000a-0000-4000-8000-000000000002")!
    _ = try basket.exactlyOnce(Self.op) {
      try basket.add(text: "Milk")
      // A step that wrote (the list and the pantry) before it failed.
      _ = try? basket.exactlyOnce(inner) { () throws -> Void in
        try basket.add(text: "Eggs")
        try pantry(store).add(PantryAddition(name: "Flour"))
        throw Refused()
      }
      try basket.add(text: "Bread")
    }
    #expect(try store.items().map(\.name).sorted() == ["Bread", "Milk"])
    #expect(try store.pantry().entries.isEmpty)
    #expect(try basket.exactlyOnce(inner) { "ran" } == "ran")
  }

  @Test func aListOperationWithARoutesOpIdIsADuplicate() throws {
    let store = try openStore(path)
    let basket = basket(store)
    _ = try basket.exactlyOnce(Self.op) { try basket.add(text: "Milk") }
    let replay = ListOperation(
      id: Self.op, at: StoreFixtures.now, change: .add(item: StoreFixtures.id(5), .text("Eggs")))
    #expect(try basket.apply([replay]).map(\.status) == [.duplicate])
    #expect(try store.items().map(\.name) == ["Milk"])
  }
}
