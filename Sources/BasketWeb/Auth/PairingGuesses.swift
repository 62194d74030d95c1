import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rule that slows down guessing of the household secret, per client address: each
/// address may make `burst` wrong guesses at once, then one more every `refill` seconds. A
/// stranger who keeps guessing locks out only themselves; the household's phones, on other
/// addresses, pair as usual.
///
/// A leaky bucket per address: a wrong guess adds one; the level drains by one per `refill`
/// seconds; guessing is refused while the level is at `burst`. Pure: time is passed in.
public struct PairingGuesses: Sendable, Equatable {
  public var burst: Double
  public var refill: Double
  /// At most this many addresses are remembered; the most forgiven are forgotten first.
  public var capacity: Int

  struct Bucket: Sendable, Equatable {
    var level: Double
    var updated: Date
  }

  private(set) var buckets: [String: Bucket] = [:]

  public init(burst: Int = 10, refill: Double = 60, capacity: Int = 4096) {
    self.burst = Double(burst)
    self.refill = refill
    self.capacity = capacity
  }

  /// Whether `address` may try a secret at `now`.
  public func allows(_ address: String, at now: Date) -> Bool {
    level(of: Self.key(address), at: now) <= burst - 1
  }

  /// Records a wrong guess from `address` at `now`.
  public mutating func recordWrongGuess(from address: String, at now: Date) {
    let key = Self.key(address)
    let level = level(of: key, at: now)
    buckets[key] = Bucket(level: min(burst, level + 1), updated: now)
    if buckets.count > capacity { forget(at: now) }
  }

  /// The bucket's level at `now`, drained since its last update.
  private func level(of key: String, at now: Date) -> Double {
    guard let bucket = buckets[key] else { return 0 }
    // NB: a clock that stepped back drains nothing rather than filling the bucket.
    let elapsed = max(0, now.timeIntervalSince(bucket.updated))
    return max(0, bucket.level - elapsed / refill)
  }

  /// Drops drained buckets, then the lowest ones, until `capacity` holds.
  private mutating func forget(at now: Date) {
    buckets = buckets.filter { level(of: $0.key, at: now) > 0 }
    guard buckets.count > capacity else { return }
    let lowest = buckets.keys.sorted { level(of: $0, at: now) < level(of: $1, at: now) }
    for key in lowest.prefix(buckets.count - capacity) { buckets[key] = nil }
  }

  /// The key an address is counted under: IPv4 as is; IPv6 by its /64 prefix, since one
  /// machine can use many addresses of its network.
  static func key(_ address: String) -> String {
    guard address.contains(":") else { return address }
    let groups = address.split(separator: ":", omittingEmptySubsequences: false)
    guard !address.contains("::"), groups.count == 8 else {
      return expandedPrefix(address) ?? address.lowercased()
    }
    return groups.prefix(4).joined(separator: ":").lowercased()
  }

  /// The first four groups of an IPv6 address written with "::".
  private static func expandedPrefix(_ address: String) -> String? {
    let halves = address.lowercased().split(
      separator: "::", maxSplits: 1, omittingEmptySubsequences: false)
    guard halves.count == 2 else { return nil }
    let head = halves[0].isEmpty ? [] : halves[0].split(separator: ":").map(String.init)
    let tail = halves[1].isEmpty ? [] : halves[1].split(separator: ":").map(String.init)
    let missing = 8 - head.count - tail.count
    guard missing >= 1 else { return nil }
    let groups = head + Array(repeating: "0", count: missing) + tail
    return groups.prefix(4).joined(separator: ":")
  }
}

/// `PairingGuesses` shared by the server's threads.
public final class PairingThrottle: Sendable {
  private let guesses: Mutex<PairingGuesses>

  public init(_ rule: PairingGuesses = PairingGuesses()) {
    guesses = Mutex(rule)
  }

  public func allows(_ address: String, at now: Date) -> Bool {
    guesses.withLock { $0.allows(address, at: now) }
  }

  public func recordWrongGuess(from address: String, at now: Date) {
    guesses.withLock { $0.recordWrongGuess(from: address, at: now) }
  }
}
