/// Folds an item name to the key that decides whether two names mean the same item.
///
/// "Apples", " apple " and "APPLE" share a key, as do "Jalapeños" and "jalapeno": the key is
/// lowercased, stripped of accents and punctuation, has its whitespace collapsed, and its last
/// word reduced to a simple singular.
public enum NameKey {
  public static func of(_ name: String) -> String {
    var words = folded(name).split(separator: " ").map(String.init)
    guard let last = words.popLast() else { return "" }
    words.append(singular(last))
    return words.joined(separator: " ")
  }

  /// Lowercases, strips accents, turns punctuation into spaces and collapses whitespace.
  public static func folded(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.lowercased().unicodeScalars {
      if (0x300...0x36F).contains(scalar.value) { continue }  // combining accents
      if let plain = AccentFold.plain(scalar) {
        if pendingSpace, !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(contentsOf: plain.unicodeScalars)
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if pendingSpace, !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(scalar)
      } else if scalar == "'" || scalar == "\u{2019}" {
        continue  // "Hellmann's" folds to "hellmanns"
      } else {
        pendingSpace = true
      }
    }
    return String(out)
  }

  /// A simple English singular: "tomatoes" → "tomato", "berries" → "berry", "apples" → "apple".
  /// Words that merely end in s ("hummus", "glass", "swiss", "asparagus") are kept.
  public static func singular(_ word: String) -> String {
    guard word.count > 3, word.hasSuffix("s") else { return word }
    if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
    if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
    if word.hasSuffix("oes") || word.hasSuffix("xes") || word.hasSuffix("ches")
      || word.hasSuffix("shes") || word.hasSuffix("sses")
    {
      return String(word.dropLast(2))
    }
    return String(word.dropLast())
  }
}

/// Maps accented Latin letters to their plain forms without full Foundation.
enum AccentFold {
  static func plain(_ scalar: Unicode.Scalar) -> String? {
    let v = scalar.value
    guard v >= 0xC0, v < 0x180 else { return nil }
    return table[scalar]
  }

  // NB: Built from the Unicode decompositions of Latin-1 Supplement and Latin Extended-A.
  private static let table: [Unicode.Scalar: String] = {
    var map: [Unicode.Scalar: String] = [:]
    let groups: [(String, String)] = [
      ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"),
      ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"),
      ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"),
      ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
    ]
    for (letters, plain) in groups {
      for scalar in letters.unicodeScalars { map[scalar] = plain }
    }
    map["ß"] = "ss"
    map["æ"] = "ae"
    map["œ"] = "oe"
    map["þ"] = "th"
    map["ð"] = "d"
    return map
  }()
}
