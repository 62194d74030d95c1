#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A day of the calendar, as the plan keeps it: a year, month and day, with no time and no
/// time zone (a meal planned for Tuesday is on Tuesday wherever the phone is). Weeks start on
/// Monday (ISO 8601).
public struct PlanDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1 January 1970.
  public let dayNumber: Int

  /// The earliest and latest years a plan takes.
  public static let years = 1970...9999

  /// The day `dayNumber` days after 1 January 1970.
  public init(dayNumber: Int) {
    self.dayNumber = dayNumber
  }

  /// The day, or nil when there is no such day (2026-02-30) or its year is out of `years`.
  public init?(year: Int, month: Int, day: Int) {
    guard Self.years.contains(year), (1...12).contains(month),
      (1...Self.length(ofMonth: month, in: year)).contains(day)
    else { return nil }
    dayNumber = Int(CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)))
  }

  /// The day `text` names: "2026-03-02" (ISO 8601, with its dashes), "today" or "tomorrow"
  /// (from `today`), with spaces around it ignored.
  ///
  /// - Throws: `PlanError.badDate` for anything else, `.noSuchDay` for a date the calendar
  ///   hasn't ("2026-02-30").
  public static func read(_ text: String, today: PlanDate) throws(PlanError) -> PlanDate {
    let trimmed = String(text.trimmingCharacters())
    switch trimmed.lowercased() {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default: break
    }
    let shown = String(trimmed.prefix(40))
    guard let (year, month, day) = parts(trimmed) else { throw .badDate(shown) }
    guard let date = PlanDate(year: year, month: month, day: day) else {
      guard Self.years.contains(year), (1...12).contains(month), day >= 1 else {
        throw .badDate(shown)
      }
      throw .noSuchDay(shown, days: length(ofMonth: month, in: year))
    }
    return date
  }

  /// The day an ISO 8601 date names ("2026-03-02"), as the store keeps it; nil for anything
  /// else.
  public init?(_ text: String) {
    guard let (year, month, day) = Self.parts(text) else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// "2026-03-02" as its numbers, unchecked; nil when it isn't four digits, two and two.
  private static func parts(_ text: String) -> (Int, Int, Int)? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10])
    else { return nil }
    return (year, month, day)
  }

  /// The day it is at `now` in `timeZone`.
  public static func today(at now: Date, in timeZone: TimeZone) -> PlanDate {
    today(at: now, utcOffset: timeZone.secondsFromGMT(for: now))
  }

  /// The day it is at `now` where clocks are `utcOffset` seconds ahead of UTC.
  public static func today(at now: Date, utcOffset: Int) -> PlanDate {
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down)) + Int64(utcOffset)
    return PlanDate(dayNumber: Int(CivilDate.floorDivide(seconds, 86_400)))
  }

  public var year: Int { Int(civil.year) }
  public var month: Int { Int(civil.month) }
  public var day: Int { Int(civil.day) }

  private var civil: (year: Int64, month: Int64, day: Int64) {
    CivilDate.civil(fromDays: Int64(dayNumber))
  }

  /// "2026-03-02".
  public var description: String {
    let (year, month, day) = civil
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  /// "20260302": the date as iCalendar writes a DATE value.
  public var compact: String { description.replacing("-", with: "") }

  public func adding(days: Int) -> PlanDate { PlanDate(dayNumber: dayNumber + days) }

  /// 1 for Monday to 7 for Sunday (1 January 1970 was a Thursday).
  public var weekday: Int {
    let step = (dayNumber + 3) % 7
    return (step < 0 ? step + 7 : step) + 1
  }

  /// The Monday of its week.
  public var weekStart: PlanDate { adding(days: 1 - weekday) }

  /// Its week, Monday to Sunday.
  public var week: ClosedRange<PlanDate> { weekStart...weekStart.adding(days: 6) }

  public static let weekdayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// "Monday".
  public var weekdayName: String { Self.weekdayNames[weekday - 1] }

  /// "Mon 2 Mar".
  public var shortText: String {
    "\(weekdayName.prefix(3)) \(day) \(Self.monthNames[month - 1].prefix(3))"
  }

  /// "Monday 2 March 2026".
  public var longText: String {
    "\(weekdayName) \(day) \(Self.monthNames[month - 1]) \(year)"
  }

  public static func < (a: PlanDate, b: PlanDate) -> Bool { a.dayNumber < b.dayNumber }

  static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }
}

extension ClosedRange where Bound == PlanDate {
  /// How many days it holds.
  public var dayCount: Int { upperBound.dayNumber - lowerBound.dayNumber + 1 }

  /// Each of its days, in order.
  public var days: [PlanDate] {
    (lowerBound.dayNumber...upperBound.dayNumber).map(PlanDate.init(dayNumber:))
  }
}
