/// The one rule for a name a household types, whatever it names: a list item, a list, a
/// product or its alias, a shop, a retailer, a pantry entry, a staple.
///
/// `cleaned` trims, turns every run of whitespace (line breaks and tabs too) into one space,
/// and drops what has no place in a name: control characters (NUL, ESC and the rest of C0 and
/// C1, so a terminal never receives an escape sequence from a name), line and paragraph
/// separators, private-use and unpaired surrogate code points, and format characters other
/// than the zero-width joiner and non-joiner that build emoji and some scripts. A name with
/// nothing visible left (only joiners, combining marks or variation selectors) cleans to "".
public enum NameText {
  public static func cleaned(_ raw: String) -> String {
    var kept = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in raw.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !kept.isEmpty
      } else if !isDisallowed(scalar) {
        if pendingSpace { kept.append(" ") }
        pendingSpace = false
        kept.append(scalar)
      }
    }
    guard kept.contains(where: isVisible) else { return "" }
    return String(kept)
  }

  /// Whether `scalar` shows something on its own: a letter, number, punctuation or symbol
  /// (emoji are symbols); not a mark, joiner or selector, which only change what they follow.
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
      .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
      .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
      true
    default:
      false
    }
  }

  static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse:
      true
    case .format:
      scalar.value != 0x200D && scalar.value != 0x200C
    default:
      false
    }
  }
}
