/// The name a count of a food reads with: "2 onions", not "2 onion", when lines are merged
/// ("1 onion" and "1 yellow onion, sliced" make "2 yellow onions").
public enum CountNoun {
  /// `name` as more than one of it: a plural among `written` (the names as the lines wrote
  /// them) if one is the same food, else the last word made plural by the common English
  /// rules (tomato → tomatoes, cherry → cherries, peach → peaches). A form the list's own
  /// folding would not read back as the same food is never offered: then `name` stays.
  public static func plural(_ name: String, written: [String] = []) -> String {
    let key = NameKey.of(name)
    if let plural = written.first(where: {
      $0 != name && NameKey.of($0) == key && $0.hasSuffix("s")
    }) {
      return plural
    }
    guard let last = name.split(separator: " ").last, let final = last.last, final.isLetter,
      final.isLowercase, !last.hasSuffix("s")
    else { return name }
    let stem = name.dropLast()
    let before = last.dropLast().last
    let consonant = before.map { !"aeiou".contains($0) } ?? false
    let candidate: String
    switch final {
    case "y" where consonant: candidate = stem + "ies"
    case "o" where consonant: candidate = name + "es"
    case "x", "z": candidate = name + "es"
    case "h" where last.hasSuffix("ch") || last.hasSuffix("sh"): candidate = name + "es"
    default: candidate = name + "s"
    }
    return NameKey.of(candidate) == key ? candidate : name
  }
}
