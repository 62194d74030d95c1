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
