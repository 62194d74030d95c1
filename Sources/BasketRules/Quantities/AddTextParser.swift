/// Splits what the user typed into an item name and an optional quantity.
///
/// Understands a quantity before or after the name, with or without a space before the unit:
/// "2 l milk", "milk 2l", "eggs x12", "12 x eggs", "500g flour", "3 lemons". Text with no
/// recognisable quantity is all name ("7up", "Vitamin B12" stay whole).
public enum AddTextParser {
  public struct Parsed: Equatable, Sendable {
    public var name: String
    public var quantity: Quantity?

    public init(name: String, quantity: Quantity?) {
      self.name = name
      self.quantity = quantity
    }
  }

  /// Splits typed text into entries at commas: "milk, eggs" → ["milk", "eggs"]. A comma
  /// between digits is a decimal ("1,5 l milk" stays whole); empty parts are dropped.
  public static func entries(in text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      let betweenDigits =
        index > 0 && index + 1 < characters.count && characters[index - 1].isNumber
        && characters[index + 1].isNumber
      if character == ",", !betweenDigits {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts.map { String($0.trimmingCharacters()) }.filter { !$0.isEmpty }
  }

  public static func parse(_ text: String) -> Parsed {
    let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    guard words.count >= 2 else { return Parsed(name: words.joined(), quantity: nil) }

    // Leading quantity: "2 l milk", "500g flour", "12 x eggs", "x12 eggs", "3 lemons".
    if let (quantity, used) = quantity(at: words, from: 0), used < words.count {
      return Parsed(name: words[used...].joined(separator: " "), quantity: quantity)
    }
    // Trailing quantity: "milk 2l", "milk 2 l", "eggs x12", "eggs 12".
    for start in stride(from: words.count - 1, through: max(1, words.count - 3), by: -1) {
      if let (quantity, used) = quantity(at: words, from: start), start + used == words.count {
        return Parsed(name: words[..<start].joined(separator: " "), quantity: quantity)
      }
    }
    return Parsed(name: words.joined(separator: " "), quantity: nil)
  }

  /// The quantity `text` is, when it is one and nothing more ("2 L", "12", "x3", "500g");
  /// nil otherwise.
  public static func quantity(wholly text: String) -> Quantity? {
    let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    guard !words.isEmpty, let (quantity, used) = quantity(at: words, from: 0),
      used == words.count
    else { return nil }
    return quantity
  }

  /// Reads a quantity starting at `words[index]`; returns it and how many words it used.
  private static func quantity(at words: [String], from index: Int) -> (Quantity, Int)? {
    var word = words[index].lowercased()
    var used = 1
    var sawTimes = false
    if word == "x" || word == "×" {
      sawTimes = true
      guard index + 1 < words.count else { return nil }
      word = words[index + 1].lowercased()
      used = 2
    } else if word.hasPrefix("x") || word.hasPrefix("×") {
      sawTimes = true
      word.removeFirst()
    }
    // "-5 kg", "1e308 g", "inf g", "nan kg": an amount in another spelling before a unit is
    // still an amount, so the add is refused for it rather than made with it in the name.
    if !sawTimes, index + 1 < words.count, let value = otherSpelling(word) {
      if let unit = MeasureUnit(word: words[index + 1]) {
        return (Quantity(amount: value, unit: unit), 2)
      }
      // NB: "-5 cups sugar", "nan apples": a count, so the add is refused for it.
      if index == 0 { return (Quantity(amount: value, unit: .units), 1) }
    }
    guard let (amount, attachedUnit) = splitNumber(word) else { return nil }
    if sawTimes {
      guard attachedUnit == nil else { return nil }
      return (Quantity(amount: amount.rounded(), unit: .units), used)
    }
    if let attachedUnit {
      if attachedUnit == "x" || attachedUnit == "×" {
        return (Quantity(amount: amount.rounded(), unit: .units), used)
      }
      guard let unit = MeasureUnit(word: attachedUnit) else { return nil }
      return (Quantity(amount: amount, unit: unit), used)
    }
    if index + used < words.count {
      let next = words[index + used].lowercased()
      if let unit = MeasureUnit(word: next) {
        return (Quantity(amount: amount, unit: unit), used + 1)
      }
      if next == "x" || next == "×" {
        return (Quantity(amount: amount.rounded(), unit: .units), used + 1)
      }
    }
    guard amount == amount.rounded(), amount > 0, amount < 1000 else { return nil }
    return (Quantity(amount: amount, unit: .units), used)
  }

  /// A number written with a sign, an exponent, or as inf/infinity/nan ("-5", "+2", "1e308",
  /// "\u{2212}3", "inf", "NaN"); nil for anything else, plain numbers included.
  static func otherSpelling(_ word: String) -> Double? {
    var text = Substring(word.lowercased())
    var negative = false
    if let first = text.first, first == "-" || first == "+" || first == "\u{2212}" {
      negative = first != "+"
      text = text.dropFirst()
    }
    let signed = { (value: Double) in negative ? -value : value }
    switch text {
    case "inf", "infinity": return signed(.infinity)
    case "nan": return .nan
    default: break
    }
    let mantissa = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    var exponent = text.dropFirst(mantissa.count)
    guard mantissa.contains(where: { $0.isNumber }), mantissa.filter({ $0 == "." }).count <= 1
    else {
      return nil
    }
    if !exponent.isEmpty {
      guard exponent.first == "e" else { return nil }
      exponent = exponent.dropFirst()
      if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
      guard !exponent.isEmpty, exponent.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
    }
    guard negative || word.first == "+" || text.count > mantissa.count,
      let value = Double(text)
    else { return nil }
    return signed(value)
  }

  /// "500g" → (500, "g"); "2" → (2, nil); "1,5l" → (1.5, "l"); "b12" → nil.
  private static func splitNumber(_ word: String) -> (Double, String?)? {
    guard let first = word.first, first.isNumber else { return nil }
    let numberPart = word.prefix { $0.isNumber || $0 == "." || $0 == "," }
    let rest = word.dropFirst(numberPart.count)
    guard let value = Double(numberPart.replacingComma()), value > 0, value.isFinite else {
      return nil
    }
    return (value, rest.isEmpty ? nil : String(rest))
  }
}

extension Substring {
  fileprivate func replacingComma() -> String {
    String(map { $0 == "," ? "." : $0 })
  }
}

extension MeasureUnit {
  /// Reads a unit as people write it: "ml", "l", "litres", "g", "grams", "kg", "kilos",
  /// "units", "pcs"… (case-insensitive, a trailing dot allowed). nil for anything else.
  public init?(word: String) {
    let folded = String(word.lowercased().trimmingSuffix("."))
    guard let unit = MeasureUnit.allCases.first(where: { $0.words.contains(folded) }) else {
      return nil
    }
    self = unit
  }

  /// The lower-case words that name this unit (`init(word:)` reads them). The web app gets
  /// them from `GET /api/v1/quantity-rules`.
  public var words: [String] {
    switch self {
    case .ml: ["ml", "millilitre", "millilitres", "milliliter", "milliliters"]
    case .liters: ["l", "litre", "litres", "liter", "liters", "ltr"]
    case .grams: ["g", "gram", "grams", "gr", "grammes"]
    case .kilograms: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"]
    case .units: ["pcs", "pc", "pack", "packs", "unit", "units"]
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: Character) -> Substring {
    last == suffix ? dropLast() : self[...]
  }
}
