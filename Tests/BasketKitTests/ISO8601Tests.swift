import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  @Test func anyMomentFromYearOneTo9999IsWrittenAndReadBack() {
    func floorSecond(_ milliseconds: Int64) -> Int64 {
      milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
    }
    var generator = SeededGenerator(seed: 45)
    for _ in 0..<2_000 {
      // NB: whole seconds read back exactly; the milliseconds are checked against the second.
      let second = Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)
      let whole = ISO8601.string(Date(timeIntervalSince1970: Double(second)))
      #expect(whole.count == 24 && whole.hasSuffix(".000Z"), "\(whole)")
      #expect(ISO8601.date(whole) == Date(timeIntervalSince1970: Double(second)), "\(whole)")
      let millisecond = Int64.random(in: 0...999, using: &generator)
      let date = Date(timeIntervalSince1970: Double(second) + Double(millisecond) / 1000)
      let floored = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
      let expected = floored - floorSecond(floored) * 1000
      let text = ISO8601.string(date)
      let base = ISO8601.string(
        Date(timeIntervalSince1970: Double(floorSecond(floored))))
      #expect(text.prefix(20) == base.prefix(20), "\(text) \(base)")
      #expect(
        text.dropFirst(20)
          == "\(String(repeating: "0", count: 3 - String(expected).count))\(expected)Z")
    }
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
