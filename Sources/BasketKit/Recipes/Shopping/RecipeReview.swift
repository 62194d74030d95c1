#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Recipe Ready review of a recipe before it goes on the list: every line as it would be
/// added (scaled, with the alternative chosen), what was understood from it, whether its
/// amount deserves a second look, and what adding it would do to the list now.
public struct RecipeReview: Equatable, Sendable {
  public struct Line: Equatable, Sendable {
    /// The line's position in `Recipe.ingredients`.
    public var index: Int
    /// The line as written in the recipe.
    public var original: IngredientLine
    /// The line as it would be added: scaled, or the chosen alternative.
    public var line: IngredientLine
    /// The scaled amount as a cook reads it ("⅓ cup", "2–3 cloves"); nil without one.
    public var amountText: String?
    /// Why its amount deserves a look: uncertain to begin with, or moved by rounding.
    public var flag: ScaledIngredient.Flag?
    /// The chosen alternative's position in `original.alternatives`, if one was chosen.
    public var alternative: Int?
    /// What adding it would do (nothing is written by a review).
    public var planned: RecipeLineResult
  }

  /// The servings the lines are for; nil when the recipe doesn't say.
  public var servings: Int?
  /// What the lines make when that isn't servings ("36 cookies", "6 cups"), scaled.
  public var yield: RecipeYield?
  public var lines: [Line]

  /// Puts the review together from the lines `RecipeListRules.add` planned.
  public init(_ recipe: Recipe, selection: RecipeSelection, planned: [RecipeLineResult]) {
    let factor = selection.factor(for: recipe)
    let scaled = factor.map { RecipeScaler.scale(recipe, by: $0) } ?? recipe
    servings = recipe.servings == nil ? nil : (selection.servings ?? scaled.servings)
    yield = scaled.yield
    let originals = recipe.ingredients
    lines = planned.map { result in
      let original = originals[result.index]
      let flag = factor.map { RecipeScaler.scale(original, by: $0).flag } ?? nil
      return Line(
        index: result.index, original: original, line: result.line,
        amountText: result.line.quantity.map(KitchenAmountFormat.text),
        flag: flag ?? (original.uncertain ? .uncertain : nil),
        alternative: selection.alternatives[result.index], planned: result)
    }
  }

  /// `line` with its alternative at `choice` in place of what it names: the alternative read
  /// as an ingredient line, keeping the line's amount when the alternative states none
  /// ("1 cup butter or margarine" → 1 cup margarine). Unchanged for a choice out of range.
  public static func line(_ line: IngredientLine, choosing choice: Int) -> IngredientLine {
    guard line.alternatives.indices.contains(choice) else { return line }
    let text = line.alternatives[choice]
    var chosen = IngredientLineParser.parse(text)
    if chosen.quantity == nil {
      chosen.quantity = line.quantity
      chosen.packSize = chosen.packSize ?? line.packSize
      chosen.size = chosen.size ?? line.size
    }
    chosen.optional = line.optional
    chosen.alternatives = []
    return chosen
  }

  /// The throwaway id of the `number`th item a review plans (never one a store hands out:
  /// the top bits are all set and the last digits count up).
  static func plannedID(_ number: Int) -> UUID {
    let digits = String(number, radix: 16)
    let padded = String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    return UUID(uuidString: "FFFFFFFF-FFFF-4FFF-BFFF-" + padded.suffix(12))
      ?? UUID(uuid: (255, 255, 255, 255, 255, 255, 79, 255, 191, 255, 0, 0, 0, 0, 0, 0))
  }
}
