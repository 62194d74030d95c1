/// Reads cooking times: ISO 8601 durations ("PT1H30M", "P0DT2H", "PT0.5H") as schema.org
/// writes them, and plain text ("1 hour 20 mins", "45 minutes", "1 hr 5 min").
public enum RecipeDuration {
  /// Whole minutes, or nil when `text` holds no duration (or more than a month).
  public static func minutes(_ text: String) -> Int? {
    let trimmed = String(text.trimmingCharacters())
    guard !trimmed.isEmpty, !trimmed.hasPrefix("-") else { return nil }
    let upper = trimmed.uppercased()
    let total =
      upper.hasPrefix("P") ? iso(upper) ?? words(trimmed.lowercased()) : words(trimmed.lowercased())
    guard let total, total.isFinite, total >= 0, total <= 43_200 else { return nil }
    return Int(total.rounded())
  }

  /// "P1DT2H30M15S" → 1590.25 minutes; nil when malformed.
  private static func iso(_ text: String) -> Double? {
    var total = 0.0
    var number = ""
    var inTime = false
    var sawAny = false
    for character in text.dropFirst() {
      if character.isNumber || character == "." || character == "," {
        number.append(character == "," ? "." : character)
        continue
      }
      if character == "T" {
        inTime = true
        continue
      }
      guard let value = Double(number) else {
        if character == " " { continue }
        if number.isEmpty && "YMWDHS".contains(character) { continue }  // "PTH25MS"
        return nil
      }
      number = ""
      sawAny = true
      switch (character, inTime) {
      case ("Y", false): total += value * 525_600
      case ("M", false): total += value * 43_200
      case ("W", false): total += value * 10_080
      case ("D", false): total += value * 1440
      case ("H", true): total += value * 60
      case ("M", true): total += value
      case ("S", true): total += value / 60
      case ("D", true): total += value * 1440  // "PT0D4H45M"
      case ("H", false):
        total += value * 60  // "P2H30M": a common slip for "PT2H30M"; minutes follow
        inTime = true
      default: return nil
      }
    }
    if !number.isEmpty, let value = Double(number), !sawAny { return value }  // "PT45"
    return sawAny ? total : nil
  }

  /// "1 hour 20 mins", "1h30", "45 minutes", "2 hrs".
  private static func words(_ text: String) -> Double? {
    var total = 0.0
    var sawAny = false
    var pending: Double?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character.isNumber {
        var end = index
        while end < text.endIndex, text[end].isNumber || text[end] == "." {
          end = text.index(after: end)
        }
        pending = Double(text[index..<end])
        index = end
        continue
      }
      if character.isLetter {
        var end = index
        while end < text.endIndex, text[end].isLetter { end = text.index(after: end) }
        let word = text[index..<end]
        if let value = pending {
          if word.hasPrefix("h") {
            total += value * 60
            sawAny = true
          } else if word.hasPrefix("m") {
            total += value
            sawAny = true
          } else if word.hasPrefix("d") {
            total += value * 1440
            sawAny = true
          } else if word.hasPrefix("s") {
            total += value / 60
            sawAny = true
          }
          pending = nil
        }
        index = end
        continue
      }
      index = text.index(after: index)
    }
    if let value = pending, sawAny { total += value }  // "1h30"
    return sawAny ? total : nil
  }
}

/// How much a recipe makes: a count and what is counted ("24 cookies"); servings when the
/// noun is servings, people or portions, or absent.
public struct RecipeYield: Equatable, Sendable {
  public var count: Int
  /// nil for servings.
  public var noun: String?
  /// The amount as stated when it is a measure that need not be whole ("6.5 gallons"); nil
  /// when it is `count`.
  public var amount: Double?

  public init(count: Int, noun: String? = nil, amount: Double? = nil) {
    self.count = count
    self.noun = noun
    self.amount = amount
  }

  /// How many of the yield's unit it makes: `amount` when stated, else `count`.
  public var measure: Double { amount ?? Double(count) }

  /// This yield multiplied by `factor`, in its own words: "24 cookies" × 1.5 is "36 cookies",
  /// "4 cups" × 0.75 is "3 cups" (a measure keeps a fraction; a count is rounded, at least 1).
  public func scaled(by factor: Double) -> RecipeYield {
    let value = measure * factor
    let whole = max(1, Int(value.rounded()))
    let measured = noun.map(Self.measureNouns.contains) ?? false
    let amount = measured && abs(value - value.rounded()) > 0.001 ? value.tidy : nil
    return RecipeYield(count: whole, noun: noun.map { Self.number($0, for: whole) }, amount: amount)
  }

  /// "4 servings", "1 serving", "24 cookies", "6.5 gallons".
  public var text: String {
    guard let noun else { return "\(count) serving\(count == 1 ? "" : "s")" }
    if let amount { return "\(KitchenAmountFormat.decimal(amount)) \(noun)" }
    return "\(count) \(noun)"
  }

  static let servingWords: Set<String> = [
    "serving", "servings", "people", "persons", "person", "portions", "portion", "serves",
    "guests", "adults", "pax", "personas", "porciones", "portionen", "personen", "plates",
    "portioner", "porsjoner", "porties", "personnes", "porzioni", "porções", "porcje", "porcji",
    "porcie", "porcií", "adag", "adagok", "raciones", "fő", "főre", "személy", "személyre",
  ]

  /// Things a recipe makes that are counted as themselves rather than as servings.
  private static let itemNouns: Set<String> = [
    "cookie", "cookies", "muffin", "muffins", "cupcake", "cupcakes", "loaf", "loaves", "pie",
    "pies", "cake", "cakes", "tart", "tarts", "bun", "buns", "roll", "rolls", "bar", "bars",
    "brownie", "brownies", "blondies", "scone", "scones", "pancake", "pancakes", "crepes",
    "slice", "slices", "piece", "pieces", "square", "squares", "sandwich", "sandwiches",
    "cup", "cups", "pint", "pints", "quart", "quarts", "gallon", "gallons", "jar", "jars",
    "batch", "batches", "layer", "layers", "item", "items", "skewers", "wraps", "bowls",
    "croissants", "fritters", "turnovers", "churros", "pierogies", "quesadillas", "gorditas",
    "naan", "falafel", "pizzelles", "patties", "scoops", "grams", "ounces", "pounds", "liters",
  ]

  /// Nouns that measure rather than count, so "6.5 gallons" keeps its half.
  private static let measureNouns: Set<String> = [
    "cup", "cups", "pint", "pints", "quart", "quarts", "gallon", "gallons", "grams", "ounces",
    "pounds", "liters",
  ]

  /// Words for "pieces" that count items: "12 stk." (Danish, Norwegian), "12 Stück".
  private static let pieceWords: Set<String> = ["stk", "stück", "stuck", "st", "pcs", "pc"]

  /// Reads "Serves 4", "4-6 servings", "Makes 24 cookies", "4", "1 dozen"; nil without a number.
  ///
  /// A range counts at its top ("4-6 servings": 6); a number in brackets describes rather
  /// than counts ("2 (9-inch) cakes"), and so does one straight after ("3 8-oz jars").
  public static func read(_ text: String) -> RecipeYield? {
    let tokens = IngredientTokenizer(text).tokens
    guard let first = tokens.firstIndex(where: { $0.number != nil }),
      let value = tokens[first].number, value > 0, value < 100_000
    else { return nil }
    var count = value
    var after = first + 1
    while after + 1 < tokens.count,
      tokens[after].isDash || tokens[after].lower == "to" || tokens[after].lower == "or"
        || tokens[after].isPunctuation("/"),
      let top = tokens[after + 1].number
    {
      if top > count, top < 100_000 { count = top }  // a range, "4-6", counts at its top
      after += 2
    }
    var noun: String?
    var cursor = after
    var words = 0
    var brackets = 0
    while cursor < tokens.count, words < 6 {
      let token = tokens[cursor]
      cursor += 1
      if token.isPunctuation("(") || token.isPunctuation("[") {
        brackets += 1
        continue
      }
      if token.isPunctuation(")") || token.isPunctuation("]") {
        brackets = max(0, brackets - 1)
        continue
      }
      guard token.isWord, brackets == 0 else { continue }  // "9 large or 16 small brownies"
      words += 1
      let word = token.lower
      if cursor == after + 1, word == "g" || word == "grams" || word == "gr" {
        noun = "grams"  // "750 g di crema"
        break
      }
      if servingWords.contains(word) { break }
      if itemNouns.contains(word) || word == "dozen" {
        noun = word  // "24 cookies", "12 large muffins", "2 dozen"
        break
      }
      if cursor == after + 1, pieceWords.contains(word) {
        noun = "items"  // "12 stk."
        break
      }
    }
    if noun == nil, first > 0, tokens[..<first].contains(where: { $0.lower == "makes" }) {
      noun = "items"  // "Makes 12"
    }
    let whole = max(1, Int(count.rounded()))
    let measured = noun.map(measureNouns.contains) ?? false
    let amount = measured && count != count.rounded() ? count : nil
    return RecipeYield(count: whole, noun: noun.map { number($0, for: whole) }, amount: amount)
  }

  /// The noun in the number `count` asks for: "2 pies", "1 loaf".
  private static func number(_ noun: String, for count: Int) -> String {
    if count == 1 { return singulars[noun] ?? noun }
    return singulars.first { $0.value == noun }?.key ?? noun
  }

  private static let singulars: [String: String] = {
    var map: [String: String] = [
      "loaves": "loaf", "patties": "patty", "sandwiches": "sandwich", "batches": "batch",
      "items": "item",
    ]
    for plural in itemNouns where plural.hasSuffix("s") && map[plural] == nil {
      let singular = String(plural.dropLast())
      if itemNouns.contains(singular) { map[plural] = singular }
    }
    return map
  }()
}
