#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A step the user takes on a trip.
public enum TripStep: Equatable, Sendable {
  /// Settle the current exception with its suggested product (or none: a search, or just the
  /// name).
  case accept
  /// Settle every exception that is a search for want of a product (`isSearchFallback`) at
  /// once, accepting the search.
  case acceptSearches
  /// Settle the current exception (or, walking, change the current stop's product) with this
  /// product.
  case replace(Product)
  /// At review: leave the current exception's item out of this trip. Walking: leave the
  /// current item and move on.
  case skip
  /// Move on from the current item: records only that the user moved on.
  case next
  /// The current item was checked off on the list (the caller checked it).
  case got
  case pause
  case resume
  case end
}

/// The trip's state machine, as pure functions over a `Trip`.
public enum TripRules {
  /// The trip's stops for `items` (To get, in the order they are walked), each matched.
  public static func stops(
    for items: [Item], products: [Product], pantry: PantryState, at place: Trip.Place,
    preferences: ShoppingPreferences
  ) -> [TripStop] {
    items.map { item in
      let code = pantry.entry(key: NameKey.of(item.name))?.barcode
      let match = ProductMatching.match(
        item.name, pantryCode: code, products: products, at: place.name, preferences: preferences)
      var stop = TripStop(item: item, match: match, at: place)
      let recipes = item.recipeNeeds.recipes.map(\.title)
      stop.recipes = recipes.isEmpty ? nil : recipes
      return stop
    }
  }

  /// A new trip over `stops`: straight to walking when there is nothing to settle.
  public static func start(
    id: UUID, at place: Trip.Place, preferences: ShoppingPreferences, stops: [TripStop],
    now: Date
  ) throws(TripError) -> Trip {
    guard !stops.isEmpty else { throw .nothingToGet }
    var trip = Trip(id: id, place: place, preferences: preferences, stops: stops, now: now)
    settleIfDone(&trip)
    return trip
  }

  /// Applies `step` to the trip.
  public static func apply(_ step: TripStep, now: Date, to trip: inout Trip) throws(TripError) {
    guard trip.phase != .ended else { throw .noTrip }
    switch step {
    case .resume, .pause:
      let wasPaused = trip.phase == .paused
      var walk = trip.walk
      do { try walk.take(step == .pause ? .pause : .resume) } catch { throw TripError(error) }
      trip.walk = walk
      if step == .resume {
        trip.pausedAt = nil
      } else if !wasPaused {
        trip.pausedAt = now
      }
    case .end:
      trip.phase = .ended
      trip.resumePhase = nil
      trip.endedAt = now
    case .accept, .acceptSearches, .replace, .skip, .next, .got:
      guard trip.phase != .paused else { throw .paused }
      if trip.phase == .review {
        try settle(step, now: now, in: &trip)
      } else {
        try walk(step, now: now, in: &trip)
      }
    }
    trip.updatedAt = now
  }

  /// An exception settled: accepted, replaced or skipped.
  private static func settle(_ step: TripStep, now: Date, in trip: inout Trip) throws(TripError) {
    guard let index = trip.stops.firstIndex(where: { $0.review == .pending }) else {
      throw .nothingToSettle
    }
    switch step {
    case .acceptSearches:
      let searches = trip.stops.indices.filter { trip.stops[$0].isSearchFallback }
      guard !searches.isEmpty else { throw .nothingToSettle }
      for search in searches {
        trip.stops[search].review = .accepted
        trip.stops[search].decidedAt = now
      }
      settleIfDone(&trip)
      return
    case .accept:
      trip.stops[index].review = .accepted
    case .replace(let product):
      trip.stops[index].product = product
      trip.stops[index].review = .replaced
    case .skip:
      trip.stops[index].review = .skipped
      trip.stops[index].status = .skipped
    default:
      throw .settleFirst(trip.pendingExceptions.count)
    }
    trip.stops[index].decidedAt = now
    settleIfDone(&trip)
  }

  /// A step on the walk: next, got it, skip, or another product for the current stop.
  private static func walk(_ step: TripStep, now: Date, in trip: inout Trip) throws(TripError) {
    if step == .accept || step == .acceptSearches { throw .nothingToSettle }
    if case .replace(let product) = step {
      guard trip.stops.indices.contains(trip.position) else { throw .atEnd }
      let index = trip.position
      trip.stops[index].product = product
      if trip.stops[index].review != .sure { trip.stops[index].review = .replaced }
      return
    }
    var walk = trip.walk
    let decided: Int?
    do {
      decided = try walk.take(step == .next ? .next : step == .got ? .got : .skip)
    } catch { throw TripError(error) }
    trip.walk = walk
    if let decided { trip.stops[decided].decidedAt = now }
  }

  /// Brings the trip in line with the list as it is now (`items`: every item, To get and Got
  /// it): a waiting item that was removed, or checked off somewhere else, is gone from the
  /// walk (an exception for it needs no settling). Returns whether anything changed.
  @discardableResult
  public static func reconcile(_ trip: inout Trip, with toGet: Set<UUID>, now: Date) -> Bool {
    guard trip.phase != .ended else { return false }
    var changed = false
    for index in trip.stops.indices where trip.stops[index].status == .waiting {
      guard !toGet.contains(trip.stops[index].item) else { continue }
      trip.stops[index].status = .gone
      trip.stops[index].decidedAt = now
      if trip.stops[index].review == .pending { trip.stops[index].review = .skipped }
      changed = true
    }
    guard changed else { return false }
    if trip.phase == .review || trip.resumePhase == .review {
      settleIfDone(&trip)
    } else if !(trip.stops.indices.contains(trip.position)
      && trip.stops[trip.position].status == .waiting)
    {
      trip.walk.advance()
    }
    trip.updatedAt = now
    return true
  }

  /// Moves to walking once no exception is pending, at the first waiting stop.
  private static func settleIfDone(_ trip: inout Trip) {
    guard !trip.stops.contains(where: { $0.review == .pending }) else { return }
    if trip.phase == .review { trip.phase = .walking }
    if trip.resumePhase == .review { trip.resumePhase = .walking }
    trip.position = trip.walk.firstWaiting ?? trip.stops.count
  }
}
