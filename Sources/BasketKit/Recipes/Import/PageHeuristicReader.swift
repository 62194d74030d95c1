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
    let methodAt = blocks[(ingredientsAt + 1)...].firstIndex { isTitle($0, methodWords) }
      ?? blocks.firstIndex { isTitle($0, methodWords) }
    let steps = methodAt.map { section(blocks, after: $0, stopAt: []) } ?? []
    let title =
      blocks.first { if case .heading(1) = $0.kind { true } else { false } }?.text
      ?? page.title ?? ""
    let groups = RecipeImporter.groups(lines)
    guard !groups.isEmpty else { return nil }
    let yield = yield(in: blocks)
    return Recipe(
      title: title, source: page.address, yields: yield?.text, servings: yield?.count,
      ingredientGroups: groups,
      instructions: steps.map(stripStepNumber), image: page.image)
  }

  /// A yield stated in the page's text: "Serves 4", "Servings: 6", "Yield: 24 cookies".
  static func yield(in blocks: [PageBlock]) -> RecipeYield? {
    for block in blocks where block.text.count <= 60 {
      let lower = block.text.lowercased()
      for prefix in yieldWords where lower.hasPrefix(prefix) {
        let rest = lower.dropFirst(prefix.count)
        guard let next = rest.first, !next.isLetter else { continue }
        if var found = RecipeYield.read(String(rest)) {
          if !["yield", "yields", "makes"].contains(prefix) { found.noun = nil }
          return found
        }
      }
    }
    return nil
  }

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
    case .listItem:
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
    if case .heading(let headingLevel) = blocks[start].kind { level = headingLevel } else { level = 6 }
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
