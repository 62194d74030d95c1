#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The source of "now" for every time-dependent rule. Pass `.system` in production and a frozen
/// clock in tests.
public struct AppClock: Sendable {
  private let read: @Sendable () -> Date

  public init(_ read: @escaping @Sendable () -> Date) {
    self.read = read
  }

  public var now: Date { read() }

  /// The machine's clock.
  public static let system = AppClock { Date() }

  /// A clock stopped at `date`.
  public static func frozen(at date: Date) -> AppClock {
    AppClock { date }
  }
}

/// Makes identifiers for new items. Tests pass a sequential generator.
public struct IDGenerator: Sendable {
  private let make: @Sendable () -> UUID

  public init(_ make: @escaping @Sendable () -> UUID) {
    self.make = make
  }

  public func callAsFunction() -> UUID { make() }

  public static let random = IDGenerator { UUID() }
}
