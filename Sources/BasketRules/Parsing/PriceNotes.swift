/// Prices a recipe page prints beside its ingredients ("2 cloves garlic ($0.16)", "1 cup brown
/// lentils (dry, $0.67)"): taken out of the line before it is read, so they never reach the
/// name, and kept as the line's note.
enum PriceNotes {
  static let currencies: Set<Character> = ["$", "£", "€"]

  /// `text` without its prices (and without brackets or commas they leave empty), and the
  /// prices as written ("$0.16"). Cheap for the common line: nothing is copied without a
  /// currency sign followed by a digit.
  static func split(_ text: String) -> (rest: String, prices: [String]) {
    guard text.contains(where: currencies.contains) else { return (text, []) }
    let characters = Array(text)
    var rest: [Character] = []
    var prices: [String] = []
    var index = 0
    while index < characters.count {
      if currencies.contains(characters[index]), let end = priceEnd(characters, from: index) {
        prices.append(String(characters[index..<end]).filter { $0 != "*" })
        index = end
      } else {
        rest.append(characters[index])
        index += 1
      }
    }
    guard !prices.isEmpty else { return (text, []) }
    return (tidied(String(rest)), prices)
  }

  /// Where the price starting at `start` (a currency sign) ends: digits, one decimal mark and
  /// its digits, an optional "*"; nil when no digit follows the sign.
  private static func priceEnd(_ characters: [Character], from start: Int) -> Int? {
    var index = start + 1
    if index < characters.count, characters[index] == " " { index += 1 }
    let digits = index
    while index < characters.count, characters[index].isASCII, characters[index].isNumber {
      index += 1
    }
    guard index > digits else { return nil }
    if index + 1 < characters.count, characters[index] == "." || characters[index] == ",",
      characters[index + 1].isASCII, characters[index + 1].isNumber
    {
      index += 1
      while index < characters.count, characters[index].isASCII, characters[index].isNumber {
        index += 1
      }
    }
    while index < characters.count, characters[index] == "*" { index += 1 }
    return index
  }

  /// The line with what a removed price leaves behind cleaned up: "(dry, )" → "(dry)",
  /// "()" gone, doubled spaces one.
  private static func tidied(_ text: String) -> String {
    var text = text
    var previous = ""
    while previous != text {
      previous = text
      for (old, new) in [
        (", )", ")"), (",)", ")"), ("( ", "("), (" )", ")"), ("(,", "("), ("()", ""),
        ("[]", ""), ("  ", " "), (" ,", ","),
      ] {
        text = text.replacingAll(old, with: new)
      }
    }
    var trimmed = Substring(text)
    while let last = trimmed.last, last == " " || last == "," || last == "-" {
      trimmed = trimmed.dropLast()
    }
    while let first = trimmed.first, first == " " { trimmed = trimmed.dropFirst() }
    return String(trimmed)
  }
}
