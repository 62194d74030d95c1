extension QuantityRules {
  /// The stepper's table as the web app reads it (`GET /api/v1/quantity-rules`, and the rules
  /// module on the phone): per list unit its step, starting amount, maximum, dimension and the
  /// words that name it; per recipe unit its step, maximum, its word for one and for many, and
  /// whether its amounts are written in decimals.
  public static func table() -> JSONValue {
    let units = MeasureUnit.allCases.map { unit -> (String, JSONValue) in
      let start = switching(Quantity(amount: 0, unit: .units), to: unit)
      let startAmount = unit == .units ? startingQuantity(for: .counted).amount : start.amount
      let dimension: String =
        switch unit.dimension {
        case .volume: "volume"
        case .mass: "mass"
        case .count: "count"
        }
      return (
        unit.rawValue,
        .object([
          ("step", .number(step(for: unit))), ("start", .number(startAmount)),
          ("max", .number(maximum(for: unit))), ("dimension", .string(dimension)),
          ("words", .array(unit.words.map { .string($0) })),
        ])
      )
    }
    let recipeUnits = KitchenUnit.all.map { unit -> (String, JSONValue) in
      (
        unit.id,
        .object([
          ("step", .number(RecipeAmountRules.step(for: unit))),
          ("max", .number(RecipeAmountRules.maximum(for: unit))),
          ("one", .string(unit.label(for: 1))), ("many", .string(unit.label(for: 2))),
          ("decimals", .bool(KitchenAmountFormat.writesDecimals(unit))),
        ])
      )
    }
    return .object([("units", .object(units)), ("recipeUnits", .object(recipeUnits))])
  }
}
