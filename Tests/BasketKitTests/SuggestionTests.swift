import BasketKit
import BasketTestSupport
import Foundation
import Testing

@Suite struct SuggestionTests {
  let now = Fixtures.monday
  let day: TimeInterval = 24 * 60 * 60
  let engine = SuggestionEngine(dictionary: [
    "Cordial", "Coriander", "Corn", "Cornflakes", "Banana", "Bananas", "Bread", "Milk",
    "Oat milk", "Peanut butter", "Butter", "Buttermilk", "Apple", "Apple juice",
  ])

  private func entry(_ name: String, _ times: Int, daysAgo: Double) -> MemoryEntry {
    MemoryEntry(name: name, timesAdded: times, lastAdded: now.addingTimeInterval(-daysAgo * day))
  }

  private func names(_ query: String, _ memory: [MemoryEntry] = [], excluding: Set<String> = [])
    -> [String]
  {
    engine.suggest(query, history: HistoryIndex(memory: memory, now: now), excluding: excluding)
      .map(\.name)
  }

  @Test func historyComesBeforeTheDictionary() {
    let result = names("co", [entry("Coconut milk", 1, daysAgo: 2)])
    #expect(result == ["Coconut milk", "Corn", "Cordial", "Coriander", "Cornflakes"])
  }

  @Test func historyRanksFrequencyAndRecencyTogether() {
    let memory = [
      entry("Bagels", 1, daysAgo: 0.5),
      entry("Bacon", 6, daysAgo: 3),
      entry("Basil", 6, daysAgo: 25),
      entry("Baking soda", 2, daysAgo: 40),  // beyond 30 days: forgotten
    ]
    #expect(names("ba", memory).prefix(3) == ["Bacon", "Basil", "Bagels"])
    #expect(!names("ba", memory).contains("Baking soda"))
  }

  @Test func matchesThePrefixOfAnyWord() {
    #expect(names("butt").prefix(3) == ["Butter", "Buttermilk", "Peanut butter"])
    #expect(names("milk") == ["Milk", "Oat milk"])
  }

  @Test func ignoresCaseAndAccents() {
    #expect(names("CORD") == ["Cordial"])
    #expect(names("córd") == ["Cordial"])
  }

  @Test func neverSuggestsWhatIsAlreadyOnToGet() {
    #expect(names("milk", excluding: [NameKey.of("oat milk")]) == ["Milk"])
    let memory = [entry("Bananas", 3, daysAgo: 1)]
    #expect(names("ban", memory, excluding: [NameKey.of("Banana")]).isEmpty)
  }

  @Test func showsEachThingOnce() {
    let memory = [entry("bananas", 3, daysAgo: 1)]
    #expect(names("ban", memory) == ["bananas"])
  }

  @Test func capsTheChips() {
    let many = (0..<30).map { entry("Cheese \($0)", 1, daysAgo: 1) }
    #expect(names("che", many).count == SuggestionEngine.defaultLimit)
  }

  @Test func forgivesOneTypoInLongerQueries() {
    #expect(names("bananna").contains("Banana"))
    #expect(names("corainder") == ["Coriander"])
    #expect(names("butetr").prefix(1) == ["Butter"])
    #expect(names("brea") == ["Bread"])
    #expect(names("bxea").isEmpty)  // under five letters: no typo matching
  }

  @Test func exactMatchesRankBeforeTypoMatches() {
    let engine = SuggestionEngine(dictionary: ["Corn", "Cornflakes", "Corm cheese"])
    let result = engine.suggest(
      "cornf", history: HistoryIndex(memory: [], now: now), excluding: [])
    #expect(result.map(\.name) == ["Cornflakes"])
    let typo = engine.suggest("cormfl", history: HistoryIndex(memory: [], now: now), excluding: [])
    #expect(typo.map(\.name) == ["Cornflakes"])
  }

  @Test func usualsAreTheBestRankedHistoryNotOnTheList() {
    let memory = [
      entry("Milk", 9, daysAgo: 1), entry("Eggs", 4, daysAgo: 2), entry("Saffron", 1, daysAgo: 20),
    ]
    let usuals = engine.usuals(
      history: HistoryIndex(memory: memory, now: now), excluding: [NameKey.of("milk")])
    #expect(usuals.map(\.name) == ["Eggs", "Saffron"])
    #expect(engine.usuals(history: HistoryIndex(memory: [], now: now), excluding: []).isEmpty)
  }

  @Test func aNameRenamedAwayAndNeverAddedAgainLeavesTheUsuals() throws {
    let clock = TestClock()
    let basket = Fixtures.basket(clock: clock)
    let typo = try basket.add(name: "orange ju").item
    try basket.rename(typo.id, to: "orange juice")
    try basket.add(name: "bread")
    try basket.check(typo.id)
    #expect(try basket.usuals().map(\.name) == ["orange juice"])
    #expect(try basket.suggestions(for: "orange ju").first?.name == "orange juice")
    // A name added again on its own stays: only the add that was renamed is taken back.
    let again = try basket.add(name: "Tea").item
    try basket.add(name: "Tea")
    try basket.rename(again.id, to: "Green tea")
    try basket.check(again.id)
    #expect(try basket.usuals().map(\.name).contains("Green tea"))
    #expect(
      try basket.suggestions(for: "te").contains { $0.name == "Tea" && $0.source == .history })
  }

  @Test func aBasketRemembersEveryAddForSuggestions() throws {
    let clock = TestClock()
    let basket = Fixtures.basket(clock: clock)
    let milk = try basket.add(name: "Oat milk").item
    try basket.remove(milk.id)
    try basket.add(name: "Oat milk")
    try basket.check(try basket.sections().toGet[0].id)
    #expect(
      try basket.suggestions(for: "oat").first == Suggestion(name: "Oat milk", source: .history))
    #expect(try basket.usuals().map(\.name) == ["Oat milk"])
  }
}
