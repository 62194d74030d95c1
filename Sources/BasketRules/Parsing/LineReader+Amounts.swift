/// Amounts and units: numbers, ranges, fractions, measures, counts and what a unit word is.
extension LineReader {
  // MARK: - Amounts

  /// A measure and, after it, a smaller one of the same kind that adds to it, as one amount:
  /// "2lb 3oz" (2.1875 lb), "2 pints 2fl oz". Only read after a slash, as the other units.
  func compoundAmount(at position: Int) -> (IngredientQuantity, Int)? {
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
  func smallerPart(of unit: KitchenUnit, at position: Int) -> (Double, Int)? {
    guard position < tokens.count, tokens[position].number != nil,
      let (extra, after) = measuredAmount(at: position), let extraUnit = extra.unit,
      extra.maxAmount == nil, extraUnit.id == "oz" || extraUnit.id == "fl oz",
      extraUnit.family == unit.family, extraUnit.baseFactor < unit.baseFactor
    else { return nil }
    return (extra.amount * extraUnit.baseFactor / unit.baseFactor, after)
  }

  /// An amount or a range starting at `position`: "2", "1 1/2", "2-3", "2 to 3", "1 or 2".
  func range(at position: Int) -> (Double, Double?, Int)? {
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
  func amountAt(_ position: Int, hyphenMixes: Bool = false) -> (Double, Int)? {
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
  func isHyphenatedUnit(_ position: Int) -> Bool {
    punctuation(position, "-") && !tokens[position].spaced && position + 1 < tokens.count
      && tokens[position + 1].isWord && !tokens[position + 1].spaced
  }

  /// A number with a measuring unit: "400 g", "14-ounce", "7oz", "8- to 10-pound", "3 to 4
  /// ounces". Counts don't qualify.
  func measuredAmount(at position: Int) -> (IngredientQuantity, Int)? {
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
  func highStart(after joiner: Int) -> Int? {
    let start = joiner + 1
    guard word(joiner) != nil, punctuation(start, "-"), !tokens[start].spaced,
      start + 1 < tokens.count, tokens[start + 1].number != nil
    else { return start < tokens.count ? start : nil }
    return start + 1
  }

  /// Tokens `start..<end` that hold only a measure, "about 1 1/2 pounds", "8 ounces each":
  /// the measure, and whether it is per piece.
  func measureOnly(_ start: Int, _ end: Int) -> (IngredientQuantity, Bool)? {
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
  func countedAmount(at position: Int) -> (IngredientQuantity, Int)? {
    guard let own = stated.unit, tokens.indices.contains(position), tokens[position].number != nil,
      let (low, high, next) = range(at: position)
    else { return nil }
    var cursor = next
    while let size = word(cursor), Vocabulary.sizes.contains(size) { cursor += 1 }
    guard let (found, after) = unitAt(cursor, afterNumber: true), found.family == .count,
      found != own
    else { return nil }
    return (IngredientQuantity(amount: low, maxAmount: high, unit: found), after)
  }

  mutating func noteMeasure(_ start: Int, _ end: Int) {
    guard let (measure, each) = measureOnly(start, end) else { return }
    if each && stated.packSize == nil {
      stated.packSize = measure  // "2 ducks, about 4 1/2 pounds each"
    } else if measure.unit?.family == .length && stated.amount != nil {
      return  // "1 cinnamon stick (about 3 inches)": how big, not how much; the note keeps it
    } else {
      stated.equivalents.append(measure)  // "(about 3 cups)"
    }
  }

  /// "(14-ounce)", "(240 ml)", "(about 8 oz)", "(14.5 oz each)" when the brackets hold only that.
  func parenthesisedAmount(at position: Int) -> (IngredientQuantity, Int)? {
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
  func unitAt(_ position: Int, afterNumber: Bool) -> (KitchenUnit, Int)? {
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
  func nextWord(after position: Int) -> Int? {
    var next = position + 1
    if punctuation(next, ".") { next += 1 }
    guard next < tokens.count, tokens[next].isWord else { return nil }
    return next
  }
}
