import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

extension Wiring {
  /// This machine's offset from UTC at `date`, in seconds east, summer time included: the C
  /// library's local time (the TZ variable, else /etc/localtime). NB: FoundationEssentials
  /// knows no time zone database, so its `TimeZone.current` is always GMT.
  static let utcOffset: @Sendable (Date) -> Int = { date in
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var local = tm()
    guard localtime_r(&seconds, &local) != nil else { return 0 }
    return Int(local.tm_gmtoff)
  }
}
