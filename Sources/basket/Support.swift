import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `basket qty ITEM AMOUNT [UNIT]`.
enum QuantityInput {
  static func parse(
    amount: String, unit unitText: String?, item: Item, classification: Classification
  )
    throws -> Quantity
  {
    guard let value = AmountParser.number(in: amount) else { throw ListError.badAmount(amount) }
    let attached = String(amount.drop { $0.isNumber || $0 == "." || $0 == "," || $0 == " " })
    let unitWord = unitText ?? (attached.isEmpty ? nil : attached)
    let unit: MeasureUnit
    if let unitWord {
      guard let named = MeasureUnit(word: unitWord)
      else {
        throw UsageError(message: "unknown unit \"\(unitWord)\" (use ml, L, g, kg or units)")
      }
      unit = named
    } else {
      unit = item.quantity?.unit ?? QuantityRules.defaultUnit(for: classification.measure)
    }
    guard QuantityRules.allowedUnits(for: classification.measure).contains(unit) else {
      throw ListError.unitNotAllowed(unit, item: item.name)
    }
    guard value <= QuantityRules.maximum(for: unit) else { throw ListError.badAmount(amount) }
    let tidy = unit == .units ? value.rounded() : value
    return Quantity(amount: tidy, unit: unit)
  }
}
