#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How many rolling snapshots `basket serve` keeps: the newest of each of the last `daily`
/// days that have one, and the newest of each of the last `weekly` weeks (Monday to Sunday,
/// UTC). At most `daily + weekly` files, so snapshots never grow without end.
public struct SnapshotPolicy: Equatable, Sendable {
  public var daily: Int
  public var weekly: Int
  /// Free space to leave on the disk: a snapshot that would leave less is skipped (and said).
  public var keepFreeBytes: Int64

  public init(daily: Int = 7, weekly: Int = 4, keepFreeBytes: Int64 = 512 << 20) {
    self.daily = daily
    self.weekly = weekly
    self.keepFreeBytes = keepFreeBytes
  }

  /// "daily for 7 days and weekly for 4 weeks".
  public var text: String {
    var parts: [String] = []
    if daily > 0 { parts.append("daily for \(daily) \(daily == 1 ? "day" : "days")") }
    if weekly > 0 { parts.append("weekly for \(weekly) \(weekly == 1 ? "week" : "weeks")") }
    return parts.joined(separator: " and ")
  }
}

/// When to take a snapshot, which to keep, and whether the disk has room: pure rules over
/// dates and sizes, so the schedule is tested with frozen time.
public enum SnapshotPlan {
  /// A snapshot is due when none was taken in the last day.
  public static func isDue(newest: Date?, now: Date) -> Bool {
    guard let newest else { return true }
    return now.timeIntervalSince(newest) >= 86_400 || newest > now.addingTimeInterval(3_600)
  }

  /// The snapshots (by when they were taken) to keep under `policy`; the others go.
  public static func kept(_ dates: [Date], policy: SnapshotPolicy) -> Set<Date> {
    let newestFirst = dates.sorted(by: >)
    var keep = Set<Date>()
    for (bucket, count) in [(day, policy.daily), (week, policy.weekly)] where count > 0 {
      var seen = Set<Int>()
      for date in newestFirst {
        let key = bucket(date)
        guard !seen.contains(key) else { continue }
        guard seen.count < count else { break }
        seen.insert(key)
        keep.insert(date)
      }
    }
    return keep
  }

  /// Whether a snapshot of about `needed` bytes fits on a disk with `free` bytes available
  /// and still leaves `policy.keepFreeBytes` (and never less than 2 % of the disk's `total`).
  public static func hasRoom(free: Int64, total: Int64, needed: Int64, policy: SnapshotPolicy)
    -> Bool
  {
    free - needed >= max(policy.keepFreeBytes, total / 50)
  }

  /// The UTC day number of `date`.
  static func day(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// The week number of `date`, weeks starting on Monday (UTC): 1 January 1970 was a Thursday.
  static func week(_ date: Date) -> Int {
    Int((Double(day(date) + 3) / 7).rounded(.down))
  }
}
