#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What became of one operation.
public struct OperationResult: Equatable, Sendable {
  public enum Status: String, Sendable {
    /// It took effect, or had nothing left to change (a check of a checked item, or an edit
    /// older than the field's last change).
    case applied
    /// This operation id was applied before; nothing changed.
    case duplicate
    /// It can never apply; `refusal` says why.
    case refused
  }

  /// What an operation did, for faces that answer with more than the status.
  public enum Effect: Equatable, Sendable {
    case none
    case added(AddOutcome)
    /// `allDone`: To get is empty now.
    case checked(allDone: Bool)
    /// The items a clear hid, and until when it can be undone (nil: it hid nothing).
    case cleared([UUID], undoUntil: Date?)
    /// The items an undo brought back.
    case restored([UUID])
  }

  public var status: Status
  public var refusal: Refusal?
  /// The server's id for the item the operation touched: the one sent, or the existing item
  /// an add was merged into (or whose alias it named).
  public var item: UUID?
  public var effect: Effect
  /// The item `item` names as it stands after the operation (nil once gone), for faces that
  /// answer with it.
  public var touched: Item?

  /// What a check-off of `id` (the id sent) did: the item's own id, and whether To get is
  /// empty now.
  public func checkOutcome(_ id: UUID) -> CheckOutcome {
    guard case .checked(let allDone) = effect else { return CheckOutcome(id: id, allDone: false) }
    return CheckOutcome(id: item ?? id, allDone: allDone)
  }

  public init(
    status: Status, refusal: Refusal? = nil, item: UUID? = nil, effect: Effect = .none,
    touched: Item? = nil
  ) {
    self.status = status
    self.refusal = refusal
    self.item = item
    self.effect = effect
    self.touched = touched
  }

  public static func refused(_ refusal: Refusal) -> OperationResult {
    OperationResult(status: .refused, refusal: refusal)
  }

  /// One sentence for the user when refused.
  public var reason: String? { refusal?.description }
}

/// Why an operation can never apply. Each reads as one sentence for the user.
public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// Its JSON can't be read.
  case malformed(String)
  /// It was made longer ago than `OpLog.retention`.
  case tooOld
  /// It names an item that is gone for good.
  case gone(Tombstone)
  /// It names an item hidden by a Clear all that can still be undone.
  case hidden(name: String)
  /// It names an item the server never had (or forgot, past the retention).
  case unknownItem
  /// It undoes a clear whose undo window has passed.
  case tooLateToUndo
  /// It undoes an operation that isn't a clear the server knows.
  case noSuchClear
  /// A list rule refused it (an empty name, an impossible quantity…).
  case list(ListError)
  /// The note rule refused it (a note too long).
  case note(NoteError)
  /// Refused before; the reason as the operation log kept it.
  case recorded(String)

  public var description: String {
    switch self {
    case .malformed(let reason): "This change could not be read: \(reason)"
    case .tooOld: "This change is too old to apply"
    case .gone(let tombstone):
      switch tombstone.reason {
      case .removed: "\(tombstone.name) was removed on another phone"
      case .cleared: "\(tombstone.name) was cleared on another phone"
      case .expired: "\(tombstone.name) had already left Got it"
      }
    case .hidden(let name): "\(name) was cleared on another phone"
    case .unknownItem: "That item is not on the list any more"
    case .tooLateToUndo: "Too late to undo that clear"
    case .noSuchClear: "There is no such clear to undo"
    case .list(let error):
      error.description.prefix(1).uppercased() + error.description.dropFirst()
    case .note(let error):
      error.description.prefix(1).uppercased() + error.description.dropFirst()
    case .recorded(let reason): reason
    }
  }
}
