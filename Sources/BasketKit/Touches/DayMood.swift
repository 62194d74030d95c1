#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The little touches that change with the date: time-of-day tint, seasonal accent and the
/// empty-state line of the day. Pure functions of a date and a time zone.
public struct DayMood: Equatable, Sendable {
  public enum Tint: String, Sendable, CaseIterable {
    case morning, afternoon, evening, night
  }

  public var tint: Tint
  /// An occasional seasonal emoji (🎃 near Halloween, 🎄 in December…), nil most days.
  public var seasonalAccent: String?
  /// The empty-state line, which changes once a day.
  public var emptyLine: String

  public init(date: Date, timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour], from: date)
    let (year, month, day, hour) = (parts.year!, parts.month!, parts.day!, parts.hour!)
    tint = Self.tint(hour: hour)
    seasonalAccent = Self.accent(year: year, month: month, day: day)
    emptyLine = Self.lines[Self.dayNumber(year: year, month: month, day: day) % Self.lines.count]
  }

  static func tint(hour: Int) -> Tint {
    switch hour {
    case 5..<12: .morning
    case 12..<17: .afternoon
    case 17..<21: .evening
    default: .night
    }
  }

  static func accent(year: Int, month: Int, day: Int) -> String? {
    let easter = easterSunday(year: year)
    let ordinal = dayNumber(year: year, month: month, day: day)
    let easterOrdinal = dayNumber(year: year, month: easter.month, day: easter.day)
    switch (month, day) {
    case (12, 31), (1, 1): return "🎉"
    case (2, 12...14): return "💝"
    case (10, 25...31): return "🎃"
    case (11, _) where isThanksgivingWeek(year: year, day: day): return "🦃"
    case (12, 1...26): return "🎄"
    default:
      if (easterOrdinal - 2...easterOrdinal + 1).contains(ordinal) { return "🐣" }
      return nil
    }
  }

  /// Days since 1 January 1970 for a civil date.
  static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    Int(CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)))
  }

  /// Easter Sunday by the anonymous Gregorian computus.
  static func easterSunday(year: Int) -> (month: Int, day: Int) {
    let a = year % 19
    let b = year / 100
    let c = year % 100
    let d = b / 4
    let e = b % 4
    let f = (b + 8) / 25
    let g = (b - f + 1) / 3
    let h = (19 * a + b - d - g + 15) % 30
    let i = c / 4
    let k = c % 4
    let l = (32 + 2 * e + 2 * i - h - k) % 7
    let m = (a + 11 * h + 22 * l) / 451
    let month = (h + l - 7 * m + 114) / 31
    let day = (h + l - 7 * m + 114) % 31 + 1
    return (month, day)
  }

  /// The Thursday to Sunday of US Thanksgiving (the fourth Thursday of November).
  static func isThanksgivingWeek(year: Int, day: Int) -> Bool {
    let weekdayOfFirst = (dayNumber(year: year, month: 11, day: 1) + 4) % 7  // 0 = Sunday
    let firstThursday = 1 + (4 - weekdayOfFirst + 7) % 7
    let thanksgiving = firstThursday + 21
    return (thanksgiving...thanksgiving + 3).contains(day)
  }

  static let lines = [
    "Nothing to get. Your basket is having a nap.",
    "All clear! The fridge salutes you.",
    "An empty list is a happy list.",
    "Not a thing to buy. Treat yourself to a cup of tea.",
    "The basket is empty and feeling breezy.",
    "Nothing on the list. The shop can wait.",
    "All stocked up. Go smell a lemon.",
    "Clean slate. What's for dinner?",
    "Zero items, infinite possibilities.",
    "Your list is as fresh as a just-picked pea.",
    "Nothing needed. The pantry is proud of you.",
    "Empty basket, full heart.",
    "The list is resting. Add something when you're ready.",
    "No errands today. The carrots send their regards.",
  ]
}
