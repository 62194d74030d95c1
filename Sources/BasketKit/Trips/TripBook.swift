#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Shopping Trip as the faces use it: start, settle exceptions, walk, pause, resume, end.
/// Every step is stored at once; "Got it" checks the item off through the list's own check.
public final class TripBook: Sendable {
  public let trips: any TripStore
  public let products: ProductBook
  public let shops: ShopBook
  public let pantry: PantryBook

  /// Runs a Got it's check so that it is noted in the trip's shop (nil: in no shop); the
  /// SQLite store's `checkingOff(in:_:)`. By default the check is noted as any other.
  public typealias CheckingOff = @Sendable (UUID?, () throws -> Void) throws -> Void
  let checkingOff: CheckingOff

  public init(
    trips: any TripStore, products: ProductBook, shops: ShopBook, pantry: PantryBook,
    checkingOff: @escaping CheckingOff = { _, body in try body() }
  ) {
    self.trips = trips
    self.products = products
    self.shops = shops
    self.pantry = pantry
    self.checkingOff = checkingOff
  }

  public var basket: Basket { shops.basket }

  /// Where a trip goes.
  public enum Destination: Equatable, Sendable {
    /// The household's current shop.
    case currentShop
    case shop(String)
    case retailer(String)
  }

  /// Where `destination` is, as a trip place.
  public func place(_ destination: Destination) throws -> Trip.Place {
    switch destination {
    case .currentShop:
      guard let shop = try shops.current() else {
        throw TripError.noPlace(shops: try shops.all().shops.map(\.name))
      }
      return .shop(id: shop.id, name: shop.name)
    case .shop(let reference):
      let shop = try shops.find(reference)
      return .shop(id: shop.id, name: shop.name)
    case .retailer(let reference):
      return .retailer(try products.retailer(reference))
    }
  }

  /// Starts a trip over To get: in the shop's walking order, or list order at a retailer.
  /// Refused while another trip is open.
  @discardableResult
  public func start(_ destination: Destination, preferences: ShoppingPreferences) throws -> Trip {
    let place = try place(destination)
    if let open = try trips.openTrip() { throw TripError.alreadyUnderWay(open.place.name) }
    let toGet = try basket.sections().toGet
    let ordered: [Item]
    var aisles: [UUID: String] = [:]
    if case .shop(let id, _) = place, let shop = try shops.all().shops.first(where: { $0.id == id })
    {
      let stretches = try shops.stretches(of: toGet, in: shop)
      for stretch in stretches where stretch.category != nil {
        for item in stretch.items { aisles[item.id] = stretch.title }
      }
      ordered = stretches.flatMap(\.items)
    } else {
      ordered = toGet
    }
    var stops = TripRules.stops(
      for: ordered, products: try products.store.catalogue().products,
      pantry: try pantry.store.pantry(),
      at: place, preferences: preferences)
    for index in stops.indices { stops[index].aisle = aisles[stops[index].item] }
    let (id, now) = (basket.environment.ids(), basket.now)
    let trip = try TripRules.start(
      id: id, at: place, preferences: preferences, stops: stops, now: now)
    return try trips.modifyTrip { open in
      if let open { throw TripError.alreadyUnderWay(open.place.name) }
      open = trip
      return trip
    }
  }

  /// The open trip, brought in line with the list (items removed or checked off elsewhere
  /// meanwhile are gone from the walk); nil when there is none.
  public func current() throws -> Trip? {
    guard try trips.openTrip() != nil else { return nil }
    let toGet = Set(try basket.sections().toGet.map(\.id))
    let now = basket.now
    return try trips.modifyTrip { open in
      guard var trip = open else { return nil }
      if TripRules.reconcile(&trip, with: toGet, now: now) { open = trip }
      return trip
    }
  }

  /// Applies a step that needs nothing from the list (next, skip, pause, resume, accept).
  /// Accepting an exception's product remembers the item's name as its alias.
  @discardableResult
  public func step(_ step: TripStep) throws -> Trip {
    _ = try current()
    let now = basket.now
    let (trip, remember) = try trips.modifyTrip { open -> (Trip, (String, UUID)?) in
      guard var trip = open else { throw TripError.noTrip }
      let settling = trip.phase == .review ? trip.currentException : nil
      try TripRules.apply(step, now: now, to: &trip)
      open = trip
      if let settling, step == .accept, let product = settling.product {
        return (trip, (settling.name, product.id))
      }
      return (trip, nil)
    }
    if let (name, id) = remember { try products.remember(name, for: id) }
    return trip
  }

  /// Settles the current exception with (or, walking, changes the current item to) the
  /// product `reference` names, and remembers the item's name as its alias.
  @discardableResult
  public func replace(with reference: String) throws -> Trip {
    let product = try products.find(reference)
    _ = try current()
    let now = basket.now
    let (trip, name) = try trips.modifyTrip { open -> (Trip, String?) in
      guard var trip = open else { throw TripError.noTrip }
      let stop = trip.phase == .review ? trip.currentException : trip.currentStop
      try TripRules.apply(.replace(product), now: now, to: &trip)
      open = trip
      return (trip, stop?.name)
    }
    if let name { try products.remember(name, for: product.id) }
    return trip
  }

  /// "Got it": checks the current item off on the list (the list's own check, so the shop
  /// learns from it like any check-off), then moves on. An item removed from the list
  /// meanwhile is marked gone instead.
  @discardableResult
  public func got() throws -> Trip {
    guard let trip = try current() else { throw TripError.noTrip }
    if trip.phase == .paused { throw TripError.paused }
    if trip.phase == .review { throw TripError.settleFirst(trip.pendingExceptions.count) }
    guard let stop = trip.currentStop else { throw TripError.atEnd }
    let shop: UUID? =
      switch trip.place {
      case .shop(let id, _): id
      case .retailer: nil
      }
    do {
      try checkingOff(shop) { try basket.check(stop.item) }
    } catch ListError.unknownItem {
      // Removed from the list a moment ago: it leaves the walk.
      return try current() ?? trip
    }
    let now = basket.now
    return try trips.modifyTrip { open in
      guard var trip = open else { throw TripError.noTrip }
      guard trip.currentStop?.item == stop.item else { return trip }
      try TripRules.apply(.got, now: now, to: &trip)
      open = trip
      return trip
    }
  }

  /// Ends the trip: its summary, and the pantry check-in offers for what it checked off
  /// (every item it got, and as `basket checkin` offers them, the rest of Got it; every
  /// offer still waiting, earlier "not yet"s included).
  public func end() throws -> (trip: Trip, summary: TripSummary, offers: [CheckinOffer]) {
    _ = try current()
    let now = basket.now
    let trip = try trips.modifyTrip { open in
      guard var trip = open else { throw TripError.noTrip }
      try TripRules.apply(.end, now: now, to: &trip)
      open = trip
      return trip
    }
    let gotIt = try basket.sections().gotIt
    let got = Set(trip.stops.filter { $0.status == .got }.map(\.item))
    _ = try pantry.checkin(gotIt.filter { got.contains($0.id) }, everything: true)
    let offers = try pantry.checkin(gotIt)
    return (trip, TripSummary(trip, now: now), offers)
  }
}
