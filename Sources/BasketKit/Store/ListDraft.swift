#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The change under way inside `ListStore.modify`: the list as the store holds it, with this
/// change's edits laid over it.
///
/// The rules read only what they need (`item(_:)`, `items(_:)`, `topOfToGet()`), each read
/// one `ItemQuery` to the store, and edit with `insert`, `update` and `remove`; the store then
/// writes `changes()`. So a change costs what it touches, not the length of the list.
///
/// `items` is the whole list instead (a read of every row), for code that wants it; once
/// written to, the draft holds the whole list and `changes()` is its difference from the store.
///
/// A read that fails is remembered rather than thrown, so the rules stay plain functions: the
/// read looks empty, and `checkReads()` and `changes()` throw the failure, so the store writes
/// nothing.
public struct ListDraft {
  private let snapshot: Snapshot
  /// Rows this change edited: the new version, or nil once removed.
  private var edits: [UUID: Item?] = [:]
  /// The ids in `edits`, in the order they were first edited.
  private var editOrder: [UUID] = []
  /// The whole list, once `items` was written to; from then on the draft's truth.
  private var whole: [Item]?
  /// Why the change cannot be written, if it cannot.
  private var conflict: String?
  /// Adds to record in suggestion memory when the draft is saved, in order.
  public private(set) var remembered: [Remembered] = []
  /// Operations, tombstones and aliases this change records, by id.
  private var sync = SyncState()
  /// Ids in `sync.operations` and `sync.aliases`, in the order they were recorded.
  private var operationOrder: [UUID] = []
  private var aliasOrder: [UUID] = []
  /// What to forget: operations, tombstones and aliases from before this date.
  private var pruneBefore: Date?

  /// A draft over the store's rows as `reader` reads them.
  public init(reading reader: any ListReader) {
    snapshot = Snapshot(reader)
  }

  /// A draft over `items` held in memory.
  public init(items: [Item]) {
    self.init(reading: ListSnapshot(items))
  }

  // MARK: - Reading

  /// The item with `id` as this change leaves it so far; nil when there is none.
  public func item(_ id: UUID) -> Item? {
    if let whole { return whole.first { $0.id == id } }
    if let edited = edits[id] { return edited }
    if let stored = snapshot.stored[id] { return stored }
    return snapshot.read(.id(id)).first { $0.id == id }
  }

  /// The items that answer `query` as this change leaves them so far, in the order the query
  /// promises (see `ItemQuery.select(from:)`).
  public func items(_ query: ItemQuery) -> [Item] {
    if let whole { return query.select(from: whole) }
    if case .id(let id) = query { return item(id).map { [$0] } ?? [] }
    var asked = query
    if case .toGet(let limit) = query {
      // NB: the store's top rows may include ones this change has moved off the top.
      let (widened, overflow) = limit.addingReportingOverflow(edits.count)
      asked = .toGet(limit: overflow ? Int.max : widened)
    }
    var seen = Set<UUID>()
    var found: [Item] = []
    for row in snapshot.read(asked) where seen.insert(row.id).inserted {
      if let edited = edits[row.id] {
        if let edited { found.append(edited) }
      } else {
        found.append(row)
      }
    }
    for id in editOrder where !seen.contains(id) {
      if let edited = edits[id] ?? nil { found.append(edited) }
    }
    return query.select(from: found)
  }

  /// An item at the top of To get (the greatest `listedAt`; which one, of several that tie, is
  /// unspecified), or nil when To get is empty.
  public func topOfToGet() -> Item? {
    items(.toGet(limit: 1)).first
  }

  /// The whole list as this change leaves it so far, in the order the items were first stored.
  ///
  /// Cost: a read of every row. Writing to it makes the draft hold the whole list.
  public var items: [Item] {
    get { whole ?? items(.all) }
    set {
      holdWholeList()
      whole = newValue
    }
    _modify {
      holdWholeList()
      yield &whole!
    }
  }

  private mutating func holdWholeList() {
    if whole == nil { whole = items(.all) }
  }

  // MARK: - Reading what makes operations exactly-once

  /// The operation with this id, recorded by this change or before it.
  public func operation(_ id: UUID) -> OperationRecord? {
    if let recorded = sync.operations[id] { return recorded }
    return snapshot.readSync { try $0.operation(id) } ?? nil
  }

  /// What is left of the item with this id, if it is gone for good (by this change or before).
  public func tombstone(_ id: UUID) -> Tombstone? {
    if let buried = sync.tombstones[id] { return buried }
    return snapshot.readSync { try $0.tombstone(id) } ?? nil
  }

  /// The item a phone's id was merged into, if it was.
  public func alias(_ id: UUID) -> ItemAlias? {
    if let alias = sync.aliases[id] { return alias }
    return snapshot.readSync { try $0.alias(id) } ?? nil
  }

  /// The household's category for the name that folds to `key`, as stored (a new or
  /// renamed item takes it, so it reads as it will once stored).
  public func category(forNameKey key: String) -> String? {
    snapshot.readSync { try $0.category(forNameKey: key) } ?? nil
  }

  // MARK: - Editing

  /// Adds a new item. An id already in use is a conflict, which `changes()` reports.
  public mutating func insert(_ item: Item) {
    if whole != nil { return whole!.append(item) }
    guard self.item(item.id) == nil else {
      return noteConflict("two items share the id \(item.id.uuidString)")
    }
    edit(item.id, to: item)
  }

  /// Replaces the item that has `item.id` with `item`.
  public mutating func update(_ item: Item) {
    if whole != nil {
      guard let index = whole!.firstIndex(where: { $0.id == item.id }) else {
        return noteConflict("no item has the id \(item.id.uuidString)")
      }
      return whole![index] = item
    }
    guard self.item(item.id) != nil else {
      return noteConflict("no item has the id \(item.id.uuidString)")
    }
    edit(item.id, to: item)
  }

  /// Removes the item that has `id` for good, leaving a tombstone that says why and when (by
  /// the server's clock), so no operation can bring it back.
  public mutating func remove(_ id: UUID, leaving reason: Tombstone.Reason, at date: Date) {
    guard let item = item(id) else {
      return noteConflict("no item has the id \(id.uuidString)")
    }
    sync.tombstones[id] = Tombstone(id: id, name: item.name, reason: reason, at: date)
    if whole != nil { return whole!.removeAll { $0.id == id } }
    edit(id, to: nil)
  }

  /// Records one add of `name` (its memory key is `key`) at `date`.
  public mutating func remember(_ name: String, key: String, at date: Date) {
    remembered.append(Remembered(name: name, key: key, at: date))
  }

  /// Takes one add of the name with memory key `key` back (an item renamed away from it): a
  /// name no add is left for leaves suggestion memory.
  public mutating func forgetOne(_ name: String, key: String, at date: Date) {
    remembered.append(Remembered(name: name, key: key, at: date, times: -1))
  }

  /// Records an operation and its result; a second record with the same id replaces the first.
  public mutating func record(_ operation: OperationRecord) {
    if sync.operations.updateValue(operation, forKey: operation.id) == nil {
      operationOrder.append(operation.id)
    }
  }

  /// Makes operations naming `alias` apply to the item `item`.
  public mutating func addAlias(_ alias: UUID, for item: UUID, at date: Date) {
    if sync.aliases.updateValue(ItemAlias(alias: alias, item: item, at: date), forKey: alias)
      == nil
    {
      aliasOrder.append(alias)
    }
  }

  /// Forgets operations, tombstones and aliases from before `date` when the change is saved.
  public mutating func prune(before date: Date) {
    pruneBefore = max(pruneBefore ?? date, date)
  }

  private mutating func edit(_ id: UUID, to version: Item?) {
    if edits.updateValue(version, forKey: id) == nil { editOrder.append(id) }
  }

  private mutating func noteConflict(_ reason: String) {
    if conflict == nil { conflict = reason }
  }

  // MARK: - Saving

  /// Throws the first read that failed, if one did.
  public func checkReads() throws {
    if let failure = snapshot.failure { throw failure }
  }

  /// What the store must write: only what differs from what it holds.
  ///
  /// - Throws: the first read that failed; `StoreError.failed` when the edits conflict (two
  ///   items with one id, or an edit of an item that isn't there).
  public func changes() throws -> Changes {
    try checkReads()
    if let conflict { throw StoreError.failed(conflict) }
    var changes = Changes(remembered: remembered)
    changes.operations = operationOrder.compactMap { sync.operations[$0] }
    changes.aliases = aliasOrder.compactMap { sync.aliases[$0] }
    changes.pruneBefore = pruneBefore
    if let whole {
      let before = snapshot.all ?? []
      let stored = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      var seen = Set<UUID>()
      for item in whole {
        guard seen.insert(item.id).inserted else {
          throw StoreError.failed("two items share the id \(item.id.uuidString)")
        }
        switch stored[item.id] {
        case nil: changes.inserted.append(item)
        case let old? where old != item: changes.updated.append(item)
        default: break
        }
      }
      changes.removed = before.map(\.id).filter { !seen.contains($0) }
    } else {
      for id in editOrder {
        switch (snapshot.stored[id], edits[id] ?? nil) {
        case (nil, let new?): changes.inserted.append(new)
        case (_?, nil): changes.removed.append(id)
        case (let old?, let new?) where old != new: changes.updated.append(new)
        default: break
        }
      }
    }
    changes.tombstones = changes.removed.map { id in
      sync.tombstones[id] ?? Self.defaultTombstone(for: snapshot.stored[id], id: id)
    }
    return changes
  }

  /// A tombstone for an item removed without one (by writing `items` whole).
  private static func defaultTombstone(for item: Item?, id: UUID) -> Tombstone {
    let times: [Date?] = item.map { [$0.addedAt, $0.listedAt, $0.checkedAt, $0.clearedAt] } ?? []
    return Tombstone(
      id: id, name: item?.name ?? "That item", reason: .removed,
      at: times.compactMap { $0 }.max() ?? Date(timeIntervalSince1970: 0))
  }

  /// The rows a change writes and the names it remembers.
  public struct Changes: Equatable, Sendable {
    /// New items, in the order they were added.
    public var inserted: [Item] = []
    public var updated: [Item] = []
    public var removed: [UUID] = []
    public var remembered: [Remembered] = []
    /// One per removed item, in the same order.
    public var tombstones: [Tombstone] = []
    /// Operations recorded, in order.
    public var operations: [OperationRecord] = []
    public var aliases: [ItemAlias] = []
    /// Forget operations, tombstones and aliases from before this date.
    public var pruneBefore: Date?

    public init(
      inserted: [Item] = [], updated: [Item] = [], removed: [UUID] = [],
      remembered: [Remembered] = [], tombstones: [Tombstone] = [],
      operations: [OperationRecord] = [], aliases: [ItemAlias] = [], pruneBefore: Date? = nil
    ) {
      self.inserted = inserted
      self.updated = updated
      self.removed = removed
      self.remembered = remembered
      self.tombstones = tombstones
      self.operations = operations
      self.aliases = aliases
      self.pruneBefore = pruneBefore
    }

    /// Whether the list or suggestion memory changes: what moves the store's revision.
    public var touchesList: Bool {
      !(inserted.isEmpty && updated.isEmpty && removed.isEmpty && remembered.isEmpty)
    }

    /// Whether there is nothing at all to write.
    public var isEmpty: Bool {
      !touchesList && operations.isEmpty && aliases.isEmpty && pruneBefore == nil
    }

    /// `items` with these changes made: updates in place, removals dropped, new items last.
    public func applied(to items: [Item]) -> [Item] {
      let updates = Dictionary(updated.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
      let gone = Set(removed)
      return items.compactMap { gone.contains($0.id) ? nil : updates[$0.id] ?? $0 } + inserted
    }
  }

  public struct Remembered: Equatable, Sendable {
    public var name: String
    /// The normalised form (see `NameKey`), which identifies the memory entry.
    public var key: String
    public var at: Date
    /// 1 for an add; -1 for an add taken back (`forgetOne`), which neither renames the entry
    /// nor moves its last add.
    public var times: Int

    public init(name: String, key: String, at: Date, times: Int = 1) {
      self.name = name
      self.key = key
      self.at = at
      self.times = times
    }
  }

  /// The store's rows as read so far. Copies of a draft share it: they read one transaction.
  private final class Snapshot {
    let reader: any ListReader
    /// The stored version of every row read, by id.
    var stored: [UUID: Item] = [:]
    /// Every stored row, once read.
    var all: [Item]?
    var failure: (any Error)?

    init(_ reader: any ListReader) {
      self.reader = reader
    }

    /// One read of what makes operations exactly-once; nil once a read failed.
    func readSync<T>(_ body: (any ListReader) throws -> T) -> T? {
      guard failure == nil else { return nil }
      do {
        return try body(reader)
      } catch {
        failure = error
        return nil
      }
    }

    func read(_ query: ItemQuery) -> [Item] {
      guard failure == nil else { return [] }
      if query == .all, let all { return all }
      do {
        let rows = try reader.items(query)
        for row in rows where stored[row.id] == nil { stored[row.id] = row }
        if query == .all { all = rows }
        return rows
      } catch {
        failure = error
        return []
      }
    }
  }
}
