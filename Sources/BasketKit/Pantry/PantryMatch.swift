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

  /// Names of a food's everyday kind, the one its plain name buys, with that plain name: a
  /// recipe's "yellow onion" (US) or "brown onion" (UK) is what a pantry's "onions" are. A
  /// fact table of our own; a word that does change the food ("red onion") is not here.
  static let everydayKinds: [String: String] = Dictionary(
    [
      ("yellow onion", "onion"), ("brown onion", "onion"), ("large egg", "egg"),
      ("medium egg", "egg"), ("all-purpose flour", "flour"), ("plain flour", "flour"),
      ("granulated sugar", "sugar"), ("white sugar", "sugar"),
    ].map { (NameKey.of($0.0), NameKey.of($0.1)) }, uniquingKeysWith: { first, _ in first })

  /// `name` folded (`NameKey.of`) without describing words, and an everyday kind as its plain
  /// food (`everydayKinds`); the folded name itself when it is nothing but describing words.
  public static func food(_ name: String) -> String {
    let key = NameKey.of(name)
    let words = key.split(separator: " ").filter { !describingWords.contains(String($0)) }
    let food = words.isEmpty ? key : words.joined(separator: " ")
    return everydayKinds[food] ?? food
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
