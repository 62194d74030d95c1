/// An ingredient line in the faces' JSON (`leftOut` needs the staples, which are the core's).
extension IngredientLine: Codable {
  private enum CodingKeys: String, CodingKey {
    case text, quantity, name, preparation, note, optional, uncertain, alternatives
    case size, packSize, equivalents, vagueUnit, leftOut
  }

  /// The line's JSON shape, the one the web app reads, every key present (null when unknown);
  /// `size`, `packSize`, `equivalents`, `vagueUnit` and `leftOut` (`LeftOutLines.reason(for:)`)
  /// only when the line has them.
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
    let text = try container.decode(String.self, forKey: .text)
    self.init(
      text: text,
      quantity: try container.decodeIfPresent(IngredientQuantity.self, forKey: .quantity),
      name: try container.decodeIfPresent(String.self, forKey: .name) ?? text,
      preparation: try container.decodeIfPresent(String.self, forKey: .preparation),
      note: try container.decodeIfPresent(String.self, forKey: .note),
      optional: try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false,
      uncertain: try container.decodeIfPresent(Bool.self, forKey: .uncertain) ?? false,
      alternatives: try container.decodeIfPresent([String].self, forKey: .alternatives) ?? [],
      size: try container.decodeIfPresent(String.self, forKey: .size),
      packSize: try container.decodeIfPresent(IngredientQuantity.self, forKey: .packSize),
      equivalents: try container.decodeIfPresent([IngredientQuantity].self, forKey: .equivalents)
        ?? [],
      vagueUnit: try container.decodeIfPresent(KitchenUnit.self, forKey: .vagueUnit))
  }

}
