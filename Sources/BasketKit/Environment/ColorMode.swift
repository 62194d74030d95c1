/// What a terminal can show, chosen once from the environment (see `BasketConfiguration`).
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
  /// 24-bit colour (COLORTERM is truecolor or 24bit).
  case trueColor
  /// The xterm 256-colour palette: the sensible fallback.
  case palette256
  /// No colour at all (NO_COLOR, or a dumb terminal): attributes only.
  case monochrome
}
