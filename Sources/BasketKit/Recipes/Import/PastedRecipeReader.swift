/// Reads a recipe from pasted text in the common layouts: a title, an ingredients block and a
/// method block, with or without headings ("Ingredients", "Method:", "## Directions"),
/// bulleted or not, with numbered steps ("1.", "2)", "Step 3") or paragraphs.
enum PastedRecipeReader {
  private enum Section { case none, ingredients, method }

  static func recipe(from text: String) -> Recipe {
    var title: String?
    var yield: RecipeYield?
    var times: [String: Int] = [:]
    var ingredientLines: [String] = []
    var methodLines: [(text: String, startsParagraph: Bool)] = []
    var unsorted: [(text: String, startsParagraph: Bool)] = []
    var section = Section.none
    var sawHeading = false
    var blankBefore = true
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = RecipeText.normalizedWhitespace(String(raw))
      if line.isEmpty || stripBullet(line).isEmpty {  // blank, or a rule such as "---"
        blankBefore = true
        continue
      }
      defer { blankBefore = false }
      let plain = headingText(line)
      if PageHeuristicReader.ingredientWords.contains(plain) {
        section = .ingredients
        sawHeading = true
        continue
      }
      if PageHeuristicReader.methodWords.contains(plain) {
        section = .method
        sawHeading = true
        continue
      }
      if let found = metadata(line, times: &times) {
        yield = yield ?? found
        continue
      }
      if times.count > 0, metadataTimeOnly(line, times: &times) { continue }
      switch section {
      case .none:
        if title == nil && unsorted.isEmpty && !looksLikeIngredient(line) {
          title = stripMarkup(line)
        } else {
          unsorted.append((line, blankBefore))
        }
      case .ingredients:
        ingredientLines.append(stripBullet(line))
      case .method:
        methodLines.append((line, blankBefore))
      }
    }
    if !sawHeading {
      // No headings: the ingredient-like run after the title, then the method.
      var index = 0
      while index < unsorted.count, looksLikeIngredient(unsorted[index].text) {
        ingredientLines.append(stripBullet(unsorted[index].text))
        index += 1
      }
      methodLines = Array(unsorted[index...])
    } else if ingredientLines.isEmpty && methodLines.isEmpty {
      methodLines = unsorted
    }
    if title == nil, sawHeading, let first = unsorted.first {
      title = stripMarkup(first.text)
    }
    let prep = times["prep"]
    let cook = times["cook"]
    return Recipe(
      title: title ?? "", yields: yield?.text, servings: yield?.count, prepTime: prep,
      cookTime: cook,
      totalTime: times["total"] ?? (prep != nil || cook != nil ? (prep ?? 0) + (cook ?? 0) : nil),
      ingredientGroups: RecipeImporter.groups(ingredientLines), instructions: steps(methodLines))
  }

  /// A line stripped of markdown and a trailing colon, lowercased: "## Method:" → "method".
  private static func headingText(_ line: String) -> String {
    var text = stripMarkup(line).lowercased()
    while let last = text.last, last == ":" || last == " " { text.removeLast() }
    return text
  }

  private static func stripMarkup(_ line: String) -> String {
    var text = Substring(line)
    while let first = text.first, "#*_=".contains(first) { text = text.dropFirst() }
    while let last = text.last, "#*_=".contains(last) { text = text.dropLast() }
    return String(String(text).trimmingCharacters())
  }

  /// "Serves 4", "Yield: 12 cookies", "Makes 2 loaves"; also records times on the line.
  private static func metadata(_ line: String, times: inout [String: Int]) -> RecipeYield? {
    let lower = line.lowercased()
    for prefix in ["serves", "servings", "yield", "yields", "makes", "portions"]
    where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count)
      guard let first = rest.first, first == " " || first == ":" else { continue }
      var found = RecipeYield.read(String(rest))
      if prefix == "serves" || prefix == "servings" || prefix == "portions" {
        found?.noun = nil  // "Serves 4 people"
      }
      return found
    }
    _ = metadataTimeOnly(line, times: &times)
    return nil
  }

  /// "Prep time: 10 min", "Cook: 1 hour", "Total time 45 minutes".
  @discardableResult
  private static func metadataTimeOnly(_ line: String, times: inout [String: Int]) -> Bool {
    let lower = line.lowercased()
    for (prefix, key) in [
      ("prep time", "prep"), ("preparation time", "prep"), ("prep", "prep"),
      ("cook time", "cook"), ("cooking time", "cook"), ("cook", "cook"),
      ("total time", "total"), ("total", "total"), ("ready in", "total"),
    ] where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count)
      guard let first = rest.first, first == " " || first == ":",
        let minutes = RecipeDuration.minutes(String(rest))
      else { continue }
      times[key] = times[key] ?? minutes
      return true
    }
    return false
  }

  private static let bullets: Set<Character> = [
    "-", "*", "•", "·", "▪", "◦", "‣", "–", "—", "○", "●", "□", "▢", "☐", "✓", "✔", "+",
  ]

  private static func stripBullet(_ line: String) -> String {
    var text = Substring(line)
    while let first = text.first, bullets.contains(first) { text = text.dropFirst() }
    return String(String(text).trimmingCharacters())
  }

  private static func hasBullet(_ line: String) -> Bool {
    guard let first = line.first else { return false }
    return bullets.contains(first)
  }

  /// Short, and either bulleted or opening with an amount: "2 eggs", "- salt", "½ cup milk".
  private static func looksLikeIngredient(_ line: String) -> Bool {
    guard line.count <= 100, !isNumberedStep(line) else { return false }
    if hasBullet(line) { return !line.hasSuffix(".") || line.count < 60 }
    let parsed = IngredientLineParser.parse(line)
    return parsed.quantity != nil && !parsed.uncertain && line.count <= 80
  }

  /// "1. Heat", "2) Stir", "Step 3: Bake", "Step 4 Bake".
  private static func isNumberedStep(_ line: String) -> Bool {
    if line.lowercased().hasPrefix("step ") { return true }
    let digits = line.prefix { $0.isNumber }
    guard !digits.isEmpty, digits.count <= 2 else { return false }
    let after = line.dropFirst(digits.count)
    guard let mark = after.first, mark == "." || mark == ")" else { return false }
    return after.dropFirst().first == " " && !(after.dropFirst(2).first?.isNumber ?? false)
  }

  /// Method lines into steps: numbered steps with their wrapped lines joined, else one step a
  /// paragraph (when the text has paragraphs), else one step a line.
  private static func steps(_ lines: [(text: String, startsParagraph: Bool)]) -> [String] {
    let numbered = lines.contains { isNumberedStep($0.text) }
    let paragraphs = lines.dropFirst().contains { $0.startsParagraph }
    var steps: [String] = []
    for (offset, line) in lines.enumerated() {
      let text = stripBullet(PageHeuristicReader.stripStepNumber(line.text))
      guard !text.isEmpty else { continue }
      let startsStep: Bool
      if numbered {
        startsStep = isNumberedStep(line.text) || hasBullet(line.text) || line.startsParagraph
      } else if paragraphs {
        startsStep = line.startsParagraph || hasBullet(line.text)
      } else {
        startsStep = true
      }
      if startsStep || steps.isEmpty || offset == 0 {
        steps.append(text)
      } else {
        steps[steps.count - 1] += " " + text
      }
    }
    return steps
  }
}
