import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Wrong pairing guesses are limited per client address, with time-based forgiveness.
@Suite struct PairingGuessTests {
  static let start = Fixtures.monday

  @Test func tenWrongGuessesLockOutOnlyTheGuessingAddress() {
    var guesses = PairingGuesses()
    for _ in 0..<10 {
      #expect(guesses.allows("192.168.1.66", at: Self.start))
      guesses.recordWrongGuess(from: "192.168.1.66", at: Self.start)
    }
    #expect(!guesses.allows("192.168.1.66", at: Self.start))
    #expect(guesses.allows("192.168.1.20", at: Self.start))
  }

  @Test func oneGuessComesBackPerRefillPeriod() {
    var guesses = PairingGuesses(burst: 10, refill: 60)
    for _ in 0..<10 { guesses.recordWrongGuess(from: "10.0.0.9", at: Self.start) }
    #expect(!guesses.allows("10.0.0.9", at: Self.start.addingTimeInterval(59)))
    #expect(guesses.allows("10.0.0.9", at: Self.start.addingTimeInterval(60)))
    guesses.recordWrongGuess(from: "10.0.0.9", at: Self.start.addingTimeInterval(60))
    #expect(!guesses.allows("10.0.0.9", at: Self.start.addingTimeInterval(61)))
    #expect(guesses.allows("10.0.0.9", at: Self.start.addingTimeInterval(600)))
  }

  @Test func aClockThatStepsBackForgivesNothing() {
    var guesses = PairingGuesses(burst: 2, refill: 60)
    guesses.recordWrongGuess(from: "10.0.0.9", at: Self.start)
    guesses.recordWrongGuess(from: "10.0.0.9", at: Self.start)
    #expect(!guesses.allows("10.0.0.9", at: Self.start.addingTimeInterval(-3600)))
  }

  @Test func rememberedAddressesStayWithinCapacity() {
    var guesses = PairingGuesses(burst: 10, refill: 60, capacity: 3)
    guesses.recordWrongGuess(from: "10.0.0.1", at: Self.start.addingTimeInterval(-30))
    guesses.recordWrongGuess(from: "10.0.0.2", at: Self.start)
    guesses.recordWrongGuess(from: "10.0.0.3", at: Self.start)
    guesses.recordWrongGuess(from: "10.0.0.4", at: Self.start)
    #expect(guesses.buckets.count == 3)
    // The most forgiven (half drained) is forgotten first.
    #expect(guesses.buckets["10.0.0.1"] == nil)
    #expect(guesses.buckets["10.0.0.4"] != nil)
  }

  @Test(arguments: [
    ("192.168.1.20", "192.168.1.20"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2"),
    ("2001:DB8:1:2::1", "2001:db8:1:2"),
    ("fe80::1", "fe80:0:0:0"),
    ("::1", "0:0:0:0"),
    ("", ""),
  ])
  func addressesAreCountedByHostOrIPv6Network(address: String, key: String) {
    #expect(PairingGuesses.key(address) == key)
  }

  @Test func theServerCountsGuessesPerClientAddress() {
    let harness = Harness(mode: .householdSecret(AccessTests.secret))
    func pair(_ secret: String, from address: String) -> Int {
      harness.app.handle(
        Request(
          method: "POST", path: "/api/v2/pair",
          headers: ["Host": "basket.home:8080", "Content-Type": "application/json"],
          body: Array(#"{"secret":"\#(secret)"}"#.utf8), clientAddress: address)
      ).status
    }
    for _ in 0..<10 { #expect(pair("wrong-guess", from: "192.168.1.66") == 403) }
    #expect(pair("wrong-guess", from: "192.168.1.66") == 429)
    #expect(pair(AccessTests.secret, from: "192.168.1.66") == 429)
    // The household's phone, elsewhere on the network, pairs as usual.
    #expect(pair(AccessTests.secret, from: "192.168.1.20") == 204)
    harness.clock.advance(by: 60)
    #expect(pair(AccessTests.secret, from: "192.168.1.66") == 204)
  }
}
