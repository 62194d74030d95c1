/// Where one typed line holds several items: "milk, eggs and bread", "apples, 6", "1 red
/// onion, finely chopped".
enum LineSplit {
  /// The items' texts, in order: split at commas (not between digits: "1,5 l"), semicolons and
  /// new lines, then at a lone "and", "&" or "+" between two things. A part that is only an
  /// amount joins the item before it ("apples, 6"); a part that says how ("chopped", "to
  /// taste") is dropped.
  static func items(in text: String) -> [String] {
    var items: [String] = []
    var describing = false
    // How many plain short parts came last: "corn, peanut or vegetable oil" is one choice.
    var shortRun = 0
    for part in parts(of: text) {
      let words = Words.tidy(part)
      if describing {
        // "1 cup dried, pitted dates": the comma was between the describing words.
        items[items.count - 1] += ", " + part
        shortRun = 0
      } else if !items.isEmpty, isAmountOnly(part) {
        // "apples, 6" counts apples; "1 duckling, 4 1/2 pounds" only says its size.
        if !startsWithAmount(items[items.count - 1]) { items[items.count - 1] += " " + part }
        shortRun = 0
        continue
      } else if !items.isEmpty, isHow(part) || isAmountOnly(withoutTrailer(part)) {
        shortRun = 0
        continue
      } else if shortRun > 0, shortRun <= items.count,
        words.contains(where: { $0.lowercased() == "or" }),
        !startsWithAmount(part)
      {
        let merged = items.suffix(shortRun).joined(separator: ", ") + ", " + part
        items.removeLast(shortRun)
        items.append(merged)
        shortRun = 0
        describing = false
        continue
      } else {
        items.append(part)
        shortRun =
          words.count <= 3 && !words.contains(where: { $0.lowercased() == "or" })
          ? shortRun + 1 : 0
      }
      describing = isDescribingOnly(items[items.count - 1])
    }
    return items.flatMap(splitAtAnd)
  }

  /// The parts between separators (not inside brackets), trimmed, empty ones dropped.
  static func parts(of text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      if character == "(" || character == "[" { depth += 1 }
      if character == ")" || character == "]" { depth = max(0, depth - 1) }
      let betweenDigits =
        index > 0 && index + 1 < characters.count && characters[index - 1].isNumber
        && characters[index + 1].isNumber
      if character.isNewline {
        depth = 0
      }
      if (character == "," && !betweenDigits && depth == 0) || (character == ";" && depth == 0)
        || character.isNewline
      {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts.map { String($0.trimmingCharacters()) }.filter { !$0.isEmpty }
  }

  /// The part without words that only qualify an amount after it: "2 pounds or more" → "2
  /// pounds"; the part itself when it has none.
  static func withoutTrailer(_ part: String) -> String {
    var words = Words.tidy(part)
    let before = words.count
    while let last = words.last?.lowercased(), amountTrailers.contains(last) { words.removeLast() }
    return words.count == before || words.isEmpty ? "" : words.joined(separator: " ")
  }

  static let amountTrailers: Set<String> = Set(
    words: """
      or more less each total in all apiece altogether at least about approx approximately roughly
      per
      """)

  /// Whether a part is an amount and describing words with no food yet: "1 cup dried" of "1
  /// cup dried, pitted dates", "2 cups hot" of "2 cups hot, scalded milk".
  static func isDescribingOnly(_ part: String) -> Bool {
    let words = withoutBrackets(Words.tidy(part)).map { $0.lowercased() }
    guard words.count >= 2, Words.number(words[0]) != nil || Words.splitGluedUnit(words[0]).1 != nil
    else { return false }
    var rest = words.dropFirst()
    if let unit = rest.first, KitchenUnit.spelled(unit) != nil { rest = rest.dropFirst() }
    return !rest.isEmpty
      && rest.allSatisfy {
        isPreparation($0) || sharedHeadWords.contains($0) || IngredientVocabulary.sizes.contains($0)
          || describingWords.contains($0) || ($0.contains("-") && $0.first?.isLetter == true)
      }
  }

  /// Whether a part opens with a number ("2 onions", "½ kg carrots").
  static func startsWithAmount(_ part: String) -> Bool {
    guard let first = Words.tidy(part).first?.lowercased() else { return false }
    return Words.number(first) != nil || Words.splitGluedUnit(first).1 != nil
  }

  static let describingWords: Set<String> = Set(
    words: """
      skinless boneless skin-on bone-in lean tender firm crisp crusty stale day-old good fresh ripe
      fat meaty juicy tart sweet young mature aged extra
      """)

  /// Whether a part is an amount and nothing else: "6", "x6", "(2)", "2 kg", "a dozen".
  static func isAmountOnly(_ part: String) -> Bool {
    let words = Words.tidy(part).map { $0.lowercased() }
    guard !words.isEmpty, words.count <= 4 else { return false }
    var sawNumber = false
    for word in words {
      let bare =
        word.hasPrefix("(") && word.hasSuffix(")") ? String(word.dropFirst().dropLast()) : word
      if Words.number(bare) != nil {
        sawNumber = true
      } else if bare.hasPrefix("x"), Words.number(String(bare.dropFirst())) != nil {
        sawNumber = true
      } else if bare.hasSuffix("x"), Words.number(String(bare.dropLast())) != nil {
        sawNumber = true
      } else if let (number, unit) = Optional(Words.splitGluedUnit(bare)), unit != nil,
        Words.number(number) != nil
      {
        sawNumber = true
      } else if Counts.gluedPackSize(bare) != nil {
        sawNumber = true
      } else if bare == "x" || bare == "of" || bare == "dozen" || bare == "a" || bare == "an"
        || KitchenUnit.spelled(bare) != nil || MeasureUnit(word: bare) != nil
        || ShoppingVocabulary.packSizeWords.contains(bare)
      {
        continue
      } else if IngredientVocabulary.numberWords[bare] != nil {
        sawNumber = true
      } else {
        return false
      }
    }
    return sawNumber
  }

  /// Whether a part after a comma says how rather than what: "finely chopped", "to taste",
  /// "at room temperature", "divided", "peeled and diced".
  static func isHow(_ part: String) -> Bool {
    let words = withoutBrackets(Words.tidy(part)).map { $0.lowercased() }
    guard let first = words.first else { return true }
    if ShoppingVocabulary.howOpeners.contains(first) { return true }
    return words.contains(where: isPreparation)
      && words.allSatisfy { word in
        isPreparation(word) || howWords.contains(word)
          || word.contains(where: { $0.isNumber })
      }
  }

  /// A word that says how a food is prepared: "chopped", "finely", "sectioned".
  static func isPreparation(_ word: String) -> Bool {
    IngredientVocabulary.prepWords.contains(word) || IngredientVocabulary.prepAdverbs.contains(word)
      || ["ground", "cut", "split", "torn", "shaved", "crushed"].contains(word)
      || (word.count > 4 && word.hasSuffix("ed")) || (word.count > 5 && word.hasSuffix("ly"))
  }

  /// Words that join or shape a preparation: "cut into thin strips", "halved lengthwise".
  static let howWords: Set<String> = Set(
    words: """
      and or then into in until less than a the of thin thick small large pieces piece lengthwise
      crosswise halves wedges rings chunks slices cubes strips dice inch inches cm bite-size
      bite-sized half quarters thirds rounds coins matchsticks florets apart off out up through
      stem whole if needed large fine
      """)

  /// The words outside brackets: "peeled (about 3 cups)" → "peeled".
  static func withoutBrackets(_ words: [String]) -> [String] {
    var depth = 0
    var out: [String] = []
    for word in words {
      let opens = word.filter { $0 == "(" }.count
      let closes = word.filter { $0 == ")" }.count
      if depth == 0, opens == 0 { out.append(word) }
      depth = max(0, depth + opens - closes)
    }
    return out
  }

  /// One part split at each "and", "&" or "+" that stands between two things: "milk and
  /// eggs", "salt & pepper". Kept whole: products named with one ("mac and cheese", "salt &
  /// vinegar crisps"), brands whose words on both sides are capitalised ("Ben & Jerry's"), an
  /// amount and a half ("1 and a half litres"), and words that share the last one's head
  /// ("red and green peppers").
  static func splitAtAnd(_ part: String) -> [String] {
    let words = part.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    let lower = words.map { $0.lowercased() }
    guard lower.contains(where: isConjunction) else { return [part] }
    let kept = keptRanges(lower)
    var inBrackets: [Bool] = []
    var depth = 0
    for word in words {
      depth += word.filter { $0 == "(" }.count
      inBrackets.append(depth > 0)
      depth = max(0, depth - word.filter { $0 == ")" }.count)
    }
    var pieces: [String] = []
    var start = 0
    for index in lower.indices where index > start && index + 1 < lower.count {
      guard isConjunction(lower[index]), !inBrackets[index],
        !kept.contains(where: { $0.contains(index) })
      else {
        continue
      }
      if index - start == 1, index + 2 < lower.count, lower[index + 2] == "of" {
        continue  // "juice and zest of 1 lemon"
      }
      let left = words[start..<index]
      let right = words[(index + 1)...]
      guard let before = left.last, let after = right.first else { continue }
      if isCapitalised(before), isCapitalised(after), lower[index] != "+" { continue }
      if Words.number(before.lowercased()) != nil
        || IngredientVocabulary.numberWords[before.lowercased()] != nil,
        ["a", "half", "½"].contains(after.lowercased()) || Words.number(after) != nil
      {
        continue
      }
      if left.count == 1, sharedHeadWords.contains(before.lowercased()), right.count >= 2 {
        continue
      }
      if isPreparation(before.lowercased()), isPreparation(after.lowercased()) {
        continue  // "peeled and diced eggplant"
      }
      pieces.append(left.joined(separator: " "))
      start = index + 1
    }
    pieces.append(words[start...].joined(separator: " "))
    return pieces.filter { !$0.isEmpty }
  }

  private static func isConjunction(_ word: String) -> Bool {
    word == "and" || word == "&" || word == "+"
  }

  private static func isCapitalised(_ word: String) -> Bool {
    guard let first = word.first else { return false }
    return first.isUppercase
  }

  /// Where the names in `ShoppingVocabulary.andNames` stand among the words.
  static func keptRanges(_ words: [String]) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for name in ShoppingVocabulary.andNames {
      let phrase = name.split(separator: " ").map(String.init)
      guard phrase.count <= words.count else { continue }
      for start in 0...(words.count - phrase.count) {
        var matches = true
        for (offset, word) in phrase.enumerated() {
          let typed = words[start + offset]
          let same =
            typed == word || (word == "and" && (typed == "&" || typed == "n" || typed == "'n'"))
          if !same {
            matches = false
            break
          }
        }
        if matches { ranges.append(start...(start + phrase.count - 1)) }
      }
    }
    return ranges
  }

  /// Words that describe the thing after the "and" as well: "red and green peppers", "sweet
  /// and sour sauce".
  static let sharedHeadWords: Set<String> = Set(
    words: """
      red green yellow orange white brown black purple pink golden sweet hot mild large small
      medium big fresh frozen dried plain smoked unsmoked salted unsalted light dark whole skimmed
      semi-skimmed low-fat full-fat organic white wholemeal brown long short thick thin soft hard
      fine coarse green ripe raw
      """)
}
