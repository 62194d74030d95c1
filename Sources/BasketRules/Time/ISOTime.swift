/// ISO 8601 times in UTC with milliseconds ("2026-07-06T10:00:00.000Z"), the form every face
/// shows machines, counted in milliseconds since 1970. Written and read without a formatter
/// object, and without Foundation, so the portable rules can hold them: the web API writes
/// thousands of them a second.
public enum ISOTime {
  /// The time `milliseconds` after 1970 as text.
  public static func text(milliseconds totalMilliseconds: Int64) -> String {
    let totalSeconds = CivilDate.floorDivide(totalMilliseconds, 1000)
    let days = CivilDate.floorDivide(totalSeconds, 86_400)
    let secondOfDay = totalSeconds - days * 86_400
    let (year, month, day) = CivilDate.civil(fromDays: days)
    if (0...9999).contains(year) {
      // NB: the usual case written straight into the string's bytes: a list of 5,000 items
      // writes 5,000 of these, and the pieces below cost seven strings each.
      return String(unsafeUninitializedCapacity: 24) { bytes in
        func put(_ value: Int64, _ width: Int, at offset: Int) {
          var rest = value
          for index in stride(from: offset + width - 1, through: offset, by: -1) {
            bytes[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
          }
        }
        put(year, 4, at: 0)
        put(month, 2, at: 5)
        put(day, 2, at: 8)
        put(secondOfDay / 3600, 2, at: 11)
        put(secondOfDay / 60 % 60, 2, at: 14)
        put(secondOfDay % 60, 2, at: 17)
        put(totalMilliseconds - totalSeconds * 1000, 3, at: 20)
        bytes[4] = UInt8(ascii: "-")
        bytes[7] = UInt8(ascii: "-")
        bytes[10] = UInt8(ascii: "T")
        bytes[13] = UInt8(ascii: ":")
        bytes[16] = UInt8(ascii: ":")
        bytes[19] = UInt8(ascii: ".")
        bytes[23] = UInt8(ascii: "Z")
        return 24
      }
    }
    let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    let time =
      "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    return "\(date)T\(time).\(pad(totalMilliseconds - totalSeconds * 1000, 3))Z"
  }

  /// "2026-11-30T10:00:00Z" or "2026-11-30T10:00:00.000Z" in milliseconds since 1970; nil for
  /// any other text (other ISO 8601 forms are the caller's to read, where it can).
  public static func milliseconds(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z"),
      bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var millis: Int64 = 0
    if bytes.count == 24 {
      guard bytes[19] == UInt8(ascii: "."), let value = number(20..<23) else { return nil }
      millis = value
    }
    let days = CivilDate.days(year: year, month: month, day: day)
    return (days * 86_400 + hour * 3600 + minute * 60 + second) * 1000 + millis
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// Calendar arithmetic on the proleptic Gregorian calendar, independent of any clock or time
/// zone database.
package enum CivilDate {
  /// Days since 1 January 1970.
  package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date `days` after 1 January 1970.
  package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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

  package static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }
}
