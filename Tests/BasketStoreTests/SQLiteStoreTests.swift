import BasketKit
import Dispatch
import Synchronization
import Testing

@testable import BasketStore

@Suite struct SQLiteStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  private struct Boom: Error, Equatable {}

  @Test func aNewStoreIsEmptyAtRevisionZero() throws {
    let store = try openStore(path)
    #expect(try store.items().isEmpty)
    #expect(try store.memory().isEmpty)
    #expect(try store.revision() == 0)
  }

  @Test func itemsRoundTripWithAndWithoutEveryOptional() throws {
    let bare = StoreFixtures.item(1, "Bread")
    var full = Item(
      id: StoreFixtures.id(2), name: "Oat milk", emoji: "🥛",
      quantity: Quantity(amount: 1.5, unit: .liters), addedAt: StoreFixtures.at(0.125),
      checkedAt: StoreFixtures.at(60.001), listedAt: StoreFixtures.at(30.5),
      clearedAt: StoreFixtures.at(90.75))
    let units = MeasureUnit.allCases.enumerated().map { offset, unit in
      StoreFixtures.item(10 + offset, "Thing \(unit)", quantity: Quantity(amount: 25, unit: unit))
    }
    let odd = Item(
      id: StoreFixtures.id(20), name: "Crème fraîche « épaisse »\0 and a NUL", emoji: "",
      addedAt: StoreFixtures.at(-86_400))
    let store = try openStore(path)
    try store.modify { $0.items = [bare, full] + units + [odd] }

    let reopened = try openStore(path)
    #expect(try reopened.items() == [bare, full] + units + [odd])

    full.quantity = nil
    full.checkedAt = nil
    full.clearedAt = nil
    try store.modify { $0.items[1] = full }
    #expect(try reopened.items()[1] == full)
  }

  @Test func shrinkingMemoryEmptiesThePageCacheAndReadsGoOnTheSame() throws {
    let store = try openStore(path)
    let items = (0..<2_000).map { StoreFixtures.item($0, "Thing number \($0) of many") }
    try store.modify { $0.items = items }
    let read = try store.items()
    let cached = try store.cacheBytes()
    #expect(cached > 100_000, "a list of 2,000 items fills the cache: \(cached) bytes")
    store.shrinkMemory()
    #expect(try store.cacheBytes() < cached / 4)
    #expect(try store.items() == read)
  }

  @Test func modifyInsertsUpdatesAndDeletesByID() throws {
    let store = try openStore(path)
    let milk = StoreFixtures.item(1, "Milk")
    let eggs = StoreFixtures.item(2, "Eggs")
    let jam = StoreFixtures.item(3, "Jam")
    try store.modify { $0.items = [milk, eggs, jam] }

    var checkedEggs = eggs
    checkedEggs.checkedAt = StoreFixtures.at(100)
    let tea = StoreFixtures.item(4, "Tea")
    try store.modify { draft in
      #expect(draft.items == [milk, eggs, jam])
      draft.items = [tea, checkedEggs, milk]
    }

    #expect(try openStore(path).items() == [milk, checkedEggs, tea])
    #expect(try store.revision() == 2)
  }

  @Test func modifyReturnsWhatItsBodyReturns() throws {
    let store = try openStore(path)
    let count = try store.modify { draft -> Int in
      draft.items.append(StoreFixtures.item(1, "Milk"))
      return draft.items.count
    }
    #expect(count == 1)
  }

  @Test func aModifyThatChangesNothingWritesNothing() throws {
    let store = try openStore(path)
    try store.modify { $0.items = [StoreFixtures.item(1, "Milk")] }
    try store.modify { draft in
      draft.items[0].name = "Changed"
      draft.items[0].name = "Milk"
    }
    #expect(try store.revision() == 1)
  }

  @Test func aThrowingModifyLeavesTheStoreUnchanged() throws {
    let store = try openStore(path)
    try store.modify { draft in
      draft.items = [StoreFixtures.item(1, "Milk"), StoreFixtures.item(2, "Eggs")]
      draft.remember("Milk", key: "milk", at: StoreFixtures.now)
    }
    let items = try store.items()
    let memory = try store.memory()

    #expect(throws: Boom()) {
      try store.modify { draft in
        draft.items.removeFirst()
        draft.items[0].name = "Duck eggs"
        draft.items.append(StoreFixtures.item(3, "Jam"))
        draft.remember("Jam", key: "jam", at: StoreFixtures.now)
        throw Boom()
      }
    }

    let reopened = try openStore(path)
    #expect(try reopened.items() == items)
    #expect(try reopened.memory() == memory)
    #expect(try reopened.revision() == 1)
    try store.modify { $0.items.append(StoreFixtures.item(4, "Tea")) }
    #expect(try store.items().count == 3)
  }

  @Test func twoItemsWithOneIDAreRefusedAndNothingIsWritten() throws {
    let store = try openStore(path)
    #expect(throws: StoreError.self) {
      try store.modify { draft in
        draft.items = [StoreFixtures.item(1, "Milk"), StoreFixtures.item(1, "Milk again")]
      }
    }
    #expect(try store.items().isEmpty)
    #expect(try store.revision() == 0)
  }

  @Test func rememberingCountsAddsAndKeepsTheLatestNameAndDate() throws {
    let store = try openStore(path)
    try store.modify { draft in
      draft.remember("Milk", key: "milk", at: StoreFixtures.at(100))
      draft.remember("Eggs", key: "egg", at: StoreFixtures.at(5))
    }
    try store.modify { draft in
      draft.remember("milk", key: "milk", at: StoreFixtures.at(50))
      draft.remember("MILK", key: "milk", at: StoreFixtures.at(70))
    }

    let memory = try store.memory()
    #expect(
      memory == [
        MemoryEntry(name: "MILK", timesAdded: 3, lastAdded: StoreFixtures.at(100)),
        MemoryEntry(name: "Eggs", timesAdded: 1, lastAdded: StoreFixtures.at(5)),
      ])
    #expect(try store.revision() == 2)
  }

  @Test func anAddTakenBackCountsDownAndANameWithNoneLeftGoes() throws {
    let store = try openStore(path)
    try store.modify { draft in
      draft.remember("orange ju", key: "orange ju", at: StoreFixtures.at(10))
      draft.remember("Milk", key: "milk", at: StoreFixtures.at(20))
      draft.remember("Milk", key: "milk", at: StoreFixtures.at(30))
    }
    try store.modify { draft in
      draft.forgetOne("orange ju", key: "orange ju", at: StoreFixtures.at(40))
      draft.forgetOne("Milk", key: "milk", at: StoreFixtures.at(40))
      draft.forgetOne("Never added", key: "never added", at: StoreFixtures.at(40))
    }
    #expect(
      try store.memory() == [
        MemoryEntry(name: "Milk", timesAdded: 1, lastAdded: StoreFixtures.at(30))
      ])
    #expect(try store.revision() == 2)
  }

  @Test func revisionChangesWhenAnotherConnectionWrites() throws {
    let reader = try openStore(path)
    let writer = try openStore(path)
    let before = try reader.revision()

    try writer.modify { $0.items.append(StoreFixtures.item(1, "Milk")) }

    #expect(try reader.revision() != before)
    #expect(try reader.items().map(\.name) == ["Milk"])
  }

  @Test func writeAheadLoggingAndFullSyncAreInEffect() throws {
    let store = try openStore(path)
    #expect(try store.pragma("journal_mode") == "wal")
    #expect(try store.pragma("synchronous") == "2")
    #expect(try store.pragma("foreign_keys") == "1")
    #expect(try Int(store.pragma("busy_timeout") ?? "") ?? 0 >= 10_000)
    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
  }

  @Test func aStoredUnitThisBuildDoesNotKnowReadsAsNoQuantity() throws {
    let store = try openStore(path)
    let flour = StoreFixtures.item(1, "Flour", quantity: Quantity(amount: 2, unit: .kilograms))
    try store.modify { $0.items = [flour] }
    try runSQL("UPDATE items SET unit = 'cups'", on: path)

    var expected = flour
    expected.quantity = nil
    #expect(try store.items() == [expected])
  }

  @Test func twoStoresOnOneFileWritingFromTwoThreadsLoseNothing() throws {
    let stores = [try openStore(path), try openStore(path)]
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for n in 0..<200 {
        do {
          try stores[writer].modify { draft in
            let name = "Item \(writer)-\(n)"
            draft.items.append(
              Item(id: UUID(), name: name, emoji: "🧺", addedAt: StoreFixtures.at(Double(n))))
            draft.remember(name, key: "shared", at: StoreFixtures.at(Double(n)))
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }

    #expect(failures.withLock { $0 } == [])
    let items = try stores[0].items()
    #expect(items.count == 400)
    #expect(Set(items.map(\.name)).count == 400)
    #expect(try stores[1].memory().first?.timesAdded == 400)
    #expect(try stores[1].revision() == 400)
  }
}
