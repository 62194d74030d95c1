import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// The SQLite store and the in-memory one run the same rules through different readers; a
/// long random run of user actions must leave them with the same list, memory and revision.
@Suite struct StoreEquivalenceTests {
  let directory = TemporaryDirectory()

  /// Names that collide under `NameKey` (so adds bump and restore) and some that don't.
  static let names = [
    "Apples", "apple", "Milk", "milks", "Crème fraîche", "creme fraiche", "Bread", "Eggs",
    "Tomatoes", "tomato", "Tea", "Jam",
  ]
  /// Steps the clock can take: short ones inside the undo window, and past it and the hour.
  /// NB: multiples of 1/2 s, so stored dates read back exactly and no rule sits on a rounding.
  static let steps: [TimeInterval] = [0.5, 3, 11, 17, 1801, 3700]

  private func basket(_ store: any ListStore, _ clock: TestClock) -> Basket {
    Fixtures.basket(over: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  /// What a call returned, or the error it threw, as text both stores can be compared by.
  private func outcome(_ body: () throws -> Any) -> String {
    do { return "\(try body())" } catch { return "error: \(error)" }
  }

  /// `item` with its dates to the millisecond. The SQLite store keeps seconds since 1970 as a
  /// REAL, so a date read back can differ from the one written by a fraction of a microsecond,
  /// and bumps add 1 ms to a date read back: over a long run, listing dates drift apart by
  /// microseconds (as they did before changes read only what they touch).
  private func rounded(_ item: Item) -> Item {
    func round(_ date: Date) -> Date {
      Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1e3).rounded() / 1e3)
    }
    var item = item
    item.addedAt = round(item.addedAt)
    item.listedAt = round(item.listedAt)
    item.checkedAt = item.checkedAt.map(round)
    item.clearedAt = item.clearedAt.map(round)
    item.changed = FieldTimes(
      name: round(item.changed.name), quantity: round(item.changed.quantity),
      checked: round(item.changed.checked), place: round(item.changed.place))
    return item
  }

  /// Operations from three phones, each made up to an hour before it arrives, some of them
  /// sent twice, naming items the phones saw (or ids they made, or ids gone for good).
  @Test(arguments: [4, 5] as [UInt64])
  func aRandomRunOfOperationsLeavesBothStoresAlike(seed: UInt64) throws {
    let clock = TestClock()
    let memory = InMemoryStore()
    let (sqlite, _) = try SQLiteStore.open(at: directory.file("ops-\(seed).sqlite"), now: clock.now)
    let baskets = [basket(memory, clock), basket(sqlite, clock)]
    var random = SeededGenerator(seed: seed)
    var known: [UUID] = []
    var sent: [ListOperation] = []
    var clears: [UUID] = []
    var statuses: [OperationResult.Status: Int] = [:]

    for step in 0..<300 {
      let name = Self.names.randomElement(using: &random)!
      let target = known.randomElement(using: &random) ?? Fixtures.id(9999)
      let at = clock.now.addingTimeInterval(-Double(Int.random(in: 0...7200, using: &random)) / 2)
      let change: ListOperation.Change
      switch Int.random(in: 0..<11, using: &random) {
      case 0...2:
        let id = Fixtures.id(10_000 + step)
        known.append(id)
        change = .add(item: id, .name(name, nil))
      case 3: change = .check(target)
      case 4: change = .uncheck(target)
      case 5: change = .rename(target, name: name)
      case 6: change = .quantity(target, Quantity(amount: Double(step % 4), unit: .units))
      case 7: change = .remove(target)
      case 8: change = .clear(items: Array(known.shuffled(using: &random).prefix(4)))
      case 9: change = .undo(clear: clears.randomElement(using: &random) ?? Fixtures.id(1))
      default:
        clock.advance(by: Self.steps.randomElement(using: &random)!)
        continue
      }
      var batch = [ListOperation(id: Fixtures.id(100_000 + step), at: at, change: change)]
      if case .clear = change { clears.append(batch[0].id) }
      if Bool.random(using: &random), let replay = sent.randomElement(using: &random) {
        batch.append(replay)
      }
      sent += batch
      let results = try baskets.map { try $0.apply(batch) }
      #expect(results[0] == results[1], "step \(step)")
      for result in results[0] { statuses[result.status, default: 0] += 1 }
      #expect(try memory.items().map(rounded) == sqlite.items().map(rounded), "step \(step)")
      #expect(try memory.revision() == sqlite.revision(), "step \(step)")
      let since = max(0, try memory.revision() - 3)
      let fromMemory = try #require(try memory.changes(since: since))
      let fromSQLite = try #require(try sqlite.changes(since: since))
      #expect(Set(fromMemory.items.map(rounded)) == Set(fromSQLite.items.map(rounded)))
      #expect(Set(fromMemory.removed) == Set(fromSQLite.removed), "step \(step)")
      #expect(fromMemory.revision == fromSQLite.revision, "step \(step)")
    }
    #expect(try memory.revision() > 50)
    #expect(statuses.values.allSatisfy { $0 > 10 } && statuses.count == 3, "\(statuses)")
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRandomRunLeavesBothStoresAlike(seed: UInt64) throws {
    let clock = TestClock()
    let memory = InMemoryStore()
    let (sqlite, _) = try SQLiteStore.open(at: directory.file("\(seed).sqlite"), now: clock.now)
    let baskets = [basket(memory, clock), basket(sqlite, clock)]
    var random = SeededGenerator(seed: seed)

    for step in 0..<400 {
      let sections = try baskets[0].sections()
      let visible = sections.toGet + sections.gotIt
      let target = visible.randomElement(using: &random)?.id ?? Fixtures.id(9999)
      let name = Self.names.randomElement(using: &random)!
      let quantity =
        Bool.random(using: &random)
        ? Quantity(amount: Double(Int.random(in: 0...3, using: &random)), unit: .units) : nil
      let action: (Basket) throws -> Any
      switch Int.random(in: 0..<12, using: &random) {
      case 0...3: action = { try $0.add(name: name, quantity: quantity) }
      case 4: action = { try $0.check(target) }
      case 5: action = { try $0.uncheck(sections.gotIt.first?.id ?? target) }
      case 6: action = { try $0.rename(target, to: name) }
      case 7: action = { try $0.setQuantity(target, quantity) }
      case 8: action = { try $0.remove(target) }
      case 9: action = { try $0.clearGotIt() }
      case 10: action = { try $0.undoClear() }
      default:
        clock.advance(by: Self.steps.randomElement(using: &random)!)
        action = { try $0.sections() }
      }
      let results = baskets.map { basket in outcome { try action(basket) } }
      #expect(results[0] == results[1], "step \(step)")
      #expect(try memory.items().map(rounded) == sqlite.items().map(rounded), "step \(step)")
      #expect(try memory.revision() == sqlite.revision(), "step \(step)")
    }
    #expect(
      try memory.memory().sorted { $0.name < $1.name }
        == sqlite.memory().sorted { $0.name < $1.name })
    #expect(try memory.revision() > 100)
  }
}
