import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's lists (`lists`, schema v14). Every item and tombstone row names its list;
/// the store's list reads and changes go to one list at a time: the one `onList` scopes, else
/// the process's (`useList`), else the household's first.
extension SQLiteStore: ListsStore {
  private static let columns = "id, name, position, created_at, removed_at, caldav_name"

  public func lists() throws -> [ShoppingList] {
    try withConnection { try $0.loadLists() }
  }

  public func modifyLists<T>(_ body: (inout [ShoppingList]) throws -> T) throws -> T {
    var result: T?
    try translatingErrors {
      try locked { locked in
        let connection = locked.connection
        try connection.transaction(immediate: true) {
          let before = try connection.loadLists()
          var after = before
          result = try body(&after)
          guard after != before else { return }
          _ = try connection.bumpRevision()
          for list in after where !before.contains(list) {
            try connection.run(
              """
              INSERT INTO lists (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
              ON CONFLICT (id) DO UPDATE SET name = ?2, position = ?3, removed_at = ?5
              """,
              [
                .text(list.id.uuidString), .text(list.name), .integer(Int64(list.position)),
                .real(list.createdAt.timeIntervalSince1970),
                list.removedAt.map { .real($0.timeIntervalSince1970) } ?? .null,
                .text(list.calDAVName),
              ])
          }
        }
      }
    }
    guard let result else { throw StoreError.failed("the change to the lists produced nothing") }
    return result
  }

  public func onList<T>(_ id: UUID, _ body: () throws -> T) throws -> T {
    try Self.$scopedList.withValue(id) {
      // NB: checked once up front, so a removed list is refused before anything runs.
      _ = try currentList()
      return try body()
    }
  }

  public func currentList() throws -> ShoppingList {
    try withConnection { connection in
      guard
        let list = try connection.loadLists().first(where: { $0.id.uuidString == connection.list })
      else { throw StoreError.failed("the list in use is missing") }
      return list
    }
  }

  /// Reads and changes the list `id` in this process from now on (nil: the household's first),
  /// wherever no body is scoped to another (`onList`).
  public func useList(_ id: UUID?) {
    listOverride.withLock { $0 = id }
  }
}

extension Connection {
  /// Every list, removed ones too, in order (position, then age).
  func loadLists() throws -> [ShoppingList] {
    var lists: [ShoppingList] = []
    try run(
      """
      SELECT id, name, position, created_at, removed_at, caldav_name FROM lists
      ORDER BY position, created_at
      """
    ) { row in
      guard let id = row.text(0).flatMap(UUID.stored), let name = row.text(1),
        let position = row.int64(2), let created = row.double(3), let calDAV = row.text(5)
      else { return }
      lists.append(
        ShoppingList(
          id: id, name: name, position: Int(clamping: position),
          createdAt: Date(timeIntervalSince1970: created),
          removedAt: row.double(4).map(Date.init(timeIntervalSince1970:)), calDAVName: calDAV))
    }
    return lists
  }

  /// Points item reads and writes at `wanted` (nil: the household's first live list).
  ///
  /// - Throws: `ListsError` when `wanted` doesn't exist or was removed.
  func useList(_ wanted: UUID?) throws {
    guard let wanted else {
      var first = ""
      try run(Self.firstLiveList) { row in first = row.text(0) ?? "" }
      list = first
      return
    }
    var found: (name: String, removed: Bool)?
    try run(Self.listByID, [.text(wanted.uuidString)]) { row in
      found = (row.text(0) ?? "", row.double(1) != nil)
    }
    guard let found else { throw ListsError.noSuchList(wanted.uuidString, []) }
    guard !found.removed else { throw ListsError.removed(found.name) }
    list = wanted.uuidString
  }

  /// Chooses the list as `useList` does, inside the transaction the next `begin` opens:
  /// read there, the choice needs no read transaction of its own (two file locks and the log's
  /// index, about 50 µs of every change a phone makes).
  func useListOnceBegun(_ wanted: UUID?) {
    listToChoose = .some(wanted)
  }

  static let firstLiveList =
    "SELECT id FROM lists WHERE removed_at IS NULL ORDER BY position, created_at LIMIT 1"
  static let listByID = "SELECT name, removed_at FROM lists WHERE id = ?1"
}
