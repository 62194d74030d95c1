import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading and writing Basket's rows.
///
/// Dates are stored as REAL seconds since 1970: exact for dates made from such a count (a parsed
/// timestamp, a test fixture), and within a fraction of a microsecond for any other.
extension Connection {
  static let itemColumns =
    "id, name, emoji, amount, unit, added_at, checked_at, listed_at, cleared_at, recipe_needs"
  /// `itemColumns` for a store from before schema v3, which has no `recipe_needs` (salvage).
  static let itemColumnsBeforeRecipes =
    "id, name, emoji, amount, unit, added_at, checked_at, listed_at, cleared_at, NULL"
  static let memoryColumns = "key, name, times_added, last_added"

  /// Every item, in the order they were first stored. Rows that cannot be decoded are skipped.
  func loadItems() throws -> [Item] {
    var items: [Item] = []
    try run("SELECT \(Self.itemColumns) FROM items ORDER BY rowid") { row in
      if let item = Self.decodeItem(row, from: 0) { items.append(item) }
    }
    return items
  }

  /// Every memory entry. Rows that cannot be decoded are skipped.
  func loadMemory() throws -> [MemoryEntry] {
    var entries: [MemoryEntry] = []
    try run("SELECT \(Self.memoryColumns) FROM memory ORDER BY rowid") { row in
      if let decoded = Self.decodeMemory(row, from: 0) { entries.append(decoded.1) }
    }
    return entries
  }

  func loadRevision() throws -> Int64 {
    try singleInteger("SELECT value FROM meta WHERE key = 'revision'") ?? 0
  }

  /// Writes `changes` and bumps the revision if there are any. Call inside a write transaction.
  func save(_ changes: ListDraft.Changes) throws {
    for item in changes.inserted { try insert(item) }
    for item in changes.updated { try update(item) }
    for id in changes.removed {
      try run("DELETE FROM items WHERE id = ?1", [.text(id.uuidString)])
    }
    for remembered in changes.remembered {
      try remember(remembered.name, key: remembered.key, at: remembered.at)
    }
    if !changes.isEmpty { try bumpRevision() }
  }

  /// Stores a new item; `orIgnore` skips one whose id is taken instead of failing.
  func insert(_ item: Item, orIgnore: Bool = false) throws {
    let verb = orIgnore ? "INSERT OR IGNORE" : "INSERT"
    try run(
      """
      \(verb) INTO items (\(Self.itemColumns), name_key)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
      """, Self.values(of: item) + [.text(NameKey.of(item.name))])
  }

  private func update(_ item: Item) throws {
    try run(
      """
      UPDATE items SET name = ?2, emoji = ?3, amount = ?4, unit = ?5, added_at = ?6,
        checked_at = ?7, listed_at = ?8, cleared_at = ?9, recipe_needs = ?10, name_key = ?11
      WHERE id = ?1
      """, Self.values(of: item) + [.text(NameKey.of(item.name))])
  }

  private func remember(_ name: String, key: String, at date: Date) throws {
    try run(
      """
      INSERT INTO memory (key, name, times_added, last_added) VALUES (?1, ?2, 1, ?3)
      ON CONFLICT (key) DO UPDATE SET
        name = excluded.name,
        times_added = times_added + 1,
        last_added = max(last_added, excluded.last_added)
      """, [.text(key), .text(name), .real(date.timeIntervalSince1970)])
  }

  /// Stores a salvaged memory entry unless one with `key` exists.
  func insertMemory(_ entry: MemoryEntry, key: String) throws {
    try run(
      "INSERT OR IGNORE INTO memory (key, name, times_added, last_added) VALUES (?1, ?2, ?3, ?4)",
      [
        .text(key), .text(entry.name), .integer(Int64(entry.timesAdded)),
        .real(entry.lastAdded.timeIntervalSince1970),
      ])
  }

  func bumpRevision() throws {
    try run(
      """
      INSERT INTO meta (key, value) VALUES ('revision', 1)
      ON CONFLICT (key) DO UPDATE SET value = value + 1
      """)
  }

  private static func values(of item: Item) -> [SQLValue] {
    [
      .text(item.id.uuidString),
      .text(item.name),
      .text(item.emoji),
      item.quantity.map { .real($0.amount) } ?? .null,
      item.quantity.map { .text($0.unit.rawValue) } ?? .null,
      .real(item.addedAt.timeIntervalSince1970),
      item.checkedAt.map { .real($0.timeIntervalSince1970) } ?? .null,
      .real(item.listedAt.timeIntervalSince1970),
      item.clearedAt.map { .real($0.timeIntervalSince1970) } ?? .null,
      recipeNeedsText(item.recipeNeeds).map(SQLValue.text) ?? .null,
    ]
  }

  /// `needs` as the `recipe_needs` column holds it: JSON, or nil for none.
  static func recipeNeedsText(_ needs: RecipeNeeds) -> String? {
    guard !needs.isEmpty, let data = try? JSONEncoder().encode(needs) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The `recipe_needs` column read back; none when it is empty or can't be read (an item is
  /// never lost over it).
  static func decodeRecipeNeeds(_ row: Statement, _ column: Int32) -> RecipeNeeds {
    guard let text = row.text(column),
      let needs = try? JSONDecoder().decode(RecipeNeeds.self, from: Data(text.utf8))
    else { return .none }
    return needs
  }

  /// Decodes `itemColumns` starting at column `first`; nil when a required value is missing or
  /// malformed. A quantity Basket can't use (an unknown unit, an amount out of range) drops
  /// the quantity rather than the item: see `decodeQuantity`.
  static func decodeItem(_ row: Statement, from first: Int32) -> Item? {
    guard let idText = row.text(first), let id = UUID(uuidString: idText),
      let name = row.text(first + 1),
      let emoji = row.text(first + 2),
      let addedAt = date(row, first + 5),
      let listedAt = date(row, first + 7)
    else { return nil }
    return Item(
      id: id, name: name, emoji: emoji, quantity: decodeQuantity(row, from: first + 3),
      addedAt: addedAt,
      checkedAt: date(row, first + 6), listedAt: listedAt, clearedAt: date(row, first + 8),
      recipeNeeds: decodeRecipeNeeds(row, first + 9))
  }

  /// Decodes an amount column and the unit column after it; nil unless both hold a quantity
  /// that passes `QuantityRules.isStorable` (written by an older build or by hand, a row may
  /// hold anything).
  static func decodeQuantity(_ row: Statement, from first: Int32) -> Quantity? {
    guard let amount = row.double(first), let unitText = row.text(first + 1),
      let unit = MeasureUnit(rawValue: unitText)
    else { return nil }
    let quantity = Quantity(amount: amount, unit: unit)
    return QuantityRules.isStorable(quantity) ? quantity : nil
  }

  /// Decodes `memoryColumns` starting at column `first` into the entry and its key.
  static func decodeMemory(_ row: Statement, from first: Int32) -> (String, MemoryEntry)? {
    guard let key = row.text(first), !key.isEmpty,
      let name = row.text(first + 1),
      let times = row.int64(first + 2), let timesAdded = Int(exactly: times),
      let lastAdded = date(row, first + 3)
    else { return nil }
    return (key, MemoryEntry(name: name, timesAdded: timesAdded, lastAdded: lastAdded))
  }

  private static func date(_ row: Statement, _ column: Int32) -> Date? {
    guard let seconds = row.double(column), seconds.isFinite else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }
}
