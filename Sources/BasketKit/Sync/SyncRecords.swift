#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long the store remembers what it needs to apply every operation exactly once.
public enum OpLog {
  /// Applied operation ids (with their results), tombstones and aliases are kept this long,
  /// and an operation made longer ago than this is refused, so a replay can never apply twice.
  ///
  /// NB: 90 days covers a phone left in a drawer over a long holiday, and costs a few hundred
  /// rows for a household (a row per change).
  public static let retention: TimeInterval = 90 * 24 * 60 * 60
}

/// What is left of an item that is gone for good, so that an operation naming it is refused
/// with a reason instead of bringing it back.
public struct Tombstone: Equatable, Hashable, Sendable {
  public enum Reason: String, Sendable, CaseIterable {
    /// Removed by someone.
    case removed
    /// Hidden by Clear all, and the undo window passed.
    case cleared
    /// Left Got it an hour after it was checked.
    case expired
  }

  public var id: UUID
  /// The item's name when it went, for the reason a refusal gives.
  public var name: String
  public var reason: Reason
  /// When it went, by the server's clock.
  public var at: Date

  public init(id: UUID, name: String, reason: Reason, at: Date) {
    self.id = id
    self.name = name
    self.reason = reason
    self.at = at
  }
}

/// A phone's id for an item that the server merged into an existing one (the same name added
/// on two phones): operations naming `alias` apply to `item`.
public struct ItemAlias: Equatable, Hashable, Sendable {
  public var alias: UUID
  public var item: UUID
  /// When the alias was made, by the server's clock.
  public var at: Date

  public init(alias: UUID, item: UUID, at: Date) {
    self.alias = alias
    self.item = item
    self.at = at
  }
}

/// An operation the store has seen, with its result: what makes a replay a duplicate.
public struct OperationRecord: Equatable, Sendable {
  public var id: UUID
  /// The list change it was; nil for a change made through another route (a recipe added, a
  /// pantry entry used, a trip step…: `ListStore.exactlyOnce`).
  public var kind: ListOperation.Kind?
  /// When the operation was made (clamped to the server's clock); pruned by this.
  public var at: Date
  /// When the server applied it: the undo window of a clear counts from here.
  public var appliedAt: Date
  /// Why it was refused; nil when it applied.
  public var refusal: String?
  /// The server's id of the item it touched, if any.
  public var item: UUID?
  /// For a clear, the items it hid; for an undo, the items it brought back.
  public var affected: [UUID]

  public init(
    id: UUID, kind: ListOperation.Kind?, at: Date, appliedAt: Date, refusal: String? = nil,
    item: UUID? = nil, affected: [UUID] = []
  ) {
    self.id = id
    self.kind = kind
    self.at = at
    self.appliedAt = appliedAt
    self.refusal = refusal
    self.item = item
    self.affected = affected
  }
}

/// Everything a store remembers beside the list to apply operations exactly once.
public struct SyncState: Equatable, Sendable {
  public var operations: [UUID: OperationRecord]
  public var tombstones: [UUID: Tombstone]
  public var aliases: [UUID: ItemAlias]

  public init(
    operations: [UUID: OperationRecord] = [:], tombstones: [UUID: Tombstone] = [:],
    aliases: [UUID: ItemAlias] = [:]
  ) {
    self.operations = operations
    self.tombstones = tombstones
    self.aliases = aliases
  }
}

/// What changed in a store after a revision: the payload of `/changes` and of a live update.
public struct ListChanges: Equatable, Sendable {
  /// The revision the changes start after.
  public var from: Int64
  /// The store's revision once they are applied.
  public var revision: Int64
  /// Every item whose row changed after `from`, as it stands now (hidden ones included).
  public var items: [Item]
  /// Every item removed after `from` (by anyone, for any reason).
  public var removed: [UUID]

  public init(from: Int64, revision: Int64, items: [Item], removed: [UUID]) {
    self.from = from
    self.revision = revision
    self.items = items
    self.removed = removed
  }
}
