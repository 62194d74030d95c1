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

  /// Takes the colours and reduce-motion from the configuration (the `--reduce-motion` flag
  /// also calms the animations). The emoji mode is `emoji` if given, else `BASKET_EMOJI`, else
  /// what `TERM`, `TERM_PROGRAM` and `TMUX` suggest (an unknown `BASKET_EMOJI` counts as unset
  /// here: check it with `EmojiMode.choose` first to report it).
  public init(
    configuration: BasketConfiguration, reduceMotion flag: Bool, emoji: EmojiMode? = nil,
    timeZone: TimeZone
  ) {
    let terminal = configuration.terminalEnvironment
    let emoji =
      emoji ?? (try? EmojiMode.choose(flag: nil, environment: terminal))
      ?? EmojiMode.detect(environment: terminal)
    settings = Settings(
      reduceMotion: flag || configuration.reduceMotion, colorMode: configuration.colorMode,
      timeZone: timeZone, emoji: emoji)
  }
}
