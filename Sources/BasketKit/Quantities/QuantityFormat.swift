extension Quantity {
  /// The chip text shown on an item's row: "2", "500 ml", "1.5 L", "250 g".
  public var chipText: String {
    let number = Self.format(amount)
    return unit == .units ? number : "\(number) \(unit.rawValue)"
  }

  /// A number with at most three decimals and no trailing zeros: 1.5, 0.25, 2.
  public static func format(_ amount: Double) -> String {
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
}
