import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `ProductStore` held in memory, for tests of everything above the store.
public final class InMemoryProductStore: ProductStore {
  private let state: Mutex<ProductCatalogue>

  public init(_ catalogue: ProductCatalogue = ProductCatalogue()) {
    state = Mutex(catalogue)
  }

  public func catalogue() throws -> ProductCatalogue { state.withLock { $0 } }

  public func modifyCatalogue<T: Sendable>(
    _ body: @Sendable (inout ProductCatalogue) throws -> T
  ) throws -> T {
    try state.withLock { state in
      var working = state
      let result = try body(&working)
      state = working
      return result
    }
  }
}

/// A `TripStore` held in memory: the open trip and the ended ones.
public final class InMemoryTripStore: TripStore {
  private let state = Mutex<[Trip]>([])

  public init() {}

  public func openTrip() throws -> Trip? {
    state.withLock { trips in trips.last { $0.phase != .ended } }
  }

  public func modifyTrip<T: Sendable>(_ body: @Sendable (inout Trip?) throws -> T) throws -> T {
    try state.withLock { trips in
      let index = trips.lastIndex { $0.phase != .ended }
      var open = index.map { trips[$0] }
      let result = try body(&open)
      if let open {
        if let index, trips[index].id == open.id {
          trips[index] = open
        } else {
          trips.append(open)
        }
      }
      return result
    }
  }

  public func recentTrips(limit: Int) throws -> [Trip] {
    state.withLock { Array($0.reversed().prefix(limit)) }
  }
}

/// A `ShopStore` held in memory.
public final class InMemoryShopStore: ShopStore {
  private struct State {
    var shops: [Shop] = []
    var current: UUID?
    var checkOffs: [CheckOff] = []
    var corrections: [ShopCorrection] = []
  }

  private let state = Mutex(State())

  public init() {}

  public func shops() throws -> [Shop] { state.withLock { $0.shops } }

  public func addShop(_ shop: Shop) throws {
    try state.withLock { state in
      if let clash = ShopRules.clash(shop.name, in: state.shops) {
        throw ShopError.nameTaken(clash.name)
      }
      state.shops.append(shop)
    }
  }

  public func removeShop(_ id: UUID) throws -> Bool {
    state.withLock { state in
      let before = state.shops.count
      state.shops.removeAll { $0.id == id }
      state.checkOffs.removeAll { $0.shop == id }
      if state.current == id { state.current = nil }
      return state.shops.count != before
    }
  }

  public func renameShop(_ id: UUID, to name: String) throws -> Bool {
    state.withLock { state in
      guard let index = state.shops.firstIndex(where: { $0.id == id }) else { return false }
      state.shops[index].name = name
      return true
    }
  }

  public func currentShopID() throws -> UUID? { state.withLock { $0.current } }

  public func setCurrentShop(_ id: UUID?) throws { state.withLock { $0.current = id } }

  public func checkOffs(since date: Date) throws -> [CheckOff] {
    state.withLock { $0.checkOffs.filter { $0.at >= date } }
  }

  /// Records a check-off, as the SQLite store does when an item is checked.
  public func record(_ checkOff: CheckOff) {
    state.withLock { $0.checkOffs.append(checkOff) }
  }

  public func addCorrection(_ correction: ShopCorrection) throws {
    state.withLock { $0.corrections.append(correction) }
  }

  public func corrections(since date: Date) throws -> [ShopCorrection] {
    state.withLock { $0.corrections.filter { $0.at >= date } }
  }
}

/// A list and every store a trip reads and writes, held in memory on one test clock.
public struct InMemoryTripStores: Sendable {
  public let clock: TestClock
  public let list = InMemoryStore()
  public let shops = InMemoryShopStore()
  public let products = InMemoryProductStore()
  public let trips = InMemoryTripStore()
  public let pantry = InMemoryPantryStore()

  public init(clock: TestClock = TestClock()) {
    self.clock = clock
  }

  /// A trip book over these stores, as a face builds it; another call is the same household
  /// after a restart.
  public func book() -> TripBook {
    let basket = Fixtures.basket(clock: clock, store: list)
    return TripBook(
      trips: trips,
      products: ProductBook(
        store: products, shops: shops, clock: clock.appClock, ids: Fixtures.sequentialIDs()),
      shops: ShopBook(store: shops, basket: basket),
      pantry: PantryBook(store: pantry, clock: clock.appClock, ids: Fixtures.sequentialIDs()))
  }
}
