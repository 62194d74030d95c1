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

extension IngredientLine: Codable {
  private enum CodingKeys: String, CodingKey {
    case text, quantity, name, preparation, note, optional, uncertain, alternatives
    case size, packSize, equivalents, vagueUnit, leftOut
  }

  /// The line shape, every key present (null when unknown); `size`, `packSize`,
  /// `equivalents`, `vagueUnit` and `leftOut` (`LeftOutLines.reason(for:)`) only when the line
  /// has them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(text, forKey: .text)
    try container.encode(quantity, forKey: .quantity)
    try container.encode(name, forKey: .name)
    try container.encode(preparation, forKey: .preparation)
    try container.encode(note, forKey: .note)
    try container.encode(optional, forKey: .optional)
    try container.encode(uncertain, forKey: .uncertain)
    try container.encode(alternatives, forKey: .alternatives)
    try container.encodeIfPresent(size, forKey: .size)
    try container.encodeIfPresent(packSize, forKey: .packSize)
    if !equivalents.isEmpty { try container.encode(equivalents, forKey: .equivalents) }
    try container.encodeIfPresent(vagueUnit, forKey: .vagueUnit)
    // NB: written for the faces (the web app leaves such lines out until chosen), never read.
    let staples = encoder.userInfo[.staples] as? Staples ?? .none
    try container.encodeIfPresent(
      LeftOutLines.reason(for: self, staples: staples), forKey: .leftOut)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    text = try container.decode(String.self, forKey: .text)
    quantity = try container.decodeIfPresent(IngredientQuantity.self, forKey: .quantity)
    name = try container.decodeIfPresent(String.self, forKey: .name) ?? text
    preparation = try container.decodeIfPresent(String.self, forKey: .preparation)
    note = try container.decodeIfPresent(String.self, forKey: .note)
    optional = try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false
    uncertain = try container.decodeIfPresent(Bool.self, forKey: .uncertain) ?? false
    alternatives = try container.decodeIfPresent([String].self, forKey: .alternatives) ?? []
    size = try container.decodeIfPresent(String.self, forKey: .size)
    packSize = try container.decodeIfPresent(IngredientQuantity.self, forKey: .packSize)
    equivalents =
      try container.decodeIfPresent([IngredientQuantity].self, forKey: .equivalents) ?? []
    vagueUnit = try container.decodeIfPresent(KitchenUnit.self, forKey: .vagueUnit)
  }
}
