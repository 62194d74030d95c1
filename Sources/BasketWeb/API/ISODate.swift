#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ISO 8601 timestamps in UTC ("2026-07-06T10:00:00Z"), written without a formatter object.
enum ISODate {
  /// Whole seconds, as `basket list --json` writes them.
  static func seconds(_ date: Date) -> String {
    format(date, milliseconds: false)
  }

  /// With milliseconds, for deadlines a client counts down to.
  static func milliseconds(_ date: Date) -> String {
    format(date, milliseconds: true)
  }

  private static func format(_ date: Date, milliseconds: Bool) -> String {
    let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let totalSeconds = floorDivide(totalMilliseconds, 1000)
    let days = floorDivide(totalSeconds, 86_400)
    let secondOfDay = totalSeconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    var text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    if milliseconds { text += ".\(pad(totalMilliseconds - totalSeconds * 1000, 3))" }
    return text + "Z"
  }

  /// Parses what `milliseconds` or `seconds` wrote.
  static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int64? {
      Int64(String(decoding: bytes[range], as: UTF8.self))
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var millis: Int64 = 0
    if bytes.count == 24 {
      guard bytes[19] == UInt8(ascii: "."), let value = number(20..<23) else { return nil }
      millis = value
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds * 1000 + millis) / 1000)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  /// Civil date from days since 1970-01-01 (proleptic Gregorian).
  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
