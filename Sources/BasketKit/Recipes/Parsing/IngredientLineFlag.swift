/// A model for the `uncertain` flag, measured and not used. The grammar flags what it knows it
/// could not read (a bad number, a name left empty or holding an amount); a line it read
/// without doubt may still be read wrongly, and such lines share a look: long, with commas and
/// brackets, a name of many words or of words no grocery list uses, "or" inside it.
/// `IngredientFlagModel` weighs that look: a logistic model fitted on NYT's lines the grammar
/// did not flag (Data/ingredients/flag-model.tsv, Tools/recipes/flag_model.py).
///
/// Measured on 5 December 2026 (`RecipeLab ingredients` prints it beside the grammar's flag): on
/// NYT it raised the share of wrong lines flagged from 20 % to 24 % with 17 % of flags right (10 %
/// before); on TasteCooking, held out, it caught 5 more of 453 wrong lines and flagged 8 more right
/// ones (23 % of flags right, past the 20 % a flag may be right). So the parser does not use it;
/// `markedByFlagModel` is for the lab, to fit and measure better features.
extension IngredientLineParser {
  /// The names of the flag's features, in the order `flagFeatures` gives them.
  public static let flagFeatureNames: [String] = [
    "no_amount", "count_no_unit", "count_unit", "word_first", "name_one_word",
    "name_three_words", "name_five_words", "name_joiner", "name_comma", "name_of",
    "name_capital_inside", "name_unknown_words", "head_unknown", "alternatives", "or_in_line",
    "commas", "brackets", "numbers_after_amount", "equivalents", "pack", "tokens_15",
    "tokens_25", "preparation", "note", "size", "participle_in_name", "hyphen_in_name",
    "separator", "amount_at_end", "optional", "range", "unwritten_one", "head_describing",
    "food_in_note", "head_unit_word", "capital_name_later",
  ]

  /// The flag's features for `text`, and whether the grammar itself flagged the line (the
  /// model only weighs lines it did not): for fitting the model.
  public static func flagFeatures(_ text: String) -> (features: [Double], grammarFlagged: Bool) {
    var reader = LineReader(text)
    let line = reader.run().line
    return (reader.flagFeatures(of: line), line.uncertain)
  }

  /// Whether the flag's model would mark `text`, a line the grammar did not flag.
  public static func markedByFlagModel(_ text: String) -> Bool {
    let (features, grammarFlagged) = flagFeatures(text)
    return !grammarFlagged && IngredientFlagModel.flags(features)
  }
}

/// The fitted model: `IngredientFlagModelData` holds its weights, generated from
/// Data/ingredients/flag-model.tsv.
enum IngredientFlagModel {
  /// Whether a line with these features is more likely wrong than the threshold allows.
  static func flags(_ features: [Double]) -> Bool {
    var sum = IngredientFlagModelData.bias
    for (feature, weight) in zip(features, IngredientFlagModelData.weights) {
      sum += feature * weight
    }
    return sum >= IngredientFlagModelData.thresholdLogit
  }

  /// Lowercased words any grocery list or emoji keyword uses (the suggestion dictionary's),
  /// singular and plural alike: a name word outside them is one the grammar may have misread.
  static let groceryWords: Set<String> = {
    var words = Set<String>()
    for line in EmojiData.dictionary.split(separator: "\n") {
      let name = line.split(separator: "\t").first ?? line
      for word in name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
      where word.utf8.count >= 2 {
        words.insert(String(word))
      }
    }
    return words
  }()

  /// Whether `lower` (a lowercased word) is a grocery word, allowing for a plural ending.
  static func isGroceryWord(_ lower: String) -> Bool {
    if groceryWords.contains(lower) { return true }
    for ending in ["s", "es"] where lower.hasSuffix(ending) {
      if groceryWords.contains(String(lower.dropLast(ending.count))) { return true }
    }
    if lower.hasSuffix("ies"), groceryWords.contains(String(lower.dropLast(3)) + "y") {
      return true
    }
    return false
  }
}

extension LineReader {
  /// What the parse of this line looks like, as numbers in the order of
  /// `IngredientLineParser.flagFeatureNames`.
  func flagFeatures(of line: IngredientLine) -> [Double] {
    func bit(_ condition: Bool) -> Double { condition ? 1 : 0 }
    func capped(_ count: Int, _ top: Int) -> Double { Double(min(count, top)) }
    let nameWords = signals.namePositions.filter { tokens[$0].isWord }
    let lowers = nameWords.map { tokens[$0].lower }
    let unknown = lowers.filter { !IngredientFlagModel.isGroceryWord($0) }.count
    let head = lowers.last ?? ""
    var commas = 0
    var brackets = false
    var separator = false
    var orInLine = false
    var numbersAfter = 0
    for (position, token) in tokens.enumerated() {
      switch token.kind {
      case .punctuation(let mark):
        if mark == "," { commas += 1 }
        if mark == "(" || mark == "[" { brackets = true }
        if mark == ";" || mark == ":" || mark == "-" && token.spaced { separator = true }
      case .number, .badNumber:
        if position >= signals.restStart { numbersAfter += 1 }
      case .word:
        if token.lower == "or" || token.lower == "and/or" { orInLine = true }
      }
    }
    let firstToken = tokens.first { !$0.isPunctuation("-") && !$0.isPunctuation("*") }
    let hasDigit = tokens.contains { $0.number != nil }
    return [
      bit(line.quantity == nil),
      bit(line.quantity != nil && line.quantity?.unit == nil),
      bit(line.quantity?.unit?.family == .count),
      bit(firstToken?.isWord == true),
      bit(nameWords.count == 1),
      bit(nameWords.count >= 3),
      bit(nameWords.count >= 5),
      bit(lowers.contains { ["and", "&", "or", "with", "and/or"].contains($0) }),
      bit(signals.namePositions.contains { tokens[$0].isPunctuation(",") }),
      bit(lowers.contains("of")),
      bit(nameWords.dropFirst().contains { isCapitalised($0) }),
      capped(unknown, 3),
      bit(!head.isEmpty && !IngredientFlagModel.isGroceryWord(head)),
      bit(!line.alternatives.isEmpty),
      bit(orInLine),
      capped(commas, 3),
      bit(brackets),
      capped(numbersAfter, 3),
      capped(line.equivalents.count, 2),
      bit(line.packSize != nil),
      bit(tokens.count >= 15),
      bit(tokens.count >= 25),
      bit(line.preparation != nil),
      bit(line.note != nil),
      bit(line.size != nil),
      bit(lowers.contains { isParticiple($0) }),
      bit(lowers.contains { $0.contains("-") }),
      bit(separator),
      bit(signals.readTrailing),
      bit(line.optional),
      bit(line.quantity?.maxAmount != nil),
      bit(line.quantity?.amount == 1 && !hasDigit),
      bit(!head.isEmpty && isDescribing(head)),
      bit(
        signals.plainNoteStarts.contains {
          tokens[$0].isWord && IngredientFlagModel.isGroceryWord(tokens[$0].lower)
            && !isAdjective(tokens[$0].lower)
        }),
      bit(
        !head.isEmpty
          && (KitchenUnit.spellings[head] != nil || Vocabulary.pieceWords.contains(head))),
      bit(nameWords.first.map { $0 > signals.restStart && isCapitalised($0) } ?? false),
    ]
  }
}
