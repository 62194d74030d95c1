/// Where the amount is: read at the start of the line, and after the name ("Flour 200 g").
extension LineReader {
  // MARK: - Quantity at the start

  /// "Juice of 1 lime", "The zest of two lemons", "Leaves from 4 sprigs thyme": the fruit or
  /// the herb is what you buy; the part goes to the preparation and the amount is read after it.
  mutating func readPartOf() {
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
      remarks.preparations.append(tokenizer.text(first, cursor))
      index = cursor + 1
    } else if range(at: cursor) != nil,
      (first..<cursor).contains(where: { ["juice", "zest", "rind", "peel"].contains(word($0)) })
    {
      remarks.preparations.append(tokenizer.text(first, cursor - 1))  // "zest and juice 1 lemon"
      index = cursor
    }
  }

  mutating func readLeadingQuantity() {
    readQualifiers()
    if word(index) == "a" || word(index) == "an", index + 1 < tokens.count,
      tokens[index + 1].number != nil
    {
      index += 1  // "A 1/2 pound avocado"
      stated.countedByArticle = true
    }
    if let (low, high, next) = range(at: index) {
      stated.amount = low
      stated.maxAmount = high
      index = next
      if punctuation(index, "-"), !isHyphenatedUnit(index) {
        remarks.uncertain = true  // "1- cup": a range or a unit lost its other half
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
          stated.size = tokenizer.text(next, end - 1)
          note += " " + tokenizer.text(end, after - 1)
        } else {
          note = tokenizer.text(index, after - 1)
        }
        next = after
        stated.vagueUnit = found
      }
      remarks.notes.append(note)
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
        stated.size = tokenizer.text(index, index)
      } else {
        remarks.notes.append(tokenizer.text(index, index))
      }
      stated.amount = 1
      stated.unit = found
      index = next
      if word(index) == "of" { index += 1 }
      return
    } else if let (found, next) = unitAt(index, afterNumber: false), next < tokens.count,
      tokens[index].lower.count > 2, tokens[next].isWord
    {
      stated.amount = 1  // "Pinch of salt", "pound elbow macaroni": one, unwritten
      stated.unit = found
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
        stated.packSize = pack  // "1 x 400 g tin", "2 x 400g cans"
        index = next
        // "2 x 150g/5½oz duck breasts", "4 x 200g (6½-ounce) salmon fillets": the pack's size
        // in other units, so the line's amount in them is the count of packs times it (11 oz)
        let other =
          punctuation(index, "/")
          ? compoundAmount(at: index + 1) : parenthesisedAmount(at: index)
        if let (other, after) = other {
          if let count = stated.amount, stated.maxAmount == nil, other.unit != nil,
            other.maxAmount == nil
          {
            stated.equivalents.append(
              IngredientQuantity(amount: count * other.amount, unit: other.unit))
          }
          index = after
        }
      } else if token.isPunctuation("("), let (inner, next) = parenthesisedAmount(at: index) {
        if inner.unit?.family == .length {
          let written = tokenizer.text(index + 1, next - 2)  // "1 (3-inch) cinnamon stick"
          stated.addSize(written)
        } else {
          pendingPack = inner  // "2 (14-ounce) cans", "2 (8 ounce) steaks"
        }
        index = next
      } else if token.number != nil, let next = cutShape(at: index) {
        let written = tokenizer.text(index, next - 1)  // "4 1-inch-thick chunks": the cut
        stated.addSize(written)
        index = next
      } else if token.number != nil, let (pack, next) = measuredAmount(at: index) {
        pendingPack = pack  // "2 14-ounce cans", "1 28 oz can"
        index = next
      } else if token.isWord, let (pack, next) = wordedMeasure(at: index) {
        pendingPack = pack  // "2 one-pound pork tenderloins", "1 half-inch piece"
        index = next
      } else if let next = sizePhrase(at: index) {
        let written = tokenizer.text(index, next - 1)  // "large", "very thin", "medium to large"
        stated.addSize(written)
        index = next
        if punctuation(index, ",") && unitAt(index + 1, afterNumber: false) == nil {
          index += 1  // "1 large, ripe avocado" keeps reading the name
        }
      } else if Vocabulary.qualifiers.contains(token.lower) && token.lower != "up"
        || Vocabulary.fills.contains(token.lower)
          && unitAt(index + 1, afterNumber: true)?.0.family == .volume
      {
        remarks.notes.append(tokenizer.text(index, index))
        index += 1
      } else if token.lower == "whole", let (counted, next) = unitAt(index + 1, afterNumber: true),
        counted.family == .count, !Vocabulary.foodUnits.contains(counted.id), word(next) != nil
      {
        remarks.preparations.append(tokenizer.text(index, index))  // "2 whole cloves garlic"
        index += 1
      } else if pendingPack == nil, let (pack, counted, end) = describedPack(at: index) {
        // "1 whole 3-pound chicken", "1 trimmed 3-ounce piece of ginger": the word before the
        // size of each stays with the name, which reads on past the size
        pendingPack = pack
        stated.unit = counted
        skipped = index + 1..<end
        break
      } else {
        break
      }
    }
    if stated.size != nil, word(index) == "or", let (_, _, next) = range(at: index + 1) {
      var cursor = next
      while cursor < tokens.count, Vocabulary.sizes.contains(tokens[cursor].lower) { cursor += 1 }
      if cursor > next {
        remarks.notes.append(tokenizer.text(index, cursor - 1))  // "1 large or 2 medium courgettes"
        index = cursor
      }
    }
    if word(index) == "a" || word(index) == "an", let low = stated.amount, low < 1,
      unitAt(index + 1, afterNumber: true) != nil
    {
      index += 1  // "½ a bunch of mint", "half a cup"
    }
    if let (found, next) = unitAt(index, afterNumber: true), !isChoiceOfNames(found, next) {
      stated.unit = found
      index = next
      readAfterUnit()
      readOrMore()  // "3/4 cup or more of butter"
      readContainer()  // "12-ounce jar apricot preserves"
      if let (cut, next) = cutAfterMeasure(at: index) {
        // "2 cups 1/2-inch cubes bread"
        remarks.preparations.append(tokenizer.text(index, cut - 1))
        index = next
      }
      if found.family == .length || found.family == .mass,
        let (piece, after) = unitAt(index, afterNumber: true), piece.id == "piece"
      {
        // "4cm/1½in piece galangal" is 4 cm of galangal, one piece; "1kg piece pork shoulder"
        stated.equivalents.append(IngredientQuantity(amount: 1, unit: piece))
        index = after
      }
      readEach()  // "2 tbsp each chopped chives and tarragon"
      if punctuation(index, ","), ["plus", "less", "minus"].contains(word(index + 1) ?? ""),
        let next = measureAfterPlus(at: index + 2), word(next) != nil
      {
        // "1/2 cup, plus 1 tablespoon lime juice"
        if !addMeasure(at: index + 2, taking: word(index + 1) != "plus") {
          remarks.notes.append(tokenizer.text(index + 1, next - 1))
        }
        index = next
      }
    } else if stated.amount != nil {
      readEach()  // "4 each yellow onions", "1 each red and green peppers"
    }
    if let pack = pendingPack {
      if stated.unit == nil || stated.unit?.family == .count {
        stated.packSize = stated.packSize ?? pack
      } else {
        stated.equivalents.append(pack)
      }
    }
    if let found = stated.unit, let (again, next) = unitAt(index, afterNumber: false),
      again == found
    {
      index = next  // "1½ lb pounds"
    }
    if word(index) == "of" || word(index) == "for" && stated.unit?.id == "recipe" {
      index += 1  // "1 recipe for white-bread dough"
    }
    if stated.unit == nil, word(index) == "a" || word(index) == "an", word(index + 1) != nil {
      index += 1  // "½ a butternut squash"
    }
  }

  /// Whether the count unit `found`, read just before `next`, is the first of two names joined by
  /// "or" ("4 rib or loin chops") rather than the line's unit ("2 cloves or 1 teaspoon garlic",
  /// "1 bunch or bag of spinach").
  func isChoiceOfNames(_ found: KitchenUnit, _ next: Int) -> Bool {
    guard found.family == .count, word(next) == "or", let other = word(next + 1) else {
      return false
    }
    return Vocabulary.numberWords[other] == nil && unitAt(next + 1, afterNumber: true) == nil
      && !Vocabulary.sizes.contains(other)
  }

  /// "each" after the amount: the foods listed after it share it.
  mutating func readEach() {
    guard word(index) == "each", word(index + 1) != nil else { return }
    remarks.notes.append(tokenizer.text(index, index))
    index += 1
    stated.amountForEach = true
  }

  /// A container right after a measure that opens the line. Hyphenated or after "a", the
  /// measure is the container's size: "12-ounce jar apricot preserves" and "a 500g tub yogurt"
  /// are one jar of 12 oz and one tub of 500 g. Otherwise the measure is the amount and the
  /// container the same amount counted: "400g tin chopped tomatoes", "28 ounce can tomatoes",
  /// "12 oz (340g) bag of shrimp" (from 5 December 2026).
  mutating func readContainer() {
    guard stated.packSize == nil, stated.maxAmount == nil, let measured = stated.unit,
      measured.family == .mass || measured.family == .volume,
      let low = stated.amount, let (container, next) = unitAt(index, afterNumber: true),
      Vocabulary.containers.contains(container.id), word(next) != nil
    else { return }
    let bracketed = tokens[..<index].contains(where: { $0.isPunctuation("(") })
    if stated.countedByArticle || tokens[..<index].contains(where: { $0.isDash }) {
      guard !bracketed else { return }
      stated.packSize = IngredientQuantity(amount: low, unit: measured)
      stated.amount = 1
      stated.unit = container
    } else {
      guard !bracketed || punctuation(index - 1, ")") else { return }
      stated.equivalents.append(IngredientQuantity(amount: 1, unit: container))
    }
    index = next
  }

  /// The cut of what a volume or weight measures, written between it and the food: "1/2-inch
  /// cubes", "1/4-inch-thick slices of", "1/4-inch wide", "1/2-inch diced" (from 6 December
  /// 2026). Where the cut ends, and where the name starts.
  func cutAfterMeasure(at position: Int) -> (Int, Int)? {
    guard let measured = stated.unit, measured.family == .volume || measured.family == .mass,
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
  func describedPack(at position: Int) -> (IngredientQuantity, KitchenUnit?, Int)? {
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
  func sizePhrase(at position: Int) -> Int? {
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
  func wordedMeasure(at position: Int) -> (IngredientQuantity, Int)? {
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
  func cutShape(at position: Int) -> Int? {
    guard let (_, next) = amountAt(position, hyphenMixes: true), punctuation(next, "-"),
      !tokens[next].spaced, let joined = word(next + 1), !tokens[next + 1].spaced,
      let hyphen = joined.firstIndex(of: "-"),
      Vocabulary.shapes.contains(String(joined[joined.index(after: hyphen)...])),
      KitchenUnit.spelled(String(joined[..<hyphen]))?.family == .length
    else { return nil }
    return next + 2
  }

  /// Dual units and ranges that follow a unit: "200g/7oz", "1 cup (240 ml)", "200-250 g".
  mutating func readAfterUnit() {
    while index < tokens.count {
      if punctuation(index, "/"), let (other, next) = compoundAmount(at: index + 1) {
        stated.equivalents.append(other)  // "200g/7oz", "900g/2lb 3oz"
        index = next
      } else if let current = stated.unit, let low = stated.amount, stated.maxAmount == nil,
        let (extra, next) = smallerPart(of: current, at: index)
      {
        stated.amount = low + extra  // "2lb 3oz" is 2.1875 lb
        index = next
      } else if punctuation(index, "("), let (other, next) = parenthesisedAmount(at: index) {
        if other.unit?.family == .length && stated.unit?.family != .length {
          // "3/4 cup (1/2 inch) dried fruits"
          remarks.notes.append(tokenizer.text(index + 1, next - 2))
        } else if stated.unit?.family == .count && stated.packSize == nil && other.unit != nil {
          stated.packSize = other  // "1 can (14 oz) tomatoes"
        } else if other.unit != nil {
          stated.equivalents.append(other)
        } else {
          remarks.notes.append(tokenizer.text(index + 1, next - 2))
        }
        index = next
      } else if (punctuation(index, "-") || word(index) == "to") && stated.maxAmount == nil,
        let (other, next) = measuredAmount(at: index + 1), let current = stated.unit,
        let otherUnit = other.unit, otherUnit.family == .mass || otherUnit.family == .volume,
        let high = otherUnit.convert(other.amount, to: current),
        let low = stated.amount, high > low
      {
        stated.maxAmount = high  // "200g-250g", "800g-1kg" (800-1000 g)
        index = next
      } else if word(index) == "or", let (other, afterAmount) = amountAt(index + 1),
        index + 1 < tokens.count, tokens[index + 1].number != nil,
        let (otherUnit, next) = unitAt(
          sizePhrase(at: afterAmount) ?? afterAmount, afterNumber: true)
      {
        // "or 1 stick", "2 heads or 1 large head garlic"
        stated.equivalents.append(IngredientQuantity(amount: other, unit: otherUnit))
        index = next
      } else if word(index) == "or", stated.unit?.family == .count,
        let (otherUnit, next) = unitAt(index + 1, afterNumber: true), otherUnit.family == .count,
        word(next) != nil
      {
        remarks.notes.append(tokenizer.text(index, next - 1))  // "1 bunch or bag of spinach"
        index = next
      } else if word(index) == "or", stated.maxAmount == nil, stated.unit?.family == .count,
        let low = stated.amount,
        let (high, next) = amountAt(index + 1), high > low, unitAt(next, afterNumber: true) == nil
      {
        stated.maxAmount = high  // "a sprig or two of rosemary"
        index = next
      } else if ["plus", "less", "minus"].contains(word(index) ?? "") || punctuation(index, "+"),
        let next = measureAfterPlus(at: index + 1)
      {
        // "1 cup plus 2 tablespoons" is 1⅛ cups; "1 stick plus 2 tablespoons" stays a note
        if !addMeasure(at: index + 1, taking: word(index) == "less" || word(index) == "minus") {
          remarks.notes.append(tokenizer.text(index, next - 1))
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
  mutating func addMeasure(at position: Int, taking: Bool) -> Bool {
    guard let (other, _) = measuredAmount(at: position), other.maxAmount == nil,
      let current = stated.unit, let otherUnit = other.unit, stated.maxAmount == nil,
      let first = stated.amount,
      current.family == .mass || current.family == .volume,
      let added = otherUnit.convert(other.amount, to: current)
    else { return false }
    let total = taking ? first - added : first + added
    guard total > 0, KitchenAmountFormat.isKitchenFraction(total) else { return false }
    stated.count(in: total)
    return true
  }

  /// The end of a measure added with "plus": "2 tablespoons", "3 1/2 to 4 cups", "2 cloves".
  func measureAfterPlus(at position: Int) -> Int? {
    if let (_, next) = measuredAmount(at: position) { return next }
    guard position < tokens.count,
      tokens[position].number != nil || Vocabulary.numberWords[tokens[position].lower] != nil,
      let (_, afterAmount) = amountAt(position),
      let (_, next) = unitAt(afterAmount, afterNumber: true)
    else { return nil }
    return next  // "1 head plus 2 cloves garlic"
  }

  mutating func readQualifiers() {
    while index < tokens.count, Vocabulary.qualifiers.contains(tokens[index].lower),
      tokens[index].lower != "big", range(at: index + 1) != nil || word(index + 1) == "a"
    {
      remarks.notes.append(tokenizer.text(index, index))
      index += 1
      while punctuation(index, ".") { index += 1 }
    }
    if punctuation(index, "~") { index += 1 }
  }

  /// "or more", "or so", "or less" after an amount or its unit: a note.
  mutating func readOrMore() {
    if word(index) == "or", let next = word(index + 1), ["more", "so", "less"].contains(next) {
      remarks.notes.append(tokenizer.text(index, index + 1))
      index += 2
    }
  }

  /// "a few", "a little", "some", "several": no amount to read, but not a name either.
  func vaguePhrase(at position: Int) -> Int? {
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

  mutating func readTrailingQuantity() -> Int? {
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
      stated.take(low, to: high, in: found)
      return separated ? start - 1 : start
    }
    return nil
  }

  /// "Butter – 50g, softened", "Onions: 2 large, sliced", "Chicken thighs, 6 (skin on)",
  /// "Cayenne pepper, a pinch": a line that opens with a name of a few words and gives its
  /// amount after a colon, dash or comma, before more of the line. The amount is the line's,
  /// a size word after it its size, and the name reads on as if the amount weren't there.
  mutating func readAmountAfterName() {
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
    if let start = sizeStart { stated.size = tokenizer.text(start, cursor - 1) }
    stated.take(low, to: high, in: found)
    skipped = separator..<cursor
  }

  /// "1 tbsp grated ginger 15 mL", "½ cup sliced leeks (about 1) 125 mL", "1 cup milk 250 mL,
  /// warmed": a weight or volume closing the name of a line that already has its amount, kept
  /// as an equivalent and left out of the name. Only before the first comma, and not after a
  /// colon, a "to" ("leaves to yield 1 tbsp") or a word that governs it ("cut into 2 cm", "plus
  /// 2 tbsp").
  mutating func readMeasureAfterName() {
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
      stated.equivalents.append(measure)
      skipped = start..<count
      return
    }
  }
}
