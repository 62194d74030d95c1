import BasketKit
import Synchronization

/// A `PantryStore` held in memory, for tests of everything above the store.
public final class InMemoryPantryStore: PantryStore {
  private let state: Mutex<PantryState>
  private let writes = Mutex(0)

  public init(_ state: PantryState = PantryState()) {
    self.state = Mutex(state)
  }

  public func pantry() throws -> PantryState { state.withLock { $0 } }

  public func modifyPantry<T: Sendable>(_ body: @Sendable (inout PantryState) throws -> T) throws
    -> T
  {
    try state.withLock { state in
      var working = state
      let result = try body(&working)
      state = working
      writes.withLock { $0 += 1 }
      return result
    }
  }

  /// How many transactions have committed.
  public var transactions: Int { writes.withLock { $0 } }
}
