import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pantry in the store (schema v7): one row per entry in `pantry_entries`, the names the
/// household gave to barcodes in `barcode_names` (by GTIN-14 key), and the check-in offers in
/// `checkin_offers` (each as JSON in `body`). A change reads the whole pantry and writes the
/// rows that differ, inside one `BEGIN IMMEDIATE` transaction.
extension SQLiteStore: PantryStore {
  public func pantry() throws -> PantryState {
    try readState { try $0.loadPantry() }
  }

  public func modifyPantry<T: Sendable>(_ body: @Sendable (inout PantryState) throws -> T)
    throws -> T
  {
    try modifyState(
      load: { try $0.loadPantry() }, changed: { $0 != $1 },
      save: { try $0.savePantry($1, over: $2) }, body)
  }
}

extension Connection {
  static let pantryColumns = """
    id, name, barcode, packages, size_amount, size_unit, left_amount, left_unit, note, updated_at,
    counted_as
    """

  /// Every pantry row, barcode name and offer. A row that can't be read (no id or name) is
  /// skipped; an amount in a unit this build doesn't know, or out of range, reads as unknown.
  func loadPantry() throws -> PantryState {
    var state = PantryState()
    try run("SELECT \(Self.pantryColumns) FROM pantry_entries ORDER BY rowid") { row in
      guard let id = row.text(0).flatMap(UUID.stored), let name = row.text(1),
        !name.isEmpty
      else { return }
      state.entries.append(
        PantryEntry(
          id: id, name: name, barcode: row.text(2).flatMap { try? Barcode($0) },
          packages: Int(clamping: max(0, min(row.int64(3) ?? 0, Int64(PantryRules.maxPackages)))),
          counting: row.text(10).flatMap(PantryCounting.init(id:)),
          packageSize: Self.pantryAmount(row, 4), left: Self.pantryAmount(row, 6),
          note: row.text(8), updatedAt: Date(timeIntervalSince1970: row.double(9) ?? 0)))
    }
    try run("SELECT barcode_key, name FROM barcode_names") { row in
      guard let key = row.text(0), let name = row.text(1) else { return }
      state.barcodeNames[key] = name
    }
    let decoder = JSONDecoder()
    try run("SELECT body FROM checkin_offers ORDER BY checked_at") { row in
      guard let body = row.text(0),
        let offer = try? decoder.decode(CheckinOffer.self, from: Data(body.utf8))
      else { return }
      state.offers.append(offer)
    }
    return state
  }

  /// Each column a pantry entry is written to, named, with its value.
  static func fields(of entry: PantryEntry) -> [(String, SQLValue)] {
    [
      ("id", .text(entry.id.uuidString)), ("name", .text(entry.name)),
      ("name_key", .text(entry.key)), ("barcode", entry.barcode.map { .text($0.digits) } ?? .null),
      ("barcode_key", entry.barcode.map { .text($0.key) } ?? .null),
      ("packages", .integer(Int64(entry.packages))),
      ("size_amount", entry.packageSize.map { .real($0.amount) } ?? .null),
      ("size_unit", entry.packageSize?.unit.map { .text($0.id) } ?? .null),
      ("left_amount", entry.left.map { .real($0.amount) } ?? .null),
      ("left_unit", entry.left?.unit.map { .text($0.id) } ?? .null),
      ("note", entry.note.map(SQLValue.text) ?? .null),
      ("updated_at", .real(entry.updatedAt.timeIntervalSince1970)),
      ("counted_as", entry.counting.map { .text($0.id) } ?? .null),
    ]
  }

  /// The upsert of an entry, its columns read off `fields(of:)`.
  private static let savePantryEntrySQL = insertSQL(
    "pantry_entries",
    fields(of: PantryEntry(id: UUID(), name: "", updatedAt: Date(timeIntervalSince1970: 0)))
      .map(\.0), upsertOn: "id")

  /// An amount from two columns (amount, unit id; a NULL unit counts), or nil.
  private static func pantryAmount(_ row: Statement, _ column: Int32) -> IngredientQuantity? {
    guard let amount = row.double(column), amount.isFinite, amount >= 0,
      amount <= PantryAmount.maximum
    else { return nil }
    guard let unitID = row.text(column + 1) else { return IngredientQuantity(amount: amount) }
    guard let unit = KitchenUnit(id: unitID) else { return nil }
    return IngredientQuantity(amount: amount, unit: unit)
  }

  /// Writes what differs between `after` and `before`. Call inside a write transaction.
  func savePantry(_ after: PantryState, over before: PantryState) throws {
    let old = Dictionary(before.entries.map { ($0.id, $0) }) { first, _ in first }
    let kept = Set(after.entries.map(\.id))
    for entry in before.entries where !kept.contains(entry.id) {
      try run("DELETE FROM pantry_entries WHERE id = ?1", [.text(entry.id.uuidString)])
    }
    for entry in after.entries where old[entry.id] != entry {
      try run(Self.savePantryEntrySQL, named: Self.fields(of: entry))
    }
    for key in before.barcodeNames.keys where after.barcodeNames[key] == nil {
      try run("DELETE FROM barcode_names WHERE barcode_key = ?1", [.text(key)])
    }
    for (key, name) in after.barcodeNames where before.barcodeNames[key] != name {
      try run(
        """
        INSERT INTO barcode_names (barcode_key, name) VALUES (?1, ?2)
        ON CONFLICT (barcode_key) DO UPDATE SET name = excluded.name
        """, [.text(key), .text(name)])
    }
    let oldOffers = Dictionary(before.offers.map { ($0.id, $0) }) { first, _ in first }
    let keptOffers = Set(after.offers.map(\.id))
    for offer in before.offers where !keptOffers.contains(offer.id) {
      try run("DELETE FROM checkin_offers WHERE item = ?1", [.text(offer.id.uuidString)])
    }
    let encoder = JSONEncoder()
    for offer in after.offers where oldOffers[offer.id] != offer {
      let body = String(decoding: try encoder.encode(offer), as: UTF8.self)
      try run(
        """
        INSERT INTO checkin_offers (item, state, checked_at, at, body) VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT (item) DO UPDATE SET state = excluded.state, checked_at = excluded.checked_at,
          at = excluded.at, body = excluded.body
        """,
        [
          .text(offer.id.uuidString), .text(offer.state.rawValue),
          .real(offer.checkedAt.timeIntervalSince1970), .real(offer.at.timeIntervalSince1970),
          .text(body),
        ])
    }
  }
}
