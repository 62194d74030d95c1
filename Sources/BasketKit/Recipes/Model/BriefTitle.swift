/// A recipe's title short enough to name it beside an amount ("Chili ×2, Soup 1 cup"): saved
/// pages' titles run long ("20-Minute Chipotle Creamed Chicken Recipe Puts a Spicy Spin on
/// Comfort Food by …"), and meal prep names every source of every line.
public enum BriefTitle {
  /// The longest the brief title runs, in characters, before it is cut at a word.
  public static let maximumLength = 28

  /// The title up to where a page's headline starts saying more (the word "Recipe", a colon,
  /// "|", a dash, "by", a bracket), then cut at a word to `maximumLength` with "…".
  public static func of(_ title: String) -> String {
    var words: [Substring] = []
    for word in title.split(separator: " ") {
      let lower = word.lowercased()
      let ends =
        ["recipe", "recipes", "by", "|", "-", "–", "—"].contains(lower) || word.hasPrefix("(")
      if ends, !words.isEmpty { break }
      if word.hasSuffix(":"), word.count > 1 {
        words.append(word.dropLast())
        break
      }
      words.append(word)
    }
    guard !words.isEmpty else { return title }
    var kept: [Substring] = []
    var length = 0
    for word in words {
      let added = length + (kept.isEmpty ? 0 : 1) + word.count
      if added > maximumLength, !kept.isEmpty { return kept.joined(separator: " ") + "…" }
      kept.append(word)
      length = added
    }
    return kept.joined(separator: " ")
  }
}
