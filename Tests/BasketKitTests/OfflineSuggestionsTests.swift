import Testing

@testable import BasketKit

@Suite struct OfflineSuggestionsTests {
  static let history = ["Milk", "Oat milk"]
  static let dictionary = ["Mirin", "Mince"]
  static let usuals = ["Mince", "Tea"]

  /// The names offered, looked up in the usuals, the history and the dictionary.
  func names(
    _ query: String, usuals: [String] = [], history: [String] = Self.history,
    dictionary: [String] = Self.dictionary, onList: [String] = ["Mince"], limit: Int = 8
  ) -> [String] {
    let names = usuals + history + dictionary
    return OfflineSuggestions.chips(
      for: query, usuals: usuals, history: history, dictionary: dictionary, onList: onList,
      limit: limit
    ).map { names[$0] }
  }

  @Test func aTypedQueryOffersMatchingNamesHistoryFirstNeverWhatIsOnToGet() {
    #expect(names("mi") == ["Milk", "Oat milk", "Mirin"])
    #expect(names("mi", onList: []) == ["Milk", "Oat milk", "Mirin", "Mince"])
    #expect(names("mi", onList: ["MINCE"]) == ["Milk", "Oat milk", "Mirin"])
    #expect(names("mi", limit: 1) == ["Milk"])
    #expect(names("mi", usuals: ["Mixed herbs"]) == ["Milk", "Oat milk", "Mirin"])
  }

  @Test func aQueryMatchesTheFoldedNamesAtTheStartOfAnyWord() {
    #expect(names("MÍ", limit: 1) == ["Milk"])
    #expect(names("  oat-M ") == ["Oat milk"])
    #expect(names("ilk").isEmpty)
    let dictionary = ["Crème fraîche", "Hellmann's Mayo"]
    #expect(names("creme f", history: [], dictionary: dictionary) == ["Crème fraîche"])
    #expect(names("FRAICHE", history: [], dictionary: dictionary) == ["Crème fraîche"])
    #expect(names("hellmanns", history: [], dictionary: dictionary) == ["Hellmann's Mayo"])
    #expect(names("🍕", history: ["🍕"], dictionary: ["🍔"]) == ["🍕"])
  }

  @Test func namesWithOneKeyAreOfferedOnce() {
    let history = ["Apple"]
    let dictionary = ["apples", "Apricots"]
    #expect(
      names("ap", history: history, dictionary: dictionary, onList: []) == ["Apple", "Apricots"])
    #expect(
      names("ap", history: history, dictionary: dictionary, onList: ["APPLE"]) == ["Apricots"])
  }

  @Test func nothingTypedOffersTheUsualsThenTheHistory() {
    #expect(names("  ", usuals: Self.usuals) == ["Tea", "Milk", "Oat milk"])
    #expect(names("", usuals: Self.usuals, limit: 2) == ["Tea", "Milk"])
    #expect(names("", usuals: Self.usuals, onList: []) == ["Mince", "Tea", "Milk", "Oat milk"])
    #expect(names("", usuals: ["Milk"], onList: []) == ["Milk", "Oat milk"])
  }

  @Test func positionsCountTheUsualsAndTheHistoryBeforeTheDictionary() {
    let picked = OfflineSuggestions.chips(
      for: "mi", usuals: Self.usuals, history: Self.history, dictionary: Self.dictionary,
      onList: [], limit: 8)
    #expect(picked == [2, 3, 4, 5])
    #expect(
      OfflineSuggestions.chips(
        for: "mi", usuals: [], history: Self.history, dictionary: [], onList: [], limit: 0
      ).isEmpty)
  }
}
