import BasketKit
import BasketTestSupport
import Foundation
import Testing

@Suite struct BasketSuggestionCacheTests {
  @Test func suggestionsFollowChangesMadeElsewhereAndTheClock() throws {
    let clock = TestClock()
    let store = InMemoryStore()
    let basket = Fixtures.basket(clock: clock, store: store)
    let elsewhere = Fixtures.basket(clock: clock, store: store)  // another face, same store
    #expect(try basket.suggestions(for: "oat").map(\.name) == ["Oat milk"])
    try elsewhere.add(name: "Oat milk")
    #expect(try basket.suggestions(for: "oat").isEmpty)  // now on To get
    try elsewhere.check(try elsewhere.sections().toGet[0].id)
    #expect(try basket.suggestions(for: "oat") == [Suggestion(name: "Oat milk", source: .history)])
    #expect(try basket.usuals().map(\.name) == ["Oat milk"])
    clock.advance(by: 31 * 24 * 60 * 60)  // history older than 30 days is forgotten
    #expect(try basket.usuals().isEmpty)
    #expect(
      try basket.suggestions(for: "oat") == [Suggestion(name: "Oat milk", source: .dictionary)])
  }
}
