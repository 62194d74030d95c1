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

/// The grammar, over the tokens of one line.
package struct LineReader {
  package typealias Vocabulary = IngredientVocabulary

  package let text: String
  package let tokenizer: IngredientTokenizer
  package let tokens: [IngredientToken]
  package var index = 0
  package var amount: Double?
  package var maxAmount: Double?
  package var unit: KitchenUnit?
  package var size: String?
  package var packSize: IngredientQuantity?
  package var equivalents: [IngredientQuantity] = []
  package var notes: [String] = []
  package var preparations: [String] = []
  package var alternatives: [String] = []
  package var optional = false
  package var uncertain = false
  /// Tokens the name skips: a measure written again after it ("1 cup milk 250 mL, warmed").
  package var skipped = 0..<0
  /// Whether "a" or "an" opened the line's amount ("a 500g tub yogurt" is one tub).
  package var countedByArticle = false
  /// The unit of an amount given without a number ("Several sprigs fresh thyme").
  package var vagueUnit: KitchenUnit?
  /// Whether "each" followed the amount: the foods listed after it share it ("1 tsp each ground
  /// cumin, coriander and turmeric").
  package var amountForEach = false

  package init(_ text: String) {
    self.text = String(text.trimmingCharacters())
    tokenizer = IngredientTokenizer(self.text)
    tokens = tokenizer.tokens
  }

  // MARK: - The line

  package mutating func run() -> IngredientLineParser.Detailed {
    skipBullets()
    if word(index) == "optional" {
      optional = true
      index += 1
      if punctuation(index, ":") || punctuation(index, "-") { index += 1 }
    }
    readPartOf()
    if amount == nil { readLeadingQuantity() }
    var end = tokens.count
    if amount == nil && unit == nil, let start = readTrailingQuantity() {
      end = start
    } else if amount == nil && unit == nil {
      readAmountAfterName()
    } else if amount != nil {
      readMeasureAfterName()
    }
    readTrailing = end < tokens.count
    if tokens.contains(where: { $0.kind == .badNumber }) { uncertain = true }
    restStart = index
    let namePhrase = readRest(from: index, to: end)
    if amount == nil, unit == nil, packSize == nil, !equivalents.isEmpty {
      // "Maple syrup to taste (about 1 1/2 tablespoons)": the only amount given
      let only = equivalents.removeFirst()
      amount = only.amount
      maxAmount = only.maxAmount
      unit = only.unit
    }
    if let value = amount, value > 100_000 || (maxAmount ?? 0) > 100_000 { uncertain = true }
    if doubtsReading() { uncertain = true }
    let quantity = amount.map { IngredientQuantity(amount: $0, maxAmount: maxAmount, unit: unit) }
    let line = IngredientLine(
      text: text, quantity: quantity, name: name, preparation: joined(preparations),
      note: joined(notes), optional: optional, uncertain: uncertain || name.isEmpty,
      alternatives: alternatives, size: size, packSize: packSize, equivalents: equivalents,
      vagueUnit: quantity == nil ? vagueUnit : nil)
    return .init(
      line: line, namePhrase: namePhrase, choicePhrase: choicePhrase, firstAmount: firstAmount)
  }

  package var name = ""
  /// The first amount as written, when an added measure was counted into `amount`.
  package var firstAmount: Double?
  /// The tokens of the name, for the flag's features.
  package var namePositions: [Int] = []
  /// Where the words after the leading amount start, and whether an amount closed the line.
  package var restStart = 0
  package var readTrailing = false
  /// The first tokens of segments after a comma read as notes without a word that opens one
  /// ("sugar and candied beads"), for the flag's features.
  package var plainNoteStarts: [Int] = []
  /// Whether a segment read as a preparation holds "other", as in "striped bass or other fish
  /// fillets": another food, for the flag.
  package var otherFoodAsPreparation = false
  /// Whether what followed the first comma was joined to the name as a list ("Salt, white
  /// pepper, sugar and sea salt"), for the flag.
  package var mergedDescribingList = false
  /// The name with its alternatives as written, after the preparation before it.
  package var choicePhrase = ""

  private func joined(_ parts: [String]) -> String? {
    let kept = parts.filter { !$0.isEmpty }
    return kept.isEmpty ? nil : kept.joined(separator: ", ")
  }

  private mutating func skipBullets() {
    while index < tokens.count, case .punctuation(let mark) = tokens[index].kind,
      "-*•·▪▫◦‣⁃▢□☐■●○✓✔>".unicodeScalars.contains(mark)
    {
      index += 1
    }
  }

  // MARK: - Quantity at the start

  /// "Juice of 1 lime", "The zest of two lemons", "Leaves from 4 sprigs thyme": the fruit or
  /// the herb is what you buy; the part goes to the preparation and the amount is read after it.
  private mutating func readPartOf() {
    var cursor = index
    if word(cursor) == "the" { cursor += 1 }
    let first = cursor
    while let part = word(cursor),
      Vocabulary.partsBeforeFood.contains(part) || Vocabulary.prepWords.contains(part)
        || Vocabulary.prepAdverbs.contains(part),
      cursor - first < 7
    {
      // "Minced zest of 1 lemon", "Roots and stems from 1/2 bunch coriander", "Grated zest and
      // freshly squeezed juice of 1 orange"
      cursor += 1
    }
    guard (first..<cursor).contains(where: { word($0).map(Vocabulary.partWords.contains) ?? false })
    else { return }
    if word(cursor) == "of" || word(cursor) == "from", range(at: cursor + 1) != nil {
      preparations.append(tokenizer.text(first, cursor))
      index = cursor + 1
    } else if range(at: cursor) != nil,
      (first..<cursor).contains(where: { ["juice", "zest", "rind", "peel"].contains(word($0)) })
    {
      preparations.append(tokenizer.text(first, cursor - 1))  // "zest and juice 1 lemon"
      index = cursor
    }
  }

  private mutating func readLeadingQuantity() {
    readQualifiers()
    if word(index) == "a" || word(index) == "an", index + 1 < tokens.count,
      tokens[index + 1].number != nil
    {
      index += 1  // "A 1/2 pound avocado"
      countedByArticle = true
    }
    if let (low, high, next) = range(at: index) {
      amount = low
      maxAmount = high
      index = next
      if punctuation(index, "-"), !isHyphenatedUnit(index) {
        uncertain = true  // "1- cup": a range or a unit lost its other half
        index += 1
      }
      readOrMore()  // "3 or more drops"
      if word(index) == "of", word(index + 1) == "a" || word(index + 1) == "an",
        index + 2 < tokens.count,
        tokens[index + 2].number != nil || unitAt(index + 2, afterNumber: true) != nil
      {
        index += 2  // "3/4 of a pound of beets", "1/2 of a 1-pound package of tofu"
      }
    } else if var next = vaguePhrase(at: index) {
      var note = tokenizer.text(index, next - 1)
      let sized = sizePhrase(at: next)
      if let (found, after) = unitAt(sized ?? next, afterNumber: true), found.family == .count,
        word(after) != nil
      {
        // "A few drops of lemon juice", "Several sprigs fresh thyme", "Several large sprigs"
        if let end = sized {
          size = tokenizer.text(next, end - 1)
          note += " " + tokenizer.text(end, after - 1)
        } else {
          note = tokenizer.text(index, after - 1)
        }
        next = after
        vagueUnit = found
      }
      notes.append(note)
      index = next
      if word(index) == "of" { index += 1 }
      return
    } else if let lead = word(index),
      isSizeWord(lead) || Vocabulary.qualifiers.contains(lead),
      index + 1 < tokens.count, tokens[index + 1].lower.count > 2,
      let (found, next) = unitAt(index + 1, afterNumber: false), next < tokens.count,
      tokens[next].isWord
    {
      // "Generous pinch cayenne", "Small bunch of dill", "Scant cup walnuts", "thumb-sized
      // piece ginger": one, unwritten
      if isSizeWord(lead) {
        size = tokenizer.text(index, index)
      } else {
        notes.append(tokenizer.text(index, index))
      }
      amount = 1
      unit = found
      index = next
      if word(index) == "of" { index += 1 }
      return
    } else if let (found, next) = unitAt(index, afterNumber: false), next < tokens.count,
      tokens[index].lower.count > 2, tokens[next].isWord
    {
      amount = 1  // "Pinch of salt", "pound elbow macaroni": one, unwritten
      unit = found
      index = next
      readEach()  // "Pinch each salt and pepper"
      if word(index) == "of" { index += 1 }
      return
    } else {
      return
    }
    var pendingPack: IngredientQuantity?
    while index < tokens.count {
      let token = tokens[index]
      if token.lower == "x" || token.isPunctuation("*"),
        let (pack, next) = measuredAmount(at: index + 1)
      {
        packSize = pack  // "1 x 400 g tin", "2 x 400g cans"
        index = next
        // "2 x 150g/5½oz duck breasts", "4 x 200g (6½-ounce) salmon fillets": the pack's size
        // in other units, so the line's amount in them is the count of packs times it (11 oz)
        let other =
          punctuation(index, "/")
          ? compoundAmount(at: index + 1) : parenthesisedAmount(at: index)
        if let (other, after) = other {
          if let count = amount, maxAmount == nil, other.unit != nil, other.maxAmount == nil {
            equivalents.append(IngredientQuantity(amount: count * other.amount, unit: other.unit))
          }
          index = after
        }
      } else if token.isPunctuation("("), let (inner, next) = parenthesisedAmount(at: index) {
        if inner.unit?.family == .length {
          let written = tokenizer.text(index + 1, next - 2)  // "1 (3-inch) cinnamon stick"
          size = size.map { $0 + " " + written } ?? written
        } else {
          pendingPack = inner  // "2 (14-ounce) cans", "2 (8 ounce) steaks"
        }
        index = next
      } else if token.number != nil, let next = cutShape(at: index) {
        let written = tokenizer.text(index, next - 1)  // "4 1-inch-thick chunks": the cut
        size = size.map { $0 + " " + written } ?? written
        index = next
      } else if token.number != nil, let (pack, next) = measuredAmount(at: index) {
        pendingPack = pack  // "2 14-ounce cans", "1 28 oz can"
        index = next
      } else if token.isWord, let (pack, next) = wordedMeasure(at: index) {
        pendingPack = pack  // "2 one-pound pork tenderloins", "1 half-inch piece"
        index = next
      } else if let next = sizePhrase(at: index) {
        let written = tokenizer.text(index, next - 1)  // "large", "very thin", "medium to large"
        size = size.map { $0 + " " + written } ?? written
        index = next
        if punctuation(index, ",") && unitAt(index + 1, afterNumber: false) == nil {
          index += 1  // "1 large, ripe avocado" keeps reading the name
        }
      } else if Vocabulary.qualifiers.contains(token.lower) && token.lower != "up"
        || Vocabulary.fills.contains(token.lower)
          && unitAt(index + 1, afterNumber: true)?.0.family == .volume
      {
        notes.append(tokenizer.text(index, index))
        index += 1
      } else if token.lower == "whole", let (counted, next) = unitAt(index + 1, afterNumber: true),
        counted.family == .count, !Vocabulary.foodUnits.contains(counted.id), word(next) != nil
      {
        preparations.append(tokenizer.text(index, index))  // "2 whole cloves garlic"
        index += 1
      } else if pendingPack == nil, let (pack, counted, end) = describedPack(at: index) {
        // "1 whole 3-pound chicken", "1 trimmed 3-ounce piece of ginger": the word before the
        // size of each stays with the name, which reads on past the size
        pendingPack = pack
        unit = counted
        skipped = index + 1..<end
        break
      } else {
        break
      }
    }
    if size != nil, word(index) == "or", let (_, _, next) = range(at: index + 1) {
      var cursor = next
      while cursor < tokens.count, Vocabulary.sizes.contains(tokens[cursor].lower) { cursor += 1 }
      if cursor > next {
        notes.append(tokenizer.text(index, cursor - 1))  // "1 large or 2 medium courgettes"
        index = cursor
      }
    }
    if word(index) == "a" || word(index) == "an", let low = amount, low < 1,
      unitAt(index + 1, afterNumber: true) != nil
    {
      index += 1  // "½ a bunch of mint", "half a cup"
    }
    if let (found, next) = unitAt(index, afterNumber: true), !isChoiceOfNames(found, next) {
      unit = found
      index = next
      readAfterUnit()
      readOrMore()  // "3/4 cup or more of butter"
      readContainer()  // "12-ounce jar apricot preserves"
      if let (cut, next) = cutAfterMeasure(at: index) {
        preparations.append(tokenizer.text(index, cut - 1))  // "2 cups 1/2-inch cubes bread"
        index = next
      }
      if found.family == .length || found.family == .mass,
        let (piece, after) = unitAt(index, afterNumber: true), piece.id == "piece"
      {
        // "4cm/1½in piece galangal" is 4 cm of galangal, one piece; "1kg piece pork shoulder"
        equivalents.append(IngredientQuantity(amount: 1, unit: piece))
        index = after
      }
      readEach()  // "2 tbsp each chopped chives and tarragon"
      if punctuation(index, ","), ["plus", "less", "minus"].contains(word(index + 1) ?? ""),
        let next = measureAfterPlus(at: index + 2), word(next) != nil
      {
        // "1/2 cup, plus 1 tablespoon lime juice"
        if !addMeasure(at: index + 2, taking: word(index + 1) != "plus") {
          notes.append(tokenizer.text(index + 1, next - 1))
        }
        index = next
      }
    } else if amount != nil {
      readEach()  // "4 each yellow onions", "1 each red and green peppers"
    }
    if let pack = pendingPack {
      if unit == nil || unit?.family == .count {
        packSize = packSize ?? pack
      } else {
        equivalents.append(pack)
      }
    }
    if let found = unit, let (again, next) = unitAt(index, afterNumber: false), again == found {
      index = next  // "1½ lb pounds"
    }
    if word(index) == "of" || word(index) == "for" && unit?.id == "recipe" {
      index += 1  // "1 recipe for white-bread dough"
    }
    if unit == nil, word(index) == "a" || word(index) == "an", word(index + 1) != nil {
      index += 1  // "½ a butternut squash"
    }
  }

  /// Whether the count unit `found`, read just before `next`, is the first of two names joined by
  /// "or" ("4 rib or loin chops") rather than the line's unit ("2 cloves or 1 teaspoon garlic",
  /// "1 bunch or bag of spinach").
  private func isChoiceOfNames(_ found: KitchenUnit, _ next: Int) -> Bool {
    guard found.family == .count, word(next) == "or", let other = word(next + 1) else {
      return false
    }
    return Vocabulary.numberWords[other] == nil && unitAt(next + 1, afterNumber: true) == nil
      && !Vocabulary.sizes.contains(other)
  }

  /// "each" after the amount: the foods listed after it share it.
  private mutating func readEach() {
    guard word(index) == "each", word(index + 1) != nil else { return }
    notes.append(tokenizer.text(index, index))
    index += 1
    amountForEach = true
  }

  /// A container right after a measure that opens the line. Hyphenated or after "a", the
  /// measure is the container's size: "12-ounce jar apricot preserves" and "a 500g tub yogurt"
  /// are one jar of 12 oz and one tub of 500 g. Otherwise the measure is the amount and the
  /// container the same amount counted: "400g tin chopped tomatoes", "28 ounce can tomatoes",
  /// "12 oz (340g) bag of shrimp" (from 5 December 2026).
  private mutating func readContainer() {
    guard packSize == nil, maxAmount == nil, let measured = unit,
      measured.family == .mass || measured.family == .volume,
      let low = amount, let (container, next) = unitAt(index, afterNumber: true),
      Vocabulary.containers.contains(container.id), word(next) != nil
    else { return }
    let bracketed = tokens[..<index].contains(where: { $0.isPunctuation("(") })
    if countedByArticle || tokens[..<index].contains(where: { $0.isDash }) {
      guard !bracketed else { return }
      packSize = IngredientQuantity(amount: low, unit: measured)
      amount = 1
      unit = container
    } else {
      guard !bracketed || punctuation(index - 1, ")") else { return }
      equivalents.append(IngredientQuantity(amount: 1, unit: container))
    }
    index = next
  }

  /// The cut of what a volume or weight measures, written between it and the food: "1/2-inch
  /// cubes", "1/4-inch-thick slices of", "1/4-inch wide", "1/2-inch diced" (from 6 December
  /// 2026). Where the cut ends, and where the name starts.
  private func cutAfterMeasure(at position: Int) -> (Int, Int)? {
    guard let measured = unit, measured.family == .volume || measured.family == .mass,
      position < tokens.count, tokens[position].number != nil
    else { return nil }
    var end: Int
    var shaped = false
    if let next = cutShape(at: position) {
      (end, shaped) = (next, true)
    } else if let (length, next) = measuredAmount(at: position), length.maxAmount == nil,
      length.unit?.family == .length
    {
      end = next
    } else {
      return nil
    }
    if let shape = word(end), Vocabulary.shapes.contains(shape) {
      (end, shaped) = (end + 1, true)
    }
    if let cut = word(end), Vocabulary.portionWords.contains(cut) || isParticiple(cut) {
      (end, shaped) = (end + 1, true)
    }
    let start = word(end) == "of" ? end + 1 : end
    guard shaped, word(start) != nil else { return nil }
    return (end, start)
  }

  /// A describing word at `position` and, after it, the size of each thing counted and perhaps
  /// a count unit: "whole 3-pound", "baked 9-inch", "trimmed 3-ounce piece of" (from 6 December
  /// 2026). The size, the unit, and where the name reads on.
  private func describedPack(at position: Int) -> (IngredientQuantity, KitchenUnit?, Int)? {
    guard let lead = word(position), isAdjective(lead), unitAt(position, afterNumber: true) == nil,
      position + 1 < tokens.count, tokens[position + 1].number != nil,
      let (pack, next) = measuredAmount(at: position + 1), word(next) != nil
    else { return nil }
    guard let (counted, after) = unitAt(next, afterNumber: true), counted.family == .count,
      word(after) != nil
    else { return (pack, nil, next) }
    return (pack, counted, word(after) == "of" ? after + 1 : after)
  }

  /// The end of a size at `position`: a size word ("large"), made stronger ("very thin",
  /// "extra large") or given as a span ("medium to large", "small or medium").
  private func sizePhrase(at position: Int) -> Int? {
    var cursor = position
    if let first = word(cursor), first == "very" || first == "extra",
      let next = word(cursor + 1), Vocabulary.sizes.contains(next)
    {
      cursor += 1
    }
    guard let size = word(cursor), isSizeWord(size) else { return nil }
    cursor += 1
    if let joiner = word(cursor), joiner == "to" || joiner == "or",
      let other = word(cursor + 1), Vocabulary.sizes.contains(other)
    {
      cursor += 2
    } else if word(cursor) == "but", let other = word(cursor + 1),
      isSizeWord(other) || Vocabulary.qualities.contains(other)
    {
      cursor += 2  // "ripe but firm"
    }
    return cursor
  }

  /// A measure written in words and joined to its unit, "one-pound", "two-inch", "half-inch":
  /// the size of each of the things counted.
  private func wordedMeasure(at position: Int) -> (IngredientQuantity, Int)? {
    guard let written = word(position), written.utf8.contains(UInt8(ascii: "-")),
      let hyphen = written.firstIndex(of: "-"),
      let value = Vocabulary.numberWords[String(written[..<hyphen])], value >= 0.25,
      let unit = KitchenUnit.spelled(String(written[written.index(after: hyphen)...])),
      unit.family != .count
    else { return nil }
    return (IngredientQuantity(amount: value, unit: unit), position + 1)
  }

  /// The end of a cut's shape at `position`, "1-inch-thick", "1/2-inch-long": a number, a hyphen
  /// and one word of a length unit and a shape.
  private func cutShape(at position: Int) -> Int? {
    guard let (_, next) = amountAt(position, hyphenMixes: true), punctuation(next, "-"),
      !tokens[next].spaced, let joined = word(next + 1), !tokens[next + 1].spaced,
      let hyphen = joined.firstIndex(of: "-"),
      Vocabulary.shapes.contains(String(joined[joined.index(after: hyphen)...])),
      KitchenUnit.spelled(String(joined[..<hyphen]))?.family == .length
    else { return nil }
    return next + 2
  }

  /// Dual units and ranges that follow a unit: "200g/7oz", "1 cup (240 ml)", "200-250 g".
  private mutating func readAfterUnit() {
    while index < tokens.count {
      if punctuation(index, "/"), let (other, next) = compoundAmount(at: index + 1) {
        equivalents.append(other)  // "200g/7oz", "900g/2lb 3oz"
        index = next
      } else if let current = unit, let low = amount, maxAmount == nil,
        let (extra, next) = smallerPart(of: current, at: index)
      {
        amount = low + extra  // "2lb 3oz" is 2.1875 lb
        index = next
      } else if punctuation(index, "("), let (other, next) = parenthesisedAmount(at: index) {
        if other.unit?.family == .length && unit?.family != .length {
          notes.append(tokenizer.text(index + 1, next - 2))  // "3/4 cup (1/2 inch) dried fruits"
        } else if unit?.family == .count && packSize == nil && other.unit != nil {
          packSize = other  // "1 can (14 oz) tomatoes"
        } else if other.unit != nil {
          equivalents.append(other)
        } else {
          notes.append(tokenizer.text(index + 1, next - 2))
        }
        index = next
      } else if (punctuation(index, "-") || word(index) == "to") && maxAmount == nil,
        let (other, next) = measuredAmount(at: index + 1), let current = unit,
        let otherUnit = other.unit, otherUnit.family == .mass || otherUnit.family == .volume,
        let high = otherUnit.convert(other.amount, to: current),
        let low = amount, high > low
      {
        maxAmount = high  // "200g-250g", "800g-1kg" (800-1000 g)
        index = next
      } else if word(index) == "or", let (other, afterAmount) = amountAt(index + 1),
        index + 1 < tokens.count, tokens[index + 1].number != nil,
        let (otherUnit, next) = unitAt(
          sizePhrase(at: afterAmount) ?? afterAmount, afterNumber: true)
      {
        // "or 1 stick", "2 heads or 1 large head garlic"
        equivalents.append(IngredientQuantity(amount: other, unit: otherUnit))
        index = next
      } else if word(index) == "or", unit?.family == .count,
        let (otherUnit, next) = unitAt(index + 1, afterNumber: true), otherUnit.family == .count,
        word(next) != nil
      {
        notes.append(tokenizer.text(index, next - 1))  // "1 bunch or bag of spinach"
        index = next
      } else if word(index) == "or", maxAmount == nil, unit?.family == .count, let low = amount,
        let (high, next) = amountAt(index + 1), high > low, unitAt(next, afterNumber: true) == nil
      {
        maxAmount = high  // "a sprig or two of rosemary"
        index = next
      } else if ["plus", "less", "minus"].contains(word(index) ?? "") || punctuation(index, "+"),
        let next = measureAfterPlus(at: index + 1)
      {
        // "1 cup plus 2 tablespoons" is 1⅛ cups; "1 stick plus 2 tablespoons" stays a note
        if !addMeasure(at: index + 1, taking: word(index) == "less" || word(index) == "minus") {
          notes.append(tokenizer.text(index, next - 1))
        }
        index = next
      } else {
        break
      }
    }
  }

  /// Counts the measure at `position`, added with "plus" (or taken away with "less"), into the
  /// amount when both are one weight or both one volume, neither is a range, and the total is
  /// still an amount the first unit measures (what the shopping list's sums keep in the larger
  /// unit: "1 cup plus 2 tablespoons" is 1⅛ cups, but "1 cup plus 1 tablespoon" stays as
  /// written). The quantity is then what the recipe uses, so a scaled recipe and the shopping
  /// list get it whole. Returns whether it did; otherwise the measure stays a note.
  private mutating func addMeasure(at position: Int, taking: Bool) -> Bool {
    guard let (other, _) = measuredAmount(at: position), other.maxAmount == nil,
      let current = unit, let otherUnit = other.unit, maxAmount == nil, let first = amount,
      current.family == .mass || current.family == .volume,
      let added = otherUnit.convert(other.amount, to: current)
    else { return false }
    let total = taking ? first - added : first + added
    guard total > 0, KitchenAmountFormat.isKitchenFraction(total) else { return false }
    firstAmount = firstAmount ?? first
    amount = total
    return true
  }

  /// The end of a measure added with "plus": "2 tablespoons", "3 1/2 to 4 cups", "2 cloves".
  private func measureAfterPlus(at position: Int) -> Int? {
    if let (_, next) = measuredAmount(at: position) { return next }
    guard position < tokens.count,
      tokens[position].number != nil || Vocabulary.numberWords[tokens[position].lower] != nil,
      let (_, afterAmount) = amountAt(position),
      let (_, next) = unitAt(afterAmount, afterNumber: true)
    else { return nil }
    return next  // "1 head plus 2 cloves garlic"
  }

  private mutating func readQualifiers() {
    while index < tokens.count, Vocabulary.qualifiers.contains(tokens[index].lower),
      tokens[index].lower != "big", range(at: index + 1) != nil || word(index + 1) == "a"
    {
      notes.append(tokenizer.text(index, index))
      index += 1
      while punctuation(index, ".") { index += 1 }
    }
    if punctuation(index, "~") { index += 1 }
  }

  /// "or more", "or so", "or less" after an amount or its unit: a note.
  private mutating func readOrMore() {
    if word(index) == "or", let next = word(index + 1), ["more", "so", "less"].contains(next) {
      notes.append(tokenizer.text(index, index + 1))
      index += 2
    }
  }

  /// "a few", "a little", "some", "several": no amount to read, but not a name either.
  private func vaguePhrase(at position: Int) -> Int? {
    let first = word(position)
    if first == "a" || first == "an", let second = word(position + 1),
      Vocabulary.vagueAfterA.contains(second)
    {
      return position + 2
    }
    if first == "some" || first == "several" || first == "few" { return position + 1 }
    return nil
  }

  // MARK: - Quantity at the end ("Flour 200 g", "Eggs: 2")

  private mutating func readTrailingQuantity() -> Int? {
    let count = tokens.count
    guard count >= 2 else { return nil }
    // From the earliest start, so "about 1 1/4 pounds" is read whole, not as its "1/4 pounds".
    let earliest = max(index + 1, count - 6)
    guard earliest < count else { return nil }
    for start in earliest..<count {
      guard tokens[start].number != nil, let (low, high, next) = range(at: start) else {
        continue
      }
      var end = next
      var found: KitchenUnit?
      if let (trailingUnit, after) = unitAt(next, afterNumber: true) {
        found = trailingUnit
        end = after
      }
      guard end == count else { continue }
      let separated =
        punctuation(start - 1, ":") || punctuation(start - 1, "-") || punctuation(start - 1, ",")
        || word(start - 1) == "x" && start - 1 > index  // "Eggs x 3"
      guard found != nil || separated else { return nil }
      amount = low
      maxAmount = high
      unit = found
      return separated ? start - 1 : start
    }
    return nil
  }

  /// "Butter – 50g, softened", "Onions: 2 large, sliced", "Chicken thighs, 6 (skin on)",
  /// "Cayenne pepper, a pinch": a line that opens with a name of a few words and gives its
  /// amount after a colon, dash or comma, before more of the line. The amount is the line's,
  /// a size word after it its size, and the name reads on as if the amount weren't there.
  private mutating func readAmountAfterName() {
    var separator = index
    while separator < tokens.count, tokens[separator].isWord, separator - index < 5 {
      separator += 1
    }
    let spacedDash = punctuation(separator, "-") && tokens[separator].spaced
    // "Red onion 1, finely diced": the amount written straight after the name
    let bare =
      separator < tokens.count && tokens[separator].number != nil
      && !["of", "and", "or", "x", "by"].contains(word(separator - 1) ?? "")
      && !tokens[index..<separator].contains(where: { Vocabulary.nameEnders.contains($0.lower) })
    guard separator > index, separator + 1 < tokens.count,
      punctuation(separator, ":") || punctuation(separator, ",") || spacedDash || bare
    else { return }
    var cursor = bare ? separator : separator + 1
    var found: KitchenUnit?
    var low: Double
    var high: Double?
    if tokens[cursor].number != nil, let (from, to, next) = range(at: cursor) {
      (low, high, cursor) = (from, to, next)
    } else if word(cursor) == "a" || word(cursor) == "an",
      let (measure, next) = unitAt(cursor + 1, afterNumber: false), measure.family == .count
    {
      (low, found, cursor) = (1, measure, next)
    } else {
      return
    }
    var sizeStart: Int?
    if found == nil, let (measure, next) = unitAt(cursor, afterNumber: true) {
      (found, cursor) = (measure, next)
    } else if found == nil, let next = sizePhrase(at: cursor) {
      (sizeStart, cursor) = (cursor, next)
    }
    guard
      cursor == tokens.count || punctuation(cursor, ",") || punctuation(cursor, "(")
        || punctuation(cursor, ";")
    else { return }
    if let start = sizeStart { size = tokenizer.text(start, cursor - 1) }
    amount = low
    maxAmount = high
    unit = found
    skipped = separator..<cursor
  }

  /// "1 tbsp grated ginger 15 mL", "½ cup sliced leeks (about 1) 125 mL", "1 cup milk 250 mL,
  /// warmed": a weight or volume closing the name of a line that already has its amount, kept
  /// as an equivalent and left out of the name. Only before the first comma, and not after a
  /// colon, a "to" ("leaves to yield 1 tbsp") or a word that governs it ("cut into 2 cm", "plus
  /// 2 tbsp").
  private mutating func readMeasureAfterName() {
    guard skipped.isEmpty else { return }
    var count = index
    while count < tokens.count, !tokens[count].isPunctuation(","), !tokens[count].isPunctuation(";")
    {
      count += 1
    }
    guard count - index >= 3, tokens[count - 1].isWord else { return }
    for start in stride(from: count - 2, through: max(index + 1, count - 5), by: -1) {
      guard tokens[start].number != nil, tokens[start].spaced,
        let (measure, next) = measuredAmount(at: start), next == count
      else { continue }
      guard let family = measure.unit?.family, family == .mass || family == .volume,
        let before = word(start - 1) ?? (punctuation(start - 1, ")") ? ")" : nil),
        !Vocabulary.measureGoverning.contains(before),
        !tokens[index..<start].contains(where: {
          $0.isPunctuation(",") || $0.isPunctuation(";") || $0.isPunctuation(":")
            || $0.lower == "to"
        })
      else { return }
      equivalents.append(measure)
      skipped = start..<count
      return
    }
  }

  // MARK: - Amounts

  /// A measure and, after it, a smaller one of the same kind that adds to it, as one amount:
  /// "2lb 3oz" (2.1875 lb), "2 pints 2fl oz". Only read after a slash, as the other units.
  private func compoundAmount(at position: Int) -> (IngredientQuantity, Int)? {
    guard var (quantity, next) = measuredAmount(at: position) else { return nil }
    if let unit = quantity.unit, quantity.maxAmount == nil,
      let (extra, after) = smallerPart(of: unit, at: next)
    {
      quantity.amount += extra
      next = after
    }
    return (quantity, next)
  }

  /// The ounces of "2lb 3oz" or the fluid ounces of "2 pints 2fl oz", at `position`, in `unit`.
  private func smallerPart(of unit: KitchenUnit, at position: Int) -> (Double, Int)? {
    guard position < tokens.count, tokens[position].number != nil,
      let (extra, after) = measuredAmount(at: position), let extraUnit = extra.unit,
      extra.maxAmount == nil, extraUnit.id == "oz" || extraUnit.id == "fl oz",
      extraUnit.family == unit.family, extraUnit.baseFactor < unit.baseFactor
    else { return nil }
    return (extra.amount * extraUnit.baseFactor / unit.baseFactor, after)
  }

  /// An amount or a range starting at `position`: "2", "1 1/2", "2-3", "2 to 3", "1 or 2".
  private func range(at position: Int) -> (Double, Double?, Int)? {
    guard let (low, next) = amountAt(position) else { return nil }
    guard next < tokens.count else { return (low, nil, next) }
    let joiner = tokens[next]
    let isNumeric = next + 1 < tokens.count && tokens[next + 1].number != nil
    if joiner.isDash || joiner.lower == "to" || (joiner.lower == "or" && isNumeric)
      || joiner.lower == "and" && isNumeric && !tokens[next + 1].isFraction
    {
      if let (high, after) = amountAt(next + 1), high > low {
        // "2 to 3 dozen": the dozen counts both ends; "5 to 5 dozen" is no range
        let dozen = word(after - 1) == "dozen" && word(next - 1) != "dozen"
        let start = dozen ? low * 12 : low
        if high > start { return (start, high, after) }
        if high == start { return (start, nil, after) }
      }
    }
    return (low, nil, next)
  }

  /// The amount at `position`. "2 1/4-ounce" reads as 2 (of a ¼ ounce) unless `hyphenMixes`,
  /// as inside a pack size ("2 1 1/2-pound eggplants").
  private func amountAt(_ position: Int, hyphenMixes: Bool = false) -> (Double, Int)? {
    guard position < tokens.count else { return nil }
    let token = tokens[position]
    if case .number(let value, let fraction) = token.kind {
      var total = value
      var next = position + 1
      if !fraction && value == value.rounded() {
        if next < tokens.count, tokens[next].isFraction, let part = tokens[next].number, part < 1,
          hyphenMixes || !isHyphenatedUnit(next + 1) || !tokens[next].spaced
        {
          total += part  // "1 1/2", "1½", "6½-ounce"
          next += 1
        } else if next + 1 < tokens.count, tokens[next].isDash, !tokens[next].spaced,
          tokens[next + 1].isFraction, !tokens[next + 1].spaced, let part = tokens[next + 1].number,
          part < 1
        {
          total += part  // "1-1/2"
          next += 2
        } else if word(next) == "and", next + 1 < tokens.count, tokens[next + 1].isFraction,
          let part = tokens[next + 1].number, part < 1
        {
          total += part  // "1 and 1/2"
          next += 2
        }
      }
      if word(next) == "dozen" {
        total *= 12
        next += 1
      }
      return (total, next)
    }
    guard token.isWord, var value = Vocabulary.numberWords[token.lower] else { return nil }
    var next = position + 1
    switch token.lower {
    case "a", "an":
      guard let following = word(next) else { return nil }
      if Vocabulary.qualifiers.contains(following), let measure = word(next + 1),
        KitchenUnit.spelled(measure)?.family == .count
      {
        return (1, next)  // "a good glug of olive oil", "a generous pinch": the word is a note
      }
      if Vocabulary.vagueAfterA.contains(following) { return nil }
      if let inner = Vocabulary.numberWords[following], following != "a", following != "an" {
        value = inner  // "a dozen", "a half", "a couple"
        next += 1
      }
    case "half":
      if word(next) == "a" || word(next) == "an" { next += 1 }  // "half a cup"
      if word(next) == "dozen" {
        value = 6
        next += 1
      }
      return (value, next)
    case "couple", "dozen", "quarter":
      break
    default:
      if word(next) == "and", word(next + 1) == "a", word(next + 2) == "half" {
        value += 0.5  // "one and a half"
        next += 3
      } else if word(next) == "dozen" {
        value *= 12
        next += 1
      }
    }
    if token.lower == "couple" || value == 2 && word(position + 1) == "couple" {
      if word(next) == "of" { next += 1 }
    }
    return (value, next)
  }

  /// Whether `position` holds "-ounce" (a hyphen joining a number to a unit word).
  private func isHyphenatedUnit(_ position: Int) -> Bool {
    punctuation(position, "-") && !tokens[position].spaced && position + 1 < tokens.count
      && tokens[position + 1].isWord && !tokens[position + 1].spaced
  }

  /// A number with a measuring unit: "400 g", "14-ounce", "7oz", "8- to 10-pound", "3 to 4
  /// ounces". Counts don't qualify.
  private func measuredAmount(at position: Int) -> (IngredientQuantity, Int)? {
    // "2 pounds", and in words "(about two pounds)", "(about a pound)"
    guard position < tokens.count,
      tokens[position].number != nil || Vocabulary.numberWords[tokens[position].lower] != nil,
      let (value, afterAmount) = amountAt(position, hyphenMixes: true)
    else { return nil }
    var next = afterAmount
    var high: Double?
    if punctuation(next, "-"), word(next + 1) == "to" || word(next + 1) == "or" {
      next += 1  // "8- to 10-pound", "9- or 10-inch"
    }
    if punctuation(next, "-") || word(next) == "to" || word(next) == "or",
      let start = highStart(after: next), tokens[start].number != nil,
      let (top, after) = amountAt(start, hyphenMixes: true), top > value
    {
      high = top
      next = after
    }
    if high == nil, punctuation(next, "-"), !tokens[next].spaced, next + 1 < tokens.count,
      tokens[next + 1].isWord, tokens[next + 1].spaced
    {
      next += 1  // "1 14- ounce can": the hyphen lost its unit to a space
    }
    if high == nil, word(next) == "of", word(next + 1) == "a" || word(next + 1) == "an" {
      next += 2  // "(about 2/3 of an ounce)"
    }
    while let filled = word(next), Vocabulary.fills.contains(filled) {
      next += 1  // "(1 heaping cup)"
    }
    guard let (found, after) = unitAt(next, afterNumber: true), found.family != .count else {
      return nil
    }
    return (IngredientQuantity(amount: value, maxAmount: high, unit: found), after)
  }

  /// Where the top of a range starts after its joiner at `joiner`: "-10", "to 10", or "to-10"
  /// as in "16-to-18-pound" (from 6 December 2026).
  private func highStart(after joiner: Int) -> Int? {
    let start = joiner + 1
    guard word(joiner) != nil, punctuation(start, "-"), !tokens[start].spaced,
      start + 1 < tokens.count, tokens[start + 1].number != nil
    else { return start < tokens.count ? start : nil }
    return start + 1
  }

  /// Tokens `start..<end` that hold only a measure, "about 1 1/2 pounds", "8 ounces each":
  /// the measure, and whether it is per piece.
  private func measureOnly(_ start: Int, _ end: Int) -> (IngredientQuantity, Bool)? {
    var cursor = start
    var each = false
    var choice = false
    while cursor < end, let qualifier = word(cursor),
      Vocabulary.qualifiers.contains(qualifier)
        || ["each", "weighing", "at", "least", "most", "or", "so"].contains(qualifier)
    {
      if qualifier == "each" { each = true }
      if qualifier == "or" { choice = true }
      cursor += punctuation(cursor + 1, ".") ? 2 : 1  // "approx. 500g"
    }
    guard let (quantity, after) = measuredAmount(at: cursor) ?? countedAmount(at: cursor),
      after <= end
    else { return nil }
    var rest = after
    while rest < end, let filler = word(rest),
      ["each", "total", "weight", "combined", "in", "all", "per"].contains(filler)
    {
      if filler == "each" || filler == "per" { each = true }
      rest += 1
    }
    if word(rest) == "or", let bound = word(rest + 1), ["more", "less", "so"].contains(bound) {
      rest += 2  // "(3 pounds or more)"
    }
    // What the measure is once prepared: "(about 1 cup grated)", "(1/3 cup coarsely grated)";
    // not another form of the food ("or 1 teaspoon dried", "(16 ounces dried)").
    while !choice, rest < end, let filler = word(rest), isPreparationWord(filler),
      !Vocabulary.otherForms.contains(filler)
    {
      rest += 1
    }
    while rest < end, punctuation(rest, ".") { rest += 1 }
    return rest == end ? (quantity, each) : nil
  }

  /// "3 cloves", "2 to 3 ears", "3 large ribs": a count in a unit other than the line's own, the
  /// same amount stated again ("1 tablespoon chopped garlic (3 cloves)"). Only for a line that
  /// has a unit, so "2 eggs (3 large)" stays a note.
  private func countedAmount(at position: Int) -> (IngredientQuantity, Int)? {
    guard let own = unit, tokens.indices.contains(position), tokens[position].number != nil,
      let (low, high, next) = range(at: position)
    else { return nil }
    var cursor = next
    while let size = word(cursor), Vocabulary.sizes.contains(size) { cursor += 1 }
    guard let (found, after) = unitAt(cursor, afterNumber: true), found.family == .count,
      found != own
    else { return nil }
    return (IngredientQuantity(amount: low, maxAmount: high, unit: found), after)
  }

  private mutating func noteMeasure(_ start: Int, _ end: Int) {
    guard let (measure, each) = measureOnly(start, end) else { return }
    if each && packSize == nil {
      packSize = measure  // "2 ducks, about 4 1/2 pounds each"
    } else if measure.unit?.family == .length && amount != nil {
      return  // "1 cinnamon stick (about 3 inches)": how big, not how much; the note keeps it
    } else {
      equivalents.append(measure)  // "(about 3 cups)"
    }
  }

  /// "(14-ounce)", "(240 ml)", "(about 8 oz)", "(14.5 oz each)" when the brackets hold only that.
  private func parenthesisedAmount(at position: Int) -> (IngredientQuantity, Int)? {
    guard punctuation(position, "(") else { return nil }
    var cursor = position + 1
    while let qualifier = word(cursor), Vocabulary.qualifiers.contains(qualifier) {
      cursor += punctuation(cursor + 1, ".") ? 2 : 1  // "(approx. 500g)"
    }
    guard let (value, next) = amountAt(cursor), tokens[cursor].number != nil else { return nil }
    var quantity = IngredientQuantity(amount: value)
    var end = next
    if punctuation(end, "-"), word(end + 1) == "to" || word(end + 1) == "or" {
      end += 1  // "(3- to 4-pound)"
    }
    if punctuation(end, "-") || word(end) == "to" || word(end) == "or",
      let start = highStart(after: end), let (high, after) = amountAt(start), high > value
    {
      quantity.maxAmount = high
      end = after
    }
    if let (found, after) = unitAt(end, afterNumber: true) {
      quantity.unit = found
      end = after
      if quantity.maxAmount == nil, let (extra, next) = smallerPart(of: found, at: end) {
        quantity.amount += extra  // "(2lb 10oz)"
        end = next
      }
    }
    while let filler = word(end), filler == "each" || filler == "total" || filler == "can" {
      end += 1
    }
    guard punctuation(end, ")") else { return nil }
    return (quantity, end + 1)
  }

  // MARK: - Units

  /// The unit written at `position` (one to three tokens: "tbsp", "fl. oz", "fluid ounces"),
  /// skipping a joining hyphen ("14-ounce") and a trailing dot ("oz.").
  private func unitAt(_ position: Int, afterNumber: Bool) -> (KitchenUnit, Int)? {
    var start = position
    if punctuation(start, "-"), start + 1 < tokens.count,
      !tokens[start].spaced || afterNumber && start > 0 && tokens[start - 1].number != nil,
      !tokens[start + 1].spaced, tokens[start + 1].isWord
    {
      start += 1  // "14-ounce", and "4 1/2 -pound" with the space on the wrong side
    }
    guard start < tokens.count, tokens[start].isWord else { return nil }
    let first = tokens[start]
    var found: (KitchenUnit, Int)?
    if KitchenUnit.twoWordStarts.contains(first.lower), let second = nextWord(after: start) {
      let key = first.lower + " " + tokens[second].lower
      if let id = KitchenUnit.spellings[key] {
        found = (KitchenUnit(known: id), second + 1)
      }
    }
    if found == nil {
      let written = tokenizer.length(start) <= 2 ? tokenizer.text(start, start) : ""
      if let id = KitchenUnit.caseSensitiveSpellings[written] {
        guard afterNumber else { return nil }
        found = (KitchenUnit(known: id), start + 1)
      } else if (first.lower.count == 1 || first.lower == "in") && !afterNumber {
        return nil
      } else if let id = KitchenUnit.spellings[first.lower] {
        found = (KitchenUnit(known: id), start + 1)
      }
    }
    guard let (unit, foundNext) = found else { return nil }
    if unit.id == "inch", tokens[start].lower == "in", !punctuation(foundNext, "."),
      !punctuation(start - 1, "-"),
      tokens[start].spaced || start == 0 || tokens[start - 1].number == nil
    {
      return nil  // "in" is a word unless written "in.", "2-in" or "1½in"
    }
    var next = foundNext
    if next < tokens.count, tokens[next].isWord, !tokens[next].spaced { return nil }
    // "oz." but not the dot of "2.5": a number right after the dot ("1 lb. 4 oz." is spaced)
    while punctuation(next, "."),
      !(next + 1 < tokens.count && tokens[next + 1].number != nil && !tokens[next + 1].spaced)
    {
      next += 1
    }
    return (unit, next)
  }

  /// The word after `position`, stepping over one dot ("fl. oz").
  private func nextWord(after position: Int) -> Int? {
    var next = position + 1
    if punctuation(next, ".") { next += 1 }
    guard next < tokens.count, tokens[next].isWord else { return nil }
    return next
  }

  // MARK: - Name, preparation, notes

  /// Reads tokens `start..<end` after the quantity; returns the name phrase as written.
  private mutating func readRest(from start: Int, to end: Int) -> String {
    var kept: [Int] = []
    var measurePreparation: String?
    var cursor = start
    while cursor < end {
      let token = tokens[cursor]
      if skipped.contains(cursor) {
        cursor = skipped.upperBound
      } else if token.isPunctuation("(") || token.isPunctuation("[") {
        let close: Unicode.Scalar = token.isPunctuation("(") ? ")" : "]"
        var depth = 1
        var inner = cursor + 1
        while inner < end {
          if tokens[inner].isPunctuation(token.isPunctuation("(") ? "(" : "[") { depth += 1 }
          if tokens[inner].isPunctuation(close) {
            depth -= 1
            if depth == 0 { break }
          }
          inner += 1
        }
        readBracketed(Array(cursor + 1..<min(inner, end)))
        cursor = inner + 1
      } else if token.isPunctuation(")") || token.isPunctuation("]") {
        cursor += 1
      } else {
        kept.append(cursor)
        cursor += 1
      }
    }
    var segments: [[Int]] = [[]]
    var dashes = 0..<0
    for (index, position) in kept.enumerated() where !dashes.contains(index) {
      if tokens[position].isPunctuation(",") || tokens[position].isPunctuation(";") {
        segments.append([])
      } else if let run = spacedDashes(in: kept, from: index),
        segments[segments.count - 1].contains(where: { tokens[$0].isWord })
      {
        dashes = run  // "ripe tomatoes -- yellow if possible", "eggplants - the long kind"
        segments.append([])
      } else {
        segments[segments.count - 1].append(position)
      }
    }
    // An aside between the amount and the name: "3 tablespoons, plus one cup, sugar",
    // "2 ounces, approximately, of goat cheese".
    if segments.count > 2, segments[0].isEmpty, let aside = segments[1].first,
      Vocabulary.noteOpeners.contains(tokens[aside].lower),
      segments[2].contains(where: { tokens[$0].isWord })
    {
      notes.append(render(segments[1]))
      segments.removeFirst(2)
      if let first = segments[0].first, tokens[first].lower == "of" { segments[0].removeFirst() }
    }
    // "4 cups, packed, finely shredded kale": what was done to the measure, between commas
    // before the name.
    if segments.count > 2, segments[0].isEmpty, !segments[1].isEmpty,
      segments[1].allSatisfy({
        Vocabulary.prepWords.contains(tokens[$0].lower)
          || Vocabulary.prepAdverbs.contains(tokens[$0].lower)
      }), segments[2].contains(where: { tokens[$0].isWord })
    {
      measurePreparation = render(segments[1])
      segments.removeFirst(2)
    }
    // "crushed, toasted cumin seeds", "hot, scalded milk", "peeled, seeded, chopped tomatoes",
    // "mild, pitted olives": describing words listed before the name.
    while segments.count > 1, !segments[0].isEmpty,
      segments[0].filter({ tokens[$0].isWord }).count <= 5,
      segments[0].allSatisfy({
        Vocabulary.prepWords.contains(tokens[$0].lower)
          || Vocabulary.prepAdverbs.contains(tokens[$0].lower) || tokens[$0].lower == "and"
          || isAdjective(tokens[$0].lower) || tokens[$0].isPunctuation(",")
      }), let opener = segments[1].first, tokens[opener].isWord,
      !Vocabulary.noteOpeners.contains(tokens[opener].lower)
        || isAdjective(tokens[opener].lower)
          && segments[1].dropFirst().contains(where: { tokens[$0].isWord })
    {
      // "rich, homemade chicken stock", where "homemade" alone would be a note
      segments[0] += [opener - 1] + segments[1]
      segments.remove(at: 1)
    }
    // "1 8- to 12-pound, fully cooked boneless ham": a comma only closed the amount
    if segments.count > 1, !segments[0].contains(where: { tokens[$0].isWord }),
      let opener = segments[1].first, tokens[opener].isWord,
      segments[1].contains(where: {
        tokens[$0].isWord && !isDescribing(tokens[$0].lower)
          && !Vocabulary.prepAdverbs.contains(tokens[$0].lower)
      }),
      !Vocabulary.noteOpeners.contains(tokens[opener].lower),
      !Vocabulary.noteTails.contains(tokens[opener].lower)
    {
      segments.removeFirst()
    }
    mergeListedNames(&segments)
    let phrase = readName(segments[0])
    if let written = measurePreparation { preparations.insert(written, at: 0) }
    for segment in segments.dropFirst() where !segment.isEmpty {
      readSegment(segment)
    }
    if name.isEmpty, let found = unit, found.family == .count, amount != nil {
      name = found.label(for: amount ?? 1)  // "4 cloves" (the spice), "2 whole cloves"
      unit = nil
    }
    return phrase
  }

  /// "corn, peanut or vegetable oil", "figs, cherries, or dates", "boneless, skin-on thighs":
  /// a list of names or adjectives, not a name and its notes.
  private mutating func mergeListedNames(_ segments: inout [[Int]]) {
    guard segments.count > 1, !segments[0].isEmpty else { return }
    func nameLike(_ segment: [Int]) -> Bool {
      guard let opener = segment.first else { return false }
      let lower = tokens[opener].lower
      return tokens[opener].isWord && !Vocabulary.prepWords.contains(lower)
        && !Vocabulary.prepAdverbs.contains(lower) && !Vocabulary.noteOpeners.contains(lower)
        && !Vocabulary.sizes.contains(lower) && !lower.hasSuffix("ed") && !lower.hasSuffix("ly")
        && measureOnly(opener, (segment.last ?? opener) + 1) == nil
    }
    var last = 0
    var sawOr = false
    for candidate in 1..<segments.count {
      let segment = segments[candidate]
      // Only commas join a list: "beans -- limas, cranberries or pintos" is a note.
      guard let opener = segment.first, opener > 0, tokens[opener - 1].isPunctuation(",") else {
        break
      }
      if let opener = segment.first, tokens[opener].lower == "or", segment.count > 1,
        nameLike(Array(segment.dropFirst()))
      {
        last = candidate
        sawOr = true
        break
      }
      guard nameLike(segment) else { break }
      if segment.contains(where: { tokens[$0].lower == "or" || tokens[$0].lower == "and/or" }) {
        last = candidate
        sawOr = true
        break
      }
      last = candidate
    }
    // "boneless, skinless thighs", but not "1 lime, zest only" or "6 shallots, left whole".
    // The segment ends in what is done to the food, not in a food.
    let tail = segments[1].last.map { tokens[$0].lower } ?? ""
    // A list of foods ends in "and" ("Salt, black pepper and cayenne"); otherwise the one word
    // before the comma must describe ("boneless, skinless thighs", not "plantains, soft").
    let listed =
      last >= 1 && segments[1...last].contains { $0.contains { tokens[$0].lower == "and" } }
      && !segments[1...last].contains { trailingPreparation(in: $0) != nil }  // "ends trimmed"
    // "new red, waxy potatoes", "very lean, well-trimmed veal": a few words that all describe.
    let describing =
      segments[0].count == 1
      ? listed || isAdjective(tokens[segments[0][0]].lower)
      : segments[0].count <= 3 && tokens[segments[0].last!].isWord
        && isAdjective(tokens[segments[0].last!].lower)
        && segments[0].dropLast().allSatisfy {
          tokens[$0].isWord && (isAdjective(tokens[$0].lower) || isAdverb(tokens[$0].lower))
        }
    let adjectives =
      last >= 1 && !sawOr && !Vocabulary.noteTails.contains(tail) && !tail.hasSuffix("ed")
      && describing
    let shared = amountForEach && last >= 1 && !adjectives
    guard sawOr && segments[0].count <= 3 || adjectives || shared else { return }
    let end = adjectives ? 1 : last
    if adjectives { mergedDescribingList = true }
    for candidate in 1...end {
      segments[0] += [segments[candidate][0] - 1] + segments[candidate]
    }
    segments.removeSubrange(1...end)
  }

  private mutating func readBracketed(_ inner: [Int]) {
    var pieceStart = inner.first ?? 0
    for position in inner + [(inner.last ?? -1) + 1] {
      if position > (inner.last ?? -1) || tokens[position].isPunctuation(",")
        || tokens[position].isPunctuation(";") || tokens[position].isPunctuation("/")
      {
        if position > pieceStart { noteMeasure(pieceStart, position) }  // "(1.8oz / 1/3 cup)"
        pieceStart = position + 1
      }
    }
    let words = inner.filter { tokens[$0].lower != "optional" }
    if words.count < inner.count { optional = true }
    let meaningful = words.filter { tokens[$0].isWord || tokens[$0].number != nil }
    if !meaningful.isEmpty { notes.append(render(words)) }
  }

  /// The first segment: name, with a leading preparation, a trailing note and alternatives.
  private mutating func readName(_ segment: [Int]) -> String {
    var phrase = segment
    while let first = phrase.first, !tokens[first].isWord && tokens[first].number == nil {
      phrase.removeFirst()
    }
    if let first = phrase.first, tokens[first].lower == "of" { phrase.removeFirst() }
    if let first = phrase.first, tokens[first].lower == "optional" {
      optional = true
      phrase.removeFirst()
      if let next = phrase.first, tokens[next].isPunctuation(":") { phrase.removeFirst() }
    }
    if let first = phrase.first, tokens[first].lower == "or", phrase.count > 1,
      ["more", "so", "less"].contains(tokens[phrase[1]].lower)
    {
      notes.append(render(Array(phrase[...1])))  // "30 or more basil leaves"
      phrase.removeFirst(2)
    }
    // A piece or portion of the food before it: "thin rounds of French bread", "a few grinds
    // of black pepper", "walnut-size nugget of fresh ginger". The food is what is bought.
    if phrase.count >= 3,
      let of = phrase.prefix(4).firstIndex(where: { tokens[$0].lower == "of" }), of > 0,
      Vocabulary.portionWords.contains(tokens[phrase[of - 1]].lower),
      phrase[..<of].allSatisfy({ tokens[$0].isWord }), of + 1 < phrase.count,
      tokens[phrase[of + 1]].isWord
    {
      preparations.append(render(Array(phrase[..<of])))
      phrase.removeFirst(of + 1)
    }
    // What is done to the food, written after it without a comma: "duck meat cut in small
    // cubes", "cornstarch dissolved in 1 tablespoon water", "mushrooms cleaned and sliced".
    if let offset = trailingPreparation(in: phrase) {
      preparations.append(render(Array(phrase[offset...])))
      phrase = Array(phrase[..<offset])
    }
    // A note or flag that ends the name: "salt to taste", "oil for frying", "optional".
    for (offset, position) in phrase.enumerated() where offset > 0 {
      let lower = tokens[position].lower
      let next = offset + 1 < phrase.count ? tokens[phrase[offset + 1]].lower : ""
      let ends =
        lower == "to"
        ? next == "taste"
          || offset + 1 < phrase.count && tokens[phrase[offset + 1]].isWord
            // "to taste", "to yield 1 cup", "to cover", "to thin"; not "medium to large"
            && (!isDescribing(next) || !isAdjective(tokens[phrase[offset - 1]].lower))
        : Vocabulary.nameEnders.contains(lower)
          || lower == "as" && (next == "needed" || next == "required" || next == "desired")
          || lower == "if" && (next == "desired" || next == "needed" || next == "using")
          || lower == "on" && next == "the" && offset + 2 < phrase.count
            && tokens[phrase[offset + 2]].lower == "side"  // "soured cream on the side"
          || lower == "or" && ["to", "more", "as", "so", "less"].contains(next)
          || lower == "or" && next == "a" && offset + 2 < phrase.count
            && Vocabulary.mixtures.contains(tokens[phrase[offset + 2]].lower)
      if ends {
        let tail = Array(phrase[offset...])
        phrase = Array(phrase[..<offset])
        if lower == "or" && next == "a" {
          notes.append(render(tail))  // "or a mixture of both"
        } else {
          readSegment(tail)
        }
        break
      }
    }
    let written = phrase
    // A preparation before the name, before alternatives are split off: "finely chopped
    // parsley", "cooked rice", "peeled and grated or finely chopped cucumber".
    var prepEnd = 0
    var sawAdverb = false
    while prepEnd < phrase.count - 1 {
      let lower = tokens[phrase[prepEnd]].lower
      if Vocabulary.prepAdverbs.contains(lower) {
        sawAdverb = true
      } else if Vocabulary.prepWords.contains(lower) || lower == "ground" && sawAdverb {
        sawAdverb = false
      } else if (lower == "and" || lower == "or" || tokens[phrase[prepEnd]].isPunctuation("-")
        || tokens[phrase[prepEnd]].isPunctuation(","))
        && prepEnd > 0
      {
      } else {
        break
      }
      prepEnd += 1
    }
    // An adverb before a word that is not a preparation describes that word: "very lean veal".
    while prepEnd > 0, Vocabulary.prepAdverbs.contains(tokens[phrase[prepEnd - 1]].lower) {
      prepEnd -= 1
    }
    while prepEnd > 0,
      ["and", "or"].contains(tokens[phrase[prepEnd - 1]].lower)
        || tokens[phrase[prepEnd - 1]].isPunctuation(",")
    {
      prepEnd -= 1
    }
    // Bought in a can, jar or bag, the food is sold that way: "400g tin chopped tomatoes",
    // "1 bag shredded mozzarella", "1 (10-ounce) package frozen chopped spinach".
    let counted = [unit] + equivalents.map { $0.unit }
    if counted.contains(where: { $0.map { Vocabulary.soldIn.contains($0.id) } ?? false }) {
      prepEnd = 0
    }
    if prepEnd > 0, !["and", "or"].contains(tokens[phrase[prepEnd]].lower) {
      preparations.insert(render(Array(phrase[..<prepEnd])), at: 0)
      phrase.removeFirst(prepEnd)
      // "cleaned, ready-to-cook pheasant": the comma after the preparation goes with it
      while let first = phrase.first, tokens[first].isPunctuation(","), phrase.count > 1 {
        phrase.removeFirst()
      }
    }
    let namePhrase = render(written)
    choicePhrase = render(trimmedEnd(phrase))
    // "butter or margarine", "1 onion or 2 shallots", "chicken or vegetable stock".
    if phrase.dropFirst().contains(where: {
      tokens[$0].lower == "or" || tokens[$0].lower == "and/or"
    }) {
      let parts = splitOnOr(phrase)
      if parts.count >= 2, var left = parts.first, let right = parts.last {
        let listed = parts.count >= 3 && parts.dropLast().allSatisfy { $0.count == 1 }
        if let end = left.last, parts[1].count >= 2, tokens[parts[1][0]].number == nil,
          left.count == 1
            ? isAdjective(tokens[end].lower)
            : isDescribing(tokens[end].lower)
              && !Vocabulary.otherKinds.contains(tokens[parts[1][0]].lower)
        {
          // "medium or large shrimp", "sea or bay scallops", "homemade or low-sodium canned
          // chicken broth", "fresh or canned chicken broth or water", "small peeled fresh or
          // frozen shrimp": the food, after what was done to it on the other side.
          var food = parts[1].dropFirst()
          while food.count > 1, let first = food.first, isParticiple(tokens[first].lower) {
            food.removeFirst()
          }
          left += food
        } else if let last = right.last, left.count == 1, right.count >= 2,
          tokens[right[0]].number == nil, !Vocabulary.otherKinds.contains(tokens[right[0]].lower),
          !isPluralNoun(tokens[left[0]].lower), tokens[left[0]].lower != "water",
          !tokens[left[0]].lower.includes("-and-"),
          listed && !isParticiple(tokens[right[0]].lower)
            && !Vocabulary.irregularParticiples.contains(tokens[right[0]].lower)
            && (!isDescribing(tokens[right[0]].lower) || isAdjective(tokens[left[0]].lower)
              || Vocabulary.modifyingFoods.contains(tokens[left[0]].lower)
              || isCapitalised(left[0]))
            || parts.count == 2 && Vocabulary.sharedHeads.contains(tokens[last].lower)
            || parts.count == 2 && right.count == 2
              && Vocabulary.modifyingFoods.contains(tokens[left[0]].lower)
              && Vocabulary.modifyingFoods.contains(tokens[right[0]].lower)
            || parts.count == 2 && isCapitalised(left[0]) && isCapitalised(right[0])
              && !isCapitalised(last)
        {
          // "red, yellow or green peppers", "chicken or vegetable stock", "turkey or chicken
          // liver"; but not "up" of "chicken, whole or cut up", "potatoes" of "yams or sweet
          // potatoes", "broth" of "water or chicken broth", or "stock" of "water or 1 cup each
          // water and rich veal or beef stock"; "Polish or Russian vodka" (from 6 December 2026)
          left.append(last)
        } else if let last = right.last, (2...3).contains(left.count),
          parts.dropFirst().dropLast().allSatisfy({ $0.count == 1 }), right.count >= 2,
          tokens[right[0]].number == nil,
          !Vocabulary.otherKinds.contains(tokens[right[0]].lower),
          Vocabulary.sharedHeads.contains(tokens[last].lower), let end = left.last,
          isAdjective(tokens[end].lower) || Vocabulary.modifyingFoods.contains(tokens[end].lower)
            || isCapitalised(end)
              && (isCapitalised(right[0]) || Vocabulary.nationalities.contains(tokens[end].lower)
                || left.allSatisfy(isCapitalised))
        {
          left.append(last)  // "hot beef or chicken stock", "firm-textured white or wheat bread"
        }
        var others = Array(parts.dropFirst())
        if amount != nil, unit == nil, parts.count == 2, right.count >= 2, left.count <= 2,
          let last = right.last, Vocabulary.trailingUnits.contains(tokens[last].lower),
          let found = KitchenUnit.spelled(tokens[last].lower), found.family == .count,
          tokens[right[0]].number == nil, let end = left.last,
          !Vocabulary.trailingUnits.contains(tokens[end].lower), !isDescribing(tokens[end].lower)
        {
          unit = found  // "4 thyme or lemon thyme sprigs": sprigs of either
          others[0].removeLast()
        }
        alternatives.append(contentsOf: others.map(render))
        phrase = left
      }
    }
    phrase = trimmedEnd(phrase)
    if let start = trailingCut(in: phrase) {
      let written = tokenizer.text(phrase[start], phrase[phrase.count - 1])
      size = size.map { $0 + " " + written } ?? written  // "6 slices fresh ginger 1/4 inch thick"
      phrase.removeSubrange(start...)
    }
    if amount != nil, unit == nil, phrase.count >= 2, let last = phrase.last,
      Vocabulary.trailingUnits.contains(tokens[last].lower),
      let found = KitchenUnit.spelled(tokens[last].lower),
      !phrase.dropLast().allSatisfy({ isDescribing(tokens[$0].lower) })
    {
      // "2 garlic cloves" → 2 cloves of garlic, but "2 whole cloves" are the spice
      unit = found
      phrase.removeLast()
    } else if amount == nil, unit == nil, vagueUnit == nil, phrase.count >= 2,
      let last = phrase.last, Vocabulary.unstatedUnits.contains(tokens[last].lower),
      let found = KitchenUnit.spelled(tokens[last].lower),
      !phrase.dropLast().allSatisfy({ isDescribing(tokens[$0].lower) }),
      !phrase.contains(where: { tokens[$0].lower == "and" || tokens[$0].isPunctuation(",") })
    {
      vagueUnit = found  // "Dill sprigs for garnish", "Celery sticks" (from 6 December 2026)
      phrase.removeLast()
    }
    name = render(phrase)
    namePositions = phrase
    if doubts(name: phrase, written: written) { uncertain = true }
    return namePhrase
  }

  /// Where a preparation written after the food starts in `phrase`: a past participle ("cut",
  /// "dissolved") after at least one word of the name that ends the phrase or goes on with a
  /// preposition, "and" or an adverb ("garlic minced", "rice cooked in salted water"), taking an
  /// adverb just before it ("parsley finely chopped"). A participle before a noun stays in the
  /// name ("whole peeled tomatoes"), and so does one after the words of a note ("salt as
  /// desired").
  private func trailingPreparation(in phrase: [Int]) -> Int? {
    for offset in phrase.indices.dropFirst(1) {
      let lower = tokens[phrase[offset]].lower
      // A note's words come first ("salt as desired", "oil to yield 1 cup, chopped").
      if Vocabulary.nameEnders.contains(lower) || lower == "as" || lower == "if" { return nil }
      guard tokens[phrase[offset]].isWord,
        isParticiple(lower) || Vocabulary.irregularParticiples.contains(lower)
      else { continue }
      let before = tokens[phrase[offset - 1]]
      guard before.isWord, !["and", "or", "of"].contains(before.lower),
        phrase[..<offset].contains(where: { tokens[$0].isWord && !isDescribing(tokens[$0].lower) })
      else { continue }
      // An amount's unit before it makes it another form of the food: "or 1 teaspoon dried".
      if offset >= 2, tokens[phrase[offset - 2]].number != nil,
        KitchenUnit.spelled(before.lower) != nil
      {
        continue
      }
      if offset + 1 < phrase.count {
        let next = tokens[phrase[offset + 1]]
        guard next.isWord,
          Vocabulary.preparationFollowers.contains(next.lower) || next.lower.hasSuffix("ly")
        else { continue }
      }
      let start =
        Vocabulary.prepAdverbs.contains(before.lower) || before.lower == "either"
        ? offset - 1 : offset
      return start > 0 ? start : nil
    }
    return nil
  }

  /// Where a cut's size closing `phrase` starts, "1/4 inch thick", "1/2-inch thick", after at
  /// least one word of the name.
  private func trailingCut(in phrase: [Int]) -> Int? {
    guard phrase.count >= 4, let last = phrase.last, tokens[last].isWord,
      Vocabulary.shapes.contains(tokens[last].lower)
    else { return nil }
    for start in phrase.indices.dropFirst() where tokens[phrase[start]].number != nil {
      guard let (_, afterAmount) = amountAt(phrase[start], hyphenMixes: true),
        let (found, afterUnit) = unitAt(afterAmount, afterNumber: true),
        found.family == .length, afterUnit == last
      else { continue }
      return start
    }
    return nil
  }

  /// `phrase` without the punctuation that ends it, but for a "%" ("2%").
  private func trimmedEnd(_ phrase: [Int]) -> [Int] {
    var phrase = phrase
    while let last = phrase.last, !tokens[last].isWord && tokens[last].number == nil,
      !tokens[last].isPunctuation("%")
    {
      phrase.removeLast()
    }
    return phrase
  }

  /// Whether the name read from `written` looks like words the grammar did not understand, so
  /// the line should be checked: an amount left in it ("salt 1 2", "1/4-inch pieces"), a unit
  /// word before its last word ("sprigs fresh thyme"), a word that opens a note ("each", "cut
  /// into"), a preposition or joiner first ("of cod", "or 2 medium"), or only what is done to
  /// the food ("crushed", "large"), or a past participle last ("peppers, chopped" read as one).
  private func doubts(name phrase: [Int], written: [Int]) -> Bool {
    if let first = written.first, tokens[first].lower == "or" || tokens[first].lower == "and" {
      return true
    }
    let words = phrase.filter { tokens[$0].isWord }
    guard let first = words.first, let last = words.last else { return false }
    if phrase.contains(where: {
      tokens[$0].number != nil || tokens[$0].kind == .badNumber || tokens[$0].isPunctuation(":")
    }) {
      return true
    }
    if Vocabulary.nameDoubtWords.contains(tokens[first].lower)
      || words.contains(where: { Vocabulary.noteWordsInName.contains(tokens[$0].lower) })
    {
      return true
    }
    for position in words.dropLast() {
      let lower = tokens[position].lower
      if lower.count > 1, lower != "in", let id = KitchenUnit.spellings[lower],
        !Vocabulary.foodUnits.contains(id)
      {
        return true
      }
    }
    // "toasted and ground cumin seeds": preparations joined inside the name, which the grammar
    // read as part of it.
    for (index, position) in words.enumerated().dropLast()
    where isParticiple(tokens[position].lower)
      && ["and", "or"].contains(tokens[words[index + 1]].lower)
    {
      return true
    }
    let tail = tokens[last].lower
    if words.count == 1
      ? isAdjective(tail) || Vocabulary.shapes.contains(tail) || isAdverb(tail)
      : Vocabulary.functionWords.contains(tail)
        || words.allSatisfy({
          isAdjective(tokens[$0].lower) || Vocabulary.shapes.contains(tokens[$0].lower)
        })
    {
      // "long" of "2 long, thin eggplants", "tightly" of "tightly packed, roughly chopped
      // arugula", "firm regular" of "firm or extra-firm regular or low-fat organic tofu";
      // "mako shark no more than"
      return true
    }
    if words.count == 1, let hyphen = tail.firstIndex(of: "-"), !tail.hasPrefix("half"),
      Vocabulary.numberWords[String(tail[..<hyphen])] != nil
    {
      return true  // "four-and-one-half" of "1 four-and-one-half- to five-pound duck"
    }
    if words.count >= 2, isShortParticiple(tail) || Vocabulary.clauseTails.contains(tail) {
      return true  // "black tea leaves iced", "frozen peas that have been"
    }
    if words.count >= 2, tail != "a", tail != "an", let value = Vocabulary.numberWords[tail],
      value >= 1
    {
      return true  // "tomatoes and one"
    }
    if !alternatives.isEmpty && words.count >= 2 && isDescribing(tail) {
      return true  // "whole red" of "whole red, yellow and green peppers or 14 ounces…"
    }
    // A measure in words inside the name: "fennel, one pound" of "1 bulb fennel, one pound or
    // more".
    for position in words where position + 1 < tokens.count {
      let lower = tokens[position].lower
      if lower != "a", lower != "an", Vocabulary.numberWords[lower] != nil,
        let (found, _) = unitAt(position + 1, afterNumber: true), found.family != .count
      {
        return true
      }
    }
    // Name words on both sides of brackets holding a list ("mixed fresh herbs (sage, thyme and
    // parsley) palm full of herbes").
    if let open = phrase.first.flatMap({ first in
      tokens[first..<last].indices.first { tokens[$0].isPunctuation("(") }
    }), let close = tokens[open..<last].indices.first(where: { tokens[$0].isPunctuation(")") }),
      tokens[open..<close].contains(where: { $0.isPunctuation(",") })
    {
      return true
    }
    return isParticiple(tail)
  }

  /// Whether the parse of the whole line looks misread where the name alone does not: a unit
  /// word before the name left unread (rare since vague amounts keep their unit and sizes such
  /// as "nickel-size" and "inch-long" are read), a counted name opening with a piece word ("1
  /// wedge fresh pumpkin") or closing with a count unit ("12 lasagna strips"), and a list of
  /// foods joined with commas that lost its "and" ("Salt, white pepper" of "Salt, white pepper,
  /// sugar and sea salt"). Each only sets the flag; the reading stays.
  private func doubtsReading() -> Bool {
    let words = namePositions.filter { tokens[$0].isWord }
    guard let first = words.first, let last = words.last else { return false }
    if unit == nil, packSize == nil, equivalents.isEmpty, vagueUnit == nil,
      tokens[..<first].contains(where: {
        guard $0.isWord, $0.lower.utf8.count > 1, let found = KitchenUnit.spelled($0.lower)
        else { return false }
        return found.family != .length || size == nil  // not the size "(9-inch)"
      })
    {
      return true
    }
    if amount != nil, unit == nil, words.count >= 2 {
      let opening = tokens[first].lower
      if Vocabulary.portionWords.contains(opening) || Vocabulary.pieceWords.contains(opening) {
        return true
      }
      if let found = KitchenUnit.spelled(tokens[last].lower), found.family == .count,
        Vocabulary.pieceUnits.contains(found.id),
        !words.dropLast().allSatisfy({ isDescribing(tokens[$0].lower) })
      {
        return true
      }
    }
    if words.count == 1, tokens[first].lower != "juice", tokens[first].lower != "pulp",
      Vocabulary.pieceWords.contains(tokens[first].lower)
        || Vocabulary.partWords.contains(tokens[first].lower)
    {
      return true  // "rounds" of "6 rounds toasted or stale French bread", "Seeds from pomegranate"
    }
    if words.count >= 2, Vocabulary.nationalities.contains(tokens[last].lower), isCapitalised(last)
    {
      return true  // "green medium French" of "2 dozen green or black medium French, Italian…"
    }
    if otherFoodAsPreparation {
      return true  // "striped bass or other fish fillets" read as how to prepare cod
    }
    if plainNoteStarts.contains(where: { start in
      start >= 2 && start + 1 < tokens.count && tokens[start - 1].isPunctuation(",")
        && start - 2 == last && Vocabulary.modifyingFoods.contains(tokens[start].lower)
        && (["or", "and"].contains(tokens[start + 1].lower) || tokens[start + 1].isPunctuation(","))
    }) {
      return true  // "veal or beef broth" cut from "rich, unsalted chicken, veal or beef broth"
    }
    return mergedDescribingList
      && !words.contains(where: { ["and", "or", "&"].contains(tokens[$0].lower) })
  }

  /// An adverb standing for a food: "tightly", "finely".
  package func isAdverb(_ lower: String) -> Bool {
    Vocabulary.prepAdverbs.contains(lower) || lower.hasSuffix("ly")
  }

  /// A past participle too short for `isParticiple`: "tied", "iced".
  package func isShortParticiple(_ lower: String) -> Bool {
    lower.utf8.count == 4 && lower.hasSuffix("ed") && !lower.hasSuffix("eed")
  }

  /// A word that describes a food but names none: a size, a preparation, "fresh", "dried".
  package func isDescribing(_ lower: String) -> Bool {
    Vocabulary.describingOnly.contains(lower) || Vocabulary.sizes.contains(lower)
      || Vocabulary.prepWords.contains(lower) || isParticiple(lower)
  }

  /// A word that describes a food, including those that also name a quality of it ("boneless",
  /// "mild", "firm"), so that one before a comma starts a list of describing words.
  package func isAdjective(_ lower: String) -> Bool {
    isDescribing(lower) || lower.hasSuffix("less") || Vocabulary.qualities.contains(lower)
  }

  /// Whether the word at `position` is written with a capital ("Italian").
  package func isCapitalised(_ position: Int) -> Bool {
    guard tokens[position].isWord, let first = tokenizer.text(position, position).first else {
      return false
    }
    return first.isUppercase
  }

  /// The indices of `kept` from `index` on that make a dash standing apart from the words
  /// around it, as a comma would: " - ", " -- ", " — ".
  private func spacedDashes(in kept: [Int], from index: Int) -> Range<Int>? {
    func isDash(_ token: IngredientToken) -> Bool {
      token.isDash || token.isPunctuation("—") || token.isPunctuation("–")
    }
    guard tokens[kept[index]].spaced, isDash(tokens[kept[index]]) else { return nil }
    var end = index + 1
    while end < kept.count, !tokens[kept[end]].spaced, isDash(tokens[kept[end]]) { end += 1 }
    // Not beside a joining word: "half - and - half" stays one name.
    let joining = ["and", "or", "n"]
    guard end < kept.count, tokens[kept[end]].spaced, tokens[kept[end]].isWord,
      !joining.contains(tokens[kept[end]].lower),
      index == 0 || !joining.contains(tokens[kept[index - 1]].lower)
    else { return nil }
    return index..<end
  }

  /// "large", "thumb-sized", "walnut-size", "medium-to-large": how big each thing counted is.
  package func isSizeWord(_ lower: String) -> Bool {
    if Vocabulary.sizes.contains(lower) { return true }
    guard lower.utf8.contains(UInt8(ascii: "-")) else { return false }
    if lower.hasSuffix("-sized") && lower.utf8.count > 7
      || lower.hasSuffix("-size") && lower.utf8.count > 6
    {
      return true
    }
    let parts = lower.split(separator: "-")
    if parts.count == 2, Vocabulary.shapes.contains(String(parts[1])) {
      return true  // "1 inch-long piece", "a finger-thick slice" (from 6 December 2026)
    }
    return parts.count == 3 && (parts[1] == "to" || parts[1] == "or")
      && Vocabulary.sizes.contains(String(parts[0])) && Vocabulary.sizes.contains(String(parts[2]))
  }

  /// "grated", "coarsely", "cut": a word of what is done to a food.
  package func isPreparationWord(_ lower: String) -> Bool {
    isParticiple(lower) || Vocabulary.irregularParticiples.contains(lower)
      || Vocabulary.prepAdverbs.contains(lower)
  }

  /// "yams", "chickpeas": a word that is a food of its own, not one sharing a head noun.
  package func isPluralNoun(_ lower: String) -> Bool {
    lower.utf8.count >= 4 && lower.hasSuffix("s") && !lower.hasSuffix("ss")
      && !lower.hasSuffix("us") && !isDescribing(lower)
  }

  /// "chopped", "dissolved", but not "seed" or "red".
  package func isParticiple(_ lower: String) -> Bool {
    lower.utf8.count >= 5 && lower.hasSuffix("ed") && !lower.hasSuffix("eed")
  }

  /// The choices of `segment`, split at "or" and at commas but those after describing words
  /// ("boneless, skinless chicken breasts or chicken cutlets").
  private func splitOnOr(_ segment: [Int]) -> [[Int]] {
    var parts: [[Int]] = [[]]
    for position in segment {
      if tokens[position].isPunctuation(","), let current = parts.last, !current.isEmpty,
        current.allSatisfy({ isAdjective(tokens[$0].lower) || tokens[$0].isPunctuation(",") })
      {
        parts[parts.count - 1].append(position)
      } else if ["or", "and/or"].contains(tokens[position].lower)
        || tokens[position].isPunctuation(",")
      {
        if tokens[position].lower == "or", let current = parts.last, current.count >= 2,
          tokens[current[current.count - 1]].isPunctuation("/"),
          tokens[current[current.count - 2]].lower == "and"
        {
          parts[parts.count - 1].removeLast(2)  // "and/or" written as three tokens
        }
        parts.append([])
      } else {
        parts[parts.count - 1].append(position)
      }
    }
    return parts.filter { !$0.isEmpty }
  }

  /// A segment after a comma (or a name-ending phrase): preparation, note, flag or alternative.
  private mutating func readSegment(_ segment: [Int]) {
    var words = segment.filter { tokens[$0].lower != "optional" }
    if words.count < segment.count { optional = true }
    while let first = words.first, !tokens[first].isWord && tokens[first].number == nil {
      words.removeFirst()
    }
    guard let first = words.first, let last = words.last else { return }
    if words.count == last - first + 1 { noteMeasure(first, last + 1) }
    let lower = tokens[first].lower
    if ["plus", "less", "minus"].contains(lower), words.count >= 3,
      measureAfterPlus(at: words[1]) == last + 1, words.count == last - first + 1,
      addMeasure(at: words[1], taking: lower != "plus")
    {
      return  // "1 tbsp caster sugar, plus 1 tsp"
    }
    if lower == "or" {
      let rest = Array(words.dropFirst())
      if !rest.isEmpty { alternatives.append(render(rest)) }
    } else if Vocabulary.noteOpeners.contains(lower) {
      notes.append(render(words))
    } else if isPreparationWord(lower) || Vocabulary.prepWords.contains(lower)
      || lower.hasSuffix("ed") || lower == "into"
    {
      preparations.append(render(words))
      if words.contains(where: { tokens[$0].lower == "other" }) { otherFoodAsPreparation = true }
    } else {
      plainNoteStarts.append(first)
      notes.append(render(words))
    }
  }

  /// The tokens' text as written, single-spaced.
  private func render(_ positions: [Int]) -> String {
    var out = ""
    var previous = -2
    for position in positions {
      let token = tokens[position]
      if !out.isEmpty && (token.spaced || position != previous + 1) && !token.isPunctuation(",") {
        out += " "
      }
      out += tokenizer.text(position, position)
      previous = position
    }
    return out
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
