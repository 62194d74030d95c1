import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How the terminal app runs: its settings, whether to play the flourish, which file
/// descriptors are the terminal, and how often to look for changes made elsewhere.
public struct TUIConfiguration: Sendable {
  public var settings: Settings
  /// Play the start-up flourish (a cold start).
  public var flourish = true
  public var inputDescriptor: Int32 = 0
  public var outputDescriptor: Int32 = 1
  /// How often the store's revision is checked for changes from other processes.
  public var storePollInterval: TimeInterval = 0.25

  public init(settings: Settings) {
    self.settings = settings
  }

  /// Takes the colours and reduce-motion from the configuration; the `--reduce-motion` flag
  /// also calms the animations.
  public init(configuration: BasketConfiguration, reduceMotion flag: Bool, timeZone: TimeZone) {
    settings = Settings(
      reduceMotion: flag || configuration.reduceMotion, colorMode: configuration.colorMode,
      timeZone: timeZone)
  }
}
