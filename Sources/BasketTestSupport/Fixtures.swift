import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A clock tests can move by hand.
public final class TestClock: Sendable {
  private let current: Mutex<Date>

  public init(_ start: Date = Fixtures.monday) {
    current = Mutex(start)
  }

  public var now: Date { current.withLock { $0 } }

  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }

  public var appClock: AppClock { AppClock { [self] in now } }
}

public enum Fixtures {
  /// Monday 6 July 2026, 10:00 UTC: an ordinary summer morning.
  public static let monday = Date(timeIntervalSince1970: 1_783_332_000)

  /// Ids 00000000-0000-0000-0000-000000000001, …002, … in order.
  public static func sequentialIDs() -> IDGenerator {
    let counter = Mutex(0)
    return IDGenerator {
      let next = counter.withLock { value -> Int in
        value += 1
        return value
      }
      return id(next)
    }
  }

  /// The sequential id with number `n`.
  public static func id(_ n: Int) -> UUID {
    let hex = String(n, radix: 16)
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    return UUID(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }

  /// A small classifier: a few words with known emoji and measures, 🧺 for the rest.
  public struct TinyClassifier: ItemClassifier {
    public init() {}

    public func classify(_ name: String) -> Classification {
      let key = NameKey.of(name)
      for (word, emoji, measure) in Self.table
      where key.split(separator: " ").last.map(String.init) == word {
        return Classification(emoji: emoji, stage: .curated, measure: measure)
      }
      return .fallback
    }

    static let table: [(String, String, MeasureKind)] = [
      ("milk", "🥛", .poured), ("apple", "🍎", .counted), ("flour", "🌾", .weighed),
      ("egg", "🥚", .counted), ("bread", "🍞", .counted), ("juice", "🧃", .poured),
      ("cheese", "🧀", .weighed), ("banana", "🍌", .counted),
    ]
  }

  /// A basket over `store` that never suggests: what tests of a store or a face build.
  public static func basket(
    over store: any ListStore, clock: AppClock, ids: IDGenerator = .random,
    classifier: any ItemClassifier = TinyClassifier()
  ) -> Basket {
    Basket(
      store: store,
      environment: BasketEnvironment(
        clock: clock, ids: ids, classifier: classifier,
        suggestions: { SuggestionEngine(dictionary: [String]()) }))
  }

  /// A basket over an in-memory store with a test clock and sequential ids.
  public static func basket(
    clock: TestClock, store: InMemoryStore = InMemoryStore(),
    dictionary: [String] = ["Apples", "Bananas", "Bread", "Milk", "Oat milk", "Cordial"]
  ) -> Basket {
    let engine = SuggestionEngine(dictionary: dictionary)
    return Basket(
      store: store,
      environment: BasketEnvironment(
        clock: clock.appClock, ids: sequentialIDs(), classifier: TinyClassifier(),
        suggestions: { engine }))
  }
}
