import BasketKit
import Synchronization

/// A `StapleStore` held in memory, for tests of everything above the store.
public final class InMemoryStapleStore: StapleStore {
  private let names: Mutex<[String]?>

  public init(_ names: [String]? = nil) {
    self.names = Mutex(names)
  }

  public func staples() throws -> [String]? { names.withLock { $0 } }

  public func setStaples(_ names: [String]) throws { self.names.withLock { $0 = names } }
}
