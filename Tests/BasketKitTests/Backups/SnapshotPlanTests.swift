import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct SnapshotPlanTests {
  static let start = ISO8601.date("2026-12-07T03:00:00Z")!  // a Monday

  static func day(_ n: Double, hour: Double = 0) -> Date {
    start.addingTimeInterval(n * 86_400 + hour * 3_600)
  }

  @Test func aSnapshotIsDueWhenNoneWasTakenInTheLastDay() {
    #expect(SnapshotPlan.isDue(newest: nil, now: Self.start))
    #expect(!SnapshotPlan.isDue(newest: Self.start, now: Self.day(0, hour: 23)))
    #expect(SnapshotPlan.isDue(newest: Self.start, now: Self.day(1)))
    #expect(SnapshotPlan.isDue(newest: Self.day(3), now: Self.start), "one from a clock set ahead")
  }

  @Test func aYearOfDailySnapshotsKeepsAWeekOfDaysAndAMonthOfWeeks() {
    let taken = (0..<365).map { Self.day(Double($0)) }
    let kept = SnapshotPlan.kept(taken, policy: SnapshotPolicy())
    #expect(kept.count <= 11)
    let newest = taken.suffix(7)
    #expect(newest.allSatisfy(kept.contains), "the last seven days")
    let olderKept = kept.filter { !newest.contains($0) }.sorted()
    // The newest of each of the last four weeks: the week or two the days span, and the rest.
    #expect((2...3).contains(olderKept.count), "\(olderKept)")
    #expect(olderKept.first! >= Self.day(364 - 28))
  }

  @Test func severalADayKeepTheNewestOfEachDay() {
    let taken = [Self.day(0), Self.day(0, hour: 5), Self.day(1), Self.day(1, hour: 9)]
    let kept = SnapshotPlan.kept(taken, policy: SnapshotPolicy(daily: 7, weekly: 0))
    #expect(kept == [Self.day(0, hour: 5), Self.day(1, hour: 9)])
  }

  @Test(arguments: [(1, 0), (0, 2), (3, 1), (30, 8)])
  func theCountIsBoundedByThePolicy(daily: Int, weekly: Int) {
    let taken = (0..<400).map { Self.day(Double($0) / 2) }
    let kept = SnapshotPlan.kept(taken, policy: SnapshotPolicy(daily: daily, weekly: weekly))
    #expect(kept.count <= daily + weekly)
    #expect(kept.contains(taken.max()!))
  }

  @Test func aSnapshotIsSkippedWhenItWouldLeaveTooLittleFree() {
    let policy = SnapshotPolicy(keepFreeBytes: 512 << 20)
    let gig: Int64 = 1 << 30
    #expect(
      SnapshotPlan.hasRoom(free: 10 * gig, total: 100 * gig, needed: 50 << 20, policy: policy))
    #expect(
      !SnapshotPlan.hasRoom(free: 520 << 20, total: 100 * gig, needed: 50 << 20, policy: policy))
    #expect(
      !SnapshotPlan.hasRoom(free: 3 * gig, total: 200 * gig, needed: 1 << 20, policy: policy),
      "2 % of the disk")
  }

  @Test func thePolicyReadsAsTheServerSaysIt() {
    #expect(SnapshotPolicy().text == "daily for 7 days and weekly for 4 weeks")
    #expect(SnapshotPolicy(daily: 1, weekly: 0).text == "daily for 1 day")
  }
}
