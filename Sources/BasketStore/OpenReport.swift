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
  /// Quantities Basket can't use (out of range, unknown unit) that were cleared from their
  /// items; the items stay.
  public var droppedQuantities: [DroppedQuantity]

  public init(
    movedAsideTo: String? = nil, salvagedItems: Int = 0, salvagedMemory: Int = 0,
    reason: String? = nil, droppedQuantities: [DroppedQuantity] = []
  ) {
    self.movedAsideTo = movedAsideTo
    self.salvagedItems = salvagedItems
    self.salvagedMemory = salvagedMemory
    self.reason = reason
    self.droppedQuantities = droppedQuantities
  }
}
