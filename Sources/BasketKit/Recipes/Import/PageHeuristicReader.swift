/// Reads a recipe from a page without schema.org markup: the ingredient list and the method
/// are what `PageSections` finds under headings that name them ("Ingredients", "Method",
/// "Directions", "Instructions", "Preparation"); a reading it is unsure of carries a
/// `RecipeDoubt`.
enum PageHeuristicReader {
  static func recipe(
    from page: RecipePage, facts: PageFacts? = nil, units: MeasurementSystem = .metric,
    opening: String = "This page has no recipe markup"
  ) -> Recipe? {
    let sections = PageSections(page.blocks, units: units)
    guard let found = sections.read() else { return nil }
    let blocks = page.blocks
    let title = Self.title(blocks, page.title)
    let groups = groups(found.ingredients)
    guard !groups.isEmpty else { return nil }
    let facts = facts ?? PageFacts(blocks)
    let yield = facts.yield()
    let prep = facts.minutes(labels: prepTimeWords)
    let cook = facts.minutes(labels: cookTimeWords)
    let total =
      facts.minutes(labels: totalTimeWords) ?? facts.minutesAfterBareLabel()
      ?? (prep != nil || cook != nil ? (prep ?? 0) + (cook ?? 0) : nil)
    let doubt =
      found.doubts.isEmpty
      ? nil
      : RecipeDoubt(
        reason: opening + ", and "
          + found.doubts.joined(separator: "; ") + ".",
        pageText: sections.pageText(found))
    // A heading among the steps ("Cooking", "For the sauce:") titles them; it is not one.
    let steps = found.steps.filter { !$0.isHeading && !isFurniture($0.text) }
    return Recipe(
      title: title, source: page.address, yields: yield?.text, servings: yield?.count,
      prepTime: prep, cookTime: cook, totalTime: total, ingredientGroups: groups,
      instructions: steps.map { stripStepNumber($0.text) },
      image: page.image,
      doubt: doubt)
  }

  /// The recipe's title: the first top heading that the document's title names (a page's
  /// first `<h1>` may be its hidden "Navigation"), else the first top heading, else the
  /// document's title.
  static func title(_ blocks: [PageBlock], _ documentTitle: String?) -> String {
    let tops = blocks.lazy.filter { if case .heading(1) = $0.kind { true } else { false } }
      .map(\.text)
    if let documentTitle {
      let whole = documentTitle.lowercased()
      if let named = tops.first(where: { $0.count >= 3 && whole.contains($0.lowercased()) }) {
        return named
      }
    }
    return tops.first ?? documentTitle ?? ""
  }

  /// Lines into groups: a heading opens one.
  static func groups(_ lines: [PageSections.Line]) -> [IngredientGroup] {
    var groups: [IngredientGroup] = []
    for line in lines {
      if line.isHeading {
        var heading = line.text
        while let last = heading.last, ":：".contains(last) { heading.removeLast() }
        groups.append(IngredientGroup(heading: heading, ingredients: []))
      } else {
        if groups.isEmpty { groups.append(IngredientGroup(ingredients: [])) }
        groups[groups.count - 1].ingredients.append(IngredientLineParser.parse(line.text))
      }
    }
    return groups.filter { !$0.ingredients.isEmpty }
  }

  /// A yield stated in the page's text: "Serves 4", "Servings: 6", "Yield: 24 cookies", also
  /// inside a short line of facts ("Prep Time: 5 minutes … Servings: 4").
  static func yield(in blocks: [PageBlock]) -> RecipeYield? {
    PageFacts(blocks).yield()
  }

  /// Minutes stated in the page's text after one of `labels` ("Total Time: 1 hour 5 minutes").
  static func minutes(in blocks: [PageBlock], labels: [String]) -> Int? {
    PageFacts(blocks).minutes(labels: labels)
  }

  static let totalTimeWords = [
    "total time", "ready in", "gesamtzeit", "tiempo total", "temps total", "totale tijd",
    "tempo total", "tempo totale", "total tid",
  ]
  /// "Time" in the pages' languages, read only as a label on its own.
  static let bareTimeWords: Set<String> = [
    "time", "tijd", "zeit", "tiempo", "temps", "tempo", "czas", "idő", "tid", "aika",
  ]
  /// NB: the short labels keep their colon: "Prep: 10 mins" is a fact, "Cook 5 minutes" a
  /// step.
  static let prepTimeWords = [
    "prep time", "preparation time", "zubereitungszeit", "temps de préparation", "prep:",
  ]
  static let cookTimeWords = [
    "cook time", "cooking time", "kochzeit", "temps de cuisson", "cook:", "cooking:",
  ]

  static let yieldWords = [
    "serves", "servings", "serving size", "yield", "yields", "makes", "portions", "portionen",
    "porties", "personen", "porciones", "personnes", "porsjoner", "portioner", "rendimento",
    "rendimiento", "rendement", "porções", "raciones", "porcje", "adagok", "分量",
  ]

  /// Headings over an ingredient list, in the languages the pages come in.
  static let ingredientWords = [
    "ingredients", "ingredient", "you will need", "you'll need", "what you need", "zutaten",
    "ingrédients", "ingredientes", "ingredienti", "ingrediënten", "ingredienser", "ainekset",
    "składniki", "hozzávalók", "suroviny", "přísady", "sastojci", "υλικά", "malzemeler",
    "ингредиенты", "材料", "食材", "재료", "bahan-bahan", "bahan",
  ]
  /// Headings over a method.
  static let methodWords = [
    "method", "directions", "instructions", "preparation", "steps", "how to make it",
    "how to make", "to make", "procedure", "zubereitung", "anleitung", "préparation",
    "étapes", "preparación", "elaboración", "instrucciones", "preparazione", "procedimento",
    "bereiding", "bereidingswijze", "werkwijze", "fremgangsmåde", "sådan gør du",
    "gör så här", "tillagning", "instruktioner", "fremgangsmåte", "valmistus", "przygotowanie",
    "sposób przygotowania", "elkészítés", "postup", "postup prípravy", "εκτέλεση", "οδηγίες",
    "hazırlanışı", "приготовление", "做法", "作り方", "步骤", "만드는 법", "cara membuat",
  ]

  /// "1. Heat the oven" → "Heat the oven"; "Step 2: Mix" → "Mix".
  /// A line among the steps that is the page's, not the recipe's: the method's own title
  /// again ("Preparation" under "Method"), or a call to follow, subscribe or log in.
  static func isFurniture(_ text: String) -> Bool {
    if PageSections.isMethodTitle(text) { return true }
    guard text.utf8.count <= 160 else { return false }
    let lower = text.lowercased()
    return callsToAction.contains { lower.contains($0) }
  }

  static let callsToAction = [
    "subscribe", "log in to", "sign up", "newsletter", "on pinterest", "on instagram",
    "on facebook", "follow us", "volg ons", "abonnieren", "abonnez-vous", "suscríbete",
  ]

  static func stripStepNumber(_ text: String) -> String {
    var rest = Substring(text)
    if rest.lowercased().hasPrefix("step ") { rest = rest.dropFirst(5) }
    let digits = rest.prefix { $0.isNumber }
    guard !digits.isEmpty, digits.count <= 2 else { return text }
    var after = rest.dropFirst(digits.count)
    guard let mark = after.first, ".):".contains(mark) || mark == " " else { return text }
    after = after.dropFirst()
    let stripped = String(after).trimmingCharacters()
    return stripped.isEmpty ? text : String(stripped)
  }
}

/// A page's short blocks (at most 200 characters: lines of facts, not prose), lowercased once,
/// for the label searches that find times and yields ("total time: 1 hour", "serves 4").
///
/// Cost: lowercasing the short blocks once; then each label is a byte search per block.
struct PageFacts {
  private let lines: [(text: String, bytes: [UInt8])]
  /// Beside `lines`: whether the block is a list item (a menu's "Time" filter is one).
  private let listed: [Bool]
  /// Beside `lines`: whether the block is in or holds an element classed as a yield.
  private let yieldClassed: [Bool]

  init(_ blocks: [PageBlock]) {
    var lines: [(text: String, bytes: [UInt8])] = []
    var listed: [Bool] = []
    var yieldClassed: [Bool] = []
    for block in blocks {
      let text = block.text
      guard text.utf8.count <= 200 || text.count <= 200 else { continue }
      let lower = text.lowercased()
      lines.append((lower, Array(lower.utf8)))
      if case .listItem = block.kind { listed.append(true) } else { listed.append(false) }
      yieldClassed.append(block.yieldClass)
    }
    self.lines = lines
    self.listed = listed
    self.yieldClassed = yieldClassed
  }

  /// See `PageHeuristicReader.yield(in:)`. Also reads a label whose value is the next block
  /// ("Yield:" then "24"), and a short block that ends in a count of servings ("4 portioner").
  func yield() -> RecipeYield? {
    for (index, line) in lines.enumerated() {
      // NB: before the labels: "Zutaten für 4 Portionen" ends in a label whose value would
      // otherwise be taken from the next block (the first ingredient's "1").
      if let found = Self.servingsAtEnd(line.text) { return found }
      if !listed[index], let found = Self.servingsAtStart(line.text) { return found }
      for word in PageHeuristicReader.yieldWords {
        guard let rest = after(word, in: line, orNextOf: index) else { continue }
        if var found = RecipeYield.read(String(rest.prefix(40))) {
          if word == "makes", found.noun == nil { found.noun = found.count == 1 ? "item" : "items" }
          if !["yield", "yields", "makes"].contains(word) {
            found.noun = nil
            found.amount = nil
          }
          return found
        }
      }
    }
    return servingsByClass()
  }

  /// A bare count the page's markup classes as a yield, with no label in its text: "4" beside
  /// a "serves" icon, "2" under an element classed "portions", "6-8" (at its top). Only a
  /// number, or a number and a servings word ("4 people").
  private func servingsByClass() -> RecipeYield? {
    for (index, line) in lines.enumerated() where yieldClassed[index] {
      let words = line.text.split(separator: " ")
      guard let first = words.first, first.first?.isNumber ?? false,
        first.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "–" }),
        words.count == 1
          || (words.count == 2 && RecipeYield.servingWords.contains(String(words[1]))),
        let found = RecipeYield.read(String(first)), (1...1000).contains(found.count)
      else { continue }
      return RecipeYield(count: found.count)
    }
    return nil
  }

  /// A short block that ends in how many it serves: "4 portioner", "1 personas",
  /// "Zutaten für 4 Portionen", "Ingredients for 6 servings".
  private static func servingsAtEnd(_ text: String) -> RecipeYield? {
    let words = text.split(separator: " ")
    guard (2...5).contains(words.count), let last = words.last,
      let count = Int(words[words.count - 2]), (1...1000).contains(count),
      RecipeYield.servingWords.contains(String(last.hasSuffix(":") ? last.dropLast() : last))
    else { return nil }
    return RecipeYield(count: count)
  }

  /// A short line of facts that opens with how many it serves: "4 servings — 20 minutes",
  /// "4 Personen | 30 Min." (the count, a servings word, then a separator).
  private static func servingsAtStart(_ text: String) -> RecipeYield? {
    let words = text.split(separator: " ")
    guard (3...8).contains(words.count), let count = Int(words[0]), (1...1000).contains(count)
    else { return nil }
    var noun = words[1]
    var separated = false
    while let last = noun.last, ",;|·•".contains(last) {
      noun = noun.dropLast()
      separated = true
    }
    guard RecipeYield.servingWords.contains(String(noun)),
      separated || ["—", "–", "|", "·", "•", "/", "-"].contains(words[2])
    else { return nil }
    return RecipeYield(count: count)
  }

  /// See `PageHeuristicReader.minutes(in:labels:)`.
  func minutes(labels: [String]) -> Int? {
    for (index, line) in lines.enumerated() {
      for label in labels {
        guard let rest = after(label, in: line, orNextOf: index) else { continue }
        var kept: [Substring] = []
        for word in rest.split(separator: " ").prefix(8) {
          let letters = word.filter(\.isLetter)
          let isAmount = word.first?.isNumber ?? false
          let isUnit = Self.timeWords.contains(letters)
          guard isAmount || isUnit else { break }
          kept.append(word)
        }
        if let minutes = RecipeDuration.minutes(kept.joined(separator: " ")), minutes > 0 {
          return minutes
        }
      }
    }
    return nil
  }

  /// Minutes in the block after one that is only a bare "Time" label ("Time" then "45 mins"):
  /// a page's row of facts where the one time given is the whole recipe's. Only alone, since
  /// "time" ends the labels of other times ("Prep time"), and not in a list, where it is a
  /// menu's filter ("Time": "15 min", "30 min").
  func minutesAfterBareLabel() -> Int? {
    for (index, line) in lines.enumerated().dropLast() where !listed[index] {
      var label = Substring(line.text)
      while let last = label.last, last == ":" || last == " " { label = label.dropLast() }
      guard label.utf8.count <= 6, PageHeuristicReader.bareTimeWords.contains(String(label))
      else { continue }
      let next = lines[index + 1].text
      guard PageSections.isTimeFigure(next), let minutes = RecipeDuration.minutes(next),
        minutes > 0
      else { continue }
      return minutes
    }
    return nil
  }

  /// `after(label, in: line)`, or the next block when `line` is the label alone ("Yield:").
  private func after(
    _ label: String, in line: (text: String, bytes: [UInt8]), orNextOf index: Int
  ) -> Substring? {
    guard let rest = after(label, in: line) else { return nil }
    guard rest.isEmpty, index + 1 < lines.count else { return rest }
    return Substring(lines[index + 1].text)
  }

  private static let timeWords: Set<String> = [
    "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes", "d", "day",
    "days", "and",
  ]

  /// The text after the first `label` in `line` where it starts a word, past a colon; nil
  /// when it isn't there.
  private func after(_ label: String, in line: (text: String, bytes: [UInt8])) -> Substring? {
    guard let offset = Self.firstOffset(of: label, in: line.bytes) else { return nil }
    let text = line.text
    let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    let end = text.utf8.index(start, offsetBy: label.utf8.count)
    if start != text.startIndex {
      let before = text[text.index(before: start)]
      guard !before.isLetter else { return nil }
    }
    var rest = text[end...]
    if let next = rest.first, next.isLetter { return nil }
    while let first = rest.first, first == ":" || first == " " || first == "-" {
      rest = rest.dropFirst()
    }
    return rest
  }

  /// Where `needle`'s bytes first occur in `haystack`.
  private static func firstOffset(of needle: String, in haystack: [UInt8]) -> Int? {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first, pattern.count <= haystack.count else { return nil }
    var start = 0
    while start + pattern.count <= haystack.count {
      if haystack[start] == first {
        var index = 1
        while index < pattern.count, haystack[start + index] == pattern[index] { index += 1 }
        if index == pattern.count { return start }
      }
      start += 1
    }
    return nil
  }
}
