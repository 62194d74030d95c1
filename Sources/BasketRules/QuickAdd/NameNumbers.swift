/// Numbers that belong to a name: "2% milk", "7up", "7 Up", "V8", "WD-40", "9V batteries",
/// "80/20 ground beef", "00 flour", "size 4 nappies", "4 cheese pizza", "vitamin C 1000mg",
/// "13 gallon trash bags", "2 in 1 shampoo". `ShoppingLine` hides them from the ingredient
/// reader behind placeholder words and puts them back in the name it reads.
enum NameNumbers {
  /// For each word, whether it is (part of) a number that belongs to the name.
  static func marks(_ words: [String]) -> [Bool] {
    let lower = words.map { $0.lowercased() }
    var marks = lower.map(isNameWord)
    for range in LineSplit.keptRanges(lower) {
      for index in range { marks[index] = true }  // "half and half", "mac and cheese"
    }
    for index in lower.indices where isNumber(lower[index]) {
      let next = index + 1 < lower.count ? lower[index + 1].trimmingDot : nil
      if index > 0, ShoppingVocabulary.numberLabels.contains(lower[index - 1]) {
        marks[index] = true
      }
      if lower[index].count > 1, lower[index].hasPrefix("0"), !lower[index].contains("."),
        !lower[index].contains(",")
      {
        marks[index] = true  // "00 flour"
      }
      guard let next else { continue }
      if next == "in", index + 2 < lower.count, lower[index + 2] == "1" {
        marks[index...(index + 2)] = [true, true, true]  // "2 in 1 shampoo"
      } else if ShoppingVocabulary.specUnits.contains(next)
        || ShoppingVocabulary.numberNames.contains(next)
      {
        marks[index] = true
        marks[index + 1] = true
      } else if isCompound(lower, at: index) || isSpecSize(lower, at: index) {
        marks[index] = true
        marks[index + 1] = true
      }
    }
    return marks
  }

  /// "4 cheese pizza", "3 bean salad": a number from two up, a compound noun, and a singular
  /// head after it.
  private static func isCompound(_ words: [String], at index: Int) -> Bool {
    guard let value = Words.count(words[index]), value >= 2, index + 2 < words.count,
      ShoppingVocabulary.compoundNouns.contains(words[index + 1]), let head = words.last
    else { return false }
    return !head.hasSuffix("s") || head.hasSuffix("ss")
  }

  /// "13 gallon trash bags", "50 litre bin liners": a size of a thing that holds it, said
  /// without "of".
  private static func isSpecSize(_ words: [String], at index: Int) -> Bool {
    guard index + 2 < words.count, let unit = KitchenUnit.spelled(words[index + 1]),
      unit.family == .volume || unit.family == .mass, let head = words.last,
      ShoppingVocabulary.specHeads.contains(head),
      !words[(index + 2)...].contains("of")
    else { return false }
    return true
  }

  /// Whether a word is a number that belongs to the name whatever stands around it.
  private static func isNameWord(_ word: String) -> Bool {
    let hasDigit = word.contains(where: { $0.isASCII && $0.isNumber })
    guard hasDigit else { return false }
    if word.contains("%") { return true }
    if let slash = word.firstIndex(of: "/") {
      // "80/20", "50/50": a ratio; "1/2" is a fraction.
      let top = Double(word[..<slash])
      let bottom = Double(word[word.index(after: slash)...])
      if let top, let bottom { return top >= bottom }
      return false
    }
    if word.contains("-") {
      let parts = word.split(separator: "-").map(String.init)
      guard parts.count >= 2 else { return false }
      if parts.allSatisfy({ Words.number($0) != nil }) { return false }  // "2-3"
      if parts.count == 2, Words.count(parts[0]) != nil {
        let word = parts[1]
        if ShoppingVocabulary.packSizeWords.contains(word) || KitchenUnit.spelled(word) != nil,
          !ShoppingVocabulary.specUnits.contains(word)
        {
          return false  // "4-pack", "14-ounce"
        }
      }
      return true  // "WD-40", "7-up", "3-bean", "3-in-1"
    }
    let letters = word.filter { $0.isLetter }
    guard !letters.isEmpty else { return false }
    if let first = word.first, first.isNumber {
      let digits = word.prefix(while: { $0.isNumber || $0 == "." || $0 == "," })
      let rest = String(word.dropFirst(digits.count)).trimmingDot
      if rest == "x" { return false }
      if ShoppingVocabulary.specUnits.contains(rest) { return true }
      if KitchenUnit.spelled(rest) != nil || MeasureUnit(word: rest) != nil { return false }
      if ShoppingVocabulary.packSizeWords.contains(rest) || rest == "dozen" { return false }
      if rest.count >= 3, rest.allSatisfy({ $0.isLetter }),
        !ShoppingVocabulary.numberNames.contains(rest)
      {
        return false  // "6eggs"
      }
      return true  // "7up", "9v", "4k"
    }
    if word.hasPrefix("x"), Words.number(String(word.dropFirst())) != nil { return false }
    return true  // "v8", "b12", "a4"
  }

  private static func isNumber(_ word: String) -> Bool {
    Words.number(word) != nil && !word.contains(where: { $0.isLetter })
  }

  /// The words with each run of name numbers replaced by a placeholder the ingredient reader
  /// reads as a plain word, and the runs, in order.
  static func protect(_ words: [String], _ marks: [Bool]) -> ([String], [String]) {
    var out: [String] = []
    var runs: [String] = []
    var index = 0
    while index < words.count {
      guard marks[index] else {
        out.append(words[index])
        index += 1
        continue
      }
      var end = index
      while end + 1 < words.count, marks[end + 1] { end += 1 }
      runs.append(words[index...end].joined(separator: " "))
      out.append(placeholder(runs.count - 1))
      index = end + 1
    }
    return (out, runs)
  }

  /// The name with the placeholders back as the numbers they stand for.
  static func restore(_ text: String, _ runs: [String]) -> String {
    guard !runs.isEmpty else { return text }
    var text = text
    // NB: the last first, so "zqqxb" isn't found inside "zqqxbb".
    for index in runs.indices.reversed() {
      text = text.replacingAll(placeholder(index), with: runs[index])
    }
    return text
  }

  private static func placeholder(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var suffix = String(letters[index % 26])
    var rest = index / 26
    while rest > 0 {
      suffix.append(letters[rest % 26])
      rest /= 26
    }
    return "zqqx" + suffix
  }
}

extension String {
  /// The word without a dot at its end: "no." → "no", "oz." → "oz".
  var trimmingDot: String { hasSuffix(".") ? String(dropLast()) : self }
}
