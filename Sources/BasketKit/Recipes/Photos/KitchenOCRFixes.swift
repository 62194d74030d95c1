/// Fixes the misreads OCR typically makes in kitchen text, only where the words around make
/// the reading sure:
///
/// - "Ib", "1b" (and "Ibs", "1bs") → lb, after a number: "2 Ib beef".
/// - "02", "0z" → oz, after a number and before a word: "8 02 butter" (never "8 02" alone).
/// - "%", "Y2" → ½ and "Y4" → ¼, where an amount is expected: at the line's start before a
///   unit or a food the density table knows ("% cup milk", "% butter"), or after a whole
///   number before a unit ("1 Y2 tsp salt"); never "2% milk" or "1 % milk".
/// - "l", "I", "|" → 1, and those letters inside a number ("l00", "I0") → 1, where an amount
///   is expected and before a unit: "l cup", "l00 g"; never "I like" or "2 l milk".
/// - "mI", "mi" → ml after a number and before a word: "300 mI milk".
/// - A number glued to one of those misread units, before a word: "40z flour" → "4 oz flour",
///   "2Ib beef" → "2 lb beef".
/// - A step number read with a comma, "3, Blend", → "3. Blend" at the line's start before a
///   capital.
///
/// "%" stands for ¼ as often as for ½ in some fonts, so it is in `ambiguous`: the reader
/// marks a line where it was replaced for review.
public enum KitchenOCRFixes {
  /// Misreads replaced by the likelier reading but not surely the right one.
  public static let ambiguous: Set<String> = ["%"]

  /// The words of one line, fixed.
  public static func fixed(_ words: [String]) -> [String] {
    var out = words
    for index in out.indices {
      let before = index > 0 ? out[index - 1] : nil
      let after = index + 1 < out.count ? out[index + 1] : nil
      out[index] = fixed(out[index], before: before, after: after)
    }
    return out
  }

  /// One line, fixed word by word (words split at spaces).
  public static func fixed(line: String) -> String {
    fixed(line.split(separator: " ").map(String.init)).joined(separator: " ")
  }

  private static func fixed(_ word: String, before: String?, after: String?) -> String {
    let afterNumber = before.map(isNumber) ?? false
    let amountExpected = before == nil || (before.map(isWholeNumber) ?? false)
    let beforeUnit = after.map(isUnit) ?? false
    switch word {
    case "Ib", "1b", "Ib.", "1b.":
      return afterNumber ? "lb" : word
    case "Ibs", "1bs", "Ibs.", "1bs.":
      return afterNumber ? "lbs" : word
    case "02", "0z", "02.", "0z.":
      return afterNumber && (after.map(isWord) ?? false) ? "oz" : word
    case "mI", "mi", "mI.", "mi.":
      return afterNumber && (after.map(isWord) ?? false) ? "ml" : word
    case "%", "Y2", "y2", "Y4", "y4":
      // NB: after a number only before a unit: "1 % milk" may be a percentage.
      let sure = amountExpected && (beforeUnit || before == nil && (after.map(isFood) ?? false))
      return sure ? (word.hasSuffix("4") ? "¼" : "½") : word
    default:
      break
    }
    if let split = gluedUnit(word), after.map(isWord) ?? false { return split }
    if before == nil, word.count <= 3, word.hasSuffix(","), isWholeNumber(String(word.dropLast())),
      after?.first?.isUppercase ?? false
    {
      return String(word.dropLast()) + "."
    }
    if before == nil, beforeUnit, isMisreadNumber(word) {
      return String(word.map { "lI|".contains($0) ? "1" : $0 })
    }
    return word
  }

  /// "40z" → "4 oz", "2Ib" → "2 lb", "3Ibs" → "3 lbs": a number glued to a misread unit
  /// (never "402", which may be a number).
  private static func gluedUnit(_ word: String) -> String? {
    for (misread, unit) in [("0z", "oz"), ("Ibs", "lbs"), ("Ib", "lb")]
    where word.hasSuffix(misread) {
      let number = String(word.dropLast(misread.count))
      guard isNumber(number), number.count <= 4 else { return nil }
      return number + " " + unit
    }
    return nil
  }

  /// "l", "I", "|", or digits with some of those among them ("l00", "2I"): never a real word.
  private static func isMisreadNumber(_ word: String) -> Bool {
    guard word.count <= 5 else { return false }
    var letters = 0
    for character in word {
      if "lI|".contains(character) {
        letters += 1
      } else if !(character.isASCII && character.isNumber) {
        return false
      }
    }
    return letters > 0
  }

  /// "2", "1.5", "3/4", "½", "1½".
  static func isNumber(_ word: String) -> Bool {
    guard let first = word.first, first.isNumber else { return false }
    return word.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == "/" }
  }

  private static func isWholeNumber(_ word: String) -> Bool {
    !word.isEmpty && word.allSatisfy { $0.isASCII && $0.isNumber }
  }

  private static func isWord(_ word: String) -> Bool {
    word.first?.isLetter ?? false
  }

  private static func isUnit(_ word: String) -> Bool {
    var plain = word
    while let last = plain.last, last == "," || last == ")" { plain.removeLast() }
    return KitchenUnit.spelled(plain) != nil
  }

  private static func isFood(_ word: String) -> Bool {
    isWord(word) && FoodDensity.gramsPerMilliliter(for: word) != nil
  }
}
