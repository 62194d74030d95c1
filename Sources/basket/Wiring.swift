import BasketKit

/// The production effects: the real classifier and dictionary, random ids, the given clock.
enum Wiring {
  static func environment(clock: AppClock) -> BasketEnvironment {
    BasketEnvironment(
      clock: clock, ids: .random, classifier: classifier,
      suggestions: { engine })
  }

  /// Built on first use (indexing the dictionary takes a few milliseconds).
  static let engine = SuggestionEngine(dictionary: GroceryVocabulary.dictionaryWords)

  static let classifier: any ItemClassifier = EmojiClassifier.shared
}
