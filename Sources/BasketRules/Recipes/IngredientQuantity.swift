/// An amount as a recipe states it: a number or a range ("2-3"), in a kitchen unit or none.
public struct IngredientQuantity: Equatable, Hashable, Sendable {
  public var amount: Double
  /// The top of a range ("2-3 cloves" → 3); nil for a single amount.
  @Nullable public var maxAmount: Double? = nil
  /// nil for a plain count ("2 eggs").
  @Nullable public var unit: KitchenUnit? = nil

  public init(amount: Double, maxAmount: Double? = nil, unit: KitchenUnit? = nil) {
    self.amount = amount
    self.maxAmount = maxAmount
    self.unit = unit
  }
}

#if !hasFeature(Embedded)
  extension IngredientQuantity: Codable {}
#endif
