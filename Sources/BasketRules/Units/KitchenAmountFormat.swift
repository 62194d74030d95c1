/// Writes recipe amounts the way a cook reads them: "⅓ cup", "2.5 cups", "1¼ tsp", "250 g",
/// "2–3 cloves", "1½".
public enum KitchenAmountFormat {
  /// The quantity as shown beside the name: amount (or range) and unit.
  public static func text(_ quantity: IngredientQuantity) -> String {
    var amountText = number(quantity.amount, unit: quantity.unit)
    var largest = quantity.amount
    if let top = quantity.maxAmount {
      amountText += "–" + number(top, unit: quantity.unit)
      largest = top
    }
    guard let unit = quantity.unit else { return amountText }
    return amountText + " " + unit.label(for: largest)
  }

  /// One amount: metric units in decimals, everything else with kitchen fractions where they
  /// are exact (halves as ".5" from one up, other fractions as glyphs).
  public static func number(_ value: Double, unit: KitchenUnit?) -> String {
    if !(unit.map(writesDecimals) ?? false) {
      let whole = value.rounded(.down)
      let part = value - whole
      for (fraction, glyph) in glyphs where abs(part - fraction) < 0.004 {
        if fraction == 0.5 && whole >= 1 { break }
        return whole == 0 ? glyph : decimal(whole) + glyph
      }
    }
    return decimal(value)
  }

  /// Whether amounts in `unit` are written in decimals (metric units), not kitchen fractions.
  public static func writesDecimals(_ unit: KitchenUnit) -> Bool {
    ["g", "kg", "mg", "ml", "l", "cl", "dl", "cm"].contains(unit.id)
  }

  private static let glyphs: [(Double, String)] = [
    (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (1.0 / 2, "½"), (2.0 / 3, "⅔"),
    (3.0 / 4, "¾"), (3.0 / 8, "⅜"), (5.0 / 8, "⅝"), (7.0 / 8, "⅞"),
  ]

  /// "2", "2.5", "0.125": at most three decimals, no trailing zeros.
  public static func decimal(_ value: Double) -> String {
    let thousandths = (value * 1000).rounded()
    guard thousandths.magnitude < 1e15 else { return "\(value)" }
    let whole = Int64(thousandths) / 1000
    var rest = abs(Int64(thousandths) % 1000)
    guard rest != 0 else { return "\(whole)" }
    var digits = 3
    while rest % 10 == 0 {
      rest /= 10
      digits -= 1
    }
    var fraction = String(rest)
    while fraction.count < digits { fraction = "0" + fraction }
    let sign = thousandths < 0 && whole == 0 ? "-" : ""
    return "\(sign)\(whole).\(fraction)"
  }

  /// Whether `value` is a whole number plus eighths or thirds (what a cup or spoon measures).
  public static func isKitchenFraction(_ value: Double) -> Bool {
    let twentyFourths = value * 24
    return abs(twentyFourths - twentyFourths.rounded()) < 0.05
  }
}
