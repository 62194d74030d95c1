import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `ListStore` held in memory, for tests of everything above the store.
///
/// Its drafts read through a `ListSnapshot` of the items and the sync state, so the rules run
/// the same queries and edits they run against the SQLite store.
public final class InMemoryStore: ListStore {
  struct State {
    var items: [Item] = []
    var memory: [String: MemoryEntry] = [:]
    var sync = SyncState()
    var revision: Int64 = 0
    /// The revision that last wrote each item and each tombstone.
    var itemRevisions: [UUID: Int64] = [:]
    var tombstoneRevisions: [UUID: Int64] = [:]
    var changesFloor: Int64 = 0
    /// CalDAV clients' records, by resource name (`InMemoryStore+CalDAV`).
    var calDAV: [String: CalDAVResource] = [:]
    /// The household's category for each name key (`setCategory`); items carry theirs.
    var categories: [String: String] = [:]
    var transactions = 0
  }

  let state: Mutex<State>

  public init(items: [Item] = [], memory: [MemoryEntry] = []) {
    var initial = State()
    initial.items = items
    for entry in memory { initial.memory[NameKey.of(entry.name)] = entry }
    state = Mutex(initial)
  }

  public func items() throws -> [Item] { state.withLock { $0.items } }

  public func memory() throws -> [MemoryEntry] {
    state.withLock { $0.memory.values.sorted { $0.name < $1.name } }
  }

  public func modify<Input, T>(
    inOrder inputs: [Input], _ body: (Input, inout ListDraft) throws -> T
  ) throws -> [T] {
    var results: [T] = []
    try state.withLock { state in
      state.transactions += 1
      var working = state
      for input in inputs {
        var draft = ListDraft(
          reading: ListSnapshot(
            working.items, sync: working.sync, categories: working.categories))
        do {
          results.append(try body(input, &draft))
        } catch {
          try draft.checkReads()
          throw error
        }
        Self.save(try draft.changes(), to: &working)
      }
      state = working
    }
    return results
  }

  private static func save(_ changes: ListDraft.Changes, to state: inout State) {
    if let before = changes.pruneBefore {
      for (id, tombstone) in state.sync.tombstones where tombstone.at < before {
        state.changesFloor = max(state.changesFloor, state.tombstoneRevisions[id] ?? 0)
        state.sync.tombstones[id] = nil
        state.tombstoneRevisions[id] = nil
      }
      state.sync.operations = state.sync.operations.filter { $0.value.at >= before }
      state.sync.aliases = state.sync.aliases.filter { $0.value.at >= before }
    }
    if changes.touchesList {
      state.revision += 1
      state.items = changes.applied(to: state.items)
      for item in changes.inserted + changes.updated {
        state.itemRevisions[item.id] = state.revision
      }
      for tombstone in changes.tombstones {
        state.itemRevisions[tombstone.id] = nil
        state.sync.tombstones[tombstone.id] = tombstone
        state.tombstoneRevisions[tombstone.id] = state.revision
      }
      for added in changes.remembered {
        guard added.times > 0 else {
          state.memory[added.key]?.timesAdded -= 1
          if let left = state.memory[added.key], left.timesAdded <= 0 {
            state.memory[added.key] = nil
          }
          continue
        }
        var entry =
          state.memory[added.key]
          ?? MemoryEntry(name: added.name, timesAdded: 0, lastAdded: added.at)
        entry.name = added.name
        entry.timesAdded += 1
        entry.lastAdded = max(entry.lastAdded, added.at)
        state.memory[added.key] = entry
      }
    }
    for operation in changes.operations { state.sync.operations[operation.id] = operation }
    for alias in changes.aliases { state.sync.aliases[alias.alias] = alias }
  }

  /// `ListStore.exactlyOnce` as one step: what `body` changed in this store is undone if it
  /// throws (the other in-memory stores keep theirs).
  public func exactlyOnce<T>(_ id: UUID, at now: Date, _ body: () throws -> T) throws -> T? {
    let before = state.withLock { $0 }
    guard before.sync.operations[id] == nil else { return nil }
    do {
      let result = try body()
      state.withLock { state in
        state.sync.operations[id] = OperationRecord(id: id, kind: nil, at: now, appliedAt: now)
      }
      return result
    } catch {
      state.withLock { $0 = before }
      throw error
    }
  }

  public func revision() throws -> Int64 { state.withLock { $0.revision } }

  public func setCategory(_ category: String?, forNameKey key: String) throws {
    state.withLock { state in
      state.categories[key] = category
      state.revision += 1
      for index in state.items.indices where NameKey.of(state.items[index].name) == key {
        state.items[index].category = category
        state.itemRevisions[state.items[index].id] = state.revision
      }
    }
  }

  public func changes(since revision: Int64) throws -> ListChanges? {
    state.withLock { state in
      guard revision >= state.changesFloor, revision <= state.revision else { return nil }
      let items = state.items.filter { (state.itemRevisions[$0.id] ?? 0) > revision }
      let removed = state.tombstoneRevisions.filter { $0.value > revision }
        .sorted { ($0.value, $0.key.uuidString) < ($1.value, $1.key.uuidString) }.map(\.key)
      return ListChanges(from: revision, revision: state.revision, items: items, removed: removed)
    }
  }

  /// What the store remembers to apply operations exactly once (for tests).
  public var sync: SyncState { state.withLock { $0.sync } }

  /// How many times `modify` has been called (each is one transaction in a real store).
  public var transactions: Int { state.withLock { $0.transactions } }
}
