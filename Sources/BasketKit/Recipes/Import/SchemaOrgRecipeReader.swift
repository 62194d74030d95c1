/// Reads a schema.org `Recipe` from JSON-LD (or microdata turned into the same shape):
/// `@graph`, `mainEntity`, arrays and nested lists, `HowToSection`/`HowToStep`,
/// `PropertyValue` ingredients, ISO 8601 durations, and yields as a number, text or list.
enum SchemaOrgRecipeReader {
  /// The recipe node among `values`, searched depth-first in document order (at most
  /// `visitLimit` nodes); the first one that lists ingredients wins, else the first at all.
  static func recipeNode(in values: [JSONValue]) -> JSONValue? {
    var stack: [JSONValue] = values.reversed()
    var first: JSONValue?
    var visits = 0
    while let value = stack.popLast(), visits < visitLimit {
      visits += 1
      switch value {
      case .object(let members):
        if isType(value, "recipe") {
          if value["recipeIngredient"] != nil || value["ingredients"] != nil { return value }
          first = first ?? value
        }
        for (_, child) in members.reversed() {
          if case .object = child { stack.append(child) }
          if case .array = child { stack.append(child) }
        }
      case .array(let elements):
        for child in elements.reversed() {
          if case .object = child { stack.append(child) }
          if case .array = child { stack.append(child) }
        }
      default:
        break
      }
    }
    return first
  }

  static let visitLimit = 200_000

  /// Whether the node's `@type` (a string or a list; "Recipe", "schema:Recipe",
  /// "http://schema.org/Recipe") names `type`, ignoring case.
  static func isType(_ node: JSONValue, _ type: String) -> Bool {
    guard let types = node["@type"] ?? node["type"] else { return false }
    return types.list.contains { value in
      guard let text = value.string else { return false }
      let last = text.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last
      return last.map { $0.lowercased() == type } ?? false
    }
  }

  static func recipe(from node: JSONValue, page: RecipePage) -> Recipe {
    let title = firstText(node["name"]) ?? firstText(node["headline"]) ?? page.title ?? ""
    let lines = ingredientTexts(node["recipeIngredient"] ?? node["ingredients"] ?? .null)
    var instructions: [String] = []
    var budget = 20_000
    readSteps(node["recipeInstructions"] ?? .null, into: &instructions, depth: 0, budget: &budget)
    let prep = duration(node["prepTime"]).flatMap { $0 > 0 ? $0 : nil }
    let cook = duration(node["cookTime"]).flatMap { $0 > 0 ? $0 : nil }
    var total = duration(node["totalTime"])
    if total == nil, prep != nil || cook != nil { total = (prep ?? 0) + (cook ?? 0) }
    if total == 0 { total = nil }  // "PT0M" means the page doesn't say
    let yield = readYield(node["recipeYield"] ?? node["yield"] ?? .null)
    return Recipe(
      title: title,
      source: firstText(node["url"]).flatMap(webAddress) ?? page.address,
      yields: yield?.text, servings: yield?.count, prepTime: prep, cookTime: cook,
      totalTime: total, ingredientGroups: RecipeImporter.groups(lines),
      instructions: instructions, image: image(node["image"] ?? .null) ?? page.image)
  }

  private static func webAddress(_ text: String) -> String? {
    text.hasPrefix("http://") || text.hasPrefix("https://") ? text : nil
  }

  /// The first non-empty cleaned text of a value or list.
  static func firstText(_ value: JSONValue?) -> String? {
    guard let value else { return nil }
    for element in value.list {
      if let text = element.string.map(RecipeText.clean), !text.isEmpty { return text }
      if case .object = element, let text = firstText(element["name"] ?? element["text"]) {
        return text
      }
    }
    return nil
  }

  private static func duration(_ value: JSONValue?) -> Int? {
    guard let value else { return nil }
    for element in value.list {
      if let text = element.string, let minutes = RecipeDuration.minutes(text) { return minutes }
      if case .object = element,
        let minutes = duration(element["maxValue"] ?? element["value"] ?? element["@value"])
      {
        return minutes
      }
    }
    return nil
  }

  /// Ingredient lines: strings (a block of several lines is split), nested lists, and
  /// `PropertyValue`s ("200", "g", "flour").
  static func ingredientTexts(_ value: JSONValue) -> [String] {
    var out: [String] = []
    var stack: [JSONValue] = [value]
    var visits = 0
    while let next = stack.popLast(), visits < 50_000 {
      visits += 1
      switch next {
      case .string(let text):
        out.append(
          contentsOf: joiningBareAmounts(RecipeText.lines(text)).map(RecipeText.ingredientLine)
            .flatMap(amountList))
      case .number:
        if let text = next.string { out.append(text) }
      case .array(let elements):
        stack.append(contentsOf: elements.reversed())
      case .object:
        if let text = propertyValueText(next) { out.append(text) }
      default:
        break
      }
    }
    return out
  }

  /// `lines` with an amount that stands on a line of its own joined to the food on the next
  /// ("2" and "Pasture-Raised Eggs": markup whose element puts the amount in a box of its
  /// own, its text read with the line breaks around it).
  static func joiningBareAmounts(_ lines: [String]) -> [String] {
    guard lines.count >= 2 else { return lines }
    if lines.count == 2, PageSections.isBareAmount(lines[0]),
      lines[1].first.map({ !$0.isNumber }) ?? false
    {
      // One value of two lines is one ingredient: "½ cup" and "Semi-Pearled Farro".
      return [lines[0] + " " + lines[1]]
    }
    var out: [String] = []
    var index = 0
    while index < lines.count {
      if index + 1 < lines.count, isOnlyAmount(lines[index]), !isOnlyAmount(lines[index + 1]) {
        out.append(lines[index] + " " + lines[index + 1])
        index += 2
      } else {
        out.append(lines[index])
        index += 1
      }
    }
    return out
  }

  /// "2", "40 gr", "1/2 cup": an amount with no food named.
  static func isOnlyAmount(_ line: String) -> Bool {
    guard line.first?.isNumber == true, line.utf8.count <= 16 else { return false }
    let read = IngredientLineParser.parse(line)
    return read.quantity != nil && read.name.isEmpty
  }

  /// A line that runs several ingredients together with commas ("125ml milk, 1 tsp vinegar,
  /// 60ml oil") as its parts, when there are three or more and each opens with an amount and
  /// names something after it; otherwise the line.
  static func amountList(_ line: String) -> [String] {
    guard line.utf8.count >= 30, line.contains(", ") else { return [line] }
    // Commas inside brackets list one line's parts ("flour blend (2 cups almond flour, …)").
    var parts: [String] = []
    var part = ""
    var depth = 0
    var previous: Character = " "
    for character in line {
      if "([{".contains(character) { depth += 1 }
      if ")]}".contains(character) { depth = max(0, depth - 1) }
      if character == " ", previous == ",", depth == 0 {
        part.removeLast()
        parts.append(String(part.trimmingCharacters()))
        part = ""
      } else {
        part.append(character)
      }
      previous = character
    }
    parts.append(String(part.trimmingCharacters()))
    guard parts.count >= 3,
      parts.allSatisfy({ part in
        guard let first = part.first, first.isNumber else { return false }
        return part.contains { $0.isLetter }
      })
    else { return [line] }
    return parts
  }

  private static func propertyValueText(_ node: JSONValue) -> String? {
    let parts = [node["value"], node["unitText"], node["name"]].compactMap { $0?.string }
      .map(RecipeText.clean).filter { !$0.isEmpty }
    if !parts.isEmpty { return parts.joined(separator: " ") }
    return firstText(node["text"] ?? node["description"])
  }

  /// Steps in order: strings (split into lines), `HowToStep` text, `HowToSection` names as
  /// their own line followed by their steps, `ItemList`s and nested arrays.
  static func readSteps(
    _ value: JSONValue, into steps: inout [String], depth: Int, budget: inout Int
  ) {
    budget -= 1
    guard depth < 32, budget > 0 else { return }
    switch value {
    case .string(let text):
      steps.append(contentsOf: RecipeText.lines(text))
    case .array(let elements):
      for element in elements {
        if case .string(let text) = element, elements.count > 1 {
          // NB: in a list of steps the list says where each step ends, so a line break
          // inside one is the writer's paragraphing ("100 °C" / "(210 °F)"), not a new step.
          let lines = RecipeText.lines(text)
          if !lines.isEmpty { steps.append(lines.joined(separator: " ")) }
          budget -= 1
          continue
        }
        readSteps(element, into: &steps, depth: depth + 1, budget: &budget)
      }
    case .object:
      let children = value["itemListElement"] ?? value["steps"]
      if isType(value, "howtosection") || children != nil && value["text"] == nil {
        if isType(value, "howtosection"), let name = firstText(value["name"]) {
          steps.append(name)
        }
        if let children {
          readSteps(children, into: &steps, depth: depth + 1, budget: &budget)
        }
      } else if let text = value["text"] ?? value["description"] ?? value["name"] {
        if let name = firstText(value["name"]), let body = firstText(text),
          !isRestatement(name, of: body)
        {
          steps.append(name)  // a step's own title: "Make the filling", "Step 1"
        }
        let before = steps.count
        readSteps(text, into: &steps, depth: depth + 1, budget: &budget)
        if steps.count - before > 1 {
          // One step's text broken over lines is still one step.
          let joined = steps[before...].joined(separator: " ")
          steps.removeSubrange(before...)
          steps.append(joined)
        }
      }
    default:
      break
    }
  }

  /// Whether a step's name only repeats its text (whole, or cut short with "…").
  static func isRestatement(_ name: String, of text: String) -> Bool {
    var stem = name
    while let last = stem.last, ".…:! ".contains(last) { stem.removeLast() }
    let plainText = text.lowercased()
    return stem.isEmpty || isNumbering(name) || plainText.hasPrefix(stem.lowercased())
      || name == text
  }

  /// Whether a step's name is only its number, with at most one word before it ("Step 1",
  /// "step1", "Schritt 2", "1.", "#3"), not a title that holds a number ("1st Rise", "Rest 30
  /// minutes").
  static func isNumbering(_ name: String) -> Bool {
    var rest = Substring(name.trimmingCharacters())
    while let last = rest.last, ".:)".contains(last) { rest.removeLast() }
    guard rest.last?.isNumber == true else { return false }
    while let last = rest.last, last.isNumber { rest.removeLast() }
    while let last = rest.last, " #-".contains(last) { rest.removeLast() }
    return !rest.contains { $0.isNumber || $0.isWhitespace }
  }

  /// The most telling yield in a number, text or list: one with a noun ("24 cookies") over a
  /// bare count.
  static func readYield(_ value: JSONValue) -> RecipeYield? {
    let texts = value.list.compactMap { element -> String? in
      if case .object = element {  // a QuantitativeValue: {"value": 6, "unitText": "…"}
        return [element["value"], element["unitText"]].compactMap { $0?.string }
          .joined(separator: " ")
      }
      return element.string
    }
    let candidates = texts.compactMap { RecipeYield.read(RecipeText.clean($0)) }
    return candidates.first { $0.noun != nil } ?? candidates.first
  }

  static func image(_ value: JSONValue) -> String? {
    for element in value.list {
      if let text = element.string, !text.isEmpty { return RecipeText.clean(text) }
      if case .object = element, let url = image(element["url"] ?? element["contentUrl"] ?? .null) {
        return url
      }
    }
    return nil
  }
}
