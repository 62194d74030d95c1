/// Lines a recipe asks for that don't go on the list unless the household chooses them: tap
/// water, which nobody buys, staples the household always has (`Staples`), and lines the
/// recipe marks optional. One rule for every face: the command line starts from
/// `RecipeSelection.standard(for:)`, and the web app reads each line's `leftOut` in the
/// recipe's JSON (encoded with the staples in `CodingUserInfoKey.staples`).
public enum LeftOutLines {
  /// What a screen says of a staple's line.
  public static let alwaysHave = "you always have this"

  /// Why `line` is left out unless chosen ("tap water", "you always have this", "optional"),
  /// or nil.
  public static func reason(for line: IngredientLine, staples: Staples = .none) -> String? {
    if isTapWater(line) { return "tap water" }
    if staples.staple(for: line) != nil { return alwaysHave }
    if line.optional { return "optional" }
    return nil
  }

  /// Water as it comes from the tap, however warm: "water", "cold water", "boiling water"…
  /// (folded as list names are). Bought waters ("sparkling water", "coconut water") are not.
  public static func isTapWater(_ line: IngredientLine) -> Bool {
    tapWater.contains(NameKey.of(line.name))
  }

  static let tapWater: Set<String> = Set(
    [
      "water", "tap water", "cold water", "cool water", "warm water", "hot water",
      "boiling water", "lukewarm water", "tepid water", "ice water", "iced water",
      "ice cold water", "room temperature water", "very hot water", "very cold water",
      "just boiled water", "freshly boiled water",
    ].map(NameKey.of))
}

extension RecipeSelection {
  /// The selection a recipe starts from: every line but those `LeftOutLines` leaves out.
  public static func standard(
    for recipe: Recipe, servings: Int? = nil, staples: Staples = .none
  ) -> RecipeSelection {
    RecipeSelection(
      servings: servings,
      skipped: Set(
        recipe.ingredients.indices.filter {
          LeftOutLines.reason(for: recipe.ingredients[$0], staples: staples) != nil
        }))
  }
}

extension CodingUserInfoKey {
  /// The household's `Staples`, for encoding a recipe's lines with their `leftOut`.
  public static let staples = CodingUserInfoKey(rawValue: "basket.staples")!
}
