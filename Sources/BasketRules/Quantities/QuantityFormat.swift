extension Quantity {
  /// The chip text shown on an item's row: "2", "500 ml", "1.5 L", "250 g".
  public var chipText: String {
    let number = Self.format(amount)
    return unit == .units ? number : "\(number) \(unit.rawValue)"
  }

  /// Magnitudes from here on (far past every unit’s maximum) are written in exponent form.
  static let plainLimit = 1e12

  /// A number with at most three decimals and no trailing zeros: 1.5, 0.25, 2.
  ///
  /// Defined for every Double, so a bad value from anywhere shows instead of trapping: NaN is
  /// "NaN", the infinities "∞" and "-∞", and a magnitude of a trillion or more its shortest
  /// exponent form ("1e+20", "1.5e+16", as JavaScript's `toExponential()`). `Web/app/model.js`
  /// follows the same rule; `Tests/cases/quantity-cases.json` holds both to it.
  public static func format(_ amount: Double) -> String {
    if amount.isNaN { return "NaN" }
    if amount.isInfinite { return amount < 0 ? "-∞" : "∞" }
    guard abs(amount) < plainLimit else { return exponentForm(amount) }
    // NB: below the limit, thousandths stay under 1e15: exact in an Int64 and in a Double.
    let thousandths = Int64((amount * 1000).rounded())
    let whole = thousandths / 1000
    var fraction = abs(thousandths % 1000)
    guard fraction != 0 else { return String(whole) }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
    let sign = thousandths < 0 && whole == 0 ? "-" : ""
    return "\(sign)\(whole).\(padded)"
  }

  /// The shortest digits that read back as `amount`, as "d.ddde+N".
  private static func exponentForm(_ amount: Double) -> String {
    // Swift's description already holds the shortest round-trip digits, either plainly
    // ("1000000000.0") or with an exponent ("1.5e+16"); only the layout changes here.
    let text = abs(amount).description
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    let whole = mantissa.prefix { $0 != "." }
    let fraction = mantissa.dropFirst(whole.count + 1)
    var digits = Array(whole + fraction)
    exponent += whole.count - 1
    while digits.count > 1, digits.first == "0" {
      digits.removeFirst()
      exponent -= 1
    }
    while digits.count > 1, digits.last == "0" { digits.removeLast() }
    let head = digits.first.map(String.init) ?? "0"
    let tail = String(digits.dropFirst())
    let sign = amount < 0 ? "-" : ""
    let exponentSign = exponent < 0 ? "-" : "+"
    return "\(sign)\(head)\(tail.isEmpty ? "" : "." + tail)e\(exponentSign)\(abs(exponent))"
  }
}
