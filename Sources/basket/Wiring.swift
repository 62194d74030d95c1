import BasketKit

/// The production effects: the real classifier and dictionary, random ids, the given clock.
enum Wiring {
  static func environment(clock: AppClock, region: ShopRegion) -> BasketEnvironment {
    BasketEnvironment(
      clock: clock, ids: .random, classifier: classifier,
      suggestions: { engine }, region: region)
  }

  static let classifier: any ItemClassifier = SharedClassifier()

  /// Built on first use (indexing the dictionary takes a few milliseconds).
  static let engine = SuggestionEngine(dictionary: GroceryVocabulary.dictionary)
}

/// Loads the emoji tables on the first classification, so commands that never classify (such
/// as `basket list`) don't pay for it.
struct SharedClassifier: ItemClassifier {
  func classify(_ name: String) -> Classification {
    EmojiClassifier.shared.classify(name)
  }
}
