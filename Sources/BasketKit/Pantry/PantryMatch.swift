/// Which pantry entry a recipe line asks for, by food rather than by string.
///
/// Names are folded as list names are (`NameKey.of`: case, accents, plurals), and then the
/// describing words that don't change what a food is are set aside: "chopped tomatoes",
/// "tinned tomatoes" and "tomatoes" are one food. A name that only ends like another ("red
/// onions" against "onions", "chicken stock" against "stock") is a *similar* food: real doubt,
/// shown as "maybe", never counted as covered.
public enum PantryMatch {
  public enum Kind: String, Equatable, Sendable {
    /// The same food, perhaps described differently.
    case same
    /// A food whose name ends as the other's does: perhaps the same, perhaps not.
    case similar
  }

  /// Words that describe how a food comes rather than what it is. A fact table of our own.
  public static let describingWords: Set<String> = [
    "chopped", "canned", "tinned", "fresh", "diced", "sliced", "peeled", "whole", "can", "tin",
    "of",
  ]

  /// `name` folded (`NameKey.of`) without describing words; the folded name itself when it is
  /// nothing but such words.
  public static func food(_ name: String) -> String {
    let key = NameKey.of(name)
    let words = key.split(separator: " ").filter { !describingWords.contains(String($0)) }
    return words.isEmpty ? key : words.joined(separator: " ")
  }

  /// The entry `line` asks for, and how sure the match is: the same food (by `food`, with or
  /// without the line's preparation in front, as a tin is labelled "chopped tomatoes") before
  /// a similar one. Entries used up still match: coverage says they are used up.
  public static func entry(for line: IngredientLine, in entries: [PantryEntry])
    -> (entry: PantryEntry, kind: Kind)?
  {
    let wanted = [food(line.name)] + (line.preparation.map { [food($0 + " " + line.name)] } ?? [])
    let foods = entries.map { food($0.name) }
    if let exact = entries.first(where: { NameKey.of($0.name) == NameKey.of(line.name) }) {
      return (exact, .same)
    }
    if let index = foods.firstIndex(where: wanted.contains) { return (entries[index], .same) }
    let asked = wanted[0]
    if let index = foods.firstIndex(where: { endsLike($0, asked) || endsLike(asked, $0) }) {
      return (entries[index], .similar)
    }
    return nil
  }

  /// Whether `longer` is `shorter` with words in front ("red onion" and "onion").
  static func endsLike(_ longer: String, _ shorter: String) -> Bool {
    longer.count > shorter.count && longer.hasSuffix(" " + shorter)
  }
}
