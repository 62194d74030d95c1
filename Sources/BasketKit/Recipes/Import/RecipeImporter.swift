/// Turns what a page or a paste holds into a `Recipe`. The faces call this; the HTML adapter
/// only turns bytes into a `RecipePage` first.
public enum RecipeImporter {
  /// The recipe on a page: schema.org JSON-LD first, then microdata, then the page's headings
  /// and lists. Nil when the page holds no recipe (no ingredients and no method). `units`
  /// chooses between two copies of one list (metric and US) on a page without markup.
  /// A reading the reader is unsure of carries a `RecipeDoubt`.
  public static func recipe(from page: RecipePage, units: MeasurementSystem = .metric)
    -> Recipe?
  {
    var values: [JSONValue] = []
    for script in page.jsonLD { values.append(contentsOf: JSONValue.pageValues(in: script)) }
    return recipe(from: page, values: values, units: units)
  }

  /// The schema.org Recipe among JSON-LD `values` (a `.json` file, a library's
  /// `recipe.json`, another app's recipe turned into one), read as a saved page's markup is;
  /// nil when they hold none.
  public static func recipe(fromJSONLD values: [JSONValue]) -> Recipe? {
    guard SchemaOrgRecipeReader.recipeNode(in: values) != nil else { return nil }
    return recipe(from: RecipePage(), values: values, units: .metric)
  }

  private static func recipe(from page: RecipePage, values: [JSONValue], units: MeasurementSystem)
    -> Recipe?
  {
    var marked: Recipe?
    for candidates in [values, page.microdata.map(\.json)] {
      guard let node = SchemaOrgRecipeReader.recipeNode(in: candidates) else { continue }
      let recipe = SchemaOrgRecipeReader.recipe(from: node, page: page)
      if hasContent(recipe) {
        marked = recipe
        break
      }
      marked = marked ?? recipe
    }
    if var found = marked {
      // Empty steps, the method's own title ("Zubereitung") and a step's number alone
      // ("Step 2") say nothing; one step the page shows as several is those.
      found.instructions = VisibleSteps.steps(
        found.instructions.filter { step in
          step.contains { $0.isLetter || $0.isNumber } && !PageSections.isMethodTitle(step)
            && !PageSections.isStepNumber(step)
        }, in: page.blocks)
      marked = found
    }
    var scanned: PageFacts?
    func facts() -> PageFacts {
      if let scanned { return scanned }
      let made = PageFacts(page.blocks)
      scanned = made
      return made
    }
    guard var recipe = marked else {
      return PageHeuristicReader.recipe(from: page, units: units).flatMap {
        hasContent($0) ? $0 : nil
      }
    }
    if recipe.instructions.isEmpty || recipe.ingredientGroups.isEmpty,
      let fallback = PageHeuristicReader.recipe(
        from: page, facts: facts(), units: units,
        opening: "This page's recipe markup leaves out a list")
    {
      // Markup that leaves out the lists: read them from the page's headings and lists.
      if recipe.instructions.isEmpty { recipe.instructions = fallback.instructions }
      if recipe.ingredientGroups.isEmpty { recipe.ingredientGroups = fallback.ingredientGroups }
      recipe.doubt = fallback.doubt
    } else if !recipe.ingredientGroups.isEmpty {
      if let shown = VisibleIngredients.lines(
        for: recipe.ingredients.map(\.text), in: page.blocks)
      {
        // The page's own list, as the household sees it, where the markup leaves amounts out.
        recipe.ingredientGroups = withShownAmounts(recipe.ingredientGroups, shown)
        // It shows every marked line: doubt only a list of its own holding more.
        recipe.doubt = disagreement(recipe, page, units: units, onlyMore: true)
      } else {
        // The page doesn't show the markup's lines as a list: say so when its own differs.
        recipe.doubt = disagreement(recipe, page, units: units)
      }
    }
    if recipe.totalTime == nil {
      let facts = facts()
      recipe.prepTime = recipe.prepTime ?? facts.minutes(labels: PageHeuristicReader.prepTimeWords)
      recipe.cookTime = recipe.cookTime ?? facts.minutes(labels: PageHeuristicReader.cookTimeWords)
      recipe.totalTime =
        facts.minutes(labels: PageHeuristicReader.totalTimeWords) ?? facts.minutesAfterBareLabel()
        ?? (recipe.prepTime != nil || recipe.cookTime != nil
          ? (recipe.prepTime ?? 0) + (recipe.cookTime ?? 0) : nil)
    }
    if recipe.yields == nil, let found = facts().yield() {
      recipe.yields = found.text
      recipe.servings = found.count
    }
    if recipe.title.isEmpty { recipe.title = page.title ?? "" }
    return hasContent(recipe) || !recipe.title.isEmpty ? recipe : nil
  }

  /// A doubt when the page's own ingredient list, under a heading that names it, holds a
  /// different number of lines than the markup's (with `onlyMore`, more lines): one of the two
  /// is not the recipe the page shows.
  static func disagreement(
    _ recipe: Recipe, _ page: RecipePage, units: MeasurementSystem, onlyMore: Bool = false
  ) -> RecipeDoubt? {
    let marked = recipe.ingredients.count
    let sections = PageSections(page.blocks, units: units)
    guard marked > 0, let found = sections.read(titledOnly: true), found.ingredientsTitle != nil
    else { return nil }
    let shown = found.ingredients.filter { !$0.isHeading }
    let amounts = shown.filter { PageSections.opensWithAmount($0.text) }.count
    guard shown.count != marked, !onlyMore || shown.count > marked, amounts >= 3,
      amounts * 4 >= shown.count * 3
    else { return nil }
    return RecipeDoubt(
      reason:
        "The page lists \(shown.count) ingredients under its heading, but its recipe markup lists \(marked).",
      pageText: sections.pageText(found))
  }

  /// Whether the page carries a schema.org Recipe, in JSON-LD or microdata.
  public static func hasMarkup(_ page: RecipePage) -> Bool {
    var values: [JSONValue] = []
    for script in page.jsonLD { values.append(contentsOf: JSONValue.pageValues(in: script)) }
    return SchemaOrgRecipeReader.recipeNode(in: values) != nil
      || SchemaOrgRecipeReader.recipeNode(in: page.microdata.map(\.json)) != nil
  }

  /// The recipe in pasted text, or nil when it holds no ingredients and no method.
  public static func recipe(fromText text: String) -> Recipe? {
    let recipe = PastedRecipeReader.recipe(from: text)
    return hasContent(recipe) ? recipe : nil
  }

  /// The recipe in pasted text from `source` ("the pasted text", a file's name), within
  /// `RecipeLimits`.
  ///
  /// - Throws: `RecipeLimitError` for text past the limits or a recipe holding too much;
  ///   `RecipeError.noRecipe` when the text holds no ingredients and no method.
  public static func importText(_ text: String, from source: String) throws -> Recipe {
    try RecipeLimits.check(text: text, from: source)
    guard let recipe = recipe(fromText: text) else { throw RecipeError.noRecipe(source) }
    return try RecipeLimits.checked(recipe, from: source)
  }

  /// The recipe on a parsed page from `source`, within `RecipeLimits` (the page's size is the
  /// adapter's to check before parsing it).
  public static func importPage(
    _ page: RecipePage, from source: String, units: MeasurementSystem = .metric
  ) throws -> Recipe {
    guard let recipe = recipe(from: page, units: units) else {
      throw RecipeError.noRecipe(source)
    }
    return try RecipeLimits.checked(recipe, from: source)
  }

  static func hasContent(_ recipe: Recipe) -> Bool {
    !recipe.ingredientGroups.isEmpty || !recipe.instructions.isEmpty
  }

  /// `marked` (the markup's groups) with each line that leaves out its amount replaced by the
  /// page's own line for it ("popping corn" by "½ cup popping corn"), and each line the page
  /// shows as a group's title ("Muffins dough" in bold above the list) opening a group; the
  /// markup's other lines stay as written, since pages often show a line with extras (a
  /// second unit, a note's markup) that the markup writes plainly.
  static func withShownAmounts(_ marked: [IngredientGroup], _ shown: [VisibleIngredients.Line])
    -> [IngredientGroup]
  {
    var seen: [Int: VisibleIngredients.Line] = [:]
    for line in shown { if let index = line.marked { seen[index] = line } }
    var groups: [IngredientGroup] = []
    var index = 0
    for group in marked {
      var current = group
      current.ingredients = []
      for line in group.ingredients {
        defer { index += 1 }
        guard let page = seen[index] else {
          current.ingredients.append(line)
          continue
        }
        if page.isHeading {
          if !current.ingredients.isEmpty { groups.append(current) }
          current = IngredientGroup(heading: headingText(line.text), ingredients: [])
        } else if !hasAmount(line.text), hasAmount(page.text) {
          current.ingredients.append(IngredientLineParser.parse(page.text))
        } else {
          current.ingredients.append(line)
        }
      }
      if !current.ingredients.isEmpty || current.heading != nil { groups.append(current) }
    }
    return groups
  }

  /// A title line as a group's heading: "Salsa:" without its colon.
  private static func headingText(_ text: String) -> String {
    IngredientLineParser.heading(in: text) ?? text
  }

  private static func hasAmount(_ text: String) -> Bool {
    text.contains { $0.isNumber }
  }

  /// Ingredient lines read into groups: a heading line ("For the sauce:") opens a group.
  public static func groups(_ lines: [String]) -> [IngredientGroup] {
    var groups: [IngredientGroup] = []
    let kept = lines.filter { !$0.trimmingCharacters().isEmpty }
    for (offset, line) in kept.enumerated() {
      let ingredient: IngredientLine
      switch IngredientLineParser.read(line) {
      case .heading(let heading) where offset < kept.count - 1 || !namesAfterColon(line):
        groups.append(IngredientGroup(heading: heading, ingredients: []))
        continue
      case .heading:
        // NB: the list's last line titles nothing under it, and names a food after its
        // colon ("For serving: ice cream"): an ingredient, which dropping would lose.
        ingredient = IngredientLineParser.parse(line)
      case .ingredient(let read):
        ingredient = read
      }
      if groups.isEmpty { groups.append(IngredientGroup(ingredients: [])) }
      groups[groups.count - 1].ingredients.append(ingredient)
    }
    return groups.filter { !$0.ingredients.isEmpty }
  }

  /// "For serving: ice cream": words after a colon inside the line.
  private static func namesAfterColon(_ line: String) -> Bool {
    guard let colon = line.firstIndex(of: ":") else { return false }
    return line[line.index(after: colon)...].contains { $0.isLetter }
  }
}
