/// Folds an item name to the key that decides whether two names mean the same item.
///
/// "Apples", " apple " and "APPLE" share a key, as do "Jalapeños" and "jalapeno" and "Loaves"
/// and "loaf": the key is the name folded by `FoldedName` (lower case, accents, apostrophes and
/// punctuation gone, whitespace collapsed) with every word reduced to one singular spelling by
/// `Singular`. The emoji tables are keyed by the same folding, so a name and its emoji keyword
/// can never disagree about what counts as the same word.
///
/// A name with no letters or digits at all ("🍕", "!!!") keeps its own symbols as its key, so
/// "🍕" and "🍔" stay different items.
public enum NameKey {
  public static func of(_ name: String) -> String {
    let folded = FoldedName(name)
    return folded.words.isEmpty ? symbolKey(name) : folded.key
  }

  /// The name folded as `of` folds it but with every word kept as written (no singulars): the
  /// form prefix matching uses, so "tomatoe" still finds "Tomatoes".
  public static func folded(_ text: String) -> String {
    let folded = FoldedName(text, singular: false)
    return folded.words.isEmpty ? symbolKey(text) : folded.key
  }

  /// The key of a name without letters or digits: its symbols and emoji in order, runs of
  /// whitespace as one space, and variation selectors dropped (so "🍕" and "🍕\u{FE0F}" meet).
  static func symbolKey(_ name: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in name.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = true
      } else if scalar.value == 0xFE0E || scalar.value == 0xFE0F {
        continue
      } else {
        if pendingSpace, !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(scalar)
      }
    }
    return String(out)
  }
}
