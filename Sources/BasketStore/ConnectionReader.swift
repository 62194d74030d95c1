import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Answers a draft's queries with indexed reads inside `SQLiteStore.modify`'s transaction.
///
/// NB: `@unchecked Sendable` so that the draft holding it doesn't tie the connection to the
/// caller's isolation region; it is used only with the store's lock held (`modify`, `items(_:)`).
struct ConnectionReader: ListReader, @unchecked Sendable {
  let connection: Connection
  /// The list the draft reads (`Connection.list`), bound into every query.
  var list: SQLValue { .text(connection.list) }

  /// How far a date bound is widened, in seconds, so that rounding between `Date` and the
  /// stored seconds since 1970 never leaves out a match; the draft drops the extras.
  static let dateSlack: Double = 1

  func items(_ query: ItemQuery) throws -> [Item] {
    switch query {
    case .all:
      return try connection.loadItems()
    case .id(let id):
      return try select(Self.byID, [.text(id.uuidString), list])
    case .nameKey(let key):
      return try select(Self.byNameKey, [.text(key), list])
    case .toGet(let limit):
      return try select(Self.toGet, [list], limit: limit)
    case .checked(let bound):
      return try select(bound, before: Self.checkedAtOrBefore, after: Self.checkedAtOrAfter)
    case .cleared(let bound):
      return try select(bound, before: Self.clearedAtOrBefore, after: Self.clearedAtOrAfter)
    }
  }

  /// The items within `bound` of a date, through the query for its side (`before`, `after`),
  /// the bound widened by `dateSlack`.
  private func select(_ bound: ItemQuery.DateBound, before: String, after: String) throws
    -> [Item]
  {
    switch bound {
    case .atOrBefore(let date):
      try select(before, [.real(date.timeIntervalSince1970 + Self.dateSlack), list])
    case .atOrAfter(let date):
      try select(after, [.real(date.timeIntervalSince1970 - Self.dateSlack), list])
    }
  }

  /// Decodes the rows `sql` returns, skipping ones that don't decode, until `limit` are found.
  private func select(_ sql: String, _ values: [SQLValue], limit: Int = .max) throws -> [Item] {
    var items: [Item] = []
    guard limit > 0 else { return items }
    try connection.scan(sql, values) { row in
      if let item = Connection.decodeStoredItem(row, from: 0) { items.append(item) }
      return items.count < limit
    }
    return items
  }

  func operation(_ id: UUID) throws -> OperationRecord? { try connection.loadOperation(id) }
  func tombstone(_ id: UUID) throws -> Tombstone? { try connection.loadTombstone(id) }
  func alias(_ id: UUID) throws -> ItemAlias? { try connection.loadAlias(id) }

  func category(forNameKey key: String) throws -> String? {
    var found: String?
    try connection.run(Self.categoryByNameKey, [.text(key)]) {
      found = Connection.decodeCategory($0, 0)
    }
    return found
  }

  private static let selectItems = "SELECT \(Connection.readItemColumns) FROM items"
  static let byID = "\(selectItems) WHERE id = ?1 AND list = ?2"
  static let byNameKey = "\(selectItems) WHERE list = ?2 AND name_key = ?1"
  static let categoryByNameKey = "SELECT category FROM category_choices WHERE name_key = ?1"
  static let toGet =
    "\(selectItems) WHERE checked_at IS NULL AND cleared_at IS NULL AND list = ?1 ORDER BY listed_at DESC"
  // NB: `+list` keeps SQLite from reading the date queries through the list's index, which
  // it prefers for an equality: that walks every item of the list (5,000 rows of a big one,
  // at every change's tidy) where the date's partial index holds only Got it and cleared ones.
  static let checkedAtOrBefore = "\(selectItems) WHERE checked_at <= ?1 AND +list = ?2"
  static let checkedAtOrAfter = "\(selectItems) WHERE checked_at >= ?1 AND +list = ?2"
  static let clearedAtOrBefore = "\(selectItems) WHERE cleared_at <= ?1 AND +list = ?2"
  static let clearedAtOrAfter = "\(selectItems) WHERE cleared_at >= ?1 AND +list = ?2"

  /// The index each query a change runs must read through: the one that holds only the rows
  /// it wants.
  static let queryIndexes = [
    (byID, "sqlite_autoindex_items_1"), (byNameKey, "items_by_list_and_name_key"),
    (toGet, "items_to_get_by_list"), (checkedAtOrBefore, "items_by_checked_at"),
    (checkedAtOrAfter, "items_by_checked_at"), (clearedAtOrBefore, "items_by_cleared_at"),
    (clearedAtOrAfter, "items_by_cleared_at"),
  ]

  /// Every query a change may run, for tests that check each one reads through an index.
  static let indexedQueries = [
    byID, byNameKey, categoryByNameKey, toGet, checkedAtOrBefore, checkedAtOrAfter,
    clearedAtOrBefore, clearedAtOrAfter,
  ]
}
