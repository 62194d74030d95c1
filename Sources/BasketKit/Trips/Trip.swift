#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A Shopping Trip: the list as it was when the trip started, walked one item at a time (in a
/// shop's walking order, or in list order at a retailer), each item matched to a product.
/// Exceptions are settled first. It is stored after every step, so it resumes exactly where it
/// stopped, even after a restart.
public struct Trip: Identifiable, Equatable, Sendable, Codable {
  /// Where the trip is: a shop the household walks, or a retailer's website.
  public enum Place: Equatable, Sendable, Codable {
    case shop(id: UUID, name: String)
    case retailer(Retailer)

    public var name: String {
      switch self {
      case .shop(_, let name): name
      case .retailer(let retailer): retailer.name
      }
    }

    public var isRetailer: Bool {
      if case .retailer = self { return true }
      return false
    }
  }

  /// The trip's phase (the walk's own, in the portable rules).
  public typealias Phase = TripPhase

  public var id: UUID
  public var place: Place
  public var preferences: ShoppingPreferences
  public var phase: Phase
  /// The phase a paused trip goes back to.
  public var resumePhase: Phase?
  public var stops: [TripStop]
  /// The stop being shown while walking; `stops.count` once past the last.
  public var position: Int
  public var startedAt: Date
  public var updatedAt: Date
  public var pausedAt: Date?
  public var endedAt: Date?

  public init(
    id: UUID, place: Place, preferences: ShoppingPreferences, stops: [TripStop], now: Date
  ) {
    self.id = id
    self.place = place
    self.preferences = preferences
    self.stops = stops
    self.phase = .review
    self.position = 0
    self.startedAt = now
    self.updatedAt = now
  }

  /// The exceptions still to settle, in trip order.
  public var pendingExceptions: [TripStop] { stops.filter { $0.review == .pending } }

  /// How many exceptions are searches at a retailer for want of a product.
  public var searchFallbacks: Int { stops.count(where: \.isSearchFallback) }

  /// How many items are still waiting to be walked.
  public var waiting: Int { stops.count { $0.status == .waiting } }

  /// What the walking card says about `stop` besides its amount: "for Chili, Soup · Dairy · 3
  /// left" (the recipes it is for, its aisle, and how many items are still to get).
  public func facts(of stop: TripStop) -> String {
    var facts: [String] = []
    if let recipes = stop.recipes, !recipes.isEmpty {
      facts.append("for " + recipes.joined(separator: ", "))
    }
    if let aisle = stop.aisle { facts.append(aisle) }
    facts.append(waiting == 1 ? "the last one" : "\(waiting) left")
    return facts.joined(separator: " · ")
  }

  /// The exception being settled now (the first pending one).
  public var currentException: TripStop? { stops.first { $0.review == .pending } }

  /// The stop being shown while walking, nil past the last one or before walking.
  public var currentStop: TripStop? {
    walk.shown.map { stops[$0] }
  }

  /// Whether every stop has been passed (got, visited, skipped or gone).
  public var isAtEnd: Bool {
    walk.isAtEnd
  }

  /// 1-based place of the current stop among all stops ("3 of 8").
  public var progress: (at: Int, of: Int) {
    walk.progress
  }

  /// The trip's walk: its phase, the stop shown and each stop's status.
  public var walk: TripWalk {
    get {
      TripWalk(
        phase: phase, resumePhase: resumePhase, position: position,
        statuses: stops.map(\.status))
    }
    set {
      phase = newValue.phase
      resumePhase = newValue.resumePhase
      position = newValue.position
      for index in stops.indices { stops[index].status = newValue.statuses[index] }
    }
  }
}

/// One item on a trip: a snapshot of the list item and the product matched to it.
public struct TripStop: Equatable, Sendable, Codable {
  /// How the item's match was settled.
  public enum Review: String, Equatable, Sendable, Codable {
    /// A sure match, never an exception.
    case sure
    /// An exception waiting to be accepted, replaced or skipped.
    case pending
    case accepted
    case replaced
    /// Left out of this trip at review.
    case skipped
  }

  /// Where the item stands on the walk (the walk's own, in the portable rules).
  public typealias Status = StopStatus

  public var item: UUID
  public var name: String
  public var emoji: String
  /// The item's amounts when the trip started.
  public var amounts: [ItemAmount]
  public var amountText: String?
  public var product: Product?
  /// Every eligible product it could be, best first (for review).
  public var candidates: [Product]
  public var reason: String
  public var review: Review
  public var status: Status
  public var decidedAt: Date?

  /// The stop for `item` as `match` found it at `place`. At a shop you walk, an item with no
  /// sure product is walked by its name (you see the shelf): only a product your preferences
  /// turned down is an exception to settle there. At a retailer every unsure match is one, a
  /// search standing in for a product.
  public init(item: Item, match: ProductMatch, at place: Trip.Place? = nil) {
    self.item = item.id
    self.name = item.name
    self.emoji = item.emoji
    self.amounts = item.amounts
    // NB: what to buy for what recipes asked ("4 cans · recipes need 3½"), as the list says.
    self.amountText = item.buyable?.chip ?? item.amountText
    self.product = match.product
    self.candidates = match.candidates
    self.reason = match.reason
    self.status = .waiting
    let walkedByName = place.map { !$0.isRetailer } == true && match.refusals.isEmpty
    if match.isException && walkedByName {
      // NB: several candidates at a shop: the best is a hint, not a choice to make first.
      self.product = match.candidates.count == 1 ? match.product : nil
      self.reason = "by name: \(match.reason)"
      self.review = .sure
    } else {
      self.review = match.isException ? .pending : .sure
    }
  }

  /// An exception that is a search at a retailer for want of a product ("Accept all
  /// searches" settles these at once).
  public var isSearchFallback: Bool { review == .pending && product == nil }

  /// The titles of the recipes the item is for; nil for none (and in trips stored before).
  public var recipes: [String]?
  /// The aisle the walk puts it in ("Dairy"), when known; set when the trip starts.
  public var aisle: String?

  /// The packs of its product to buy, with the arithmetic.
  public var packs: PackMaths.Outcome? {
    guard let product else { return nil }
    return PackMaths.packs(for: amounts, pack: product.packSize)
  }

  /// The product's page, else (at a retailer) a search there, labelled as one.
  public func link(at place: Trip.Place) -> ShoppingLink? {
    if let page = product?.page {
      return ShoppingLink(
        kind: .productPage, address: page, label: "Product page: \(product!.name)")
    }
    guard case .retailer(let retailer) = place else { return nil }
    return RetailerRules.searchLink(for: product?.name ?? name, at: retailer)
  }

  /// What to buy, in words: "3 packs of Flour 500 g (need …)", "2 l", or nil.
  public var buyText: String? {
    if let packs, case .noPackSize = packs {
      return amountText
    }
    return packs?.text ?? amountText
  }
}

/// What a trip came to, for the end.
public struct TripSummary: Equatable, Sendable, Codable {
  public var place: String
  public var got: Int
  public var visited: Int
  public var skipped: Int
  public var notReached: Int
  public var gone: Int
  public var exceptionsSettled: Int
  public var minutes: Int

  public init(_ trip: Trip, now: Date) {
    place = trip.place.name
    got = trip.stops.filter { $0.status == .got }.count
    visited = trip.stops.filter { $0.status == .visited }.count
    skipped = trip.stops.filter { $0.status == .skipped }.count
    notReached = trip.stops.filter { $0.status == .waiting }.count
    gone = trip.stops.filter { $0.status == .gone }.count
    exceptionsSettled = trip.stops.count {
      [.accepted, .replaced, .skipped].contains($0.review)
    }
    minutes = max(0, Int((now.timeIntervalSince(trip.startedAt) / 60).rounded()))
  }

  /// "Trip at Lidl: got 5 of 8; moved on from 1 without checking it off; skipped 1; 1 not
  /// reached. 2 exceptions settled. 24 min."
  public var text: String {
    let total = got + visited + skipped + notReached + gone
    var parts = ["got \(got) of \(total)"]
    if visited > 0 {
      parts.append("moved on from \(visited) without checking \(visited == 1 ? "it" : "them") off")
    }
    if skipped > 0 { parts.append("skipped \(skipped)") }
    if notReached > 0 { parts.append("\(notReached) not reached") }
    if gone > 0 { parts.append("\(gone) gone from the list meanwhile") }
    var text = "Trip at \(place): " + parts.joined(separator: "; ") + "."
    if exceptionsSettled > 0 {
      text +=
        " \(exceptionsSettled) \(exceptionsSettled == 1 ? "exception" : "exceptions") settled."
    }
    text += " \(minutes) min."
    return text
  }
}

/// What trips need from a store. The SQLite store implements it; tests use
/// `InMemoryTripStore` from `BasketTestSupport`.
public protocol TripStore: Sendable {
  /// The trip not yet ended, if any.
  func openTrip() throws -> Trip?
  /// Runs `body` over the open trip (nil: none) in one write transaction and stores what it
  /// left (an ended trip is kept, no longer open); nothing is written when it throws.
  func modifyTrip<T: Sendable>(_ body: @Sendable (inout Trip?) throws -> T) throws -> T
  /// The latest trips, newest first.
  func recentTrips(limit: Int) throws -> [Trip]
}

/// Why a trip step was refused, as a line that says what to do instead.
extension TripPhase: Codable {}
extension StopStatus: Codable {}

public enum TripError: Error, Equatable, Sendable, CustomStringConvertible {
  case noTrip
  case alreadyUnderWay(String)
  case paused
  case notPaused
  case settleFirst(Int)
  case nothingToSettle
  case atEnd
  case noPlace(shops: [String])
  case nothingToGet

  /// A walk step's refusal as the trip's.
  public init(_ refusal: WalkRefusal) {
    switch refusal {
    case .paused: self = .paused
    case .notPaused: self = .notPaused
    case .atEnd: self = .atEnd
    case .needsServer: self = .nothingToSettle
    }
  }

  public var description: String {
    switch self {
    case .noTrip: "no trip under way; start one with `basket trip start`"
    case .alreadyUnderWay(let place):
      "a trip at \(place) is under way: resume it, or end it with `basket trip end` first"
    case .paused: "the trip is paused; `basket trip resume` carries on where it stopped"
    case .notPaused: "the trip isn't paused"
    case .settleFirst(let count):
      "settle \(count == 1 ? "the exception" : "the \(count) exceptions") first: accept, replace or skip"
    case .nothingToSettle: "there is no exception to settle"
    case .atEnd: "that was the last item; `basket trip end` finishes the trip"
    case .noPlace(let shops):
      shops.isEmpty
        ? "a trip needs a shop or a retailer: add a shop (`basket shop add NAME`) or give --retailer Walmart"
        : "no current shop: give --shop NAME (\(shops.joined(separator: ", "))) or --retailer NAME"
    case .nothingToGet: "nothing to get: the list's To get is empty"
    }
  }
}
