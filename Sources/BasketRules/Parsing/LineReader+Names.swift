/// The name, its preparation, notes and alternatives, and when the reading is in doubt.
extension LineReader {
  // MARK: - Name, preparation, notes

  /// Reads tokens `start..<end` after the quantity; returns the name phrase as written.
  mutating func readRest(from start: Int, to end: Int) -> String {
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
      remarks.notes.append(render(segments[1]))
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
    if let written = measurePreparation { remarks.preparations.insert(written, at: 0) }
    for segment in segments.dropFirst() where !segment.isEmpty {
      readSegment(segment)
    }
    if name.isEmpty, let found = stated.unit, found.family == .count, stated.amount != nil {
      name = found.label(for: stated.amount ?? 1)  // "4 cloves" (the spice), "2 whole cloves"
      stated.unit = nil
    }
    return phrase
  }

  /// "corn, peanut or vegetable oil", "figs, cherries, or dates", "boneless, skin-on thighs":
  /// a list of names or adjectives, not a name and its notes.
  mutating func mergeListedNames(_ segments: inout [[Int]]) {
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
    let shared = stated.amountForEach && last >= 1 && !adjectives
    guard sawOr && segments[0].count <= 3 || adjectives || shared else { return }
    let end = adjectives ? 1 : last
    if adjectives { signals.mergedDescribingList = true }
    for candidate in 1...end {
      segments[0] += [segments[candidate][0] - 1] + segments[candidate]
    }
    segments.removeSubrange(1...end)
  }

  mutating func readBracketed(_ inner: [Int]) {
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
    if words.count < inner.count { remarks.optional = true }
    let meaningful = words.filter { tokens[$0].isWord || tokens[$0].number != nil }
    if !meaningful.isEmpty { remarks.notes.append(render(words)) }
  }

  /// The first segment: name, with a leading preparation, a trailing note and alternatives.
  mutating func readName(_ segment: [Int]) -> String {
    var phrase = segment
    while let first = phrase.first, !tokens[first].isWord && tokens[first].number == nil {
      phrase.removeFirst()
    }
    if let first = phrase.first, tokens[first].lower == "of" { phrase.removeFirst() }
    if let first = phrase.first, tokens[first].lower == "optional" {
      remarks.optional = true
      phrase.removeFirst()
      if let next = phrase.first, tokens[next].isPunctuation(":") { phrase.removeFirst() }
    }
    if let first = phrase.first, tokens[first].lower == "or", phrase.count > 1,
      ["more", "so", "less"].contains(tokens[phrase[1]].lower)
    {
      remarks.notes.append(render(Array(phrase[...1])))  // "30 or more basil leaves"
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
      remarks.preparations.append(render(Array(phrase[..<of])))
      phrase.removeFirst(of + 1)
    }
    // What is done to the food, written after it without a comma: "duck meat cut in small
    // cubes", "cornstarch dissolved in 1 tablespoon water", "mushrooms cleaned and sliced".
    if let offset = trailingPreparation(in: phrase) {
      remarks.preparations.append(render(Array(phrase[offset...])))
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
          remarks.notes.append(render(tail))  // "or a mixture of both"
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
    let counted = [stated.unit] + stated.equivalents.map { $0.unit }
    if counted.contains(where: { $0.map { Vocabulary.soldIn.contains($0.id) } ?? false }) {
      prepEnd = 0
    }
    if prepEnd > 0, !["and", "or"].contains(tokens[phrase[prepEnd]].lower) {
      remarks.preparations.insert(render(Array(phrase[..<prepEnd])), at: 0)
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
        if stated.amount != nil, stated.unit == nil, parts.count == 2, right.count >= 2,
          left.count <= 2,
          let last = right.last, Vocabulary.trailingUnits.contains(tokens[last].lower),
          let found = KitchenUnit.spelled(tokens[last].lower), found.family == .count,
          tokens[right[0]].number == nil, let end = left.last,
          !Vocabulary.trailingUnits.contains(tokens[end].lower), !isDescribing(tokens[end].lower)
        {
          stated.unit = found  // "4 thyme or lemon thyme sprigs": sprigs of either
          others[0].removeLast()
        }
        remarks.alternatives.append(contentsOf: others.map(render))
        phrase = left
      }
    }
    phrase = trimmedEnd(phrase)
    if let start = trailingCut(in: phrase) {
      let written = tokenizer.text(phrase[start], phrase[phrase.count - 1])
      stated.addSize(written)  // "6 slices fresh ginger 1/4 inch thick"
      phrase.removeSubrange(start...)
    }
    if stated.amount != nil, stated.unit == nil, phrase.count >= 2, let last = phrase.last,
      Vocabulary.trailingUnits.contains(tokens[last].lower),
      let found = KitchenUnit.spelled(tokens[last].lower),
      !phrase.dropLast().allSatisfy({ isDescribing(tokens[$0].lower) })
    {
      // "2 garlic cloves" → 2 cloves of garlic, but "2 whole cloves" are the spice
      stated.unit = found
      phrase.removeLast()
    } else if stated.amount == nil, stated.unit == nil, stated.vagueUnit == nil, phrase.count >= 2,
      let last = phrase.last, Vocabulary.unstatedUnits.contains(tokens[last].lower),
      let found = KitchenUnit.spelled(tokens[last].lower),
      !phrase.dropLast().allSatisfy({ isDescribing(tokens[$0].lower) }),
      !phrase.contains(where: { tokens[$0].lower == "and" || tokens[$0].isPunctuation(",") })
    {
      stated.vagueUnit = found  // "Dill sprigs for garnish", "Celery sticks" (from 6 December 2026)
      phrase.removeLast()
    }
    name = render(phrase)
    signals.namePositions = phrase
    if doubts(name: phrase, written: written) { remarks.uncertain = true }
    return namePhrase
  }

  /// Where a preparation written after the food starts in `phrase`: a past participle ("cut",
  /// "dissolved") after at least one word of the name that ends the phrase or goes on with a
  /// preposition, "and" or an adverb ("garlic minced", "rice cooked in salted water"), taking an
  /// adverb just before it ("parsley finely chopped"). A participle before a noun stays in the
  /// name ("whole peeled tomatoes"), and so does one after the words of a note ("salt as
  /// desired").
  func trailingPreparation(in phrase: [Int]) -> Int? {
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
  func trailingCut(in phrase: [Int]) -> Int? {
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
  func trimmedEnd(_ phrase: [Int]) -> [Int] {
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
  func doubts(name phrase: [Int], written: [Int]) -> Bool {
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
    if !remarks.alternatives.isEmpty && words.count >= 2 && isDescribing(tail) {
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
  func doubtsReading() -> Bool {
    let words = signals.namePositions.filter { tokens[$0].isWord }
    guard let first = words.first, let last = words.last else { return false }
    if stated.unit == nil, stated.packSize == nil, stated.equivalents.isEmpty,
      stated.vagueUnit == nil,
      tokens[..<first].contains(where: {
        guard $0.isWord, $0.lower.utf8.count > 1, let found = KitchenUnit.spelled($0.lower)
        else { return false }
        return found.family != .length || stated.size == nil  // not the size "(9-inch)"
      })
    {
      return true
    }
    if stated.amount != nil, stated.unit == nil, words.count >= 2 {
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
    if signals.otherFoodAsPreparation {
      return true  // "striped bass or other fish fillets" read as how to prepare cod
    }
    if signals.plainNoteStarts.contains(where: { start in
      start >= 2 && start + 1 < tokens.count && tokens[start - 1].isPunctuation(",")
        && start - 2 == last && Vocabulary.modifyingFoods.contains(tokens[start].lower)
        && (["or", "and"].contains(tokens[start + 1].lower) || tokens[start + 1].isPunctuation(","))
    }) {
      return true  // "veal or beef broth" cut from "rich, unsalted chicken, veal or beef broth"
    }
    return signals.mergedDescribingList
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
  func spacedDashes(in kept: [Int], from index: Int) -> Range<Int>? {
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
  func splitOnOr(_ segment: [Int]) -> [[Int]] {
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
  mutating func readSegment(_ segment: [Int]) {
    var words = segment.filter { tokens[$0].lower != "optional" }
    if words.count < segment.count { remarks.optional = true }
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
      if !rest.isEmpty { remarks.alternatives.append(render(rest)) }
    } else if Vocabulary.noteOpeners.contains(lower) {
      remarks.notes.append(render(words))
    } else if isPreparationWord(lower) || Vocabulary.prepWords.contains(lower)
      || lower.hasSuffix("ed") || lower == "into"
    {
      remarks.preparations.append(render(words))
      if words.contains(where: { tokens[$0].lower == "other" }) {
        signals.otherFoodAsPreparation = true
      }
    } else {
      signals.plainNoteStarts.append(first)
      remarks.notes.append(render(words))
    }
  }

  /// The tokens' text as written, single-spaced.
  func render(_ positions: [Int]) -> String {
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
}
