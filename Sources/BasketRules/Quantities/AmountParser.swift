/// Reads numbers the way people type them on a shopping list.
public enum AmountParser {
  /// The single number in `text`, ignoring unit letters and spaces: "750 ml" → 750,
  /// "1,5" → 1.5, " 2 " → 2. Returns nil for empty text, text with no number, several
  /// numbers ("1 2"), a leading minus, or anything that is not finite.
  public static func number(in text: String) -> Double? {
    var digits = ""
    var sawSeparator = false
    var finished = false
    var negative = false
    for character in text.trimmingCharacters() {
      if let digit = character.wholeNumberValue, character.isASCII {
        if finished { return nil }
        digits.append(Character(String(digit)))
      } else if character == "." || character == "," {
        if finished || sawSeparator { return nil }
        sawSeparator = true
        digits.append(".")
      } else if character == "-" || character == "\u{2212}" {
        if !digits.isEmpty { return nil }
        negative = true
      } else if character.isLetter || character == " " {
        if !digits.isEmpty { finished = true }
      } else {
        return nil
      }
    }
    guard !negative, digits.contains(where: { $0.isNumber }), digits.count <= 15,
      let value = Double(digits), value.isFinite
    else { return nil }
    return value
  }

  /// The unit word typed after the number, if any: "1,5 l" → "l", "750ml" → "ml", "2" → nil,
  /// "x12" → nil (letters before the number are not a unit). Only meaningful when
  /// `number(in:)` reads a number from the same text.
  public static func unitWord(in text: String) -> String? {
    guard let last = text.lastIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
    let rest = text[text.index(after: last)...].drop { $0 == "." || $0 == "," }
    let word = String(rest).trimmingCharacters()
    return word.isEmpty ? nil : String(word)
  }
}

extension String {
  /// The string without leading and trailing whitespace and newlines (no Foundation needed).
  package func trimmingCharacters() -> Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    // NB: sliced by scalars: slicing the string would round out to whole Characters, and a
    // prepended mark (U+06DD) joins the space after it into one, so the space would stay.
    return Substring(scalars[first...last])
  }
}
