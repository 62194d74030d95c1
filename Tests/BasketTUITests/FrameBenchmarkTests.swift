import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

@Suite struct FrameBenchmarkTests {
  @Test func theBenchmarkMeasuresFramesAndKeystrokeBytes() {
    let report = FrameBenchmark.run(items: 200, frames: 20)
    #expect(report.frames == 20)
    #expect(report.medianMilliseconds > 0)
    #expect(report.p99Milliseconds >= report.medianMilliseconds)
    #expect(report.keystrokeBytesSameChips <= report.keystrokeBytes)
    #expect(report.keystrokeShare < 0.1)
    #expect(report.description.contains("p99"))
  }
}
