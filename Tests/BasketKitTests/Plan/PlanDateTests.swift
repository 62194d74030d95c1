import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct PlanDateTests {
  let today = PlanDate(year: 2026, month: 3, day: 4)!

  @Test(arguments: [
    ("2026-03-02", "2026-03-02"), (" 2026-03-02 ", "2026-03-02"), ("2024-02-29", "2024-02-29"),
    ("2000-02-29", "2000-02-29"), ("today", "2026-03-04"), ("Tomorrow", "2026-03-05"),
    ("1970-01-01", "1970-01-01"), ("9999-12-31", "9999-12-31"),
  ])
  func readsADayAsWritten(text: String, day: String) throws {
    #expect(try PlanDate.read(text, today: today).description == day)
  }

  @Test(arguments: [
    ("2026-02-30", PlanError.noSuchDay("2026-02-30", days: 28)),
    ("2025-02-29", .noSuchDay("2025-02-29", days: 28)),
    ("1900-02-29", .badDate("1900-02-29")),
    ("2026-04-31", .noSuchDay("2026-04-31", days: 30)),
    ("2026-13-01", .badDate("2026-13-01")), ("2026-00-10", .badDate("2026-00-10")),
    ("2026-01-00", .badDate("2026-01-00")), ("2026-3-2", .badDate("2026-3-2")),
    ("02/03/2026", .badDate("02/03/2026")), ("", .badDate("")),
    ("yesterday", .badDate("yesterday")),
    ("２０２６-03-02", .badDate("２０２６-03-02")), ("+026-03-02", .badDate("+026-03-02")),
  ])
  func refusesWhatIsNotADay(text: String, error: PlanError) {
    #expect(throws: error) { try PlanDate.read(text, today: today) }
  }

  @Test func sayingWhyADayIsRefusedNamesTheMonthsLength() {
    #expect(
      PlanError.noSuchDay("2026-02-30", days: 28).description
        == "2026-02-30 isn't a day: that month has 28 days")
  }

  @Test(arguments: [
    ("2026-03-02", 1, "Mon 2 Mar", "2026-03-02"), ("2026-03-08", 7, "Sun 8 Mar", "2026-03-02"),
    ("2026-03-04", 3, "Wed 4 Mar", "2026-03-02"), ("1970-01-01", 4, "Thu 1 Jan", "1969-12-29"),
    ("2027-01-01", 5, "Fri 1 Jan", "2026-12-28"), ("2024-02-29", 4, "Thu 29 Feb", "2024-02-26"),
  ])
  func weeksStartOnMonday(text: String, weekday: Int, label: String, monday: String) throws {
    let date = try #require(PlanDate(text))
    #expect(date.weekday == weekday)
    #expect(date.shortText == label)
    #expect(date.weekStart.description == monday)
    #expect(date.week.dayCount == 7)
    #expect(date.week.days.map(\.weekday) == Array(1...7))
  }

  @Test func dayArithmeticCrossesMonthsAndYears() throws {
    let date = try #require(PlanDate("2026-12-30"))
    #expect(date.adding(days: 3).description == "2027-01-02")
    #expect(date.adding(days: -365).description == "2025-12-30")
    #expect(date.longText == "Wednesday 30 December 2026")
    #expect(date.compact == "20261230")
    #expect(PlanDate(year: 2026, month: 12, day: 30) == date)
  }

  @Test func todayIsTheDayItIsWhereTheHouseholdIs() throws {
    // 23:30 UTC on Sunday 5 July 2026 is already Monday in Berlin, still Sunday in New York.
    let late = Date(timeIntervalSince1970: 1_783_294_200)
    #expect(PlanDate.today(at: late, in: .gmt).description == "2026-07-05")
    #expect(PlanDate.today(at: late, utcOffset: 2 * 3600).description == "2026-07-06")
    #expect(PlanDate.today(at: late, utcOffset: -4 * 3600).description == "2026-07-05")
    let berlin = try #require(TimeZone(secondsFromGMT: 2 * 3600))
    #expect(PlanDate.today(at: late, in: berlin).description == "2026-07-06")
    // Before 1970, days still start at midnight.
    #expect(
      PlanDate.today(at: Date(timeIntervalSince1970: -1), utcOffset: 0).description
        == "1969-12-31")
  }
}
