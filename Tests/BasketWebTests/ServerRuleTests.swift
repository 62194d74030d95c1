import Testing

@testable import BasketWeb

/// The server's timing rules, with frozen (monotonic) time.
@Suite struct ServerRuleTests {
  /// A request timeout of 5 s, and connection 1 (socket 11) opened at 100 s.
  private static func oneOpenedAt100() -> ConnectionDeadlines {
    var deadlines = ConnectionDeadlines(requestTimeout: 5)
    deadlines.opened(1, socket: 11, at: 100)
    return deadlines
  }

  @Test func aConnectionWithoutACompleteRequestIsOverdueAfterTheTimeout() {
    var deadlines = Self.oneOpenedAt100()
    deadlines.opened(2, socket: 12, at: 102)
    #expect(deadlines.takeOverdue(at: 104.9).isEmpty)
    #expect(deadlines.takeOverdue(at: 105).map(\.socket) == [11])
    // Named once: it is being closed.
    #expect(deadlines.takeOverdue(at: 106).isEmpty)
    #expect(deadlines.takeOverdue(at: 107).map(\.id) == [2])
  }

  @Test func noDeadlineRunsWhileARequestIsAnsweredOrStreams() {
    var deadlines = Self.oneOpenedAt100()
    deadlines.requestReceived(1)
    #expect(deadlines.takeOverdue(at: 1_000).isEmpty)
  }

  @Test func aKeptAliveConnectionMustSendItsNextRequestInTime() {
    var deadlines = Self.oneOpenedAt100()
    deadlines.requestReceived(1)
    deadlines.responded(1, at: 200)
    #expect(deadlines.takeOverdue(at: 204).isEmpty)
    #expect(deadlines.takeOverdue(at: 205).map(\.id) == [1])
  }

  @Test func aClosedConnectionIsForgotten() {
    var deadlines = Self.oneOpenedAt100()
    deadlines.closed(1)
    deadlines.responded(1, at: 100)
    #expect(deadlines.entries.isEmpty)
    #expect(deadlines.takeOverdue(at: 1_000).isEmpty)
  }

  @Test func storeChecksFollowAWriteAtGrowingIntervalsThenSleep() {
    var checks = FollowUpChecks()
    #expect(checks.next == nil)
    checks.noteWrite(at: 10)
    var times: [Double] = []
    while let next = checks.next {
      times.append(next - 10)
      checks.checked(at: next)
    }
    #expect(times.map { ($0 * 1000).rounded() } == [2, 8, 32, 128, 512, 2048])
  }

  @Test func aNewWriteRestartsTheChecksAndLateChecksSkipAhead() {
    var checks = FollowUpChecks()
    checks.noteWrite(at: 10)
    checks.checked(at: 10.2)  // the 2, 8, 32 and 128 ms checks were all due
    #expect(checks.next == 10.512)
    checks.noteWrite(at: 11)
    #expect(checks.next == 11.002)
  }
}
