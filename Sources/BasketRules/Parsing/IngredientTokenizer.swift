/// A token of an ingredient line: a number, a word or one punctuation mark, with its place in
/// the normalised text so the parser can hand back the words exactly as written.
package struct IngredientToken: Sendable {
  package enum Kind: Equatable, Sendable {
    /// A number; `fraction` when written as one ("1/2", "½"), so "1 1/2" reads as a mixed number.
    case number(Double, fraction: Bool)
    /// A number the parser cannot trust ("1/0", "1.2.3").
    case badNumber
    case word
    case punctuation(Unicode.Scalar)
  }

  package var kind: Kind
  /// Scalar offsets into the normalised text.
  package var start: Int
  package var end: Int
  /// Lowercased text of a word; empty for numbers and punctuation.
  package var lower: String
  /// Whether whitespace came right before this token.
  package var spaced: Bool

  package var isWord: Bool { kind == .word }
  package var number: Double? {
    if case .number(let value, _) = kind { return value }
    return nil
  }
  package var isFraction: Bool {
    if case .number(_, let fraction) = kind { return fraction }
    return false
  }
  package func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    kind == .punctuation(scalar)
  }
  package var isDash: Bool { isPunctuation("-") }
}

/// Splits a line into tokens after normalising it: vulgar fractions become "n/d" tokens
/// ("1½" → 1, 1/2), dashes become "-", odd spaces become spaces. Digits and letters always
/// part ("200g" → 200, g), so a unit is only ever read as a whole word ("15 grams" never
/// becomes g + "rams").
package struct IngredientTokenizer {
  private(set) var scalars: [Unicode.Scalar] = []
  /// The normalised text as UTF-8, and where each scalar starts in it (one past the end too),
  /// so token text is sliced from bytes rather than rebuilt scalar by scalar.
  private var utf8: [UInt8] = []
  private var offsets: [Int] = []
  package private(set) var tokens: [IngredientToken] = []

  package init(_ text: String) {
    scalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
        scalars.append(" ")
      case 0x200B...0x200D, 0xFEFF, 0xAD:
        continue  // zero-width characters and soft hyphens
      case 0x2010...0x2015, 0x2212, 0xFE63, 0xFF0D:
        scalars.append("-")
      case 0x2044, 0x2215:
        scalars.append("/")
      case 0xD7:
        scalars.append("x")
      case 0x2019, 0x2018:
        scalars.append("'")
      default:
        scalars.append(scalar)
      }
    }
    utf8.reserveCapacity(scalars.count + 8)
    offsets.reserveCapacity(scalars.count + 1)
    for scalar in scalars {
      offsets.append(utf8.count)
      if scalar.isASCII {
        utf8.append(UInt8(scalar.value))
      } else {
        utf8.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
    offsets.append(utf8.count)
    tokenize()
  }

  /// The normalised text of tokens `from...through`, as written.
  package func text(_ from: Int, _ through: Int) -> String {
    guard from <= through, from >= 0, through < tokens.count else { return "" }
    return String(
      decoding: utf8[offsets[tokens[from].start]..<offsets[tokens[through].end]], as: UTF8.self)
  }

  /// The length in scalars of token `index`.
  package func length(_ index: Int) -> Int {
    tokens[index].end - tokens[index].start
  }

  private static func vulgar(_ scalar: Unicode.Scalar) -> Double? {
    switch scalar {
    case "½": 1.0 / 2
    case "⅓": 1.0 / 3
    case "⅔": 2.0 / 3
    case "¼": 1.0 / 4
    case "¾": 3.0 / 4
    case "⅕": 1.0 / 5
    case "⅖": 2.0 / 5
    case "⅗": 3.0 / 5
    case "⅘": 4.0 / 5
    case "⅙": 1.0 / 6
    case "⅚": 5.0 / 6
    case "⅛": 1.0 / 8
    case "⅜": 3.0 / 8
    case "⅝": 5.0 / 8
    case "⅞": 7.0 / 8
    case "⅐": 1.0 / 7
    case "⅑": 1.0 / 9
    case "⅒": 1.0 / 10
    default: nil
    }
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 48 && scalar.value <= 57
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let v = scalar.value
      return (v >= 65 && v <= 90) || (v >= 97 && v <= 122)
    }
    return scalar.properties.isAlphabetic && vulgar(scalar) == nil
      || (0x300...0x36F).contains(scalar.value)
  }

  private mutating func tokenize() {
    var index = 0
    var spaced = true
    let count = scalars.count
    while index < count {
      let scalar = scalars[index]
      if scalar == " " {
        spaced = true
        index += 1
        continue
      }
      let start = index
      if let value = Self.vulgar(scalar) {
        index += 1
        tokens.append(
          .init(
            kind: .number(value, fraction: true), start: start, end: index, lower: "",
            spaced: spaced))
      } else if Self.isDigit(scalar) {
        index = scanNumber(from: start, spaced: spaced)
      } else if Self.isLetter(scalar) {
        index += 1
        while index < count {
          let next = scalars[index]
          if Self.isLetter(next) {
            index += 1
          } else if next == "'" || next == "-", index + 1 < count, Self.isLetter(scalars[index + 1])
          {
            index += 2
          } else {
            break
          }
        }
        tokens.append(
          .init(
            kind: .word, start: start, end: index, lower: lowercase(start, index), spaced: spaced))
      } else {
        index += 1
        tokens.append(
          .init(kind: .punctuation(scalar), start: start, end: index, lower: "", spaced: spaced))
      }
      spaced = false
    }
  }

  /// Reads "12", "1.5", "0,5" (a decimal comma), "1,000" (a thousands comma) or "3/4".
  private mutating func scanNumber(from start: Int, spaced: Bool) -> Int {
    let count = scalars.count
    var index = start
    func digits() -> (value: Double, length: Int) {
      var value = 0.0
      var length = 0
      while index < count, Self.isDigit(scalars[index]) {
        if length < 15 { value = value * 10 + Double(scalars[index].value - 48) }
        length += 1
        index += 1
      }
      return (value, length)
    }
    let whole = digits()
    var value = whole.value
    var bad = whole.length > 9
    var fraction = false
    if index + 1 < count, scalars[index] == "." || scalars[index] == ",",
      Self.isDigit(scalars[index + 1])
    {
      let comma = scalars[index] == ","
      let mark = index
      index += 1
      let decimals = digits()
      let followedByDigitGroup = index < count && scalars[index] == ","
      if comma && decimals.length == 3 && whole.length <= 3 && value > 0 || followedByDigitGroup {
        if comma && decimals.length == 3 {
          value = value * 1000 + decimals.value  // "1,000"
        } else {
          index = mark  // "1,2,3": leave the commas to the parser
        }
      } else {
        var scale = 1.0
        for _ in 0..<min(decimals.length, 15) { scale *= 10 }
        value += decimals.value / scale
      }
      if index < count, scalars[index] == ".", index + 1 < count, Self.isDigit(scalars[index + 1]) {
        bad = true  // "1.2.3"
        index += 1
        _ = digits()
      }
    } else if index + 1 < count, scalars[index] == "/", Self.isDigit(scalars[index + 1]) {
      index += 1
      let denominator = digits()
      fraction = true
      if denominator.value == 0 || denominator.length > 9 {
        bad = true
      } else {
        value /= denominator.value
      }
    }
    // NB: "1e308 cups": an exponent is read, so the amount is refused for its size later
    // rather than "e308" becoming part of the name.
    if !fraction, index + 1 < count, scalars[index] == "e" || scalars[index] == "E" {
      var end = index + 1
      var negative = false
      if scalars[end] == "-" || scalars[end] == "+" {
        negative = scalars[end] == "-"
        end += 1
      }
      var exponent = 0
      let first = end
      while end < count, Self.isDigit(scalars[end]), end - first < 4 {
        exponent = exponent * 10 + Int(scalars[end].value - 48)
        end += 1
      }
      if end > first, end == count || !(Self.isLetter(scalars[end]) || Self.isDigit(scalars[end])) {
        var scale = 1.0
        for _ in 0..<min(exponent, 400) { scale *= 10 }
        value = negative ? value / scale : value * scale
        index = end
      }
    }
    let kind: IngredientToken.Kind =
      bad || !value.isFinite ? .badNumber : .number(value, fraction: fraction)
    tokens.append(.init(kind: kind, start: start, end: index, lower: "", spaced: spaced))
    return index
  }

  private func lowercase(_ start: Int, _ end: Int) -> String {
    let bytes = utf8[offsets[start]..<offsets[end]]
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return String(decoding: bytes, as: UTF8.self).lowercased()
    }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      var index = 0
      for byte in bytes {
        buffer[index] = byte >= 65 && byte <= 90 ? byte + 32 : byte
        index += 1
      }
      return index
    }
  }
}
