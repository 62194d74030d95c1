/// Amounts typed for the pantry: "500 g", "1,5 l", "2 cups", "1 1/2 tbsp", "6".
public enum PantryAmount {
  /// The largest amount a store may hold in any unit (older builds took this much); what is
  /// typed now is held to its unit's limit (`limit(for:)`).
  public static let maximum = 1_000_000.0

  /// The most of one thing in `unit` the pantry takes, as the list does: 100 kg, 100 L, 999
  /// of a count (a plain count too), 10 m.
  public static func limit(for unit: KitchenUnit?) -> Double {
    unit.map(RecipeAmountRules.maximum(for:)) ?? QuantityRules.maximum(for: .units)
  }

  /// Throws when `quantity` is past its unit's limit (a total that grew too large).
  public static func checkLimit(_ quantity: IngredientQuantity?) throws(PantryError) {
    guard let quantity else { return }
    let top = max(quantity.amount, quantity.maxAmount ?? 0)
    guard top.isFinite, top <= limit(for: quantity.unit) else {
      throw .overLimit(
        KitchenAmountFormat.text(IngredientQuantity(amount: top, unit: quantity.unit)),
        limit: KitchenAmountFormat.text(
          IngredientQuantity(amount: limit(for: quantity.unit), unit: quantity.unit)))
    }
  }

  /// Reads `text` as a number (a dot or comma for decimals, or a fraction) and an optional
  /// kitchen unit from the unit table ("g", "grams", "L", "cups"); without a unit it counts.
  ///
  /// - Throws: `PantryError.badAmount` for anything else, or zero.
  public static func read(_ text: String) throws(PantryError) -> IngredientQuantity {
    let trimmed = text.trimmingCharacters()
    var rest = Substring(trimmed)
    guard let whole = number(&rest) else { throw .badAmount(String(text.prefix(40))) }
    var amount = whole
    let afterWhole = rest
    rest = rest.drop { $0 == " " }
    if whole == whole.rounded(), !whole.isNaN, let fraction = fraction(&rest) {
      amount += fraction
    } else {
      rest = afterWhole
    }
    let unitWord = String(rest).trimmingCharacters()
    var unit: KitchenUnit?
    if !unitWord.isEmpty {
      guard let found = KitchenUnit.spelled(String(unitWord)) else {
        throw .badAmount(String(text.prefix(40)))
      }
      unit = found
    }
    // NB: checked after tidying: 0.0000001 tidies to 0, which is no amount.
    let tidied = amount.tidy
    guard tidied.isFinite, tidied > 0 else { throw .badAmount(String(text.prefix(40))) }
    let quantity = IngredientQuantity(amount: tidied, unit: unit)
    try checkLimit(quantity)
    return quantity
  }

  /// A leading number: "12", "1.5", "1,5" or a fraction "1/2"; consumed from `text`.
  private static func number(_ text: inout Substring) -> Double? {
    if let fraction = fraction(&text) { return fraction }
    var digits = ""
    var index = text.startIndex
    var sawSeparator = false
    while index < text.endIndex {
      let character = text[index]
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else if (character == "." || character == ","), !sawSeparator,
        text.index(after: index) < text.endIndex,
        text[text.index(after: index)].isASCII, text[text.index(after: index)].isNumber
      {
        digits.append(".")
        sawSeparator = true
      } else {
        break
      }
      guard digits.count <= 12 else { return nil }
      index = text.index(after: index)
    }
    guard !digits.isEmpty, digits.first != ".", let value = Double(digits) else { return nil }
    text = text[index...]
    return value
  }

  /// "1/2", "3/4" or a fraction glyph ("½"); consumed from `text`.
  private static func fraction(_ text: inout Substring) -> Double? {
    if let first = text.first, let glyph = glyphs[first] {
      text = text.dropFirst()
      return glyph
    }
    let parts = text.prefix { ($0.isASCII && $0.isNumber) || $0 == "/" }
    let pieces = parts.split(separator: "/", omittingEmptySubsequences: false)
    guard pieces.count == 2, pieces.allSatisfy({ !$0.isEmpty && $0.count <= 6 }),
      let top = Double(pieces[0]), let bottom = Double(pieces[1]), bottom > 0
    else { return nil }
    text = text.dropFirst(parts.count)
    return top / bottom
  }

  private static let glyphs: [Character: Double] = [
    "¼": 0.25, "½": 0.5, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "⅛": 0.125,
  ]
}

extension IngredientQuantity {
  /// The quantity as an amount the recipe arithmetic takes.
  var itemAmount: ItemAmount { ItemAmount(amount: amount, maxAmount: maxAmount, unit: unit) }

  /// An amount from the arithmetic as a plain quantity (its package size and marks dropped).
  init(_ amount: ItemAmount) {
    self.init(amount: amount.amount, maxAmount: amount.maxAmount, unit: amount.unit)
  }
}
