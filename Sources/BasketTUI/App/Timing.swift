#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long the terminal app's touches last. The check-off delay and undo window come from
/// the core's `ListTiming`.
public enum TUITiming {
  /// The start-up basket flourish.
  public static let flourish: TimeInterval = 1.2
  /// The calm (reduce motion) start-up card.
  public static let calmFlourish: TimeInterval = 0.6
  /// A re-added item flashes this long.
  public static let flash: TimeInterval = 0.9
  /// One blink of a flash.
  public static let blink: TimeInterval = 0.15
  /// The strikethrough sweeps across a checked-off name in this time.
  public static let strikeSweep: TimeInterval = 0.4
  /// A message over the add bar stays this long.
  public static let toast: TimeInterval = 3
  /// The "All done!" celebration.
  public static let celebration: TimeInterval = 2.4
  /// The interval between animation frames.
  public static let frame: TimeInterval = 1.0 / 30
}
