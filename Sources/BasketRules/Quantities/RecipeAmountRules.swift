/// The quantity editor's rules for an amount in a recipe's own unit ("2¼ cups", "3 cans
/// (14 oz)", "6 cloves"): an item a recipe put on the list keeps that unit when it is edited,
/// on every face, instead of starting again in the list's five units.
///
/// `Tests/cases/quantity-cases.json` (`recipeAmounts`) holds these rules and the web app's
/// `RecipeAmountRules` in model.js to the same answers; the web app reads the step and the
/// limit of each unit from `GET /api/v1/quantity-rules` (`recipeUnits`).
public enum RecipeAmountRules {
  /// How far one press of − or + moves an amount in `unit`: a whole one for counts, lengths
  /// and ounces; a quarter of a teaspoon, cup, pound or pint; half a tablespoon.
  public static func step(for unit: KitchenUnit) -> Double {
    guard unit.family == .mass || unit.family == .volume else { return 1 }
    switch unit.baseFactor {
    case ..<2: return 50
    case ...7: return 0.25
    case ...20: return 0.5
    case ...60: return 1
    default: return 0.25
    }
  }

  /// The largest amount accepted in `unit`: what the list takes in its own units (100 kg,
  /// 100 L, 999 of a count), and 10 m of a length.
  public static func maximum(for unit: KitchenUnit) -> Double {
    switch unit.family {
    case .count: QuantityRules.maximum(for: .units)
    case .length: (1000 / unit.baseFactor).rounded(.down)
    case .mass, .volume: (100_000 / unit.baseFactor).rounded(.down)
    }
  }

  /// One press of +: up by a step, snapped to the step grid, capped at the maximum.
  public static func increment(_ amount: ItemAmount) -> ItemAmount {
    guard let unit = amount.unit else { return amount }
    let next = QuantityRules.stepped(
      clamped(amount.amount, unit: unit), step: step(for: unit), up: true)
    return with(amount, min(next, maximum(for: unit)))
  }

  /// One press of −: down by a step, snapped to the step grid, never below zero (zero takes
  /// the amount off the item).
  public static func decrement(_ amount: ItemAmount) -> ItemAmount {
    guard let unit = amount.unit else { return amount }
    let next = QuantityRules.stepped(
      clamped(amount.amount, unit: unit), step: step(for: unit), up: false)
    return with(amount, max(next, 0))
  }

  /// An exact amount typed in the editor: "2.5", "2,5", "2½", "2 1/4", "¾". Text that isn't
  /// one amount, or is more than the unit takes, keeps `current`.
  public static func typed(_ text: String, current: ItemAmount) -> ItemAmount {
    guard let unit = current.unit, let value = number(in: text), value <= maximum(for: unit)
    else { return current }
    return with(current, value)
  }

  /// Why `typed` keeps the old amount although the text reads as one: more than the unit
  /// holds ("at most 423 cups"). Nil otherwise.
  public static func refusal(typed text: String, current: ItemAmount) -> String? {
    guard let unit = current.unit, let value = number(in: text), value > maximum(for: unit)
    else { return nil }
    return "at most \(limitText(unit))"
  }

  /// The one check every recipe amount passes before it is stored, from whichever face it
  /// came: a unit, an amount from 0 to the unit's maximum (tidied to thousandths), and a
  /// package size only on a count, itself checked (`checkedPack`).
  ///
  /// - Throws: `ListError.recipeAmountOutOfRange` naming the limit; `ListError.badPackSize`.
  public static func checked(_ amount: ItemAmount) throws(ListError) -> ItemAmount {
    guard let unit = amount.unit else { throw ListError.badAmount(amount.text) }
    guard amount.amount >= 0, amount.amount <= maximum(for: unit) else {
      throw ListError.recipeAmountOutOfRange(
        KitchenAmountFormat.decimal(amount.amount) + " " + unit.label(for: 2),
        limit: limitText(unit))
    }
    let pack = unit.family == .count ? try amount.packSize.map(checkedPack) : nil
    return ItemAmount(
      amount: (amount.amount * 1000).rounded() / 1000, unit: unit, packSize: pack)
  }

  /// Why a recipe's amount can't go on the list: past its unit's limit (a plain count's is
  /// the list's 999), or a package size that is none; nil when it can.
  public static func refusal(_ amount: ItemAmount) -> String? {
    let top = max(amount.amount, amount.maxAmount ?? amount.amount)
    guard let unit = amount.unit else {
      let limit = QuantityRules.maximum(for: .units)
      guard top.isFinite, top >= 0, top <= limit else {
        return ListError.recipeAmountOutOfRange(
          KitchenAmountFormat.decimal(top), limit: KitchenAmountFormat.decimal(limit)
        ).description
      }
      return nil
    }
    do {
      _ = try checked(ItemAmount(amount: top, unit: unit, packSize: amount.packSize))
      return nil
    } catch {
      return error.description
    }
  }

  /// A package's size as every amount is checked: a weight or a volume ("14 oz", "400 g";
  /// never a count), more than nothing once tidied to thousandths, at most the unit's
  /// maximum, and a range only upwards within it.
  ///
  /// - Throws: `ListError.badPackSize` saying what a size looks like.
  public static func checkedPack(_ size: IngredientQuantity) throws(ListError) -> IngredientQuantity
  {
    let refusal = ListError.badPackSize(
      KitchenAmountFormat.decimal(size.amount) + (size.unit.map { " " + $0.id } ?? ""))
    guard let unit = size.unit, unit.family == .mass || unit.family == .volume else {
      throw refusal
    }
    let amount = (size.amount * 1000).rounded() / 1000
    guard amount > 0, amount <= maximum(for: unit) else { throw refusal }
    if let top = size.maxAmount {
      guard top >= size.amount, top <= maximum(for: unit) else { throw refusal }
    }
    return IngredientQuantity(
      amount: amount, maxAmount: size.maxAmount.map { ($0 * 1000).rounded() / 1000 }, unit: unit)
  }

  /// Reads an amount in a recipe unit as `basket qty` takes it: "2¼" with "cups", "2 1/4
  /// cans", or "3" alone while the item's amount is in a recipe unit (`current`, whose
  /// package size a count keeps). Nil when the text is for the list's own units instead: a
  /// unit word that is ml, L, g, kg or units, or no recipe unit at all.
  ///
  /// - Throws: `ListError.badAmount` when the unit is a recipe's but the text isn't one
  ///   amount; `ListError.recipeAmountOutOfRange` past the unit's limit.
  public static func reading(amount text: String, unit unitWord: String?, current: ItemAmount?)
    throws(ListError) -> ItemAmount?
  {
    var amountText = Substring(text.trimmingCharacters())
    var word = unitWord.map { String($0.trimmingCharacters()) }
    if word == nil, let letter = amountText.firstIndex(where: { $0.isLetter }) {
      word = String(String(amountText[letter...]).trimmingCharacters())
      amountText = amountText[..<letter]
    }
    let unit: KitchenUnit
    var pack: IngredientQuantity?
    if let word {
      guard MeasureUnit(word: word) == nil, let named = KitchenUnit.spelled(word) else {
        return nil
      }
      unit = named
      if let current, current.unit == named { pack = current.packSize }
    } else {
      guard let current, let currentUnit = current.unit else { return nil }
      unit = currentUnit
      pack = current.packSize
    }
    guard let value = number(in: String(amountText)) else {
      throw ListError.badAmount(String(text.prefix(40)))
    }
    return try checked(ItemAmount(amount: value, unit: unit, packSize: pack))
  }

  /// "2.5", "2,5", "2½", "2 ½", "2 1/4", "1/3" as a number; nil for anything else (negative,
  /// several numbers, letters).
  public static func number(in text: String) -> Double? {
    let trimmed = String(text.trimmingCharacters())
    if let value = AmountParser.number(in: trimmed), !trimmed.contains(where: { $0.isLetter }) {
      return value
    }
    var whole = 0.0
    var rest = Substring(trimmed)
    if let space = rest.firstIndex(of: " ")
      ?? rest.firstIndex(where: { fractionGlyphs[$0] != nil }),
      space != rest.startIndex
    {
      guard let value = AmountParser.number(in: String(rest[..<space])),
        value == value.rounded()
      else { return nil }
      whole = value
      rest = rest[space...].drop { $0 == " " }
    }
    if let glyph = rest.first, rest.count == 1, let fraction = fractionGlyphs[glyph] {
      return whole + fraction
    }
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ $0.count <= 15 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let top = Double(parts[0]), let bottom = Double(parts[1]), bottom > 0, top >= 0,
      top.isFinite
    else { return nil }
    return whole + top / bottom
  }

  static let fractionGlyphs: [Character: Double] = [
    "⅛": 1.0 / 8, "¼": 0.25, "⅓": 1.0 / 3, "½": 0.5, "⅔": 2.0 / 3, "¾": 0.75, "⅜": 3.0 / 8,
    "⅝": 5.0 / 8, "⅞": 7.0 / 8,
  ]

  private static func limitText(_ unit: KitchenUnit) -> String {
    let limit = maximum(for: unit)
    return KitchenAmountFormat.decimal(limit) + " " + unit.label(for: limit)
  }

  private static func with(_ amount: ItemAmount, _ value: Double) -> ItemAmount {
    ItemAmount(
      amount: (value * 1000).rounded() / 1000, unit: amount.unit, packSize: amount.packSize)
  }

  private static func clamped(_ amount: Double, unit: KitchenUnit) -> Double {
    guard !amount.isNaN else { return 0 }
    return min(max(amount, 0), maximum(for: unit))
  }
}
