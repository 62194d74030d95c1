/// One ingredient line of a recipe: the original text beside what was understood from it.
///
/// Nothing is lost: `text` is always the line as imported. `uncertain` marks a line the parser
/// could not read confidently; the review shows it highlighted instead of guessing silently.
public struct IngredientLine: Equatable, Hashable, Sendable {
  /// The line as written.
  public var text: String
  public var quantity: IngredientQuantity?
  /// What you would buy: "onion", "chopped tomatoes".
  public var name: String
  /// How to prepare it: "finely chopped".
  public var preparation: String?
  /// Anything else said about it: "at room temperature", "to taste", "14 oz".
  public var note: String?
  public var optional: Bool
  public var uncertain: Bool
  /// What may be used instead, as written: "margarine", "2 shallots".
  public var alternatives: [String]
  /// A size word for counted things ("large" in "2 large eggs").
  public var size: String?
  /// The size of one package when the line counts packages ("14 oz" in "2 (14 oz) cans").
  public var packSize: IngredientQuantity?
  /// The same amount stated in other units ("7 oz" in "200 g/7 oz").
  public var equivalents: [IngredientQuantity]
  /// The unit of an amount given without a number: sprig of "Several sprigs fresh thyme" and of
  /// "Dill sprigs, to garnish", drop of "A few drops of vanilla". Only when `quantity` is nil.
  public var vagueUnit: KitchenUnit?

  public init(
    text: String, quantity: IngredientQuantity? = nil, name: String,
    preparation: String? = nil, note: String? = nil, optional: Bool = false,
    uncertain: Bool = false, alternatives: [String] = [], size: String? = nil,
    packSize: IngredientQuantity? = nil, equivalents: [IngredientQuantity] = [],
    vagueUnit: KitchenUnit? = nil
  ) {
    self.text = text
    self.quantity = quantity
    self.name = name
    self.preparation = preparation
    self.note = note
    self.optional = optional
    self.uncertain = uncertain
    self.alternatives = alternatives
    self.size = size
    self.packSize = packSize
    self.equivalents = equivalents
    self.vagueUnit = vagueUnit
  }
}
