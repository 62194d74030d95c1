/// What happened while opening a store, for the faces to tell the user.
public struct OpenReport: Equatable, Sendable {
  /// Where the damaged store was moved, if it was; its `-wal`, `-shm` and `-journal` files
  /// went along with the same suffixes.
  public var movedAsideTo: String?
  /// Items copied from the damaged store into the fresh one.
  public var salvagedItems: Int
  /// Suggestion-memory entries copied from the damaged store into the fresh one.
  public var salvagedMemory: Int
  /// Why the store was moved aside.
  public var reason: String?

  public init(
    movedAsideTo: String? = nil, salvagedItems: Int = 0, salvagedMemory: Int = 0,
    reason: String? = nil
  ) {
    self.movedAsideTo = movedAsideTo
    self.salvagedItems = salvagedItems
    self.salvagedMemory = salvagedMemory
    self.reason = reason
  }
}
