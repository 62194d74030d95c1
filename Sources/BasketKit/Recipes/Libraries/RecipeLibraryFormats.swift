/// Where a recipe in a library came from: the app whose export holds it.
public enum RecipeLibraryFormat: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
  case paprika = "Paprika"
  case nextcloud = "Nextcloud Cookbook"
  case mealie = "Mealie"
  case jsonLD = "schema.org JSON-LD"
  case page = "saved page"
}

/// One recipe read from a library file: the recipe, or why it could not be read.
public struct LibraryRecipe: Sendable {
  /// Its title as the file names it, for the summary (nil when even that can't be read).
  public var title: String?
  public var result: Result<Recipe, LibraryRecipeError>

  public init(title: String?, result: Result<Recipe, LibraryRecipeError>) {
    self.title = title
    self.result = result
  }
}

/// Why one recipe of a library was not imported, worded for the summary.
public struct LibraryRecipeError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Reads the recipes other apps export, each turned into schema.org's shape and read by the
/// one schema.org reader (`RecipeImporter.recipe(fromJSONLD:)`), so every format is cleaned,
/// timed and grouped alike and the ingredient lines keep their text as written:
///
/// - Paprika 3: one recipe's JSON (`ingredients` and `directions` as text, `[photo:N]`
///   markers dropped)
/// - Mealie: its backup's `database.json` (every table; recipes joined to their ingredients,
///   units, foods and steps) and its single-recipe JSON (camelCase)
/// - schema.org: a JSON-LD file (Nextcloud Cookbook's `recipe.json`, whose `## ` lines are
///   headings, is one)
///
/// Pure: the archive walking and the saved pages' HTML are the adapter's.
public enum RecipeLibraryFile {
  /// The recipes a JSON document holds, and the format it is in; nil when it holds none
  /// that Basket reads (another app's settings, a shopping list).
  public static func recipes(in value: JSONValue) -> (RecipeLibraryFormat, [LibraryRecipe])? {
    if let tables = MealieBackup(value) { return (.mealie, tables.recipes()) }
    if let node = SchemaOrgRecipeReader.recipeNode(in: [value]) {
      return (.jsonLD, [read(value, title: nil, groups: markedGroups(node), headingMarks: true)])
    }
    if let node = mealieNode(value) {
      return (.mealie, [read(node.node, title: node.title, groups: node.groups)])
    }
    if let node = paprikaNode(value) {
      return (.paprika, [read(node, title: value["name"]?.string, headingMarks: false)])
    }
    return nil
  }

  /// The recipe in `node` (schema.org's shape), within `RecipeLimits`. `groups`, when given,
  /// replace the lines read (another app's own sections); `headingMarks` reads a step of
  /// `## Heading` (Nextcloud's section marks) as the heading's words.
  static func read(
    _ node: JSONValue, title: String?, groups: [IngredientGroup]? = nil, headingMarks: Bool = true
  ) -> LibraryRecipe {
    let name =
      title
      ?? SchemaOrgRecipeReader.recipeNode(in: [node]).flatMap {
        SchemaOrgRecipeReader.firstText($0["name"])
      }
    guard var recipe = RecipeImporter.recipe(fromJSONLD: [node]) else {
      return LibraryRecipe(
        title: name, result: .failure(LibraryRecipeError("it holds no ingredients and no method")))
    }
    if let groups { recipe.ingredientGroups = groups.filter { !$0.ingredients.isEmpty } }
    if headingMarks {
      recipe.instructions = recipe.instructions.map(withoutHeadingMarks).filter { !$0.isEmpty }
    }
    recipe.doubt = nil
    guard !recipe.ingredientGroups.isEmpty || !recipe.instructions.isEmpty else {
      return LibraryRecipe(
        title: name, result: .failure(LibraryRecipeError("it holds no ingredients and no method")))
    }
    guard !recipe.title.isEmpty else {
      return LibraryRecipe(title: name, result: .failure(LibraryRecipeError("it has no title")))
    }
    do {
      return LibraryRecipe(
        title: recipe.title, result: .success(try RecipeLimits.checked(recipe, from: "it")))
    } catch {
      return LibraryRecipe(title: recipe.title, result: .failure(LibraryRecipeError("\(error)")))
    }
  }

  /// The ingredient groups of a node whose lines mark headings with `#` (Nextcloud Cookbook's
  /// "## For the dressing", and Basket's own export); nil when no line is marked.
  static func markedGroups(_ node: JSONValue) -> [IngredientGroup]? {
    let texts = (node["recipeIngredient"] ?? node["ingredients"] ?? .null).list.compactMap(\.string)
    guard
      texts.contains(where: {
        let trimmed = $0.trimmingCharacters()
        return isHeadingMark(trimmed) || trimmed.hasPrefix("\\")
      })
    else { return nil }
    var groups: [IngredientGroup] = []
    for var text in texts {
      let trimmed = String(text.trimmingCharacters())
      if trimmed.hasPrefix("\\") {
        text = String(trimmed.dropFirst())
      } else if isHeadingMark(trimmed) {
        var heading = RecipeText.clean(withoutHeadingMarks(trimmed))
        while heading.hasSuffix(":") { heading.removeLast() }
        groups.append(IngredientGroup(heading: heading.isEmpty ? nil : heading, ingredients: []))
        continue
      }
      for line in SchemaOrgRecipeReader.ingredientTexts(.string(text)) where !line.isEmpty {
        if groups.isEmpty { groups.append(IngredientGroup(ingredients: [])) }
        groups[groups.count - 1].ingredients.append(IngredientLineParser.parse(line))
      }
    }
    return groups
  }

  /// "## Roast the squash" → "Roast the squash"; "#1 stir" stays; "\## Roast" (a line
  /// `RecipeJSONLD` kept from reading as a heading) → "## Roast".
  static func withoutHeadingMarks(_ step: String) -> String {
    if step.hasPrefix("\\") { return String(step.dropFirst()) }
    guard isHeadingMark(step) else { return step }
    return String(step.drop { $0 == "#" || $0 == " " })
  }

  /// Whether a line marks a heading as Nextcloud Cookbook and Markdown do: `#` marks, then a
  /// space or nothing ("## For the sauce"). "#10 can tomatoes" is a line.
  public static func isHeadingMark<S: StringProtocol>(_ text: S) -> Bool {
    guard text.hasPrefix("#") else { return false }
    let rest = text.drop { $0 == "#" }
    return rest.first.map(\.isWhitespace) ?? true
  }

  // MARK: - Paprika

  /// A Paprika recipe (`name`, `ingredients` and `directions` as text, times as text) in
  /// schema.org's shape; nil when `value` isn't one.
  static func paprikaNode(_ value: JSONValue) -> JSONValue? {
    guard case .object = value, let name = value["name"]?.string,
      value["ingredients"]?.string != nil || value["directions"]?.string != nil
    else { return nil }
    var members: [(String, JSONValue)] = [("@type", .string("Recipe")), ("name", .string(name))]
    if let ingredients = value["ingredients"]?.string {
      members.append(("recipeIngredient", .string(ingredients)))
    }
    if let directions = value["directions"]?.string {
      // NB: "[photo:1]" marks where Paprika shows a picture; it is no step.
      let steps = RecipeText.lines(directions).filter {
        !($0.hasPrefix("[photo:") && $0.hasSuffix("]"))
      }
      members.append(("recipeInstructions", .array(steps.map(JSONValue.string))))
    }
    for (from, to) in [
      ("servings", "recipeYield"), ("prep_time", "prepTime"), ("cook_time", "cookTime"),
      ("total_time", "totalTime"), ("source_url", "url"), ("image_url", "image"),
    ] {
      if let text = value[from]?.string, !text.isEmpty { members.append((to, .string(text))) }
    }
    return .object(members)
  }

  // MARK: - Mealie

  /// Mealie's single-recipe JSON (camelCase: `recipeIngredient` objects with `originalText`,
  /// `note`, `quantity`, `unit` and `food`; `recipeInstructions` with `title` and `text`).
  static func mealieNode(_ value: JSONValue) -> (
    node: JSONValue, title: String?, groups: [IngredientGroup]
  )? {
    guard case .object = value, let name = value["name"]?.string,
      case .array(let lines)? = value["recipeIngredient"],
      lines.contains(where: {
        $0["originalText"] != nil || $0["note"] != nil || $0["display"] != nil
      })
        || value["slug"] != nil
    else { return nil }
    let ingredients = lines.map { line in
      MealieLine(
        title: line["title"]?.string, originalText: line["originalText"]?.string,
        note: line["note"]?.string, quantity: line["quantity"].flatMap(\.number),
        unit: line["unit"].flatMap {
          $0["abbreviation"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? $0["name"]?.string
        },
        food: line["food"]?["name"]?.string)
    }
    let steps = (value["recipeInstructions"]?.list ?? []).map {
      (title: $0["title"]?.string, text: $0["text"]?.string ?? $0.string)
    }
    let node = MealieBackup.node(
      name: name,
      fields: [
        ("recipeServings", value["recipeServings"]), ("recipeYield", value["recipeYield"]),
        ("recipeYieldQuantity", value["recipeYieldQuantity"]), ("totalTime", value["totalTime"]),
        ("prepTime", value["prepTime"]), ("performTime", value["performTime"]),
        ("cookTime", value["cookTime"]), ("orgURL", value["orgURL"]),
      ], ingredients: ingredients, steps: steps)
    return (node, name, MealieLine.groups(ingredients))
  }
}

/// One ingredient row of Mealie, in either of its shapes.
struct MealieLine {
  var title: String?
  var originalText: String?
  var note: String?
  var quantity: Double?
  var unit: String?
  var food: String?

  /// The line as the household wrote it: Mealie's original text when it kept one, else its
  /// parsed parts put back together ("2 tbsp olive oil, finely chopped"), else its note
  /// (an unparsed line is all note).
  var text: String {
    if let originalText, !originalText.trimmingCharacters().isEmpty { return originalText }
    guard food != nil || unit != nil else { return note ?? "" }
    var parts: [String] = []
    if let quantity, quantity > 0 { parts.append(KitchenAmountFormat.number(quantity, unit: nil)) }
    if let unit, !unit.isEmpty { parts.append(unit) }
    if let food, !food.isEmpty { parts.append(food) }
    var text = parts.joined(separator: " ")
    if let note, !note.isEmpty { text += ", " + note }
    return text
  }

  /// The lines in Mealie's sections: a row with a `title` starts one.
  static func groups(_ lines: [MealieLine]) -> [IngredientGroup] {
    var groups: [IngredientGroup] = []
    for line in lines {
      let text = RecipeText.clean(line.text)
      if let title = line.title.map(RecipeText.clean), !title.isEmpty {
        groups.append(IngredientGroup(heading: title, ingredients: []))
      }
      guard !text.isEmpty else { continue }
      if groups.isEmpty { groups.append(IngredientGroup(ingredients: [])) }
      groups[groups.count - 1].ingredients.append(IngredientLineParser.parse(text))
    }
    return groups
  }
}

/// Mealie's backup: `database.json`, every table of its database as a list of rows.
struct MealieBackup {
  var recipeRows: [JSONValue]
  var ingredients: [String: [JSONValue]]
  var instructions: [String: [JSONValue]]
  var units: [String: String]
  var foods: [String: String]

  /// The tables, when `value` is a Mealie backup (it has `recipes` and
  /// `recipes_ingredients` tables).
  init?(_ value: JSONValue) {
    guard case .array(let recipes)? = value["recipes"],
      case .array(let ingredientRows)? = value["recipes_ingredients"]
    else { return nil }
    recipeRows = recipes
    func byRecipe(_ rows: [JSONValue]) -> [String: [JSONValue]] {
      var out: [String: [JSONValue]] = [:]
      for row in rows {
        if let id = row["recipe_id"]?.string { out[id, default: []].append(row) }
      }
      return out.mapValues { rows in
        rows.sorted { ($0["position"]?.number ?? 0) < ($1["position"]?.number ?? 0) }
      }
    }
    ingredients = byRecipe(ingredientRows)
    instructions = byRecipe(value["recipe_instructions"]?.list ?? [])
    func names(_ table: String, _ pick: (JSONValue) -> String?) -> [String: String] {
      var out: [String: String] = [:]
      for row in value[table]?.list ?? [] {
        if let id = row["id"]?.string, let name = pick(row) { out[id] = name }
      }
      return out
    }
    units = names("ingredient_units") { row in
      row["abbreviation"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? row["name"]?.string
    }
    foods = names("ingredient_foods") { $0["name"]?.string }
  }

  func recipes() -> [LibraryRecipe] {
    recipeRows.map { row in
      guard let name = row["name"]?.string, let id = row["id"]?.string else {
        return LibraryRecipe(
          title: nil, result: .failure(LibraryRecipeError("a recipe row without a name or id")))
      }
      let lines = (ingredients[id] ?? []).map { line in
        MealieLine(
          title: line["title"]?.string, originalText: line["original_text"]?.string,
          note: line["note"]?.string, quantity: line["quantity"].flatMap(\.number),
          unit: line["unit_id"]?.string.flatMap { units[$0] },
          food: line["food_id"]?.string.flatMap { foods[$0] })
      }
      let steps = (instructions[id] ?? []).map { ($0["title"]?.string, $0["text"]?.string) }
      let node = Self.node(
        name: name,
        fields: [
          ("recipeServings", row["recipe_servings"]), ("recipeYield", row["recipe_yield"]),
          ("recipeYieldQuantity", row["recipe_yield_quantity"]),
          ("totalTime", row["total_time"]), ("prepTime", row["prep_time"]),
          ("performTime", row["perform_time"]), ("cookTime", row["cook_time"]),
          ("orgURL", row["org_url"]),
        ], ingredients: lines, steps: steps)
      return RecipeLibraryFile.read(node, title: name, groups: MealieLine.groups(lines))
    }
  }

  /// A Mealie recipe in schema.org's shape. Its yield is offered both ways ("4 servings",
  /// "24 cookies") for the reader to choose; a step's title is a heading of its own.
  static func node(
    name: String, fields: [(String, JSONValue?)], ingredients: [MealieLine],
    steps: [(title: String?, text: String?)]
  ) -> JSONValue {
    let field = Dictionary(fields.compactMap { key, value in value.map { (key, $0) } }) { a, _ in a
    }
    var members: [(String, JSONValue)] = [("@type", .string("Recipe")), ("name", .string(name))]
    var yields: [JSONValue] = []
    if let servings = field["recipeServings"]?.number, servings > 0 {
      yields.append(.string("\(KitchenAmountFormat.number(servings, unit: nil)) servings"))
    }
    if let text = field["recipeYield"]?.string, !text.isEmpty {
      let quantity = field["recipeYieldQuantity"]?.number ?? 0
      yields.append(
        .string(quantity > 0 ? "\(KitchenAmountFormat.number(quantity, unit: nil)) \(text)" : text))
    }
    if !yields.isEmpty { members.append(("recipeYield", .array(yields))) }
    for (from, to) in [
      ("prepTime", "prepTime"), ("performTime", "cookTime"), ("cookTime", "cookTime"),
      ("totalTime", "totalTime"), ("orgURL", "url"),
    ] {
      if let text = field[from]?.string, !text.isEmpty, !members.contains(where: { $0.0 == to }) {
        members.append((to, .string(text)))
      }
    }
    members.append(("recipeIngredient", .array(ingredients.map { .string($0.text) })))
    var texts: [JSONValue] = []
    for step in steps {
      if let title = step.title, !title.isEmpty { texts.append(.string(title)) }
      if let text = step.text, !text.isEmpty { texts.append(.string(text)) }
    }
    members.append(("recipeInstructions", .array(texts)))
    return .object(members)
  }
}

extension JSONValue {
  /// A number, or text that is one.
  var number: Double? {
    switch self {
    case .number(let value): value
    case .string(let text): Double(text)
    default: nil
    }
  }
}
