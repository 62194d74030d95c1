/// The emoji a display can draw, and what it shows instead of the others.
///
/// A terminal that doesn't know an emoji measures it as one cell or none, so the picture goes
/// missing and the text after it shifts. A compatible repertoire draws only single code points
/// shown as emoji by default (Emoji_Presentation) from a release it trusts; anything else is
/// replaced by its fallback from `Data/emoji/fallbacks.tsv`, by the first emoji of a sequence,
/// or last by the default 🧺.
public struct EmojiRepertoire: Hashable, Sendable {
  /// The newest release drawn; nil draws every release.
  public var newest: EmojiVersion?
  /// Whether sequences (an emoji with U+FE0F, a skin tone, or joined by U+200D) are drawn as
  /// one picture two cells wide.
  public var drawsSequences: Bool

  public init(newest: EmojiVersion?, drawsSequences: Bool) {
    self.newest = newest
    self.drawsSequences = drawsSequences
  }

  /// Every emoji as it is: for displays that keep up with Unicode.
  public static let modern = EmojiRepertoire(newest: nil, drawsSequences: true)
  /// Single emoji from Emoji 12.0 or earlier: what terminals and C libraries from 2019 on
  /// measure as two cells.
  public static let compatible = EmojiRepertoire(
    newest: .compatibleNewest, drawsSequences: false)

  /// The picture shown when nothing else can be.
  public static let last = "🧺"

  /// Whether `emoji` is drawn as it is.
  public func canDraw(_ emoji: String) -> Bool {
    let scalars = emoji.unicodeScalars
    guard let first = scalars.first else { return false }
    if scalars.count > 1 {
      guard drawsSequences else { return false }
      return newest == nil || EmojiVersion.of(first).map { $0 <= newest! } ?? true
    }
    guard let newest else { return true }
    // NB: A lone regional indicator is half a flag; C libraries measure it one cell wide.
    guard !(0x1F1E6...0x1F1FF).contains(first.value) else { return false }
    return EmojiVersion.of(first).map { $0 <= newest } ?? false
  }

  /// What to show for `emoji`: itself when it can be drawn, else its fallback, else the first
  /// emoji of its sequence, else 🧺.
  public func displayed(_ emoji: String) -> String {
    if canDraw(emoji) { return emoji }
    var current = emoji
    for _ in 0..<4 {
      let bare = String(
        String.UnicodeScalarView(current.unicodeScalars.filter { $0 != "\u{FE0F}" }))
      guard let next = Self.fallbacks[current] ?? Self.fallbacks[bare + "\u{FE0F}"] else { break }
      if canDraw(next) { return next }
      current = next
    }
    if let first = emoji.unicodeScalars.first, emoji.unicodeScalars.count > 1 {
      let alone = String(first)
      if canDraw(alone) { return alone }
    }
    return Self.last
  }
}
