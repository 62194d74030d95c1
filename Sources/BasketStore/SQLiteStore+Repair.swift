import BasketKit

/// A quantity the store held that Basket can't use (written by an older build or by hand),
/// dropped from its item when the store was opened. The item itself is kept.
public struct DroppedQuantity: Equatable, Sendable {
  public var itemName: String
  /// The amount and unit as they were stored, for the notice: "1e+20 units", "lots g".
  public var stored: String

  public init(itemName: String, stored: String) {
    self.itemName = itemName
    self.stored = stored
  }
}

extension SQLiteStore {
  /// Clears every stored quantity that fails `QuantityRules.isStorable` (or has an unknown
  /// unit), in one write transaction, and says which. Reading drops such a quantity anyway
  /// (see `Connection.decodeQuantity`); this makes the repair last and lets the faces say so.
  ///
  /// Cost: one read of the quantity columns; the write happens only when something is wrong.
  func dropImpossibleQuantities() throws -> [DroppedQuantity] {
    try withConnection { connection in
      guard try !connection.impossibleQuantities().isEmpty else { return [] }
      return try connection.transaction(immediate: true) {
        let found = try connection.impossibleQuantities()
        guard !found.isEmpty else { return [] }
        let revision = try connection.bumpRevision()
        for (rowid, _) in found {
          try connection.run(
            "UPDATE items SET amount = NULL, unit = NULL, revision = ?2 WHERE rowid = ?1",
            [.integer(rowid), .integer(revision)])
        }
        return found.map(\.1)
      }
    }
  }
}

extension Connection {
  /// The rows holding an amount that doesn't decode into a quantity Basket can use.
  func impossibleQuantities() throws -> [(Int64, DroppedQuantity)] {
    var found: [(Int64, DroppedQuantity)] = []
    try run("SELECT rowid, name, amount, unit FROM items WHERE amount IS NOT NULL") { row in
      guard Self.decodeQuantity(row, from: 2) == nil, let rowid = row.int64(0) else { return }
      let amount = row.double(2).map(Quantity.format) ?? String((row.text(2) ?? "?").prefix(20))
      let unit = String((row.text(3) ?? "(no unit)").prefix(20))
      found.append(
        (rowid, DroppedQuantity(itemName: row.text(1) ?? "?", stored: "\(amount) \(unit)")))
    }
    return found
  }
}
