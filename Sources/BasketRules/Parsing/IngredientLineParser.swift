/// Understands one ingredient line ("2 (14-ounce) cans chopped tomatoes, drained") into an
/// `IngredientLine`: quantity with optional range, unit, name, preparation, note, optional
/// flag and alternatives. Deterministic, no model; about a microsecond per line.
///
/// A line it cannot read confidently comes back with `uncertain` set and its text kept, so the
/// review can ask instead of guessing.
public enum IngredientLineParser {
  /// What a line in an ingredient list is: a heading over the lines below it, or an ingredient.
  public enum Reading: Equatable, Sendable {
    case heading(String)
    case ingredient(IngredientLine)
  }

  /// A parsed line, and the name phrase as written before alternatives were split off
  /// ("chicken or vegetable stock" for name "chicken stock"), with and without the preparation
  /// read before it ("chopped parsley or chives", and "parsley or chives" as `choicePhrase`).
  public struct Detailed: Equatable, Sendable {
    public var line: IngredientLine
    public var namePhrase: String
    public var choicePhrase: String
    /// The first amount as written, when a measure added to it with "plus" (or taken away
    /// with "less") was counted into the quantity: 1 of "1 cup plus 2 tablespoons", whose
    /// quantity is 1⅛ cups.
    public var firstAmount: Double? = nil
  }

  /// Reads a line of an ingredient list: "For the sauce:" is a heading, anything else an
  /// ingredient.
  public static func read(_ text: String) -> Reading {
    if let heading = heading(in: text) { return .heading(heading) }
    return .ingredient(parse(text))
  }

  /// Reads `text` as an ingredient.
  public static func parse(_ text: String) -> IngredientLine {
    parseDetailed(text).line
  }

  /// Prices a page prints beside a line ("$0.16") go to its note, never its name
  /// (`PriceNotes`); the line's text stays as written.
  public static func parseDetailed(_ text: String) -> Detailed {
    let (rest, prices) = PriceNotes.split(text)
    var reader = LineReader(rest)
    var detailed = reader.run()
    guard !prices.isEmpty else { return detailed }
    detailed.line.text = String(text.trimmingCharacters())
    detailed.line.note = ([detailed.line.note].compactMap { $0 } + prices).joined(separator: ", ")
    return detailed
  }

  /// The heading `text` is, if it is one: a short line without digits that ends in a colon
  /// ("Marinade:") or begins with "For" ("For the sauce"). Returned without the colon.
  public static func heading(in text: String) -> String? {
    var trimmed = Substring(text.trimmingCharacters())
    while let first = trimmed.first, "#*_•-–—▢□☐".contains(first) {
      trimmed = String(trimmed.dropFirst()).trimmingCharacters()
    }
    while let last = trimmed.last, "*_".contains(last) {
      trimmed = trimmed.dropLast()
    }
    guard !trimmed.isEmpty, trimmed.count <= 60,
      !trimmed.contains(where: { $0.isNumber })
    else { return nil }
    let words = trimmed.split(separator: " ")
    if trimmed.hasSuffix(":") {
      let heading = String(String(trimmed.dropLast()).trimmingCharacters())
      return words.count <= 8 && !heading.isEmpty ? heading : nil
    }
    let letters = trimmed.filter({ $0.isLetter })
    if letters.count >= 4, letters.allSatisfy({ $0.isUppercase }), words.count <= 6 {
      return String(trimmed)  // "MASHED POTATOES", "TO SERVE"
    }
    let lower = trimmed.lowercased()
    if lower.hasPrefix("for ") && words.count <= 7 && !trimmed.contains(",")
      && !lower.hasSuffix(" to taste")
    {
      return String(trimmed)
    }
    return nil
  }
}

/// The grammar, over the tokens of one line. What it has read so far sits in a few small
/// values: the quantity (`stated`), what the line says besides the food and its amount
/// (`remarks`), and what the flag looks at (`signals`); `index` is the token it reads next.
package struct LineReader {
  package typealias Vocabulary = IngredientVocabulary

  package let text: String
  package let tokenizer: IngredientTokenizer
  package let tokens: [IngredientToken]
  /// The token read next.
  package var index = 0
  /// Tokens the name skips: a measure written again after it ("1 cup milk 250 mL, warmed").
  package var skipped = 0..<0
  package var stated = Stated()
  package var remarks = Remarks()
  package var signals = Signals()
  package var name = ""
  /// The name with its alternatives as written, after the preparation before it.
  package var choicePhrase = ""

  package init(_ text: String) {
    self.text = String(text.trimmingCharacters())
    tokenizer = IngredientTokenizer(self.text)
    tokens = tokenizer.tokens
  }

  // MARK: - The line

  package mutating func run() -> IngredientLineParser.Detailed {
    skipBullets()
    if word(index) == "optional" {
      remarks.optional = true
      index += 1
      if punctuation(index, ":") || punctuation(index, "-") { index += 1 }
    }
    readPartOf()
    if stated.amount == nil { readLeadingQuantity() }
    var end = tokens.count
    if stated.amount == nil && stated.unit == nil, let start = readTrailingQuantity() {
      end = start
    } else if stated.amount == nil && stated.unit == nil {
      readAmountAfterName()
    } else if stated.amount != nil {
      readMeasureAfterName()
    }
    signals.readTrailing = end < tokens.count
    if tokens.contains(where: { $0.kind == .badNumber }) { remarks.uncertain = true }
    signals.restStart = index
    let namePhrase = readRest(from: index, to: end)
    stated.takeOnlyEquivalent()
    if stated.isImplausible || doubtsReading() { remarks.uncertain = true }
    let quantity = stated.quantity
    let line = IngredientLine(
      text: text, quantity: quantity, name: name, preparation: remarks.preparation,
      note: remarks.note, optional: remarks.optional, uncertain: remarks.uncertain || name.isEmpty,
      alternatives: remarks.alternatives, size: stated.size, packSize: stated.packSize,
      equivalents: stated.equivalents, vagueUnit: quantity == nil ? stated.vagueUnit : nil)
    return .init(
      line: line, namePhrase: namePhrase, choicePhrase: choicePhrase,
      firstAmount: stated.firstAmount)
  }

  mutating func skipBullets() {
    while index < tokens.count, case .punctuation(let mark) = tokens[index].kind,
      "-*•·▪▫◦‣⁃▢□☐■●○✓✔>".unicodeScalars.contains(mark)
    {
      index += 1
    }
  }

  // MARK: - Token helpers

  package func word(_ position: Int) -> String? {
    guard position >= 0, position < tokens.count, tokens[position].isWord else { return nil }
    return tokens[position].lower
  }

  package func punctuation(_ position: Int, _ mark: Unicode.Scalar) -> Bool {
    position >= 0 && position < tokens.count && tokens[position].isPunctuation(mark)
  }
}
