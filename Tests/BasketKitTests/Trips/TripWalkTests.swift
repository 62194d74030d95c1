import BasketKit
import Testing

/// The walk's own rules, which the server's trips and the phone's offline steps share.
@Suite struct TripWalkTests {
  @Test func aStepDecidesTheStopShownAndMovesOn() throws {
    var walk = TripWalk(phase: .walking, position: 1, statuses: [.waiting, .waiting, .got])
    let decided = try walk.take(.got)
    #expect(decided == 1)
    #expect(walk.statuses == [.waiting, .got, .got])
    // Nothing waits after it: back to the one skipped past.
    #expect(walk.position == 0)
    #expect(walk.shown == 0)
    #expect(walk.progress == (1, 3) as (Int, Int))
  }

  @Test func pastTheLastStopNothingIsShown() throws {
    var walk = TripWalk(phase: .walking, position: 0, statuses: [.waiting])
    try walk.take(.skip)
    #expect(walk.position == 1)
    #expect(walk.shown == nil)
    #expect(walk.isAtEnd)
    #expect(walk.progress == (1, 1) as (Int, Int))
    #expect(throws: WalkRefusal.atEnd) { try walk.take(.next) }
  }

  @Test func pausingKeepsThePhaseToGoBackTo() throws {
    var walk = TripWalk(phase: .review, position: 0, statuses: [.waiting])
    try walk.take(.pause)
    try walk.take(.pause)
    #expect(walk.phase == .paused)
    #expect(walk.resumePhase == .review)
    #expect(walk.shown == nil)
    #expect(throws: WalkRefusal.paused) { try walk.take(.got) }
    try walk.take(.resume)
    #expect(walk.phase == .review)
    #expect(walk.resumePhase == nil)
    #expect(throws: WalkRefusal.notPaused) { try walk.take(.resume) }
  }

  @Test func reviewingOrEndedTheWalkNeedsTheServer() {
    var reviewing = TripWalk(phase: .review, position: 0, statuses: [.waiting])
    #expect(throws: WalkRefusal.needsServer) { try reviewing.take(.next) }
    var ended = TripWalk(phase: .ended, position: 0, statuses: [.waiting])
    #expect(throws: WalkRefusal.needsServer) { try ended.take(.pause) }
    #expect(ended.statuses == [.waiting])
  }

  @Test func aRefusedResumeLeavesTheTripAsItWas() throws {
    var trip = try TripRulesTests.trip(["milk", "eggs"])
    let before = trip
    #expect(throws: TripError.notPaused) {
      try TripRules.apply(.resume, now: TripRulesTests.now.addingTimeInterval(60), to: &trip)
    }
    #expect(trip == before)
  }

  @Test func aTripIsItsWalk() throws {
    var trip = try TripRulesTests.trip(["milk", "eggs", "bread"])
    try TripRules.apply(.got, now: TripRulesTests.now, to: &trip)
    #expect(trip.walk.statuses == [.got, .waiting, .waiting])
    #expect(trip.walk.position == 1)
    #expect(trip.currentStop?.name == "eggs")
    trip.walk.statuses[1] = .gone
    #expect(trip.stops[1].status == .gone)
  }
}
