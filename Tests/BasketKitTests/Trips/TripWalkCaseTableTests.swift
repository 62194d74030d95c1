import BasketKit
import BasketTestSupport
import Foundation
import Testing

/// Runs `Tests/cases/trip-walk-cases.json`, the table the web app's trip-offline.js is held to
/// as well (`Tests/js/trip-offline.test.mjs`), against the core: a step taken offline leaves
/// the trip where the server will.
@Suite struct TripWalkCaseTableTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    var stops: String
    var at: Int
    var steps: [String]
    var then: String?
    var atAfter: Int?
    var phase: String?
    var error: String?

    var testDescription: String { "\(stops) at \(at), \(steps.joined(separator: " "))" }
  }

  static let cases: [Case] = {
    struct Table: Decodable { var cases: [Case] }
    let data = CaseFiles.data("trip-walk-cases.json")
    return (try? JSONDecoder().decode(Table.self, from: data))?.cases ?? []
  }()

  static let letters: [Character: TripStop.Status] = [
    "w": .waiting, "v": .visited, "g": .got, "s": .skipped, "x": .gone,
  ]

  @Test func theTableIsThere() {
    #expect(Self.cases.count >= 10)
  }

  @Test(arguments: cases)
  func aStepLeavesTheTripWhereTheTableSays(row: Case) throws {
    var trip = try TripRulesTests.trip(
      row.stops.indices.map { "item \($0.utf16Offset(in: row.stops))" })
    for (index, letter) in row.stops.enumerated() {
      trip.stops[index].status = try #require(Self.letters[letter])
    }
    trip.position = row.at
    var clock = TripRulesTests.now
    do {
      for word in row.steps {
        clock = clock.addingTimeInterval(60)
        let step: TripStep =
          switch word {
          case "next": .next
          case "got": .got
          case "skip": .skip
          case "pause": .pause
          default: .resume
          }
        try TripRules.apply(step, now: clock, to: &trip)
      }
    } catch {
      let expected: [String: TripError] = [
        "paused": .paused, "notPaused": .notPaused, "atEnd": .atEnd,
      ]
      #expect(row.error.flatMap { expected[$0] } == error, "threw \(error)")
      return
    }
    #expect(row.error == nil, "took every step, but the table expects \(row.error ?? "")")
    let letterOf = Dictionary(uniqueKeysWithValues: Self.letters.map { ($1, $0) })
    #expect(String(trip.stops.map { letterOf[$0.status]! }) == row.then)
    #expect(trip.position == row.atAfter)
    #expect(trip.phase.rawValue == row.phase)
  }
}
