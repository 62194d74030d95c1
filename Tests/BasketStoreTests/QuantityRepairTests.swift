import BasketKit
import Testing

@testable import BasketStore

/// A store holding quantities Basket can't use (an older build, a hand edit) still opens and
/// reads; the bad quantities are dropped, the items kept, and the report says which.
@Suite struct QuantityRepairTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  /// Writes an item row with whatever amount and unit SQL is given, as another program would.
  private func writeRow(_ n: Int, _ name: String, amount: String, unit: String) throws {
    try runSQL(
      """
      INSERT INTO items (id, name, emoji, amount, unit, added_at, listed_at, list)
      VALUES ('\(StoreFixtures.id(n).uuidString)', '\(name)', '🧺', \(amount), \(unit),
              1796033700 + \(n), 1796033700 + \(n), (SELECT id FROM lists LIMIT 1));
      """, on: path)
  }

  @Test func impossibleQuantitiesAreDroppedOnOpenAndReported() throws {
    _ = try openStore(path)
    try writeRow(1, "eggs", amount: "1e20", unit: "'units'")
    try writeRow(2, "milk", amount: "9e999", unit: "'ml'")
    try writeRow(3, "flour", amount: "'lots'", unit: "'g'")
    try writeRow(4, "rice", amount: "-5", unit: "'kg'")
    try writeRow(5, "oil", amount: "2", unit: "'parsecs'")
    try writeRow(6, "tea", amount: "0", unit: "'units'")
    try writeRow(7, "bread", amount: "2", unit: "'units'")
    try writeRow(8, "jam", amount: "NULL", unit: "NULL")

    let (store, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
    #expect(
      report.droppedQuantities == [
        DroppedQuantity(itemName: "eggs", stored: "1e+20 units"),
        DroppedQuantity(itemName: "milk", stored: "∞ ml"),
        DroppedQuantity(itemName: "flour", stored: "lots g"),
        DroppedQuantity(itemName: "rice", stored: "-5 kg"),
        DroppedQuantity(itemName: "oil", stored: "2 parsecs"),
        DroppedQuantity(itemName: "tea", stored: "0 units"),
      ])
    #expect(report.movedAsideTo == nil)
    let items = try store.items()
    #expect(items.map(\.name) == ["eggs", "milk", "flour", "rice", "oil", "tea", "bread", "jam"])
    #expect(
      items.map(\.quantity) == [
        nil, nil, nil, nil, nil, nil, Quantity(amount: 2, unit: .units), nil,
      ])

    // The repair was written: the next open finds nothing to drop.
    let (_, again) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
    #expect(again.droppedQuantities.isEmpty)
  }

  @Test func aRepairBumpsTheRevisionSoOpenPagesRefresh() throws {
    let before = try openStore(path).revision()
    try writeRow(1, "eggs", amount: "1e20", unit: "'units'")
    let (store, _) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
    #expect(try store.revision() > before)
  }

  @Test func aBadQuantityWrittenWhileOpenIsDroppedOnRead() throws {
    let store = try openStore(path)
    try writeRow(1, "eggs", amount: "1e20", unit: "'units'")
    try writeRow(2, "milk", amount: "1.5", unit: "'L'")
    let items = try store.items()
    #expect(items.map(\.quantity) == [nil, Quantity(amount: 1.5, unit: .liters)])
    // A change through the store keeps working over such a row.
    try store.modify { draft in draft.items[1].quantity = Quantity(amount: 2, unit: .liters) }
    #expect(try store.items()[1].quantity == Quantity(amount: 2, unit: .liters))
  }
}
