import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The conflict rules of ARCHITECTURE.md ("Changes made offline"), one by one, with two phones
/// and frozen time. The server's clock stands at 10:30 unless a test moves it.
@Suite struct ConflictRuleTests {
  let clock = TestClock(at(30))
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  /// Milk, eggs and bread added at 10:00, seen by both phones before they went offline.
  private func listBothPhonesSaw() throws {
    var setup = Phone(9)
    setup.make(.add(item: milkID, .name("Milk", nil)), at: at(0))
    setup.make(.add(item: eggsID, .name("Eggs", nil)), at: at(0))
    setup.make(.add(item: breadID, .name("Bread", nil)), at: at(0))
    _ = try setup.send(to: basket)
  }

  // MARK: - Rule 3: the later change to each field wins

  @Test(arguments: [true, false])
  func theSameItemEditedOnTwoOfflinePhonesKeepsTheLaterChangeToEachField(aFirst: Bool) throws {
    try listBothPhonesSaw()
    var a = Phone(1)
    var b = Phone(2)
    a.make(.rename(milkID, name: "Oat milk"), at: at(5))
    a.make(.check(eggsID), at: at(4))
    a.make(.quantity(breadID, Quantity(amount: 1, unit: .units)), at: at(9))
    b.make(.rename(milkID, name: "Soy milk"), at: at(3))
    b.make(.quantity(milkID, Quantity(amount: 2, unit: .liters)), at: at(6))
    b.make(.uncheck(eggsID), at: at(7))
    b.make(.check(eggsID), at: at(8))
    b.make(.quantity(breadID, Quantity(amount: 3, unit: .units)), at: at(2))

    let results: [OperationResult]
    if aFirst {
      results = try a.send(to: basket) + b.send(to: basket)
    } else {
      results = try b.send(to: basket) + a.send(to: basket)
    }

    #expect(results.allSatisfy { $0.status == .applied })
    let items = try basket.itemsByName()
    #expect(items["Oat milk"]?.quantity == Quantity(amount: 2, unit: .liters))
    #expect(items["Eggs"]?.checkedAt == at(8))
    #expect(items["Bread"]?.quantity == Quantity(amount: 1, unit: .units))
    #expect(items.count == 3)
  }

  @Test(arguments: [true, false])
  func aRenameResetsTheQuantityUnlessTheQuantityWasSetLaterAndFitsTheNewName(aFirst: Bool)
    throws
  {
    try listBothPhonesSaw()
    var a = Phone(1)
    var b = Phone(2)
    a.make(.rename(milkID, name: "Flour"), at: at(5))  // flour is weighed: no litres
    a.make(.rename(eggsID, name: "Free-range eggs"), at: at(5))
    b.make(.quantity(milkID, Quantity(amount: 2, unit: .liters)), at: at(6))
    b.make(.quantity(eggsID, Quantity(amount: 6, unit: .units)), at: at(6))
    if aFirst {
      _ = try a.send(to: basket) + b.send(to: basket)
    } else {
      _ = try b.send(to: basket) + a.send(to: basket)
    }
    let items = try basket.itemsByName()
    #expect(items["Flour"]?.quantity == nil)
    #expect(items["Free-range eggs"]?.quantity == Quantity(amount: 6, unit: .units))
  }

  @Test func anEditOlderThanTheFieldsLastChangeAppliesWithNoEffect() throws {
    try listBothPhonesSaw()
    var a = Phone(1)
    a.make(.rename(milkID, name: "Oat milk"), at: at(10))
    _ = try a.send(to: basket)
    var b = Phone(2)
    b.make(.rename(milkID, name: "Soy milk"), at: at(5))
    let results = try b.send(to: basket)
    #expect(results[0].status == .applied)
    #expect(results[0].reason == nil)
    #expect(try basket.shown().toGet.contains("Oat milk"))
  }

  // MARK: - Rule 4: removal is final

  static let edits: [(String, ListOperation.Change)] = [
    ("rename", .rename(milkID, name: "Oat milk")),
    ("check", .check(milkID)),
    ("uncheck", .uncheck(milkID)),
    ("quantity", .quantity(milkID, Quantity(amount: 2, unit: .liters))),
    ("remove", .remove(milkID)),
    ("add under its id", .add(item: milkID, .name("Milk", nil))),
  ]

  @Test(arguments: edits)
  func anItemRemovedOnOnePhoneNeverComesBackFromAnotherPhonesEdit(
    kind: String, edit: ListOperation.Change
  ) throws {
    try listBothPhonesSaw()
    var a = Phone(1)
    a.make(.remove(milkID), at: at(10))
    _ = try a.send(to: basket)
    var b = Phone(2)
    b.make(edit, at: at(12))  // made after the removal, by a phone that hadn't seen it
    let results = try b.send(to: basket)
    #expect(results[0].status == .refused)
    #expect(results[0].reason == "Milk was removed on another phone")
    #expect(try basket.itemsByName()["Milk"] == nil)
    #expect(try basket.itemsByName()["Oat milk"] == nil)
  }

  @Test(arguments: edits)
  func anItemClearedAndCommittedOnOnePhoneNeverComesBack(kind: String, edit: ListOperation.Change)
    throws
  {
    try listBothPhonesSaw()
    var a = Phone(1)
    a.make(.check(milkID), at: at(10))
    let clear = a.make(.clear(items: [milkID]), at: at(11))
    _ = try a.send(to: basket)
    clock.advance(by: ListTiming.undoWindow + 1)
    var b = Phone(2)
    b.make(edit, at: at(12))
    let results = try b.send(to: basket)
    #expect(results[0].status == .refused)
    #expect(results[0].reason == "Milk was cleared on another phone")
    #expect(try basket.itemsByName()["Milk"] == nil)
    #expect(store.sync.tombstones[milkID]?.reason == .cleared)
    #expect(store.sync.operations[clear.id]?.affected == [milkID])
  }

  @Test func anItemHiddenByAClearStillUndoableRefusesEditsToo() throws {
    try listBothPhonesSaw()
    try basket.check(milkID)
    try basket.clearGotIt()
    var b = Phone(2)
    b.make(.uncheck(milkID), at: at(12))
    let results = try b.send(to: basket)
    #expect(results[0].reason == "Milk was cleared on another phone")
    try basket.undoClear()
    #expect(try basket.shown().gotIt == ["Milk"])
  }

  @Test func addingTheSameNameAgainAfterARemovalMakesANewItem() throws {
    try listBothPhonesSaw()
    try basket.remove(milkID)
    var b = Phone(2)
    b.make(.add(item: teaID, .name("milk", nil)), at: at(12))
    let results = try b.send(to: basket)
    #expect(results[0].status == .applied)
    #expect(results[0].item == teaID)
    #expect(try basket.itemsByName()["milk"]?.id == teaID)
  }

  @Test func anIdTheServerNeverHadIsRefused() throws {
    var b = Phone(2)
    b.make(.check(teaID), at: at(12))
    let results = try b.send(to: basket)
    #expect(results[0].reason == "That item is not on the list any more")
  }

  // MARK: - Rule 5: the same name added on two phones is one item

  @Test(arguments: [true, false])
  func theSameNameAddedOnTwoOfflinePhonesIsOneItemAndTheSecondIdAnAlias(aFirst: Bool) throws {
    var a = Phone(1)
    var b = Phone(2)
    a.make(.add(item: milkID, .name("Milk", nil)), at: at(1))
    b.make(.add(item: teaID, .text("2 l milks")), at: at(2))
    b.make(.check(teaID), at: at(4))
    a.make(.quantity(milkID, Quantity(amount: 1, unit: .liters)), at: at(5))

    let first = aFirst ? try a.send(to: basket) : try b.send(to: basket)
    let second = aFirst ? try b.send(to: basket) : try a.send(to: basket)
    let (survivor, alias) = aFirst ? (milkID, teaID) : (teaID, milkID)

    #expect((first + second).allSatisfy { $0.status == .applied })
    #expect(try store.items().count == 1)
    let item = try #require(try store.items().first)
    #expect(item.id == survivor)
    #expect(NameKey.of(item.name) == "milk")
    #expect(item.quantity == Quantity(amount: 1, unit: .liters))
    #expect(item.checkedAt == at(4))
    #expect(store.sync.aliases[alias]?.item == survivor)
    // The phone whose id became an alias hears the server's id, to rename its own.
    #expect(second.allSatisfy { $0.item == survivor })
  }

  @Test func laterOperationsNamingTheAliasApplyToTheExistingItem() throws {
    try listBothPhonesSaw()
    var b = Phone(2)
    b.make(.add(item: teaID, .name("milk", nil)), at: at(12))
    b.make(.rename(teaID, name: "Oat milk"), at: at(13))
    b.make(.quantity(teaID, Quantity(amount: 1, unit: .liters)), at: at(14))
    b.make(.add(item: teaID, .name("milk", nil)), at: at(15))  // the add again, new op id
    b.make(.remove(teaID), at: at(16))
    b.make(.check(teaID), at: at(17))
    let results = try b.send(to: basket)
    #expect(results.prefix(5).allSatisfy { $0.status == .applied && $0.item == milkID })
    #expect(results[3].effect == .added(.replayed(milkID)))
    #expect(results[5].reason == "Oat milk was removed on another phone")
    #expect(try basket.itemsByName()["Oat milk"] == nil)
    #expect(store.sync.tombstones[milkID]?.name == "Oat milk")
  }

  @Test func aSecondAddOfANameInGotItRestoresItAndAliasesTheId() throws {
    try listBothPhonesSaw()
    try basket.check(milkID)
    clock.advance(by: 60)
    var b = Phone(2)
    b.make(.add(item: teaID, .name("milk", nil)), at: at(30.5))
    let results = try b.send(to: basket)
    #expect(results[0].item == milkID)
    #expect(results[0].effect == .added(.restored(milkID)))
    #expect(try basket.shown().toGet.first == "Milk")
    #expect(store.sync.aliases[teaID]?.item == milkID)
  }

  @Test func anAddMadeBeforeALaterCheckDoesNotRestoreTheItem() throws {
    try listBothPhonesSaw()
    try basket.check(milkID)  // at 10:30
    var b = Phone(2)
    b.make(.add(item: teaID, .name("milk", nil)), at: at(12))
    let results = try b.send(to: basket)
    #expect(results[0].effect == .added(.bumped(milkID)))
    #expect(try basket.shown().gotIt == ["Milk"])
  }

  // MARK: - Rule 6: Clear all and undo

  @Test func aClearAllUndoneOnOnePhoneWhileAnotherIsOfflineAndThatPhonesOwnClear() throws {
    try listBothPhonesSaw()
    try basket.check(milkID)
    try basket.check(eggsID)
    // Phone B saw Milk and Eggs in Got it, then went offline.
    clock.advance(by: 60)
    try basket.check(breadID)  // checked later: B never saw it
    var a = Phone(1)
    let aClear = a.make(.clear(items: [milkID, eggsID, breadID]), at: at(31))
    a.make(.undo(clear: aClear.id), at: at(31.05))
    let aResults = try a.send(to: basket)
    #expect(aResults.map(\.status) == [.applied, .applied])
    guard case .restored(let restored) = aResults[1].effect else {
      Issue.record("the undo restored nothing")
      return
    }
    #expect(Set(restored) == [milkID, eggsID, breadID])
    #expect(Set(try basket.shown().gotIt) == ["Milk", "Eggs", "Bread"])

    clock.advance(by: 600)
    var b = Phone(2)
    let bClear = b.make(.clear(items: [milkID, eggsID]), at: at(20))
    let bResults = try b.send(to: basket)
    #expect(bResults[0].effect == .cleared([milkID, eggsID], undoUntil: clock.now + 10))
    #expect(try basket.shown().gotIt == ["Bread"])

    clock.advance(by: ListTiming.undoWindow)
    b.make(.undo(clear: bClear.id), at: at(20.1))
    let late = try b.send(to: basket)
    #expect(late[0].status == .refused)
    #expect(late[0].reason == "Too late to undo that clear")
    #expect(try basket.itemsByName()["Milk"] == nil)
  }

  @Test func aClearHidesOnlyListedItemsStillInGotIt() throws {
    try listBothPhonesSaw()
    try basket.check(milkID)
    try basket.check(eggsID)
    try basket.uncheck(eggsID)  // restored elsewhere after the phone's view
    var b = Phone(2)
    b.make(.clear(items: [milkID, eggsID]), at: at(20))
    let results = try b.send(to: basket)
    #expect(results[0].effect == .cleared([milkID], undoUntil: clock.now + 10))
    #expect(try basket.shown().toGet.contains("Eggs"))
  }

  @Test func anUndoOfAClearThatHidNothingAppliesWithNoEffect() throws {
    try listBothPhonesSaw()
    var b = Phone(2)
    let clear = b.make(.clear(items: [milkID]), at: at(20))  // milk isn't in Got it
    clock.advance(by: 3600)
    b.make(.undo(clear: clear.id), at: at(20.1))
    let results = try b.send(to: basket)
    #expect(results.map(\.status) == [.applied, .applied])
    #expect(results[1].effect == .restored([]))
  }

  @Test func anUndoOfSomethingThatIsNotAKnownClearIsRefused() throws {
    try listBothPhonesSaw()
    var b = Phone(2)
    let check = b.make(.check(milkID), at: at(20))
    b.make(.undo(clear: check.id), at: at(21))
    b.make(.undo(clear: Phone(7).opID(1)), at: at(21))
    let results = try b.send(to: basket)
    #expect(results[1].reason == "There is no such clear to undo")
    #expect(results[2].reason == "There is no such clear to undo")
  }

  @Test func anUndoRestoresOnlyWhatItsOwnClearHid() throws {
    try listBothPhonesSaw()
    try basket.check(milkID)
    var a = Phone(1)
    let first = a.make(.clear(items: [milkID]), at: at(30))
    _ = try a.send(to: basket)
    clock.advance(by: 2)
    try basket.check(eggsID)
    var b = Phone(2)
    b.make(.clear(items: [eggsID]), at: at(30))
    _ = try b.send(to: basket)
    a.make(.undo(clear: first.id), at: at(30.05))
    let results = try a.send(to: basket)
    #expect(results[0].effect == .restored([milkID]))
    #expect(try basket.shown().gotIt == ["Milk"])
  }

  // MARK: - A phone offline for longer than the undo window and the Got it hour

  @Test func aPhoneOfflinePastTheHourSeesItsChecksExpiredAndItsUndoRefused() throws {
    clock.set(at(0))
    try listBothPhonesSaw()
    try basket.add(name: "Tea", id: teaID)
    var phone = Phone(1)
    phone.make(.check(teaID), at: at(0))
    let clear = phone.make(.clear(items: [teaID]), at: at(0.1))
    _ = try phone.send(to: basket)  // online: the clear applied at 10:00
    // Then offline: undo at once by the phone's clock, check and uncheck things, and come
    // back at 11:30.
    phone.make(.undo(clear: clear.id), at: at(0.15))
    phone.make(.check(milkID), at: at(1))
    phone.make(.check(eggsID), at: at(2))
    phone.make(.uncheck(eggsID), at: at(3))
    clock.set(at(90))
    let results = try phone.send(to: basket)

    #expect(results[0].status == .refused)
    #expect(results[0].reason == "Too late to undo that clear")
    #expect(results[1].status == .applied)
    #expect(results[2].status == .applied)
    #expect(results[3].status == .refused)
    #expect(results[3].reason == "Eggs had already left Got it")
    #expect(try basket.shown().toGet == ["Bread"])
    #expect(try basket.shown().gotIt.isEmpty)
    #expect(store.sync.tombstones[teaID]?.reason == .cleared)
    #expect(store.sync.tombstones[eggsID]?.reason == .expired)
  }
}
