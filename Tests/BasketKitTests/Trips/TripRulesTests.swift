import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct TripRulesTests {
  static let now = Fixtures.monday
  static let lidl = Trip.Place.shop(id: Fixtures.id(99), name: "Lidl")

  /// A trip over items named `names`; those in `exceptions` are exceptions.
  static func trip(_ names: [String], exceptions: Set<String> = []) throws -> Trip {
    let stops = names.enumerated().map { index, name in
      let item = Item(id: Fixtures.id(index + 1), name: name, emoji: "🧺", addedAt: now)
      let product = Product(id: Fixtures.id(50 + index), name: name.capitalized, updatedAt: now)
      return TripStop(
        item: item,
        match: ProductMatch(
          product: product, sure: exceptions.contains(name) ? nil : .alias(name),
          candidates: [product], reason: "test"))
    }
    return try TripRules.start(
      id: Fixtures.id(100), at: lidl, preferences: ShoppingPreferences(), stops: stops, now: now)
  }

  static func statuses(_ trip: Trip) -> [TripStop.Status] { trip.stops.map(\.status) }

  /// Steps from a fresh trip over a, b, c (b an exception) and where they leave it:
  /// (steps, phase, position, statuses, reviews of b).
  @Test(
    arguments: [
      ([], Trip.Phase.review, 0, "www", TripStop.Review.pending),
      ([.accept], .walking, 0, "www", .accepted),
      ([.skip], .walking, 0, "wsw", .skipped),
      ([.accept, .next], .walking, 1, "vww", .accepted),
      ([.accept, .got, .skip], .walking, 2, "gsw", .accepted),
      ([.accept, .got, .next, .got], .walking, 3, "gvg", .accepted),
      ([.skip, .got], .walking, 2, "gsw", .skipped),
      ([.accept, .pause], .paused, 0, "www", .accepted),
      ([.accept, .next, .pause, .resume], .walking, 1, "vww", .accepted),
      ([.pause], .paused, 0, "www", .pending),
      ([.pause, .resume, .accept], .walking, 0, "www", .accepted),
      ([.accept, .next, .end], .ended, 1, "vww", .accepted),
      ([.end], .ended, 0, "www", .pending),
    ] as [([TripStep], Trip.Phase, Int, String, TripStop.Review)])
  func stepsMoveTheTripAlong(
    steps: [TripStep], phase: Trip.Phase, position: Int, statuses: String,
    review: TripStop.Review
  ) throws {
    var trip = try Self.trip(["a", "b", "c"], exceptions: ["b"])
    var clock = Self.now
    for step in steps {
      clock = clock.addingTimeInterval(60)
      try TripRules.apply(step, now: clock, to: &trip)
    }
    #expect(trip.phase == phase)
    #expect(trip.position == position)
    let letters: [TripStop.Status: Character] = [
      .waiting: "w", .visited: "v", .got: "g", .skipped: "s", .gone: "x",
    ]
    #expect(String(trip.stops.map { letters[$0.status]! }) == statuses)
    #expect(trip.stops[1].review == review)
    #expect(trip.updatedAt == clock)
  }

  @Test(
    arguments: [
      // steps, then the refused step, and why
      ([], TripStep.next, TripError.settleFirst(1)),
      ([], .got, .settleFirst(1)),
      ([.accept], .accept, .nothingToSettle),
      ([.pause], .next, .paused),
      ([.pause], .accept, .paused),
      ([.accept], .resume, .notPaused),
      ([.accept, .got, .got, .got], .next, .atEnd),
      ([.end], .next, .noTrip),
      ([.end], .resume, .noTrip),
    ] as [([TripStep], TripStep, TripError)])
  func stepsThatDontFitAreRefusedAndChangeNothing(
    steps: [TripStep], refused: TripStep, error: TripError
  ) throws {
    var trip = try Self.trip(["a", "b", "c"], exceptions: ["b"])
    for step in steps { try TripRules.apply(step, now: Self.now, to: &trip) }
    let before = trip
    #expect(throws: error) { try TripRules.apply(refused, now: Self.now, to: &trip) }
    #expect(trip == before)
  }

  @Test func aTripWithNoExceptionsStartsWalking() throws {
    let trip = try Self.trip(["a", "b"])
    #expect(trip.phase == .walking)
    #expect(trip.currentStop?.name == "a")
    #expect(trip.currentException == nil)
  }

  @Test func anEmptyListStartsNoTrip() {
    #expect(throws: TripError.nothingToGet) {
      try TripRules.start(
        id: Fixtures.id(1), at: Self.lidl, preferences: ShoppingPreferences(), stops: [],
        now: Self.now)
    }
  }

  @Test func replacingSettlesWithTheChosenProduct() throws {
    var trip = try Self.trip(["a", "b"], exceptions: ["a", "b"])
    let chosen = Product(id: Fixtures.id(77), name: "Chosen", updatedAt: Self.now)
    try TripRules.apply(.replace(chosen), now: Self.now, to: &trip)
    #expect(trip.stops[0].product == chosen)
    #expect(trip.stops[0].review == .replaced)
    #expect(trip.currentException?.name == "b")
    try TripRules.apply(.accept, now: Self.now, to: &trip)
    let other = Product(id: Fixtures.id(78), name: "Other", updatedAt: Self.now)
    // Walking, a replace changes the current item's product and stays on it.
    try TripRules.apply(.replace(other), now: Self.now, to: &trip)
    #expect(trip.currentStop?.product == other)
    #expect(trip.position == 0)
  }

  @Test func pausingAndResumingKeepsTheExactPlace() throws {
    var trip = try Self.trip(["a", "b", "c", "d"])
    try TripRules.apply(.next, now: Self.now, to: &trip)
    try TripRules.apply(.got, now: Self.now, to: &trip)
    try TripRules.apply(.pause, now: Self.now, to: &trip)
    #expect(trip.currentStop?.name == "c")
    #expect(trip.pausedAt == Self.now)
    // Stored and read back, as a restart would.
    let encoder = JSONEncoder()
    let read = try JSONDecoder().decode(Trip.self, from: try encoder.encode(trip))
    #expect(read == trip)
    var resumed = read
    try TripRules.apply(.pause, now: Self.now, to: &resumed)  // a second pause changes nothing
    try TripRules.apply(.resume, now: Self.now, to: &resumed)
    #expect(resumed.phase == .walking)
    #expect(resumed.currentStop?.name == "c")
    #expect(resumed.pausedAt == nil)
  }

  @Test func itemsGoneFromTheListLeaveTheWalk() throws {
    var trip = try Self.trip(["a", "b", "c"], exceptions: ["b"])
    // b (an exception) was checked off on another phone: nothing left to settle.
    let stillToGet: Set<UUID> = [Fixtures.id(1), Fixtures.id(3)]
    #expect(TripRules.reconcile(&trip, with: stillToGet, now: Self.now))
    #expect(trip.phase == .walking)
    #expect(trip.stops[1].status == .gone)
    #expect(trip.stops[1].review == .skipped)
    // a is removed while it is being shown: the walk moves to c.
    #expect(TripRules.reconcile(&trip, with: [Fixtures.id(3)], now: Self.now))
    #expect(trip.currentStop?.name == "c")
    #expect(!TripRules.reconcile(&trip, with: [Fixtures.id(3)], now: Self.now))
    try TripRules.apply(.got, now: Self.now, to: &trip)
    #expect(trip.isAtEnd)
    #expect(trip.currentStop == nil)
  }

  @Test func theWalkEndsPastTheLastItem() throws {
    var trip = try Self.trip(["a", "b", "c"])
    try TripRules.apply(.next, now: Self.now, to: &trip)
    try TripRules.apply(.got, now: Self.now, to: &trip)
    try TripRules.apply(.got, now: Self.now, to: &trip)
    #expect(trip.isAtEnd)
    #expect(trip.position == 3)
  }

  @Test func theSummarySaysWhatHappened() throws {
    var trip = try Self.trip(["a", "b", "c", "d", "e"], exceptions: ["b"])
    try TripRules.apply(.skip, now: Self.now, to: &trip)
    try TripRules.apply(.got, now: Self.now, to: &trip)
    try TripRules.apply(.next, now: Self.now, to: &trip)
    try TripRules.apply(.got, now: Self.now, to: &trip)
    let summary = TripSummary(trip, now: Self.now.addingTimeInterval(24 * 60))
    #expect(
      summary.text
        == "Trip at Lidl: got 2 of 5; moved on from 1 without checking it off; skipped 1; 1 not reached. 1 exception settled. 24 min."
    )
  }
}
