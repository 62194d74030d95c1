import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct CheckOffChoreographyTests {
  let start = Fixtures.monday

  @Test func aCheckedItemHoldsItsPlaceUntilTheDelayEnds() {
    var choreography = CheckOffChoreography()
    let milk = Fixtures.id(1)
    choreography.checkOff(milk, now: start)
    #expect(choreography.isPending(milk))
    #expect(choreography.advance(to: start.addingTimeInterval(0.54)).isEmpty)
    #expect(choreography.advance(to: start.addingTimeInterval(0.55)) == [milk])
    #expect(!choreography.isPending(milk))
    #expect(choreography.deadline == nil)
  }

  @Test func quickSuccessiveCheckOffsMoveTogetherAfterTheLastDelay() {
    var choreography = CheckOffChoreography()
    let (a, b, c) = (Fixtures.id(1), Fixtures.id(2), Fixtures.id(3))
    choreography.checkOff(a, now: start)
    choreography.checkOff(b, now: start.addingTimeInterval(0.3))
    #expect(choreography.advance(to: start.addingTimeInterval(0.6)).isEmpty)
    choreography.checkOff(c, now: start.addingTimeInterval(0.7))
    #expect(choreography.advance(to: start.addingTimeInterval(1.2)).isEmpty)
    #expect(choreography.advance(to: start.addingTimeInterval(1.25)) == [a, b, c])
  }

  @Test func cancellingThePendingItemsClearsTheDeadline() {
    var choreography = CheckOffChoreography()
    choreography.checkOff(Fixtures.id(1), now: start)
    choreography.cancel(Fixtures.id(1))
    #expect(choreography.deadline == nil)
    #expect(choreography.advance(to: start.addingTimeInterval(5)).isEmpty)
  }

  @Test func arrangeDrawsPendingItemsInTheirOldPlace() {
    let items = [
      Item(id: Fixtures.id(1), name: "Milk", emoji: "🥛", addedAt: start),
      Item(
        id: Fixtures.id(2), name: "Bread", emoji: "🍞", addedAt: start.addingTimeInterval(1),
        checkedAt: start.addingTimeInterval(5)),
      Item(id: Fixtures.id(3), name: "Eggs", emoji: "🥚", addedAt: start.addingTimeInterval(2)),
    ]
    var choreography = CheckOffChoreography()
    choreography.checkOff(Fixtures.id(2), now: start.addingTimeInterval(5))
    let held = choreography.arrange(items, now: start.addingTimeInterval(5.2))
    #expect(held.toGet.map(\.name) == ["Eggs", "Bread", "Milk"])
    #expect(held.toGet[1].checkedAt != nil)  // drawn struck through
    #expect(held.gotIt.isEmpty)
    _ = choreography.advance(to: start.addingTimeInterval(6))
    let moved = choreography.arrange(items, now: start.addingTimeInterval(6))
    #expect(moved.toGet.map(\.name) == ["Eggs", "Milk"])
    #expect(moved.gotIt.map(\.name) == ["Bread"])
  }
}

@Suite struct DayMoodTests {
  private func date(_ text: String) -> Date { ISO8601.date(text)! }

  @Test(arguments: [
    ("2026-07-06T06:00:00Z", DayMood.Tint.morning), ("2026-07-06T11:59:00Z", .morning),
    ("2026-07-06T12:00:00Z", .afternoon), ("2026-07-06T18:30:00Z", .evening),
    ("2026-07-06T22:00:00Z", .night), ("2026-07-06T03:00:00Z", .night),
  ])
  func tintFollowsTheTimeOfDay(time: String, tint: DayMood.Tint) {
    #expect(DayMood(date: date(time), timeZone: .gmt).tint == tint)
  }

  @Test(
    arguments: [
      ("2026-10-31T12:00:00Z", "🎃"), ("2026-12-10T12:00:00Z", "🎄"),
      ("2026-12-31T12:00:00Z", "🎉"), ("2027-01-01T12:00:00Z", "🎉"),
      ("2026-02-14T12:00:00Z", "💝"), ("2026-04-05T12:00:00Z", "🐣"),
      ("2026-11-26T12:00:00Z", "🦃"), ("2026-07-06T12:00:00Z", nil),
      ("2026-11-19T12:00:00Z", nil),
    ] as [(String, String?)])
  func seasonalAccentsAppearOnTheirDays(time: String, accent: String?) {
    #expect(DayMood(date: date(time), timeZone: .gmt).seasonalAccent == accent)
  }

  @Test func theEmptyLineChangesByDayNotByHour() {
    let morning = DayMood(date: date("2026-07-06T06:00:00Z"), timeZone: .gmt)
    let evening = DayMood(date: date("2026-07-06T20:00:00Z"), timeZone: .gmt)
    let tomorrow = DayMood(date: date("2026-07-07T06:00:00Z"), timeZone: .gmt)
    #expect(morning.emptyLine == evening.emptyLine)
    #expect(morning.emptyLine != tomorrow.emptyLine)
  }

  @Test func theTimeZoneDecidesTheLocalHour() {
    let instant = date("2026-07-06T22:30:00Z")
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    #expect(DayMood(date: instant, timeZone: tokyo).tint == .morning)
  }
}

@Suite struct ISO8601Tests {
  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00.000Z"), (1_783_332_000.0, "2026-07-06T10:00:00.000Z"),
    (951_782_400.5, "2000-02-29T00:00:00.500Z"), (-1.0, "1969-12-31T23:59:59.000Z"),
  ])
  func writesAndReadsUTCWithMilliseconds(seconds: Double, text: String) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(ISO8601.string(date) == text)
    #expect(ISO8601.date(text) == date)
  }

  @Test func readsWholeSecondsAndOffsets() {
    let tenAM = Date(timeIntervalSince1970: 1_783_332_000)
    #expect(ISO8601.date("2026-07-06T10:00:00Z") == tenAM)
    #expect(ISO8601.date("2026-07-06T11:00:00+01:00") == tenAM)
  }

  @Test(arguments: ["", "yesterday", "2026-13-01T00:00:00Z", "2026-07-06"])
  func refusesWhatIsNotATime(text: String) {
    #expect(ISO8601.date(text) == nil)
  }
}
