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

  /// Random (version 4) identifiers from the system's generator. (Foundation's `UUID()` opens,
  /// reads and closes `/dev/urandom` for each: three system calls on every add.)
  public static let random = IDGenerator {
    var generator = SystemRandomNumberGenerator()
    return randomUUID(using: &generator)
  }

  /// A version 4 UUID: 122 bits from `generator`, the version and variant bits set.
  static func randomUUID(using generator: inout some RandomNumberGenerator) -> UUID {
    let high = generator.next() & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
    let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
    func byte(_ word: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
    }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4),
        byte(high, 5), byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2),
        byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }
}
