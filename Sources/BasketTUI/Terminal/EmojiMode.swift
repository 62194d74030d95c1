import BasketKit

/// Which emoji the terminal is trusted to draw, chosen once from the environment.
public enum EmojiMode: String, Hashable, Sendable, CaseIterable {
  /// Every emoji as the classifier gave it.
  case modern
  /// Emoji 12.0 and earlier, single code points only; newer ones shown as a fallback.
  case compatible

  /// The repertoire the painter draws item emoji from.
  public var repertoire: EmojiRepertoire {
    switch self {
    case .modern: .modern
    case .compatible: .compatible
    }
  }

  /// A flag or `BASKET_EMOJI` value that is neither mode.
  public struct UnknownMode: Error, Equatable, Sendable, CustomStringConvertible {
    public var source: String
    public var value: String

    public init(source: String, value: String) {
      self.source = source
      self.value = value
    }

    public var description: String {
      "\(source) must be modern or compatible, not \"\(value)\""
    }
  }

  /// The mode from the `--emoji` flag, else `BASKET_EMOJI`, else the terminal (`detect`).
  public static func choose(flag: String?, environment terminal: [String: String])
    throws(UnknownMode)
    -> EmojiMode
  {
    if let flag {
      guard let mode = EmojiMode(rawValue: flag.lowercased()) else {
        throw UnknownMode(source: "--emoji", value: flag)
      }
      return mode
    }
    if let forced = terminal["BASKET_EMOJI"], !forced.isEmpty {
      guard let mode = EmojiMode(rawValue: forced.lowercased()) else {
        throw UnknownMode(source: "BASKET_EMOJI", value: forced)
      }
      return mode
    }
    return detect(environment: terminal)
  }

  /// Guesses from `TERM`, `TERM_PROGRAM` and `TMUX` what the terminal can draw.
  ///
  /// Modern only for terminals that measure emoji by recent Unicode tables, grapheme clusters
  /// included (kitty, WezTerm, Ghostty), and only when no multiplexer sits in between: tmux
  /// (any version) and screen measure with the host's C library, which drops emoji newer than
  /// its Unicode release (glibc 2.36 in Debian 12 knows Unicode 14, so Emoji 15's 🫛 vanishes)
  /// and, before tmux 3.4, draws an emoji with U+FE0F one cell wide. Everything else is
  /// compatible: a fallback looks a little plainer, a missing emoji breaks the row.
  public static func detect(environment terminal: [String: String]) -> EmojiMode {
    let term = terminal["TERM"]?.lowercased() ?? ""
    let program = terminal["TERM_PROGRAM"]?.lowercased() ?? ""
    let multiplexed =
      terminal["TMUX"]?.isEmpty == false || terminal["STY"]?.isEmpty == false
      || program == "tmux" || term.hasPrefix("tmux") || term.hasPrefix("screen")
    if multiplexed { return .compatible }
    let modernTerms = ["xterm-kitty", "xterm-ghostty", "wezterm"]
    let modernPrograms = ["wezterm", "ghostty"]
    if modernTerms.contains(term) || modernPrograms.contains(program)
      || terminal["KITTY_WINDOW_ID"]?.isEmpty == false
    {
      return .modern
    }
    return .compatible
  }
}
