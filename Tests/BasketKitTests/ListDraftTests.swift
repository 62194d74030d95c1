import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A reader over items in memory that records what it was asked and how many rows it handed
/// over, and can be told to fail.
final class RecordingReader: ListReader {
  private let snapshot: ListSnapshot
  private(set) var queries: [ItemQuery] = []
  private(set) var rowsRead = 0
  var failure: (any Error)?

  init(_ items: [Item]) {
    snapshot = ListSnapshot(items)
  }

  func items(_ query: ItemQuery) throws -> [Item] {
    queries.append(query)
    if let failure { throw failure }
    let rows = snapshot.items(query)
    rowsRead += rows.count
    return rows
  }
}

@Suite struct ListDraftTests {
  static let now = Fixtures.monday

  static func item(
    _ n: Int, _ name: String, listed: Double = 0, checked: Double? = nil, cleared: Double? = nil
  ) -> Item {
    Item(
      id: Fixtures.id(n), name: name, emoji: "🧺", addedAt: now.addingTimeInterval(-100),
      checkedAt: checked.map { now.addingTimeInterval($0) },
      listedAt: now.addingTimeInterval(listed),
      clearedAt: cleared.map { now.addingTimeInterval($0) })
  }

  struct Boom: Error, Equatable {}

  @Test func readsSeeTheEditsThisChangeHasMade() {
    let milk = Self.item(1, "Milk")
    let eggs = Self.item(2, "Eggs")
    var draft = ListDraft(reading: RecordingReader([milk, eggs]))
    var renamed = eggs
    renamed.name = "Milks"
    draft.update(renamed)
    draft.remove(milk.id)
    let jam = Self.item(3, "milk")
    draft.insert(jam)

    #expect(draft.item(milk.id) == nil)
    #expect(draft.item(eggs.id) == renamed)
    #expect(draft.items(.nameKey("milk")) == [renamed, jam])
    #expect(draft.items(.nameKey("egg")) == [])
    #expect(draft.items == [renamed, jam])
  }

  @Test func theTopOfToGetSkipsAnItemThisChangeMovedOffIt() {
    let items = (1...3).map { Self.item($0, "Item \($0)", listed: Double($0)) }
    var draft = ListDraft(reading: RecordingReader(items))
    var top = items[2]
    top.checkedAt = Self.now
    draft.update(top)
    #expect(draft.topOfToGet() == items[1])
    draft.remove(items[1].id)
    #expect(draft.topOfToGet() == items[0])
    draft.insert(Self.item(4, "New", listed: 0.5))
    #expect(draft.topOfToGet() == items[0])
    draft.remove(items[0].id)
    #expect(draft.topOfToGet()?.name == "New")
  }

  @Test func changesHoldOnlyWhatDiffersFromTheStore() throws {
    let milk = Self.item(1, "Milk")
    let eggs = Self.item(2, "Eggs")
    let jam = Self.item(3, "Jam")
    var draft = ListDraft(reading: RecordingReader([milk, eggs, jam]))
    var changed = milk
    changed.name = "Oat milk"
    draft.update(changed)
    draft.update(milk)  // back as it was
    draft.update(eggs)  // the same
    let tea = Self.item(4, "Tea")
    draft.insert(tea)
    draft.remove(tea.id)  // gone again
    var checked = jam
    checked.checkedAt = Self.now
    draft.update(checked)
    let bread = Self.item(5, "Bread")
    draft.insert(bread)
    draft.remove(eggs.id)
    draft.remember("Bread", key: "bread", at: Self.now)

    #expect(
      try draft.changes()
        == ListDraft.Changes(
          inserted: [bread], updated: [checked], removed: [eggs.id],
          remembered: [ListDraft.Remembered(name: "Bread", key: "bread", at: Self.now)]))
    #expect(try ListDraft(reading: RecordingReader([milk])).changes().isEmpty)
  }

  @Test func anItemRemovedAndAddedAgainUnderItsIDIsAnUpdate() throws {
    let milk = Self.item(1, "Milk")
    var draft = ListDraft(reading: RecordingReader([milk]))
    draft.remove(milk.id)
    var again = milk
    again.quantity = Quantity(amount: 2, unit: .liters)
    draft.insert(again)
    #expect(try draft.changes() == ListDraft.Changes(updated: [again]))
  }

  @Test func insertingATakenIDOrEditingAMissingItemIsRefusedAtSaving() {
    let milk = Self.item(1, "Milk")
    var taken = ListDraft(reading: RecordingReader([milk]))
    taken.insert(Self.item(1, "Milk again"))
    #expect(throws: StoreError.failed("two items share the id \(milk.id.uuidString)")) {
      try taken.changes()
    }
    var missing = ListDraft(reading: RecordingReader([]))
    missing.update(milk)
    #expect(throws: StoreError.failed("no item has the id \(milk.id.uuidString)")) {
      try missing.changes()
    }
  }

  @Test func aFailedReadLooksEmptyAndIsThrownAtSaving() {
    let reader = RecordingReader([Self.item(1, "Milk")])
    reader.failure = Boom()
    var draft = ListDraft(reading: reader)
    #expect(draft.item(Fixtures.id(1)) == nil)
    draft.insert(Self.item(2, "Eggs"))
    #expect(throws: Boom()) { try draft.checkReads() }
    #expect(throws: Boom()) { try draft.changes() }
  }

  @Test func writingTheWholeListSavesItsDifference() throws {
    let milk = Self.item(1, "Milk")
    let eggs = Self.item(2, "Eggs")
    let reader = RecordingReader([milk, eggs])
    var draft = ListDraft(reading: reader)
    var checked = eggs
    checked.checkedAt = Self.now
    draft.update(checked)  // an edit before the whole list is taken is kept
    let tea = Self.item(3, "Tea")
    draft.items.append(tea)
    draft.items.removeAll { $0.id == milk.id }
    #expect(draft.items == [checked, tea])
    #expect(draft.item(tea.id) == tea)
    #expect(reader.queries.filter { $0 == .all }.count == 1)
    #expect(
      try draft.changes()
        == ListDraft.Changes(inserted: [tea], updated: [checked], removed: [milk.id]))
  }

  @Test func twoItemsWithOneIDInTheWholeListAreRefused() {
    var draft = ListDraft(items: [])
    draft.items = [Self.item(1, "Milk"), Self.item(1, "Milk again")]
    #expect(throws: StoreError.self) { try draft.changes() }
  }

  @Test func changesAppliedToTheItemsGiveTheNewList() {
    let milk = Self.item(1, "Milk")
    let eggs = Self.item(2, "Eggs")
    let jam = Self.item(3, "Jam")
    var checked = eggs
    checked.checkedAt = Self.now
    let tea = Self.item(4, "Tea")
    let changes = ListDraft.Changes(inserted: [tea], updated: [checked], removed: [milk.id])
    #expect(changes.applied(to: [milk, eggs, jam]) == [checked, jam, tea])
  }

  @Test(arguments: [
    (ItemQuery.all, [1, 2, 3, 4, 5]),
    (.id(Fixtures.id(3)), [3]),
    (.nameKey("apple"), [1, 4]),
    (.toGet(limit: 1), [2]),
    (.toGet(limit: 5), [2, 1]),
    (.checked(.atOrBefore(Fixtures.monday.addingTimeInterval(-60))), [3]),
    (.checked(.atOrAfter(Fixtures.monday.addingTimeInterval(-60))), [3, 4, 5]),
    (.cleared(.atOrBefore(Fixtures.monday)), [5]),
    (.cleared(.atOrAfter(Fixtures.monday.addingTimeInterval(1))), []),
  ])
  func eachQuerySelectsItsItemsInItsOrder(query: ItemQuery, expected: [Int]) {
    let items = [
      Self.item(1, "Apples", listed: 1), Self.item(2, "Bread", listed: 2),
      Self.item(3, "Milk", checked: -60), Self.item(4, "apple", checked: 0),
      Self.item(5, "Jam", checked: -5, cleared: -1),
    ]
    #expect(query.select(from: items).map(\.id) == expected.map(Fixtures.id))
    #expect(ListSnapshot(items).items(query) == query.select(from: items))
  }

  /// Each change on a list of 2,000 items, as `Basket` runs it (tidy first), and what it may
  /// read: a handful of rows, never the whole list.
  @Test(arguments: [
    "add", "add again", "check", "uncheck", "rename", "qty", "remove", "clear", "undo",
  ])
  func aChangeReadsOnlyTheRowsItTouches(change: String) throws {
    let now = Self.now
    var items = (1...2000).map { Self.item($0, "Item \($0)", listed: Double($0 - 2000)) }
    items[0].checkedAt = now.addingTimeInterval(-10)
    items[1].checkedAt = now.addingTimeInterval(-5)
    items[1].clearedAt = now.addingTimeInterval(-3)
    let reader = RecordingReader(items)
    var draft = ListDraft(reading: reader)
    ListRules.tidy(now: now, in: &draft)
    let top = Fixtures.id(2000)
    switch change {
    case "add":
      let entry = try AddEntry(name: "Tea", quantity: nil, classifier: Fixtures.TinyClassifier())
      _ = ListRules.add(entry, id: Fixtures.id(9999), now: now, to: &draft)
    case "add again":
      let entry = try AddEntry(name: "item 5", quantity: nil, classifier: Fixtures.TinyClassifier())
      _ = ListRules.add(entry, id: Fixtures.id(9999), now: now, to: &draft)
    case "check": _ = try ListRules.check(top, now: now, in: &draft)
    case "uncheck": try ListRules.uncheck(Fixtures.id(1), now: now, in: &draft)
    case "rename": try ListRules.rename(top, to: "Tea", emoji: "🍵", now: now, in: &draft)
    case "qty":
      try ListRules.setQuantity(
        top, Quantity(amount: 2, unit: .units), measure: { _ in nil }, now: now, in: &draft)
    case "remove": try ListRules.remove(top, now: now, in: &draft)
    case "clear": #expect(ListRules.clearGotIt(now: now, in: &draft) == 1)
    default: #expect(try ListRules.undoClear(now: now, in: &draft) == 1)
    }
    #expect(!reader.queries.contains(.all))
    #expect(reader.rowsRead <= 8, "\(reader.queries)")
    #expect(try !draft.changes().isEmpty)
  }
}
