import BasketKit

/// How many terminal columns text takes.
///
/// Emoji (emoji presentation, or any character carrying the emoji variation selector U+FE0F)
/// and East Asian wide or fullwidth characters take two columns; combining marks and other
/// zero-width scalars add nothing. The table is compiled in rather than read from the C
/// library's locale-dependent `wcwidth`, so a frame measures the same in tests, under `LANG=C`
/// and in a UTF-8 terminal.
public enum TextWidth {
  /// The columns one grapheme takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    let first = scalars.first!
    if first.value >= 0x20, first.value < 0x7F, scalars.count == 1 { return 1 }
    var hasEmojiSelector = false
    var hasTextSelector = false
    for scalar in scalars {
      if scalar.value == 0xFE0F { hasEmojiSelector = true }
      if scalar.value == 0xFE0E { hasTextSelector = true }
    }
    if hasTextSelector { return min(1, scalarWidth(first)) }
    if hasEmojiSelector, first.properties.isEmoji { return 2 }
    return scalarWidth(first)
  }

  /// The columns a string takes.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// Whether terminals may give this grapheme another width than `of` does: a sequence
  /// (U+FE0F, a skin tone, joined emoji, a flag, combining marks), an emoji newer than
  /// Emoji 12.0 (or than the tables), or a symbol drawn as text or emoji depending on the
  /// font (☑). Plain text, CJK and emoji every current terminal knows are certain.
  public static func isUncertain(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, first.value >= 0x80 else { return false }
    if scalars.count > 1 { return of(text) > 0 }
    guard first.value >= 0x2000, first.properties.isEmoji else { return false }
    guard first.properties.isEmojiPresentation else { return true }
    if (0x1F1E6...0x1F1FF).contains(first.value) { return true }  // half a flag
    guard let release = EmojiVersion.of(first) else { return true }
    return release > EmojiVersion.compatibleNewest
  }

  /// The most cells a terminal may cover when it draws `text`: every emoji in a sequence as a
  /// separate two-cell picture, a text-style symbol as an emoji.
  public static func widest(_ text: String) -> Int {
    var total = 0
    for scalar in text.unicodeScalars {
      let emoji = scalar.value >= 0x2000 && scalar.properties.isEmoji
      total += max(scalarWidth(scalar), emoji ? 2 : 0)
    }
    return max(total, of(text))
  }

  /// The width of one scalar on its own.
  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control, .surrogate:
      return 0
    default:
      break
    }
    if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels, final consonants
    if scalar.properties.isEmojiPresentation { return 2 }
    return isWide(value) ? 2 : 1
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges outside the emoji blocks, from the Unicode
  /// Character Database's EastAsianWidth.txt (emoji come from the standard library's
  /// emoji-presentation property instead).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF,
    0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
    0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FF, 0x1F200...0x1F2FF,
    0x20000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Cuts `text` to at most `width` columns, ending with "…" when anything was cut.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let next = of(character)
      if used + next > width - 1 { break }
      kept.append(character)
      used += next
    }
    return kept + "…"
  }

  /// The last columns of `text` that fit in `width`, starting with "…" when anything was cut.
  public static func tail(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    var kept: [Character] = []
    var used = 0
    for character in text.reversed() {
      let next = of(character)
      if used + next > width - 1 { break }
      kept.append(character)
      used += next
    }
    return "…" + String(kept.reversed())
  }

  /// `text` in lines of at most `width` columns, broken between words (a word longer than
  /// a line is cut).
  public static func wrap(_ text: String, toWidth width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ").map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if TextWidth.of(candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = TextWidth.of(word) <= width ? word : TextWidth.truncate(word, toWidth: width)
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
