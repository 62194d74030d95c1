#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ISO 8601 timestamps in UTC with milliseconds ("2026-07-06T10:00:00.000Z") for `Date`s: the
/// portable rules' `ISOTime`, and Foundation's parser for the forms it doesn't read.
public enum ISO8601 {
  public static func string(_ date: Date) -> String {
    ISOTime.text(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
  }

  /// Parses "2026-11-30T10:00:00Z" or "2026-11-30T10:00:00.000Z" quickly, and any other ISO 8601
  /// form (such as a "+01:00" offset) through Foundation's parser.
  public static func date(_ text: String) -> Date? {
    if let milliseconds = ISOTime.milliseconds(text) {
      return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
      return date
    }
    return try? Date.ISO8601FormatStyle().parse(text)
  }
}
