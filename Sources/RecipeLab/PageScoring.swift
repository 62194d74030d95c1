import BasketKit
import Foundation

/// Which sites tune the page reader and which are held out, by a fixed rule decided before any
/// page was read: a site is its brand (the host's label before its public suffix, so
/// `bakels.co.uk` and `bakels.com.au` are one site), and it is held out when the FNV-1a
/// 64-bit hash of that label is a multiple of 3. Misses are read only from tuning sites.
enum SiteSplit {
  /// Public suffixes of two labels among the pages' hosts.
  static let twoLabelSuffixes: Set<String> = [
    "co.uk", "org.uk", "ac.uk", "com.au", "co.nz", "com.br", "com.pt", "co.jp", "co.za",
    "com.mx", "com.ar", "com.tr",
  ]

  /// The site a host belongs to: "cooking.nytimes.com" → "nytimes".
  static func site(ofHost host: String) -> String {
    let labels = host.lowercased().split(separator: ".").map(String.init)
    guard labels.count >= 2 else { return host.lowercased() }
    let suffix = labels.suffix(2).joined(separator: ".")
    if twoLabelSuffixes.contains(suffix), labels.count >= 3 { return labels[labels.count - 3] }
    return labels[labels.count - 2]
  }

  static func isHeldOut(host: String) -> Bool {
    fnv1a(site(ofHost: host)) % 3 == 0
  }

  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}

/// How a read field is compared with the expected one: strictly (whitespace normalised, the
/// comparison the page reader was first measured by, kept so figures stay comparable) and
/// leniently (`lenient(_:)`, written down in docs/measurements.md).
enum PageScoring {
  /// The text a lenient comparison compares: vulgar fractions written as "1/2" ("1½" and
  /// "1 ½" both "1 1/2"), case folded, invisible format characters (zero-width spaces, byte
  /// order marks, soft hyphens) dropped, and every other character that is not a letter, a
  /// digit, "/" or a decimal point or comma between digits read as a space, so punctuation,
  /// brackets, dashes, quotes and bullets don't count. With `droppingBrackets`, what is inside
  /// round or square brackets is left out too. A number and a word written together are two
  /// words ("400g" is "400 g"), and a number is compared by its value ("0.5" matches "1/2").
  static func lenient(_ text: String, droppingBrackets: Bool = false) -> String {
    var out = ""
    var depth = 0
    // "pound(s)" is "pound": a plural written as a choice.
    let characters = Array(text.replacingOccurrences(of: "(s)", with: ""))
    for (index, character) in characters.enumerated() {
      if character == "(" || character == "[" {
        depth += 1
        out.append(" ")
        continue
      }
      if character == ")" || character == "]" {
        depth = max(0, depth - 1)
        out.append(" ")
        continue
      }
      if droppingBrackets, depth > 0 { continue }
      if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) {
        continue
      }
      if let fraction = fractions[character] {
        out += " " + fraction + " "
        continue
      }
      if character.isLetter || character.isNumber || character == "/" || character == "⁄" {
        out += character == "⁄" ? "/" : character.lowercased()
        continue
      }
      let betweenDigits =
        index > 0 && index + 1 < characters.count && characters[index - 1].isNumber
        && characters[index + 1].isNumber
      out.append(betweenDigits && (character == "." || character == ",") ? character : " ")
    }
    var tokens: [String] = []
    for word in out.split(whereSeparator: \.isWhitespace) {
      // "400g" is "400 g"; a number is its value, so "0.5", "0,5" and "1/2" match, as do
      // "225.0" and "225".
      var current = ""
      for character in word {
        if let last = current.last, last.isNumber != character.isNumber,
          !"/.,".contains(character), !"/.,".contains(last)
        {
          tokens.append(current)
          current = ""
        }
        current.append(character)
      }
      tokens.append(current)
    }
    return tokens.map { units[$0] ?? number($0) }.joined(separator: " ")
  }

  /// A yield that counts servings, in any of the pages' languages, as "N servings": "Serves
  /// 4", "Servings: 4", "4 porcií" and "4 servings" are one yield. Anything else is as
  /// written ("4 pints", "serves 4 to 6").
  static func servings(_ text: String) -> String {
    let words = lenient(text).split(separator: " ").map(String.init)
    guard words.count == 2 else { return text }
    let (first, second) = (words[0], words[1])
    if Double(first) != nil, servingWords.contains(second) { return "\(first) servings" }
    if servingWords.contains(first), Double(second) != nil { return "\(second) servings" }
    return text
  }

  /// Words that count servings on the saved pages: English, then the other languages'.
  private static let servingWords: Set<String> = [
    "serves", "serving", "servings", "portion", "portions", "people", "persons",
    "portionen", "personen", "porcií", "porcie", "porciones", "porções", "porzioni", "personnes",
    "portioner", "porties", "porcje", "adag",
  ]

  /// A unit written long or short is one word ("tablespoon" and "tbsp", "grams" and "g"):
  /// pages write the one their list shows and their markup the other.
  private static let units: [String: String] = {
    let spellings: [String: [String]] = [
      "tbsp": ["tablespoon", "tablespoons", "tbs", "tbsps", "tbl", "tbls", "tblsp"],
      "tsp": ["teaspoon", "teaspoons", "tsps"],
      "g": ["gram", "grams", "gramm", "gm", "gms", "gr", "grs"],
      "kg": ["kilogram", "kilograms", "kilo", "kilos", "kgs"],
      "ml": ["milliliter", "milliliters", "millilitre", "millilitres"],
      "l": ["liter", "liters", "litre", "litres"],
      "oz": ["ounce", "ounces", "ozs"],
      "lb": ["lbs", "pound", "pounds"],
      "cup": ["cups", "c"],
    ]
    var map: [String: String] = [:]
    for (unit, others) in spellings {
      for other in others { map[other] = unit }
    }
    return map
  }()

  /// A number's value written one way ("0.5" for "1/2", "0,5" and "0.50"), else the token.
  private static func number(_ token: String) -> String {
    let parts = token.split(separator: "/", omittingEmptySubsequences: false)
    let values = parts.map { Double($0.replacingOccurrences(of: ",", with: ".")) }
    guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return token }
    var value = values[0]!
    if values.count == 2, values[1]! != 0 {
      value /= values[1]!
    } else if values.count != 1 {
      return token
    }
    return String(format: "%g", (value * 1000).rounded() / 1000)
  }

  private static let fractions: [Character: String] = [
    "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5",
    "⅗": "3/5", "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8",
    "⅞": "7/8",
  ]

  static func strict(_ text: String) -> String {
    RecipeText.normalizedWhitespace(text)
  }

  static func normalized(_ text: String, _ isLenient: Bool) -> String {
    isLenient ? lenient(text) : strict(text)
  }

  /// Whether two texts match; nil matches nil (and an empty text). Leniently, a note in
  /// brackets on one side only does not count either, nor does a space between two words
  /// ("robot oubatteur" is "robot ou batteur": a page's inline tags joined without one).
  static func matches(_ got: String?, _ want: String?, lenient isLenient: Bool) -> Bool {
    let (got, want) = (got ?? "", want ?? "")
    if normalized(got, isLenient) == normalized(want, isLenient) { return true }
    guard isLenient else { return false }
    if joiningWords(lenient(got)) == joiningWords(lenient(want)) { return true }
    return lenient(got, droppingBrackets: true) == lenient(want, droppingBrackets: true)
  }

  /// Whether two lists match line by line; a leniently empty line is left out of both. With
  /// `steps`, leniently, a line's own number at its start doesn't count ("1. Preheat", "Step 1
  /// Preheat" and "Preheat" match as the first step).
  static func matches(
    _ got: [String], _ want: [String], lenient isLenient: Bool, steps: Bool = false
  ) -> Bool {
    let a = got.filter { !normalized($0, isLenient).isEmpty }
    let b = want.filter { !normalized($0, isLenient).isEmpty }
    guard a.count == b.count else { return false }
    return zip(a, b).enumerated().allSatisfy { index, pair in
      if matches(pair.0, pair.1, lenient: isLenient) { return true }
      guard isLenient, steps else { return false }
      return matches(
        withoutNumber(pair.0, index + 1), withoutNumber(pair.1, index + 1), lenient: true)
    }
  }

  /// `text` leniently, without the words joined by a space: a number stays a word of its own.
  private static func joiningWords(_ text: String) -> String {
    var out = ""
    var lastWasWord = false
    for token in text.split(separator: " ") {
      let isWord = token.allSatisfy(\.isLetter)
      if !(out.isEmpty || (isWord && lastWasWord)) { out += " " }
      out += token
      lastWasWord = isWord
    }
    return out
  }

  /// A step's text without its number `position` at the start, alone or after a word naming
  /// it a step ("Step 1", "Étape 1", "Stap 1").
  private static func withoutNumber(_ text: String, _ position: Int) -> String {
    let tokens = lenient(text).split(separator: " ")
    let number = String(position)
    if tokens.first.map(String.init) == number { return tokens.dropFirst().joined(separator: " ") }
    if tokens.count > 1, stepWords.contains(String(tokens[0])), String(tokens[1]) == number {
      return tokens.dropFirst(2).joined(separator: " ")
    }
    return text
  }

  /// "Step" in the pages' languages.
  private static let stepWords: Set<String> = [
    "step", "stap", "schritt", "étape", "etape", "paso", "passo", "passaggio", "krok", "steg",
    "trin", "vaihe", "lépés", "adım", "βήμα", "шаг", "korak", "pas",
  ]
}
