import BasketKit

/// The baseline for adds: the store as it worked before changes read only what they touch.
/// Each change reads every row into memory, runs the rules over the whole list (each query a
/// pass over every item), then works out and writes the difference from the whole list.
final class WholeListStore: StoreOverStore {
  let base: any ListStore

  init(_ base: any ListStore) {
    self.base = base
  }

  func modify<Input, T>(inOrder inputs: [Input], _ body: (Input, inout ListDraft) throws -> T)
    throws -> [T]
  {
    try inputs.map { input in try modify { try body(input, &$0) } }
  }

  func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T {
    try base.modify { draft in
      var remembered: [ListDraft.Remembered] = []
      let result = try Self.rewrite(&draft.items) { items in
        var whole = ListDraft(items: items)
        let result = try body(&whole)
        let changes = try whole.changes()
        items = changes.applied(to: items)
        remembered = changes.remembered
        return result
      }
      for entry in remembered {
        if entry.times > 0 {
          draft.remember(entry.name, key: entry.key, at: entry.at)
        } else {
          draft.forgetOne(entry.name, key: entry.key, at: entry.at)
        }
      }
      return result
    }
  }

  /// Hands `items` over to `body` in place, so the draft reads the whole list once.
  private static func rewrite<T>(_ items: inout [Item], _ body: (inout [Item]) throws -> T)
    rethrows -> T
  {
    try body(&items)
  }
}

/// A store that changes how changes are written to the store beneath it, and reads through to
/// it as it is.
protocol StoreOverStore: ListStore {
  var base: any ListStore { get }
}

extension StoreOverStore {
  func items() throws -> [Item] { try base.items() }
  func memory() throws -> [MemoryEntry] { try base.memory() }
  func revision() throws -> Int64 { try base.revision() }
  func changes(since revision: Int64) throws -> ListChanges? { try base.changes(since: revision) }
}
