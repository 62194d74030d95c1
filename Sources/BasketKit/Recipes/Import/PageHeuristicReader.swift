/// Reads a recipe from a page without schema.org markup: the ingredient list and the method
/// are the lists (or paragraphs) under headings that name them ("Ingredients", "Method",
/// "Directions", "Instructions", "Preparation").
enum PageHeuristicReader {
  static func recipe(from page: RecipePage) -> Recipe? {
    let blocks = page.blocks
    guard let ingredientsAt = blocks.firstIndex(where: { isTitle($0, ingredientWords) }) else {
      return nil
    }
    let lines = section(blocks, after: ingredientsAt, stopAt: methodWords)
    let methodAt =
      blocks[(ingredientsAt + 1)...].firstIndex { isTitle($0, methodWords) }
      ?? blocks.firstIndex { isTitle($0, methodWords) }
    let steps = methodAt.map { section(blocks, after: $0, stopAt: []) } ?? []
    let title =
      blocks.first { if case .heading(1) = $0.kind { true } else { false } }?.text
      ?? page.title ?? ""
    let groups = RecipeImporter.groups(lines)
    guard !groups.isEmpty else { return nil }
    let yield = yield(in: blocks)
    let prep = minutes(in: blocks, labels: prepTimeWords)
    let cook = minutes(in: blocks, labels: cookTimeWords)
    let total =
      minutes(in: blocks, labels: totalTimeWords)
      ?? (prep != nil || cook != nil ? (prep ?? 0) + (cook ?? 0) : nil)
    return Recipe(
      title: title, source: page.address, yields: yield?.text, servings: yield?.count,
      prepTime: prep, cookTime: cook, totalTime: total, ingredientGroups: groups,
      instructions: steps.map(stripStepNumber), image: page.image)
  }

  /// A yield stated in the page's text: "Serves 4", "Servings: 6", "Yield: 24 cookies", also
  /// inside a short line of facts ("Prep Time: 5 minutes … Servings: 4").
  static func yield(in blocks: [PageBlock]) -> RecipeYield? {
    for block in blocks where block.text.count <= 200 {
      let lower = block.text.lowercased()
      for word in yieldWords {
        guard let rest = after(word, in: lower) else { continue }
        if var found = RecipeYield.read(String(rest.prefix(40))) {
          if !["yield", "yields", "makes"].contains(word) { found.noun = nil }
          return found
        }
      }
    }
    return nil
  }

  /// Minutes stated in the page's text after one of `labels` ("Total Time: 1 hour 5 minutes").
  static func minutes(in blocks: [PageBlock], labels: [String]) -> Int? {
    for block in blocks where block.text.count <= 200 {
      let lower = block.text.lowercased()
      for label in labels {
        guard let rest = after(label, in: lower) else { continue }
        var kept: [Substring] = []
        for word in rest.split(separator: " ").prefix(8) {
          let letters = word.filter(\.isLetter)
          let isAmount = word.first?.isNumber ?? false
          let isUnit = [
            "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes",
            "d", "day", "days", "and",
          ].contains(letters)
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

  /// The text after `label` where it starts a word, past a colon; nil when it isn't there.
  private static func after(_ label: String, in text: String) -> Substring? {
    guard let range = text.firstRange(of: label) else { return nil }
    if range.lowerBound != text.startIndex {
      let before = text[text.index(before: range.lowerBound)]
      guard !before.isLetter else { return nil }
    }
    var rest = text[range.upperBound...]
    guard let next = rest.first, !next.isLetter else { return nil }
    while let first = rest.first, first == ":" || first == " " || first == "-" {
      rest = rest.dropFirst()
    }
    return rest
  }

  static let totalTimeWords = [
    "total time", "ready in", "gesamtzeit", "tiempo total", "temps total", "totale tijd",
    "tempo total", "tempo totale", "total tid",
  ]
  static let prepTimeWords = [
    "prep time", "preparation time", "zubereitungszeit", "temps de préparation",
  ]
  static let cookTimeWords = ["cook time", "cooking time", "kochzeit", "temps de cuisson"]

  static let yieldWords = [
    "serves", "servings", "serving size", "yield", "yields", "makes", "portions", "portionen",
    "porties", "personen", "porciones", "personnes", "porsjoner", "portioner",
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

  /// A heading (or a short heading-like paragraph) that is one of `words`, give or take a
  /// colon.
  private static func isTitle(_ block: PageBlock, _ words: [String]) -> Bool {
    switch block.kind {
    case .heading, .paragraph:
      var text = block.text.lowercased()
      while let last = text.last, last == ":" || last == " " { text.removeLast() }
      guard text.count <= 30 else { return false }
      return words.contains(text) || words.contains { text.hasSuffix(" " + $0) }
    case .listItem, .text:
      return false
    }
  }

  /// The lines under the heading at `start`: its list items (sub-headings kept as heading
  /// lines), or its paragraphs when it has no list, up to the next heading of its level or a
  /// heading in `stopAt`.
  private static func section(_ blocks: [PageBlock], after start: Int, stopAt: [String])
    -> [String]
  {
    let level: Int
    if case .heading(let headingLevel) = blocks[start].kind {
      level = headingLevel
    } else {
      level = 6
    }
    var lines: [String] = []
    var paragraphs: [String] = []
    var index = start + 1
    while index < blocks.count, index - start < 400 {
      let block = blocks[index]
      if isTitle(block, stopAt) { break }
      switch block.kind {
      case .heading(let other):
        if other <= level { return lines.isEmpty ? paragraphs : lines }
        lines.append(block.text.hasSuffix(":") ? block.text : block.text + ":")
      case .listItem:
        lines.append(block.text)
      case .paragraph:
        if lines.isEmpty { paragraphs.append(block.text) }
      case .text:
        break
      }
      index += 1
    }
    let listed = lines.filter { !$0.hasSuffix(":") }
    return listed.isEmpty ? paragraphs : lines
  }

  /// "1. Heat the oven" → "Heat the oven"; "Step 2: Mix" → "Mix".
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
