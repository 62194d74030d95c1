import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
