import BasketKit
import BasketTestSupport
import Testing

/// Rule 1 (exactly once) and rule 2 (time), with frozen time.
@Suite struct OpLogTests {
  let clock = TestClock(at(0))
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  @Test func anOperationSentTwiceAppliesOnceAndTheSecondIsADuplicate() throws {
    var phone = Phone(1)
    let add = phone.make(.add(item: milkID, .name("Milk", nil)), at: at(0))
    phone.make(.check(milkID), at: at(1))
    let first = try phone.send(to: basket)
    #expect(first.map(\.status) == [.applied, .applied])
    let revision = try store.revision()

    clock.advance(by: 60)
    let again = try basket.apply([
      add, ListOperation(id: phone.opID(2), at: at(1), change: .check(milkID)),
    ])

    #expect(again.map(\.status) == [.duplicate, .duplicate])
    #expect(again[0].item == milkID)
    #expect(try store.revision() == revision)
    #expect(try basket.shown().gotIt == ["Milk"])
    #expect(try store.items().count == 1)
  }

  @Test func aDuplicateReturnsTheItemTheFirstResultNamed() throws {
    try basket.add(name: "Milk", id: milkID)
    let add = ListOperation(
      id: Phone(2).opID(1), at: at(0), change: .add(item: eggsID, .name("milk", nil)))
    let first = try basket.apply([add])
    let again = try basket.apply([add])
    #expect(first[0].item == milkID)
    #expect(again[0].status == .duplicate)
    #expect(again[0].item == milkID)
  }

  @Test func aRefusedOperationSentAgainIsRefusedTheSameWay() throws {
    let rename = ListOperation(
      id: Phone(1).opID(1), at: at(0), change: .rename(milkID, name: "Oat milk"))
    let first = try basket.apply([rename])
    try basket.add(name: "Milk", id: milkID)
    let again = try basket.apply([rename])
    #expect(first[0].status == .refused)
    #expect(again[0].status == .refused)
    #expect(again[0].reason == first[0].reason)
    #expect(try basket.shown().toGet == ["Milk"])
  }

  @Test func theSameOperationTwiceInOneBatchAppliesOnce() throws {
    let add = ListOperation(
      id: Phone(1).opID(1), at: at(0), change: .add(item: milkID, .text("2 l milk")))
    let results = try basket.apply([add, add])
    #expect(results.map(\.status) == [.applied, .duplicate])
    #expect(try store.items().count == 1)
    #expect(try store.memory().first?.timesAdded == 1)
  }

  @Test func anOperationOlderThanTheRetentionIsRefusedAndRecordsNothing() throws {
    try basket.add(name: "Milk", id: milkID)
    let old = at(0).addingTimeInterval(-OpLog.retention - 1)
    let check = ListOperation(id: Phone(1).opID(1), at: old, change: .check(milkID))
    let results = try basket.apply([check])
    #expect(results[0].status == .refused)
    #expect(results[0].reason == "This change is too old to apply")
    #expect(store.sync.operations.isEmpty)
    #expect(try basket.shown().toGet == ["Milk"])
  }

  @Test func anOperationJustInsideTheRetentionApplies() throws {
    try basket.add(name: "Milk", id: milkID)
    let old = at(0).addingTimeInterval(-OpLog.retention + 1)
    let results = try basket.apply([
      ListOperation(id: Phone(1).opID(1), at: old, change: .uncheck(milkID))
    ])
    #expect(results[0].status == .applied)
  }

  @Test func opIdsTombstonesAndAliasesArePrunedPastTheRetentionAndAReplayIsThenTooOld() throws {
    var phone = Phone(1)
    let add = phone.make(.add(item: milkID, .name("Milk", nil)), at: at(0))
    phone.make(.add(item: eggsID, .name("milk", nil)), at: at(0))
    phone.make(.add(item: breadID, .name("Bread", nil)), at: at(0))
    phone.make(.remove(breadID), at: at(1))
    _ = try phone.send(to: basket)
    #expect(store.sync.operations.count == 4)
    #expect(store.sync.aliases[eggsID]?.item == milkID)
    #expect(store.sync.tombstones[breadID]?.reason == .removed)
    let floor = try store.revision()
    #expect(try store.changes(since: 0) != nil)

    clock.advance(by: OpLog.retention + 120)
    try basket.add(name: "Tea")  // any change tidies

    #expect(store.sync.operations.isEmpty)
    #expect(store.sync.aliases.isEmpty)
    #expect(store.sync.tombstones.isEmpty)
    #expect(try store.changes(since: floor - 1) == nil)
    #expect(try store.changes(since: floor) != nil)
    let replay = try basket.apply([add])
    #expect(replay[0].status == .refused)
    #expect(replay[0].reason == "This change is too old to apply")
    #expect(try store.items().filter { $0.name == "Milk" }.count == 1)
  }

  @Test func aTimeInTheFutureIsClampedToTheServersNow() throws {
    var phone = Phone(1)
    phone.make(.add(item: milkID, .name("Milk", nil)), at: at(60))
    phone.make(.check(milkID), at: at(61))
    _ = try phone.send(to: basket)
    let milk = try #require(try basket.itemsByName()["Milk"])
    #expect(milk.addedAt == clock.now)
    #expect(milk.checkedAt == clock.now)
    #expect(milk.changed == FieldTimes(all: clock.now))
    #expect(store.sync.operations[phone.opID(1)]?.at == clock.now)
  }

  @Test func timesTheListShowsComeFromWhenTheChangeWasMade() throws {
    clock.set(at(30))
    try basket.add(name: "Bread")  // made now, after the phone's offline add
    var phone = Phone(1)
    phone.make(.add(item: milkID, .name("Milk", nil)), at: at(0))
    phone.make(.add(item: eggsID, .name("Eggs", nil)), at: at(2))
    phone.make(.check(eggsID), at: at(3))
    _ = try phone.send(to: basket)

    let items = try basket.itemsByName()
    #expect(items["Milk"]?.addedAt == at(0))
    #expect(items["Milk"]?.listedAt == at(0))
    #expect(items["Eggs"]?.checkedAt == at(3))
    #expect(try basket.shown().toGet == ["Bread", "Milk"])
    #expect(try store.memory().first { $0.name == "Milk" }?.lastAdded == at(0))
  }

  @Test func operationsFromOnePhoneApplyInTheOrderItMadeThem() throws {
    clock.set(at(30))
    var phone = Phone(1)
    phone.make(.add(item: milkID, .name("Milk", nil)), at: at(0))
    phone.make(.rename(milkID, name: "Oat milk"), at: at(1))
    phone.make(.quantity(milkID, Quantity(amount: 1, unit: .liters)), at: at(2))
    phone.make(.check(milkID), at: at(3))
    let results = try phone.send(to: basket)
    #expect(results.allSatisfy { $0.status == .applied })
    let milk = try #require(try basket.itemsByName()["Oat milk"])
    #expect(milk.quantity == Quantity(amount: 1, unit: .liters))
    #expect(milk.checkedAt == at(3))
  }

  @Test func aRefusedOperationDoesNotStopTheOnesAfterIt() throws {
    var phone = Phone(1)
    phone.make(.add(item: milkID, .name("Milk", nil)), at: at(0))
    phone.make(.quantity(milkID, Quantity(amount: 2000, unit: .kilograms)), at: at(1))
    phone.make(.rename(milkID, name: "   "), at: at(2))
    phone.make(.check(milkID), at: at(3))
    let results = try phone.send(to: basket)
    #expect(results.map(\.status) == [.applied, .refused, .refused, .applied])
    #expect(results[1].reason?.hasPrefix("2000 kg is not an amount Basket takes") == true)
    #expect(results[2].reason == "A name can't be empty")
    #expect(try basket.itemsByName()["Milk"]?.quantity == nil)
    #expect(try basket.shown().gotIt == ["Milk"])
  }

  @Test func aBatchIsOneTransaction() throws {
    var phone = Phone(1)
    for n in 0..<20 {
      phone.make(.add(item: Fixtures.id(n + 1), .name("item \(n)", nil)), at: at(0))
    }
    _ = try phone.send(to: basket)
    #expect(store.transactions == 1)
    #expect(try store.items().count == 20)
  }
}
