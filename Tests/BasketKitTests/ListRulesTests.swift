import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct ListRulesTests {
  let clock = TestClock()

  private func makeBasket(_ store: InMemoryStore = InMemoryStore()) -> Basket {
    Fixtures.basket(clock: clock, store: store)
  }

  private func names(_ items: [Item]) -> [String] { items.map(\.name) }

  @Test func newItemsGoOnTopOfToGet() throws {
    let basket = makeBasket()
    try basket.add(name: "Milk")
    clock.advance(by: 1)
    try basket.add(name: "Bread")
    #expect(names(try basket.sections().toGet) == ["Bread", "Milk"])
  }

  @Test func itemsAddedInTheSameInstantStillStackNewestFirst() throws {
    let basket = makeBasket()
    for name in ["A", "B", "C"] { try basket.add(name: name) }
    #expect(names(try basket.sections().toGet) == ["C", "B", "A"])
  }

  /// Items added at once take a millisecond each to keep their order, and that moment is
  /// when each was added too: one time per new item, which the API writes once.
  @Test func itemsAddedInTheSameInstantAreAddedWhenTheyArePlaced() throws {
    let basket = makeBasket()
    let added = try ["A", "B", "C"].map { try basket.add(name: $0).item }
    #expect(added.allSatisfy { $0.addedAt == $0.listedAt })
    #expect(added[0].addedAt == clock.now)
    let gaps = zip(added.dropFirst(), added).map { $0.listedAt.timeIntervalSince($1.listedAt) }
    #expect(gaps.count == 2 && gaps.allSatisfy { abs($0 - 0.001) < 1e-6 })
    #expect(added.allSatisfy { $0.changed.name == clock.now })
  }

  @Test func anItemGetsItsEmojiAndATrimmedName() throws {
    let basket = makeBasket()
    let result = try basket.add(name: "   Oat   milk \n")
    #expect(result.item.name == "Oat milk")
    #expect(result.item.emoji == "🥛")
    #expect(result.item.addedAt == clock.now)
  }

  @Test(arguments: ["", "   ", "\n\t", "\u{7}"])
  func anEmptyNameIsRefused(name: String) {
    let basket = makeBasket()
    #expect(throws: ListError.emptyName) { try basket.add(name: name) }
  }

  @Test func aNameOver200CharactersIsRefusedAndControlCharactersAreRemoved() throws {
    let basket = makeBasket()
    #expect(throws: ListError.nameTooLong(201)) {
      try basket.add(name: String(repeating: "a", count: 201))
    }
    let result = try basket.add(name: "Mi\u{0}lk\u{202E}")
    #expect(result.item.name == "Milk")
  }

  @Test(arguments: ["apple", "APPLES", " Apple ", "Äpple"])
  func addingADuplicateBumpsTheExistingItemInstead(duplicate: String) throws {
    let basket = makeBasket()
    let first = try basket.add(name: "Apples")
    clock.advance(by: 1)
    try basket.add(name: "Bread")
    clock.advance(by: 1)
    let again = try basket.add(name: duplicate)
    #expect(again.outcome == .bumped(first.item.id))
    let toGet = try basket.sections().toGet
    #expect(names(toGet) == ["Apples", "Bread"])
  }

  @Test func addingANameInGotItRestoresThatItem() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk", quantity: Quantity(amount: 2, unit: .liters))
    try basket.add(name: "Bread")
    try basket.check(milk.item.id)
    clock.advance(by: 60)
    let again = try basket.add(name: "milk")
    #expect(again.outcome == .restored(milk.item.id))
    let sections = try basket.sections()
    #expect(names(sections.toGet) == ["Milk", "Bread"])
    #expect(sections.toGet[0].quantity == Quantity(amount: 2, unit: .liters))
    #expect(sections.gotIt.isEmpty)
  }

  @Test func replayingAClientIDChangesNothing() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let id = Fixtures.id(99)
    #expect(try basket.add(name: "Milk", id: id).outcome == .added(id))
    let revision = try store.revision()
    #expect(try basket.add(name: "Milk", id: id).outcome == .replayed(id))
    #expect(try store.revision() == revision)
    #expect(try store.memory().first?.timesAdded == 1)
  }

  @Test func checkingMovesAnItemToGotItMostRecentFirst() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk").item
    let bread = try basket.add(name: "Bread").item
    try basket.add(name: "Eggs")
    try basket.check(milk.id)
    clock.advance(by: 5)
    try basket.check(bread.id)
    let sections = try basket.sections()
    #expect(names(sections.toGet) == ["Eggs"])
    #expect(names(sections.gotIt) == ["Bread", "Milk"])
    #expect(sections.gotIt[1].checkedAt == clock.now.addingTimeInterval(-5))
  }

  @Test func checkingTheLastItemSignalsAllDone() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk").item
    let bread = try basket.add(name: "Bread").item
    #expect(try basket.check(milk.id).allDone == false)
    #expect(try basket.check(bread.id).allDone == true)
  }

  @Test func gotItItemsDisappearAfterAnHour() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk").item
    try basket.check(milk.id)
    clock.advance(by: 59 * 60 + 59)
    #expect(names(try basket.sections().gotIt) == ["Milk"])
    clock.advance(by: 1)
    #expect(try basket.sections().gotIt.isEmpty)
  }

  @Test func expiredItemsAreDeletedByTheNextChange() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let milk = try basket.add(name: "Milk").item
    try basket.check(milk.id)
    clock.advance(by: 3601)
    try basket.add(name: "Bread")
    #expect(names(try store.items()) == ["Bread"])
    #expect(try store.memory().map(\.name).sorted() == ["Bread", "Milk"])
  }

  @Test func uncheckingRestoresToTheTop() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk").item
    clock.advance(by: 1)
    try basket.add(name: "Bread")
    try basket.check(milk.id)
    try basket.uncheck(milk.id)
    let sections = try basket.sections()
    #expect(names(sections.toGet) == ["Milk", "Bread"])
    #expect(sections.toGet[0].checkedAt == nil)
  }

  @Test func renameReDerivesEmojiResetsQuantityAndKeepsPlace() throws {
    let basket = makeBasket()
    let thing = try basket.add(name: "Thing", quantity: Quantity(amount: 3, unit: .units)).item
    clock.advance(by: 1)
    try basket.add(name: "Bread")
    try basket.rename(thing.id, to: "  Oat milk ")
    let toGet = try basket.sections().toGet
    #expect(names(toGet) == ["Bread", "Oat milk"])
    #expect(toGet[1].emoji == "🥛")
    #expect(toGet[1].quantity == nil)
  }

  @Test func anEmptyRenameIsRejectedAndTheOldNameKept() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk", quantity: Quantity(amount: 1, unit: .liters)).item
    #expect(throws: ListError.emptyName) { try basket.rename(milk.id, to: "  ") }
    let item = try basket.sections().toGet[0]
    #expect(item.name == "Milk")
    #expect(item.quantity == Quantity(amount: 1, unit: .liters))
  }

  @Test func quantitiesSetTidyAndClear() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk").item
    try basket.setQuantity(milk.id, Quantity(amount: 0.1 + 0.2, unit: .liters))
    #expect(try basket.sections().toGet[0].quantity == Quantity(amount: 0.3, unit: .liters))
    try basket.setQuantity(milk.id, Quantity(amount: 0, unit: .liters))
    #expect(try basket.sections().toGet[0].quantity == nil)
    #expect(throws: ListError.amountOutOfRange(Quantity(amount: -1, unit: .units))) {
      try basket.setQuantity(milk.id, Quantity(amount: -1, unit: .units))
    }
  }

  @Test func unknownIDsAreReported() {
    let basket = makeBasket()
    #expect(throws: ListError.unknownItem(Fixtures.id(7).uuidString)) {
      try basket.check(Fixtures.id(7))
    }
  }

  @Test func removeDeletesTheItemButNotItsMemory() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let milk = try basket.add(name: "Milk").item
    try basket.remove(milk.id)
    #expect(try store.items().isEmpty)
    #expect(try store.memory().map(\.name) == ["Milk"])
  }

  @Test func clearAllHidesGotItAndUndoRestoresExactly() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let milk = try basket.add(name: "Milk", quantity: Quantity(amount: 2, unit: .liters)).item
    let bread = try basket.add(name: "Bread").item
    try basket.check(milk.id)
    clock.advance(by: 10)
    try basket.check(bread.id)
    let before = try basket.sections().gotIt
    #expect(try basket.clearGotIt() == 2)
    #expect(try basket.sections().gotIt.isEmpty)
    #expect(try store.items().count == 2)  // only hidden
    clock.advance(by: ListTiming.undoWindow - 1)
    #expect(try basket.undoClear() == 2)
    #expect(try basket.sections().gotIt == before)
  }

  @Test func aClearIsCommittedOnceTheUndoWindowPasses() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let milk = try basket.add(name: "Milk").item
    try basket.check(milk.id)
    try basket.clearGotIt()
    #expect(try basket.undoDeadline() == clock.now.addingTimeInterval(ListTiming.undoWindow))
    clock.advance(by: ListTiming.undoWindow)
    #expect(try basket.undoDeadline() == nil)
    #expect(throws: ListError.nothingToUndo) { try basket.undoClear() }
    try basket.add(name: "Bread")
    #expect(names(try store.items()) == ["Bread"])
  }

  @Test func undoBringsBackOnlyTheLatestClear() throws {
    let basket = makeBasket()
    let milk = try basket.add(name: "Milk").item
    try basket.check(milk.id)
    try basket.clearGotIt()
    clock.advance(by: 2)
    let bread = try basket.add(name: "Bread").item
    try basket.check(bread.id)
    try basket.clearGotIt()
    #expect(try basket.undoClear() == 1)
    #expect(names(try basket.sections().gotIt) == ["Bread"])
  }

  @Test func theNextTidyIsWhenTheFirstGotItHourOrUndoWindowEnds() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let milk = try basket.add(name: "Milk").item
    #expect(try basket.nextTidy() == nil)  // nothing checked: nothing will settle
    let checked = clock.now
    try basket.check(milk.id)
    #expect(try basket.nextTidy() == checked.addingTimeInterval(ListTiming.gotItTTL))
    clock.advance(by: 60)
    let bread = try basket.add(name: "Bread").item
    try basket.check(bread.id)
    #expect(try basket.nextTidy() == checked.addingTimeInterval(ListTiming.gotItTTL))
    try basket.clearGotIt()
    #expect(try basket.nextTidy() == clock.now.addingTimeInterval(ListTiming.undoWindow))
  }

  @Test func aTidyCommitsWhatHasSettledAndWritesNothingOtherwise() throws {
    let store = InMemoryStore()
    let basket = makeBasket(store)
    let milk = try basket.add(name: "Milk").item
    try basket.check(milk.id)
    let revision = try store.revision()
    try basket.tidy()
    #expect(try store.revision() == revision)
    clock.advance(by: ListTiming.gotItTTL)
    let due = try #require(try basket.nextTidy())
    #expect(due <= clock.now)
    try basket.tidy()
    #expect(try store.items().isEmpty)
    #expect(try store.changes(since: revision)?.removed == [milk.id])
    #expect(try basket.nextTidy() == nil)
  }
}
