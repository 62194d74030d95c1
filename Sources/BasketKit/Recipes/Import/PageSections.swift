/// Finds a recipe's ingredient list and method in a page's blocks by the page's structure: a
/// heading (or a short heading-like line) named like one, in the languages of the pages Basket
/// has read, and the lines under it: list items, paragraphs, a block's lines broken by `<br>`,
/// rows of cells ("½ cup" beside "popping corn"), and sub-headings kept as group headings.
///
/// Every heading named like an ingredient list is tried (menus name them too: "Recipes with
/// few ingredients") and the one whose lines read most like ingredients wins. What isn't the
/// recipe is left out: a run of prose ends the list, and headings of notes, nutrition,
/// comments and shopping widgets end either section.
///
/// Cost: a pass over the blocks per candidate heading (a handful), each line parsed once.
struct PageSections {
  /// A line read from the page: an ingredient or step, or a group's heading.
  struct Line: Equatable {
    var text: String
    var isHeading: Bool
    /// Read from a list item.
    var isListed = false
  }

  /// What was found, and why it may be wrong.
  struct Found {
    var ingredients: [Line] = []
    var steps: [Line] = []
    /// Where the ingredient list's heading is (nil when the list was found without one).
    var ingredientsTitle: Int?
    var methodTitle: Int?
    /// Why the reading is doubtful, in words for the household; nil when it is sound.
    var doubts: [String] = []
    /// The blocks the ingredients and method were read from (`pageText(_:)` gives their text).
    var pageSpan: Range<Int> = 0..<0
  }

  let blocks: [PageBlock]
  /// Which copy to keep when the page gives the list twice (metric and US).
  let units: MeasurementSystem
  /// Each block's title, read once.
  private let titles: [Title?]

  init(_ blocks: [PageBlock], units: MeasurementSystem = .metric) {
    self.blocks = blocks
    self.units = units
    titles = blocks.map(Self.title)
  }

  // MARK: - Titles

  enum Title: Equatable {
    case ingredients
    case method
    /// A section that is not the recipe: notes, nutrition, comments, a shop.
    case other
  }

  /// What the block names, if it is a title: short, a heading or a line of its own, and one
  /// of the words (give or take a colon, a leading number, and a few words after an
  /// ingredient word: "Ingredients for 4 servings", "Zutaten für den Teig").
  func title(_ index: Int) -> Title? {
    titles[index]
  }

  private static func title(_ block: PageBlock) -> Title? {
    if case .listItem = block.kind { return nil }
    guard block.text.utf8.count <= 120, block.lines.isEmpty else { return nil }
    let text = Self.titleText(block.text)
    guard !text.isEmpty, text.count <= 50, !Self.isTimeLabel(text) else { return nil }
    let words = text.split(separator: " ").map {
      var word = $0
      while let last = word.last, ",(".contains(last) { word = word.dropLast() }
      return word
    }
    if Self.otherSet.contains(text) { return .other }  // "Shop the ingredients"
    // NB: most short blocks are no title: one that starts and ends with no title's word is
    // none, without joining its words into phrases.
    guard let first = words.first, let last = words.last,
      Self.edgeWords.contains(String(first)) || Self.edgeWords.contains(String(last))
    else { return nil }
    if Self.matches(words, Self.ingredientSet, trailingWords: 6) { return .ingredients }
    if Self.matches(words, Self.methodSet, trailingWords: 2) { return .method }
    if Self.matches(words, Self.otherSet, trailingWords: 3) { return .other }
    return nil
  }

  /// Whether `text` is only a method's title ("Zubereitung", "Modo de preparo:"), with
  /// nothing of a step in it.
  static func isMethodTitle(_ text: String) -> Bool {
    text.utf8.count <= 40 && methodSet.contains(titleText(text))
  }

  /// A short figure of time alone: "35 m", "1 h 10 m", "20 Minuten".
  static func isTimeFigure(_ text: String) -> Bool {
    guard let first = text.first, first.isNumber, text.utf8.count <= 24 else { return false }
    let words = text.lowercased().split { !$0.isLetter }
    return !words.isEmpty
      && words.allSatisfy { word in
        word == "m" || word == "h" || timeWordStarts.contains { word.hasPrefix($0) }
      }
  }

  /// Lines that are times and their labels, not steps: "35 m", "Cocinado", "35 m", "Tiempo
  /// total", "1 h 10 m".
  static func isTimeBox(_ lines: [String]) -> Bool {
    guard lines.contains(where: isTimeFigure) else { return false }
    return lines.indices.allSatisfy { index in
      isTimeFigure(lines[index])
        || (index + 1 < lines.count && isTimeFigure(lines[index + 1])
          && lines[index].split(separator: " ").count <= 3
          && !lines[index].contains { $0.isNumber || $0 == "." })
    }
  }

  private static let timeWordStarts = [
    "min", "hr", "hour", "std", "stund", "heure", "hora", "ora", "uur", "perc", "óra", "tim",
  ]

  /// "Preparation time", "Zubereitungszeit 20 min": a fact's label, not a section's.
  static func isTimeLabel(_ text: String) -> Bool {
    timeLabels.contains { text.hasPrefix($0) } || text.hasSuffix(" time")
  }

  private static let timeLabels =
    PageHeuristicReader.prepTimeWords + PageHeuristicReader.cookTimeWords
    + PageHeuristicReader.totalTimeWords

  /// The title's text lowercased, without a colon, a number or bullet before it, or
  /// markdown-like marks.
  static func titleText(_ text: String) -> String {
    var text = Substring(text.lowercased())
    while let last = text.last, ":：.* ".contains(last) { text = text.dropLast() }
    while let first = text.first, first.isNumber || "#*.-–•· ".contains(first) {
      text = text.dropFirst()
    }
    return String(text)
  }

  /// Whether the title's `words` are one of `known`, or start with one and have at most
  /// `trailingWords` more, or end with one after at most two words ("Our ingredients").
  /// Cost: a set lookup per leading and trailing run of up to four words.
  static func matches(_ words: [Substring], _ known: Set<String>, trailingWords: Int) -> Bool {
    guard !words.isEmpty else { return false }
    for length in 1...min(4, words.count) {
      if known.contains(words.prefix(length).joined(separator: " ")) {
        if words.count - length <= trailingWords { return true }
      }
      if words.count > length, words.count - length <= 2,
        known.contains(words.suffix(length).joined(separator: " "))
      {
        return true
      }
    }
    return false
  }

  /// The first and last words of every title: a title starts or ends with one of them.
  static let edgeWords: Set<String> = Set(
    (ingredientWords + methodWords + otherWords).flatMap { phrase in
      let words = phrase.split(separator: " ").map(String.init)
      return [words.first, words.last].compactMap { $0 }
    })
  static let ingredientSet = Set(ingredientWords)
  static let methodSet = Set(methodWords)
  static let otherSet = Set(otherWords)

  static let ingredientWords =
    PageHeuristicReader.ingredientWords + [
      "benodigdheden", "ingredienser", "ingredientes", "ingrediente", "zutatenliste",
      "you need", "what you'll need", "υλικα", "材料表", "ingredients list",
      "składniki", "ingredience", "sestavine", "ainesosat", "hozzávalók",
    ]
  static let methodWords =
    PageHeuristicReader.methodWords + [
      "bereitung", "zubereitungsschritte", "so geht's", "so wird's gemacht", "modo de preparo",
      "modo de preparación", "modo de fazer", "preparo", "metodo", "procedimiento",
      "cooking instructions",
      "how to cook", "how to make this", "recipe method", "method of preparation", "direction",
      "instruction", "step by step", "steps to make", "fremgangsmåte", "tilberedning",
      "tillvägagångssätt", "gör så här:", "valmistusohje", "přípravа", "priprema", "postupak",
      "elkészítése", "hazırlanışı", "instructions for", "préparation de la recette",
      "la préparation", "réalisation", "déroulé", "bereidingswijze:",
      "aanpak", "werkwijze", "bereiden", "voorbereiden", "作法", "做法步骤", "制作步骤", "조리 순서",
      "cara memasak",
    ]
  /// Titles of what is not the recipe, ending a section.
  static let otherWords = [
    "notes", "note", "recipe notes", "tips", "tip", "cook's notes", "cooks notes", "nutrition",
    "nutrition facts", "nutrition information", "nutritional information", "comments",
    "reviews", "leave a comment", "leave a reply", "share", "share this", "related",
    "related recipes", "you may also like", "more recipes", "video", "equipment",
    "shop the ingredients", "shop ingredients", "buy the ingredients", "storage",
    "faq", "faqs", "serving suggestions", "variations", "substitutions", "more like this",
    "tipps", "hinweis", "hinweise", "notizen", "nährwerte", "nährwertangaben", "astuces",
    "conseils", "consejos", "notas", "suggerimenti", "consigli", "voedingswaarde",
    "tips & tricks", "opmerkingen", "kommentare", "commentaires", "comentarios",
    "reacties", "print", "print recipe", "jump to recipe", "rate this recipe",
    "did you make this recipe", "nutrition per serving", "per serving",
  ]

  // MARK: - Reading

  /// The ingredient list and method, or nil when the page has no ingredient list it can find.
  /// With `titledOnly`, only a list under a heading that names it, and no method.
  func read(titledOnly: Bool = false) -> Found? {
    var best: (score: Int, title: Int?, lines: [Line], end: Int)?
    for index in blocks.indices where title(index) == .ingredients {
      let (lines, end) = ingredientLines(after: index)
      let score = Self.score(lines)
      if score > (best?.score ?? 0) { best = (score, index, lines, end) }
    }
    var found = Found()
    var start: Int
    if let best, best.score >= 2 {
      found.ingredients = best.lines
      found.ingredientsTitle = best.title
      start = best.title ?? 0
    } else if !titledOnly, let list = bestUntitledList() {
      found.ingredients = list.lines
      found.doubts.append("no heading names its ingredient list, so the likeliest list was read")
      best = (list.score, nil, list.lines, list.end)
      start = list.start
    } else {
      return nil
    }
    let (kept, hadTwo) = Self.oneCopy(found.ingredients, units: units)
    found.ingredients = kept
    let items = kept.filter { !$0.isHeading }
    if !hadTwo, items.filter({ Self.opensWithAmount($0.text) }).count * 2 < items.count {
      found.doubts.append("most of the lines read as ingredients give no amount")
    }
    let after = best?.end ?? 0
    if titledOnly {
      found.pageSpan = start..<after
      return found
    }
    var methodAt =
      blocks.indices.dropFirst(after).first { title($0) == .method }
      ?? blocks.indices.first { title($0) == .method }
    if let tab = methodAt, let title = found.ingredientsTitle, tab == title + 1 {
      // A tab beside the ingredients' own: the method, if any, follows their list.
      methodAt = nil
    }
    if let first = methodAt {
      // A method title whose "steps" are none (a box of facts titled like the method,
      // "Preparación" over "35 m"): the next one's, else the text after the list.
      methodAt = nil
      func take(_ candidate: Int) -> Bool {
        let read = steps(after: candidate)
        guard !Self.isTimeBox(read.filter { !$0.isHeading }.map(\.text)) else { return false }
        methodAt = candidate
        found.methodTitle = candidate
        found.steps = read
        return true
      }
      if !take(first) {
        for candidate in blocks.indices.dropFirst(first + 1).lazy.filter({ title($0) == .method })
          .prefix(3)
        where take(candidate) {
          break
        }
      }
    }
    if found.steps.isEmpty {
      found.steps = untitledSteps(after: after)
      found.doubts.append(
        found.steps.isEmpty
          ? "no method was found"
          : "no heading names its method, so the text after the list was read")
    }
    start = min(start, methodAt ?? start)
    found.pageSpan = start..<max(after, lastStep(from: start, found.steps.last?.text) + 1)
    return found
  }

  /// The block holding the step `last` (a block's text or one of its lines), searched from
  /// `start` within `RecipeDoubt.pageTextLimit` blocks; `start` when there is none.
  private func lastStep(from start: Int, _ last: String?) -> Int {
    guard let last else { return start }
    var index = start
    while index < blocks.count, index - start < RecipeDoubt.pageTextLimit {
      if blocks[index].text == last || blocks[index].lines.contains(last) { return index }
      index += 1
    }
    return start
  }

  /// The page's text in the blocks `found` was read from (at most 80 lines), for a doubt.
  func pageText(_ found: Found) -> [String] {
    var text: [String] = []
    for index in found.pageSpan where text.count < RecipeDoubt.pageTextLimit {
      let block = blocks[index]
      text.append(contentsOf: block.lines.isEmpty ? [block.text] : block.lines)
    }
    return Array(text.prefix(RecipeDoubt.pageTextLimit))
  }

  /// One of two copies of the same list (metric and US, one after the other), the one in the
  /// household's `units`; and whether there were two.
  static func oneCopy(_ lines: [Line], units: MeasurementSystem) -> ([Line], Bool) {
    let items = lines.indices.filter { !lines[$0].isHeading }
    guard items.count >= 4, items.count % 2 == 0 else { return (lines, false) }
    let half = items.count / 2
    for offset in 0..<half {
      let first = VisibleIngredients.Words(lines[items[offset]].text).words
      let second = VisibleIngredients.Words(lines[items[half + offset]].text).words
      let shared = first.intersection(second).count
      guard shared > 0, shared * 2 >= min(first.count, second.count) else { return (lines, false) }
    }
    let cut = items[half]
    var cutStart = cut
    while cutStart > 0, lines[cutStart - 1].isHeading { cutStart -= 1 }
    let firstCopy = Array(lines[..<cutStart])
    let secondCopy = Array(lines[cutStart...])
    let firstMetric = metricCount(firstCopy)
    let secondMetric = metricCount(secondCopy)
    guard firstMetric != secondMetric else { return (lines, false) }
    let metricFirst = firstMetric > secondMetric
    return (units == .metric) == metricFirst ? (firstCopy, true) : (secondCopy, true)
  }

  private static func metricCount(_ lines: [Line]) -> Int {
    lines.filter { line in
      guard !line.isHeading, let unit = IngredientLineParser.parse(line.text).quantity?.unit
      else { return false }
      return ["g", "kg", "mg", "ml", "l", "cl", "dl"].contains(unit.id)
    }.count
  }

  /// How much `lines` read like an ingredient list: two points a line opening with an
  /// amount, one a short line without one, less one a sentence.
  static func score(_ lines: [Line]) -> Int {
    var score = 0
    for line in lines where !line.isHeading {
      if opensWithAmount(line.text) {
        score += 2
      } else if looksLikeIngredient(line.text) {
        score += 1
      } else {
        score -= 1
      }
    }
    return score
  }

  static func opensWithAmount(_ text: String) -> Bool {
    guard let first = text.first else { return false }
    if first.isNumber { return true }
    return IngredientLineParser.parse(text).quantity != nil && text.count <= 100
  }

  /// Short and not a sentence: "salt", "Butter zum Braten".
  static func looksLikeIngredient(_ text: String) -> Bool {
    let words = text.split(separator: " ").count
    if opensWithAmount(text) { return text.count <= 160 }
    return words <= 8 && text.count <= 70 && !text.hasSuffix(".") && !text.hasSuffix("!")
      && !text.hasSuffix("?")
  }

  /// Prose: a sentence long enough to be a step or a story, not a line of a list.
  static func isProse(_ text: String) -> Bool {
    if opensWithAmount(text), text.count <= 250 { return false }
    let words = text.split(separator: " ").count
    return words >= 12 || (words >= 6 && (text.hasSuffix(".") || text.hasSuffix("!")))
  }

  /// The lines under the ingredient title at `start`, and the index after the last read.
  func ingredientLines(after start: Int) -> ([Line], Int) {
    let level = headingLevel(start)
    var lines: [Line] = []
    var index = start + 1
    var prose = 0
    var lastKept = start
    while index < blocks.count, index - start < 300 {
      let block = blocks[index]
      if let kind = title(index) {
        if kind == .method, index == start + 1 {
          // Tabs: "Ingredients" and "Method" side by side, each list under both.
          index += 1
          continue
        }
        guard kind == .ingredients else { break }
        // "Zutaten für den Teig" under "Zutaten": a group's heading.
        lines.append(Line(text: block.text, isHeading: true))
        index += 1
        continue
      }
      if case .heading(let other) = block.kind {
        if other <= level { break }
        if block.text.count <= 60 { lines.append(Line(text: block.text, isHeading: true)) }
        index += 1
        continue
      }
      let (row, used) = self.row(at: index)
      let isListed: Bool
      if case .listItem = block.kind { isListed = true } else { isListed = false }
      index += used
      let titles = block.lines.isEmpty ? [] : Self.groupTitles(row)
      for (offset, text) in row.enumerated() {
        let text = RecipeText.ingredientLine(text)
        if text.isEmpty { continue }
        if titles.contains(offset) {
          lines.append(Line(text: text, isHeading: true))
          continue
        }
        if let heading = IngredientLineParser.heading(in: text), !Self.opensWithAmount(text) {
          lines.append(Line(text: heading, isHeading: true))
          continue
        }
        if Self.isProse(text) {
          prose += 1
          continue
        }
        if !Self.looksLikeIngredient(text) || Self.isServings(text) { continue }
        if prose >= 2, lines.contains(where: { !$0.isHeading }) {
          return (Self.listed(lines), lastKept + 1)
        }
        prose = 0
        lines.append(Line(text: text, isHeading: false, isListed: isListed))
        lastKept = index - 1
      }
      if prose >= 2, lines.contains(where: { !$0.isHeading }) { break }
    }
    return (Self.listed(lines), lastKept + 1)
  }

  /// "4 servings", "kettő főre", "Serves 4": how many the recipe serves (a servings widget
  /// above the list), not an ingredient.
  static func isServings(_ text: String) -> Bool {
    let words = text.lowercased().split(separator: " ")
    guard (2...3).contains(words.count), let last = words.last, let first = words.first else {
      return false
    }
    if RecipeYield.servingWords.contains(String(last)) { return true }
    let label = first.hasSuffix(":") ? first.dropLast() : first
    return ["serves", "servings", "serving"].contains(label) && text.contains { $0.isNumber }
  }

  /// In one block's lines, those that title a group: a word or two with a capital and no
  /// amount ("Meatballs", "Sauce") just before a line with an amount, in lines that mostly
  /// open with one.
  static func groupTitles(_ lines: [String]) -> Set<Int> {
    guard lines.count >= 4 else { return [] }
    let amounts = lines.map(opensWithAmount)
    guard amounts.filter({ $0 }).count * 3 >= lines.count * 2 else { return [] }
    var titles: Set<Int> = []
    for (offset, line) in lines.enumerated().dropLast() where !amounts[offset] {
      guard amounts[offset + 1], offset == 0 || amounts[offset - 1],
        let first = line.first, first.isUppercase, line.split(separator: " ").count <= 2,
        !line.contains(where: { $0.isNumber || $0 == "," || $0 == "." })
      else { continue }
      titles.insert(offset)
    }
    return titles
  }

  /// When the section holds a list, its items: a short line without an amount just before
  /// an item is a group's heading ("Rub"), other lines beside the list are left out (a
  /// servings widget's "Makes 6 servings", "1/2x 1x 2x").
  static func listed(_ lines: [Line]) -> [Line] {
    guard lines.filter(\.isListed).count >= 2 else { return trimmed(lines) }
    var kept: [Line] = []
    for (offset, line) in lines.enumerated() {
      if line.isListed || line.isHeading {
        kept.append(line)
      } else if offset + 1 < lines.count, lines[offset + 1].isListed, line.text.count <= 40,
        !opensWithAmount(line.text)
      {
        kept.append(Line(text: line.text, isHeading: true))
      }
    }
    return trimmed(kept)
  }

  /// Lines without the headings that end them (a heading with no line under it).
  static func trimmed(_ lines: [Line]) -> [Line] {
    var lines = lines
    while let last = lines.last, last.isHeading { lines.removeLast() }
    var kept: [Line] = []
    for (offset, line) in lines.enumerated() {
      if line.isHeading, offset + 1 < lines.count, lines[offset + 1].isHeading { continue }
      kept.append(line)
    }
    return kept
  }

  /// The texts a block (with the cells after it in its row) gives: a row of cells where one
  /// is a bare amount is one line, amount first; a block broken into lines or bullets gives
  /// each; and how many blocks were used.
  func row(at index: Int) -> ([String], Int) {
    let block = blocks[index]
    if case .listItem = block.kind { return (Self.bulleted(block.text), 1) }
    if !block.lines.isEmpty { return (block.lines.flatMap(Self.bulleted), 1) }
    if let joined = amountBeforeItsFood(at: index) { return ([joined], 2) }
    var cells = [block.text]
    var end = index + 1
    while end < blocks.count, cells.count < 3, block.parent != 0,
      blocks[end].parent == block.parent, blocks[end].lines.isEmpty
    {
      if case .listItem = blocks[end].kind { break }
      if case .heading = blocks[end].kind { break }
      cells.append(blocks[end].text)
      end += 1
    }
    if cells.count >= 2, cells.count <= 3, cells.contains(where: Self.isBareAmount),
      !cells.allSatisfy(Self.isBareAmount)
    {
      let amounts = cells.filter(Self.isBareAmount)
      let others = cells.filter { !Self.isBareAmount($0) }
      return ([(amounts + others).joined(separator: " ")], cells.count)
    }
    return (Self.bulleted(block.text), 1)
  }

  /// A bare amount in loose text ("2", "1/2 φλ.") just before the paragraph that names its
  /// food, in another element (a label holding a span and a `<p>`): the two as one line.
  private func amountBeforeItsFood(at index: Int) -> String? {
    let block = blocks[index]
    guard block.kind == .text, Self.isBareAmount(block.text), index + 1 < blocks.count else {
      return nil
    }
    let next = blocks[index + 1]
    guard next.kind == .paragraph || next.kind == .text, next.parent != block.parent,
      next.lines.isEmpty, titles[index + 1] == nil, let first = next.text.first,
      !first.isNumber, Self.looksLikeIngredient(next.text)
    else { return nil }
    return block.text + " " + next.text
  }

  /// A cell holding only an amount and maybe a unit: "275 g", "½ cup", "2 Stk.", "6".
  static func isBareAmount(_ text: String) -> Bool {
    guard let first = text.first, first.isNumber, text.count <= 16 else { return false }
    return text.split(separator: " ").count <= 3
  }

  /// A line split at bullets written inside it ("• 15 g Parmesan • 1 Ei"), when it holds two
  /// or more.
  static func bulleted(_ text: String) -> [String] {
    guard text.contains("•") else { return [text] }
    let parts = text.split(separator: "•").map { String(String($0).trimmingCharacters()) }
      .filter { !$0.isEmpty }
    return parts.isEmpty ? [text] : parts
  }

  /// The method under the title at `start`: its list items (sub-headings as their own
  /// lines), else its paragraphs and long lines, until a heading of its level, another
  /// section's title, or the page's furniture.
  func steps(after start: Int) -> [Line] {
    let level = headingLevel(start)
    var items: [Line] = []
    var paragraphs: [Line] = []
    var index = start + 1
    var list: Int?
    var listsEnded = false
    var parent: Int?
    var stepsInParent = 0
    var paragraphsEnded = false
    var previous: PageBlock.Kind?
    while index < blocks.count, index - start < 400 {
      let block = blocks[index]
      defer {
        previous = block.kind
        index += 1
      }
      if let kind = title(index), kind != .method || !(items.isEmpty && paragraphs.isEmpty),
        !isPartTitle(index, of: kind, afterList: list != nil && !listsEnded)
      {
        break
      }
      var afterHeading = false
      if case .heading = previous { afterHeading = true }
      switch block.kind {
      case .heading(let other):
        if other <= level { return Self.trimmed(list != nil ? items : paragraphs) }
        let line = Line(text: block.text, isHeading: true)
        if !listsEnded { items.append(line) }
        if !paragraphsEnded { paragraphs.append(line) }
      case .listItem(let number):
        if Self.isFact(block.text) { continue }  // "Cooling time: 1 hour"
        // Lists that follow one another, or a heading, are one method; a list after other
        // content ("People who like this dish") is not the recipe's.
        var adjacent = afterHeading
        if case .listItem = previous { adjacent = true }
        // A short line titling the next list ("For the filling:", "Rice Method") is a heading
        // between them, when that list reads as steps ("You may also like:" over links isn't).
        var subTitle: String?
        if previous == .paragraph || previous == .text, list != nil, number != list,
          Self.isProse(block.text) || block.text.count >= 40
        {
          let line = blocks[index - 1].text
          subTitle = Self.stepHeading(line) ?? (title(index - 1) == .method ? line : nil)
        }
        if subTitle != nil { adjacent = true }
        if let list, number != list, !adjacent { listsEnded = true }
        guard !listsEnded else { continue }
        if let subTitle { items.append(Line(text: subTitle, isHeading: true)) }
        list = number
        items.append(Line(text: block.text, isHeading: false))
      case .paragraph, .text:
        guard !paragraphsEnded else { continue }
        let isStep =
          Self.isProse(block.text) || block.text.count >= 40
          || (block.kind == .paragraph && !Self.isStepNumber(block.text)
            && Self.stepHeading(block.text) == nil)
        if block.lines.count >= 2 || isStep {
          // Steps that share a container end with it: prose elsewhere after them is the
          // page's own ("Follow us on Pinterest").
          if let parent, block.parent != parent, !afterHeading, stepsInParent >= 2 {
            paragraphsEnded = true
            continue
          }
          stepsInParent = block.parent == parent ? stepsInParent + 1 : 1
          parent = block.parent
        }
        if block.lines.count >= 2, list == nil {
          paragraphs.append(contentsOf: block.lines.map { Line(text: $0, isHeading: false) })
        } else if isStep {
          paragraphs.append(Line(text: block.text, isHeading: false))
        } else if case .paragraph = block.kind, let heading = Self.stepHeading(block.text) {
          paragraphs.append(Line(text: heading, isHeading: true))
        }
      }
    }
    let chosen = list != nil && items.contains { !$0.isHeading } ? items : paragraphs
    return Self.trimmed(chosen)
  }

  /// A method's title that names a part of it ("Rice Method:") between one of its lists and
  /// the next: a heading inside the method, not the start of another.
  private func isPartTitle(_ index: Int, of kind: Title, afterList: Bool) -> Bool {
    guard kind == .method, afterList, index + 1 < blocks.count,
      case .listItem = blocks[index + 1].kind, !Self.isMethodTitle(blocks[index].text)
    else { return false }
    return true
  }

  /// Without a title: the steps just after the ingredient list (past a heading or a few
  /// short lines), when they read as steps.
  func untitledSteps(after end: Int) -> [Line] {
    var index = end
    var passed = 0
    while index < blocks.count, passed <= 4 {
      let block = blocks[index]
      if title(index) == .other { return [] }
      switch block.kind {
      case .listItem, .paragraph:
        if Self.isProse(block.text) || block.text.count >= 40 {
          let steps = self.steps(after: max(0, index - 1))
          let long = steps.filter { !$0.isHeading && $0.text.split(separator: " ").count >= 5 }
          return long.isEmpty ? [] : steps
        }
      case .heading, .text:
        break
      }
      passed += 1
      index += 1
    }
    return []
  }

  /// A short labelled figure, "Prep time: 10 min", "Portionen: 4": a fact about the recipe,
  /// not a step.
  static func isFact(_ text: String) -> Bool {
    guard text.count <= 50, let colon = text.firstIndex(of: ":") else { return false }
    let label = text[..<colon]
    let value = text[text.index(after: colon)...]
    return !label.isEmpty && label.split(separator: " ").count <= 3
      && !label.contains { $0.isNumber } && value.contains { $0.isNumber }
      && value.split(separator: " ").count <= 4
  }

  /// "Step 2", "3.": a step's number on its own (short: a paragraph of steps is not lowercased
  /// to learn that it is none).
  static func isStepNumber(_ text: String) -> Bool {
    guard text.utf8.count <= 40 else { return false }
    var rest = Substring(text.lowercased())
    for word in ["step", "schritt", "étape", "paso", "passo", "stap"] where rest.hasPrefix(word) {
      rest = rest.dropFirst(word.count)
    }
    let digits = rest.filter { !" .:)".contains($0) }
    return !digits.isEmpty && digits.allSatisfy(\.isNumber)
  }

  /// A short paragraph that titles the steps after it ("For the sauce:", "Step 1" is not).
  static func stepHeading(_ text: String) -> String? {
    guard text.hasSuffix(":"), text.count <= 60 else { return nil }
    return text
  }

  private func headingLevel(_ index: Int) -> Int {
    if case .heading(let level) = blocks[index].kind { return level }
    return 7
  }

  /// Without a title: the list whose items read most like ingredients, when it clearly does
  /// (three or more items, most opening with an amount).
  func bestUntitledList() -> (lines: [Line], score: Int, start: Int, end: Int)? {
    var best: (lines: [Line], score: Int, start: Int, end: Int)?
    var index = 0
    while index < blocks.count {
      guard case .listItem(let list) = blocks[index].kind else {
        index += 1
        continue
      }
      var lines: [Line] = []
      var end = index
      while end < blocks.count, case .listItem(let other) = blocks[end].kind, other == list {
        lines.append(Line(text: RecipeText.ingredientLine(blocks[end].text), isHeading: false))
        end += 1
      }
      let amounts = lines.filter { Self.opensWithAmount($0.text) }.count
      let score = Self.score(lines)
      if lines.count >= 3, amounts * 3 >= lines.count * 2, score > (best?.score ?? 0) {
        best = (lines, score, index, end)
      }
      index = max(end, index + 1)
    }
    return best
  }
}
