import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `ListStore` held in memory, for tests of everything above the store.
///
/// Its drafts read through a `ListSnapshot` of the items, so the rules run the same queries
/// and edits they run against the SQLite store.
public final class InMemoryStore: ListStore {
  private struct State {
    var items: [Item] = []
    var memory: [String: MemoryEntry] = [:]
    var revision: Int64 = 0
    var transactions = 0
  }

  private let state: Mutex<State>

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

  public func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T {
    try state.withLock { state in
      state.transactions += 1
      var draft = ListDraft(reading: ListSnapshot(state.items))
      let result: T
      do {
        result = try body(&draft)
      } catch {
        try draft.checkReads()
        throw error
      }
      let changes = try draft.changes()
      guard !changes.isEmpty else { return result }
      state.revision += 1
      state.items = changes.applied(to: state.items)
      for added in changes.remembered {
        var entry =
          state.memory[added.key]
          ?? MemoryEntry(name: added.name, timesAdded: 0, lastAdded: added.at)
        entry.name = added.name
        entry.timesAdded += 1
        entry.lastAdded = max(entry.lastAdded, added.at)
        state.memory[added.key] = entry
      }
      return result
    }
  }

  public func revision() throws -> Int64 { state.withLock { $0.revision } }

  /// How many times `modify` has been called (each is one transaction in a real store).
  public var transactions: Int { state.withLock { $0.transactions } }
}
