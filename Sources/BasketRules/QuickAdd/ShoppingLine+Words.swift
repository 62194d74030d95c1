/// The word-level rules of `ShoppingLine`: tidying what was typed, and the counts read outside
/// the ingredient reader.
enum Words {
  /// The words of `text`, without list bullets ("- milk", "• eggs") or the punctuation a line
  /// ends with ("milk.", "eggs!").
  static func tidy(_ text: String) -> [String] {
    var words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    while let first = words.first, bullets.contains(first) { words.removeFirst() }
    if let first = words.first, let mark = first.first, bulletMarks.contains(mark),
      first.count > 1, !(first.dropFirst().first?.isNumber ?? false)
    {
      words[0] = String(first.dropFirst())
    }
    if let last = words.last {
      let trimmed = last.droppingTrailing(endings)
      // NB: "doz." and "oz." keep their dot, which the ingredient reader reads; a word of
      // punctuation alone ("!!!", or "," after "milk ,") is a name only if it's all there is.
      if trimmed.isEmpty {
        if words.count > 1 { words.removeLast() }
      } else if !trimmed.hasSuffix("doz"), !trimmed.lowercased().hasSuffix("oz") {
        words[words.count - 1] = trimmed
      }
    }
    return words
  }

  static let bullets: Set<String> = Set(
    words: """
      - * • · – — ○ ◦ ▪ ✓ ☐ []
      """)
  static let bulletMarks: Set<Character> = ["*", "•", "·"]
  static let endings: Set<Character> = [".", ",", ";", "!", "?", ":"]

  /// An amount in another spelling ("-5", "−3", "+2", "inf", "NaN", "1e308"), before a unit or
  /// at either end of the line, is an amount all the same, so the add is refused for it rather
  /// than made with it in the name. A positive finite one ("1e3") reads as its number.
  static func refuseOtherSpellings(_ words: [String]) throws(ListError) {
    for (index, word) in words.enumerated() {
      let (number, glued) = splitGluedUnit(word)
      let next = glued ?? (index + 1 < words.count ? words[index + 1] : nil)
      let unit = next.flatMap { MeasureUnit(word: $0) }
      if let value = Words.number(number), value > 100_000,
        glued != nil || next.map({ KitchenUnit.spelled($0) != nil }) == true
      {
        // "999999999999 kg rice": more than any unit holds, said before its unit.
        throw ListError.amountOutOfRange(Quantity(amount: value, unit: unit ?? .units))
      }
      guard let value = AddTextParser.otherSpelling(number) else { continue }
      let atEnd = index == 0 || index == words.count - 1
      guard atEnd || unit != nil || glued != nil else { continue }
      // NB: past the largest limit of any unit (100,000 g) it's refused here, before it is
      // written out as a number.
      if value.isFinite, value > 0, value <= 100_000,
        !(number.first.map(signs.contains) ?? false)
      {
        continue
      }
      throw ListError.amountOutOfRange(Quantity(amount: value, unit: unit ?? .units))
    }
  }

  static let signs: Set<Character> = ["-", "+", "\u{2212}"]

  /// "-500g" → ("-500", "g"); "nan" → ("nan", nil).
  static func splitGluedUnit(_ word: String) -> (String, String?) {
    let lower = word.lowercased()
    guard let last = lower.last, last.isLetter, lower.contains(where: { $0.isNumber }),
      !lower.hasPrefix("inf"), !lower.hasPrefix("nan"), !lower.hasPrefix("-inf"),
      !lower.hasPrefix("+inf")
    else { return (word, nil) }
    let letters = lower.reversed().prefix(while: { $0.isLetter })
    guard letters.count < lower.count else { return (word, nil) }
    let unit = String(letters.reversed())
    guard MeasureUnit(word: unit) != nil || KitchenUnit.spelled(unit) != nil, unit != "e" else {
      return (word, nil)
    }
    return (String(lower.dropLast(letters.count)), unit)
  }

  /// Writes the shorthand the ingredient reader doesn't know the way it does: "doz." as
  /// "dozen", "×" as "x", "6eggs" as "6 eggs", "1e3" as "1000".
  static func normalise(_ words: inout [String]) {
    var out: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      let lower = word.lowercased()
      // "2 and a half kg", "one and a quarter pounds": one number.
      if index + 2 < words.count, words[index].lowercased() == "and",
        words[index + 1].lowercased() == "a",
        let part = ["half": 0.5, "quarter": 0.25][words[index + 2].lowercased()],
        let whole = Words.number(lower) ?? IngredientVocabulary.numberWords[lower], whole >= 1
      {
        out.append(KitchenAmountFormat.decimal(whole + part))
        index += 3
        continue
      }
      if lower == "doz" || lower == "doz." || lower == "dz" || lower == "dz." {
        out.append("dozen")
        continue
      }
      if word.contains("×") {
        out.append(word.replacingAll("×", with: "x"))
        continue
      }
      if let value = AddTextParser.otherSpelling(lower), value.isFinite, value > 0 {
        out.append(KitchenAmountFormat.decimal(value))
        continue
      }
      if let last = out.last, Words.number(last) != nil, isPacksOfASize(lower) {
        out.append("packs")  // "2 12-packs of Sprite": two packs, whatever each holds
        continue
      }
      if let (number, rest) = numberThenWord(word) {
        out.append(number)
        out.append(rest)
        continue
      }
      out.append(word)
    }
    words = out
  }

  /// "12-packs", "6pks": packs of a size, counted in the plural.
  private static func isPacksOfASize(_ word: String) -> Bool {
    let digits = word.prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty else { return false }
    var rest = word.dropFirst(digits.count)
    if rest.first == "-" { rest = rest.dropFirst() }
    return rest == "packs" || rest == "pks"
  }

  /// "6eggs" → ("6", "eggs"): a count glued to a word of three letters or more that is no
  /// unit ("500g", "2kg", "6pk" stay for the reader) and no spec ("1000mg").
  static func numberThenWord(_ word: String) -> (String, String)? {
    guard let first = word.first, first.isASCII, first.isNumber else { return nil }
    let digits = word.prefix(while: { $0.isASCII && $0.isNumber })
    let rest = word.dropFirst(digits.count)
    guard rest.count >= 3, rest.allSatisfy({ $0.isLetter }) else { return nil }
    let lower = rest.lowercased()
    guard KitchenUnit.spelled(lower) == nil, MeasureUnit(word: lower) == nil,
      !ShoppingVocabulary.specUnits.contains(lower),
      !ShoppingVocabulary.packSizeWords.contains(lower),
      !ShoppingVocabulary.numberNames.contains(lower), lower != "dozen", lower != "pack"
    else { return nil }
    return (String(digits), String(rest))
  }

  /// The text's letters and digits, lower case, one space between words: what two spellings
  /// of a name share once symbols are set aside.
  static func letters(_ text: String) -> String {
    text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(
      separator: " ")
  }

  /// The words without a vague opening: "some bread" → "bread", "a few apples" → "apples".
  static func withoutVague(_ words: [String]) -> [String] {
    var rest = words[...]
    while let first = rest.first?.lowercased(), rest.count > 1,
      ShoppingVocabulary.vague.contains(first) || first == "a" || first == "little"
        || first == "bit" || first == "of" || first == "lots"
    {
      rest = rest.dropFirst()
    }
    return Array(rest)
  }

  /// Whether the line opens with a unit word that has no number and no "of" after it: "Pot
  /// Noodle", "tin foil", "can opener" (where "bag of apples" is a bag of them).
  static func startsWithBareUnit(_ words: [String]) -> Bool {
    guard words.count >= 2, let unit = KitchenUnit.spelled(words[0]) else { return false }
    if unit.family == .volume || unit.family == .mass {
      // "gallon Ziploc bags", "litre jug": a size of the thing, said without a number; "gram
      // flour", "pound cake", "pint glasses": a unit word that names a kind of the thing.
      let first = words[0].lowercased()
      guard first.count >= 3, first.contains(where: { "aeiou".contains($0) }),
        !words.contains(where: { $0.contains(where: { $0.isNumber }) })
      else { return false }
      return ShoppingVocabulary.specHeads.contains(words[words.count - 1].lowercased())
        || ShoppingVocabulary.unitKinds.contains(words[1].lowercased())
    }
    guard unit.family == .count, !measures.contains(unit.id) else { return false }
    return words[1].lowercased() != "of"
  }

  /// "qt half and half", "btl of Baileys", "pkt of crisps": a unit's abbreviation (no vowel:
  /// never a word of a name) opens a line that has no number.
  static func startsWithAbbreviatedUnit(_ words: [String]) -> Bool {
    guard words.count >= 2 else { return false }
    let first = words[0].lowercased().trimmingDot
    guard first.count >= 2, !first.contains(where: { "aeiouy".contains($0) }),
      KitchenUnit.spelled(first) != nil
    else { return false }
    return !words.contains { $0.contains(where: { $0.isNumber }) }
  }

  /// The name with the describing words a recipe's reader sets apart kept, as a shopper means
  /// them: how it comes, before the name ("sliced provolone", "shredded mozzarella"); what it
  /// is in, straight after it ("tuna in spring water", "pigs in blankets"); and a word after a
  /// name that can't stand alone ("semi skimmed", "Half Baked"). Nil when none applies.
  static func keptDescription(of line: IngredientLine, typed words: [String]) -> String? {
    guard !line.name.isEmpty, line.alternatives.isEmpty else { return nil }
    let typed = " " + words.joined(separator: " ").lowercased() + " "
    let lowerName = line.name.lowercased()
    var name = line.name
    var kept = false
    if let preparation = line.preparation {
      let lowerPreparation = preparation.lowercased()
      let last = lowerName.split(separator: " ").last.map(String.init) ?? ""
      if ShoppingVocabulary.soldPrepared.contains(lowerPreparation),
        typed.includes(" \(lowerPreparation) \(lowerName) ")
      {
        name = preparation + " " + name
        kept = true
      } else if !lowerPreparation.contains(" "),
        typed.includes(" \(lowerName) \(lowerPreparation)"),
        ShoppingVocabulary.namePrefixes.contains(last)
      {
        name += " " + preparation
        kept = true
      }
    }
    if let note = line.note, !typed.contains(","), isWhatItIsIn(note),
      typed.includes(" \(lowerName) \(note.lowercased())")
    {
      name += " " + note
      kept = true
    }
    return kept ? name : nil
  }

  /// "in spring water", "in blankets", "in tomato sauce": what a product comes in, in at most
  /// three words, not how a cook cuts it ("in 1/4-inch dice", "in small pieces").
  private static func isWhatItIsIn(_ note: String) -> Bool {
    let words = note.lowercased().split(separator: " ")
    guard words.first == "in", (2...4).contains(words.count) else { return false }
    return !note.contains(where: { $0.isNumber })
      && !words.contains { ShoppingVocabulary.cuts.contains(String($0)) }
  }

  /// Count units that measure rather than hold: "pinch salt" is a pinch of it. The smidgens
  /// (`KitchenUnit.Kind.smidgen`), and the pieces and handfuls that measure too; a pack or a
  /// word like "stick" or "head" opening a line may be part of a name ("Pot Noodle").
  static let measures: Set<String> = KitchenUnit.ids(of: .smidgen).union(
    Set(
      words: "handful sprig knob glug squeeze clove scoop slice piece leaf stem strip fillet chunk")
  )

  /// The name without spaces or punctuation at its ends, or an "of" left at its start.
  static func tidyName(_ name: String) -> String {
    var words = name.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    while let first = words.first?.lowercased(), words.count > 1, first == "of" {
      words.removeFirst()
    }
    if let last = words.last {
      let trimmed = last.droppingTrailing(endings)
      if !trimmed.isEmpty {
        words[words.count - 1] = trimmed
      } else if words.count > 1 {
        words.removeLast()
      }
    }
    // NB: trimmed by scalars: a prepended mark (U+06DD) joins the space after it into one
    // Character, which the split above doesn't see as whitespace.
    return String(words.joined(separator: " ").trimmingCharacters())
  }

  /// Whether `name` names something, rather than being more amount: not empty, and not only
  /// numbers, units, "of" and "dozen" ("2 packs of" leaves "packs").
  static func isName(_ name: String) -> Bool {
    let words = name.lowercased().split(separator: " ").map(String.init)
    return words.contains { word in
      word != "of" && word != "dozen" && word != "x" && KitchenUnit.spelled(word) == nil
        && MeasureUnit(word: word) == nil && RecipeAmountRules.number(in: word) == nil
        && word.contains(where: { $0.isLetter || $0.isNumber || $0.isSymbol })
    }
  }

  /// A number as a shopping line writes it: digits, a decimal point or comma, a fraction
  /// ("½", "1/2", "1½"); nil for anything else.
  static func number(_ word: String) -> Double? {
    guard let first = word.first, first.isNumber || first == "." else { return nil }
    // NB: digits of any length read as their number ("x99999999999999999999" is refused for
    // its size, not taken as a name).
    if word.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 44 }),
      word.utf8.filter({ $0 == 46 || $0 == 44 }).count <= 1
    {
      return Double(word.replacingAll(",", with: "."))
    }
    return RecipeAmountRules.number(in: word)
  }

  /// A whole number of things: "6", "12"; nil for anything else.
  static func count(_ word: String) -> Double? {
    guard !word.isEmpty, word.count <= 6, word.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Double(word)
    else { return nil }
    return value
  }
}

/// Counts `ShoppingLine` reads itself, around what the ingredient reader reads.
enum Counts {
  /// "4 pack AA batteries", "12-pack Diet Coke", "6pk beer", "18 ct eggs": the size of the
  /// pack, and how many words it took.
  static func packSize(_ words: [String], _ marks: [Bool]) -> (Double, Int)? {
    guard !words.isEmpty else { return nil }
    // "a six pack of Corona": the article, and the size in words.
    let start = words.count >= 3 && ["a", "an"].contains(words[0].lowercased()) ? 1 : 0
    if words.count >= start + 2, !marks[start],
      let value = Words.count(words[start])
        ?? IngredientVocabulary.numberWords[words[start].lowercased()], value >= 2,
      ShoppingVocabulary.packSizeWords.contains(words[start + 1].lowercased())
    {
      return (value, start + 2)
    }
    if let value = gluedPackSize(words[0]), value >= 2 { return (value, 1) }
    return nil
  }

  /// "12-pack", "6pk", "4-pk", "18ct": the number; nil otherwise.
  static func gluedPackSize(_ word: String) -> Double? {
    let lower = word.lowercased()
    let digits = lower.prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty, let value = Double(digits) else { return nil }
    var rest = lower.dropFirst(digits.count)
    if rest.first == "-" { rest = rest.dropFirst() }
    return ShoppingVocabulary.packSizeWords.contains(String(rest)) ? value : nil
  }

  /// "pack of 6 eggs", "a box of 12 eggs", "case of 24 water": the number in the pack.
  static func packOfSome(_ words: [String]) -> (Double, Int)? {
    var index = 0
    if let first = words.first?.lowercased(),
      first == "a" || first == "an" || first == "one" || first == "1"
    {
      index = 1
    }
    guard index + 3 < words.count + 1, index + 2 < words.count,
      let unit = KitchenUnit.spelled(words[index].lowercased()),
      ShoppingVocabulary.packsOfSome.contains(unit.id),
      words[index].lowercased() == unit.label(for: 1).lowercased(),
      words[index + 1].lowercased() == "of", let value = Words.count(words[index + 2])
    else { return nil }
    return (value, index + 3)
  }

  /// "x3 limes", "3x milk", "3 x milk", "2 x 400g tins": the count before the rest.
  static func leadingTimes(_ words: [String]) -> (Double, Int)? {
    let first = words[0].lowercased()
    if first == "x", words.count >= 2, let value = Words.number(words[1]) { return (value, 2) }
    if first.hasPrefix("x"), let value = Words.number(String(first.dropFirst())) {
      return (value, 1)
    }
    if first.hasSuffix("x"), let value = Words.number(String(first.dropLast())) {
      return (value, 1)
    }
    if words.count >= 2, words[1].lowercased() == "x", let value = Words.number(first) {
      return (value, 2)
    }
    return nil
  }

  /// "eggs x12", "eggs 12x", "bread x 2", "mangoes (2)", "peppers: 3", "onions - 3", "eggs
  /// 6", "Diet Coke 12 pack": the count after the name, and how many words it took.
  static func trailing(_ words: [String], _ marks: [Bool]) -> (Double, Int)? {
    guard words.count >= 2 else { return nil }
    let last = words[words.count - 1].lowercased()
    let before = words[words.count - 2].lowercased()
    if last.hasPrefix("x"), let value = Words.number(String(last.dropFirst())) {
      return (value, 1)
    }
    if last.hasSuffix("x"), last.count > 1, let value = Words.number(String(last.dropLast())) {
      return (value, 1)
    }
    if last.hasPrefix("("), last.hasSuffix(")"), last.count > 2,
      let value = Words.number(String(last.dropFirst().dropLast()))
    {
      return (value, 1)
    }
    if let value = gluedPackSize(last), value >= 2 { return (value, 1) }
    if before == "x", let value = Words.number(last), words.count >= 3 { return (value, 2) }
    if let unit = KitchenUnit.spelled(before), unit.family == .count,
      before == unit.label(for: 2), !marks[words.count - 1], let value = Words.count(last)
    {
      return (value, 1)  // "crusty rolls 4", "cinnamon sticks 2": things counted by a plural
    }
    if last == "x", let value = Words.number(before), words.count >= 3 { return (value, 2) }
    if ShoppingVocabulary.packSizeWords.contains(last), words.count >= 3, !marks[words.count - 2],
      let value = Words.count(before), value >= 2
    {
      return (value, 2)
    }
    guard !marks[words.count - 1], let value = Words.number(last) else { return nil }
    if ["-", "–", ":", "=", "*"].contains(before), words.count >= 3 { return (value, 2) }
    // NB: a bare number after a unit or another number is the reader's ("milk 2 l").
    guard KitchenUnit.spelled(before) == nil, Words.number(before) == nil,
      !ShoppingVocabulary.numberLabels.contains(before)
    else { return nil }
    return (value, 1)
  }

  /// Moves an amount with a unit after the name to the front, where the ingredient reader
  /// reads it: "milk 2 l" → "2 l milk", "rice 999999999999 kg", "Coke Zero 2litre".
  static func frontTrailingAmount(_ words: inout [String], _ marks: inout [Bool]) {
    let count = words.count
    guard count >= 2, !marks[count - 1] else { return }
    let last = words[count - 1]
    var used = 0
    if isContainer(last), count >= 3, !marks[count - 2],
      let (number, unit) = Optional(Words.splitGluedUnit(words[count - 2])), let unit,
      Words.number(number) != nil, isUnit(unit)
    {
      used = 2  // "Warburtons 800g loaf"
    } else if isContainer(last), count >= 4, !marks[count - 3],
      Words.number(words[count - 3]) != nil, isUnit(words[count - 2])
    {
      used = 3  // "chicken broth 32 oz carton"
    } else if isUnit(last), count >= 3, !marks[count - 2], Words.number(words[count - 2]) != nil {
      used = 2
    } else if let (number, unit) = Optional(Words.splitGluedUnit(last)), let unit,
      Words.number(number) != nil, isUnit(unit)
    {
      used = 1
    }
    guard used > 0 else { return }
    words = Array(words.suffix(used)) + words.dropLast(used)
    marks = Array(marks.suffix(used)) + marks.dropLast(used)
  }

  /// Whether a word is a container a shop sells things in ("carton", "can", "loaf"), not a
  /// measure.
  private static func isContainer(_ word: String) -> Bool {
    guard let unit = KitchenUnit.spelled(word.lowercased()) else { return false }
    return unit.family == .count && !Words.measures.contains(unit.id)
  }

  private static func isUnit(_ word: String) -> Bool {
    let lower = word.lowercased()
    return KitchenUnit.spelled(lower) != nil || MeasureUnit(word: lower) != nil
  }

  /// A count read outside the ingredient reader, with the amount it read: times a container
  /// or a measure ("2 x 400g tins": 2 tins (400 g); "2 x 500g butter": 1000 g), else the
  /// count itself.
  static func combine(_ count: Double, with amount: ItemAmount?) -> ItemAmount {
    guard let amount else { return ItemAmount(amount: count) }
    return ItemAmount(
      amount: count * amount.amount, unit: amount.unit, packSize: amount.packSize)
  }
}

extension String {
  /// The text without any of `characters` at its end.
  func droppingTrailing(_ characters: Set<Character>) -> String {
    var text = Substring(self)
    while let last = text.last, characters.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
