import BasketKit

/// `basket recipe coverage` and `basket recipe cooked`: a saved recipe against the pantry.
enum PantryRecipeCommands {
  /// `recipe coverage RECIPE [--servings N] [--buy LINES] [--have LINES] [--add] [--json]`:
  /// each line covered, partly covered (with the arithmetic), maybe covered or not; `--buy`
  /// and `--have` override lines (numbers or names, comma-separated); `--add` puts what is
  /// left to buy on the list.
  static func coverage(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.recipeCoverage)
    let (recipes, recipe, servings) = try open(options, context, command: "recipe coverage")
    // Tap water and optional lines stay out, as `recipe add` leaves them (`LeftOutLines`).
    let staples = try StaplesCommand.staples(of: recipes.basket)
    let selection = RecipeSelection.standard(
      for: recipe, servings: servings.servings, staples: staples)
    let pantry = try PantryCommand.book(over: recipes.basket)
    var overrides: [Int: PantryCoverage.Override] = [:]
    for (option, override) in [("--buy", PantryCoverage.Override.buyFull), ("--have", .skip)] {
      for index in try lines(options[option], in: recipe) { overrides[index] = override }
    }
    let coverage = try pantry.coverage(of: recipe, selection: selection, overrides: overrides)
    let added = options.has("--add") ? try recipes.basket.add(coverage) : nil
    if options.has("--json") {
      struct Out: Encodable {
        var coverage: PantryJSON.Coverage
        var added: RecipeAddJSON?
      }
      context.out(
        try JSONText.encode(
          Out(
            coverage: PantryJSON.Coverage(coverage),
            added: added.map {
              RecipeAddJSON(
                recipe: recipe, servings: selection.servings, results: $0, basket: recipes.basket)
            })) + "\n")
      return 0
    }
    let style = Style(context: context)
    var out = style.heading("\(recipe.title): what the pantry covers")
    if let servings = coverage.servings { out += style.dim(" (for \(servings))") }
    out += "\n"
    let width = String(recipe.ingredients.count).count
    for line in coverage.lines where !line.leftOut {
      let number = String(line.index + 1)
      let label = String(repeating: " ", count: width - number.count) + number + "."
      let amount = line.line.quantity.map { KitchenAmountFormat.text($0) + " " } ?? ""
      out += "  \(label) \(amount)\(line.line.name): \(line.summary)\n"
      out += "  " + String(repeating: " ", count: label.count + 1)
      out += style.chip("→ \(line.decisionText)") + style.dim(chosen(line.override)) + "\n"
    }
    let leftOut = coverage.lines.filter(\.leftOut).compactMap { line in
      LeftOutLines.reason(for: line.line, staples: staples).map {
        let amount = line.line.quantity.map { KitchenAmountFormat.text($0) + " " } ?? ""
        return "\(amount)\(line.line.name) (\($0))"
      }
    }
    if !leftOut.isEmpty {
      out += style.dim("Left out: " + leftOut.joined(separator: ", ")) + "\n"
    }
    let counts = coverage.counts
    out += "\(counts.buyAll) to buy in full, \(counts.buyPart) in part, \(counts.skip) skipped.\n"
    if let added {
      let put = added.filter { $0.outcome != .skipped && $0.outcome.reason == nil }.count
      out += "Put \(put) item\(put == 1 ? "" : "s") on the list.\n"
    } else {
      out +=
        style.dim(
          "--add puts them on the list; --buy N or --have N changes a line (N: number or name).")
        + "\n"
    }
    context.out(out)
    return 0
  }

  /// `recipe cooked RECIPE [--servings N] [--yes] [--json]`: what cooking it takes out of the
  /// pantry; taken out with `--yes`, or when you say so on a terminal.
  static func cooked(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.recipeCooked)
    let (recipes, recipe, selection) = try open(options, context, command: "recipe cooked")
    let pantry = try PantryCommand.book(over: recipes.basket)
    let plan = try pantry.cooked(recipe, selection: selection)
    let taking = plan.lines.filter { if case .take = $0.action { true } else { false } }
    var apply = options.has("--yes")
    let style = Style(context: context)
    if !options.has("--json") {
      var out = style.heading("Cooked \(recipe.title)")
      if let servings = plan.servings { out += style.dim(" (for \(servings))") }
      out += "\n"
      for line in plan.lines {
        if case .take = line.action {
          out += "  \(line.summary)\n"
        } else {
          out += style.dim("  \(line.summary)") + "\n"
        }
      }
      context.out(out)
    }
    if !apply, !taking.isEmpty, context.stdinIsTerminal, !options.has("--json") {
      context.out("Take these out of the pantry? [y/N] ")
      apply = readLine().map { $0.lowercased().hasPrefix("y") } ?? false
    }
    let results = apply ? try pantry.apply(plan) : []
    if options.has("--json") {
      context.out(
        try JSONText.encode(PantryJSON.Cooked(plan, applied: apply, results: results)) + "\n")
    } else if taking.isEmpty {
      context.out("Nothing to take out of the pantry.\n")
    } else if apply {
      context.out("Took \(results.count) out of the pantry.\n")
    } else {
      context.out("Nothing changed; --yes takes them out.\n")
    }
    return 0
  }

  /// What the household chose for a line instead of what the pantry suggests, as the review
  /// says it after the decision; "" when it chose nothing.
  static func chosen(_ override: PantryCoverage.Override?) -> String {
    switch override {
    case .buyFull: " (you chose: buy the full amount)"
    case .skip: " (you chose: skip, I have it)"
    case nil: ""
    }
  }

  /// The recipe the words name, opened, and the selection `--servings` asks for.
  private static func open(_ options: ArgumentOptions, _ context: CommandContext, command: String)
    throws -> (RecipeBook, Recipe, RecipeSelection)
  {
    guard !options.words.isEmpty else {
      throw UsageError(message: "\(command) needs a recipe: its id or title")
    }
    let servings = try options["--servings"].map(RecipeCommand.servingsValue)
    let book = try context.openRecipeBook(.existing)
    let recipe = try book.open(options.words.joined(separator: " "))
    if servings != nil, recipe.servings == nil {
      throw InputError(
        message: "\(recipe.title) doesn't say how many it serves, so it can't be scaled")
    }
    return (book, recipe, RecipeSelection(servings: servings))
  }

  /// The line positions `text` names: comma-separated numbers (as `recipe show` numbers
  /// them) or names.
  private static func lines(_ text: String?, in recipe: Recipe) throws -> Set<Int> {
    guard let text else { return [] }
    var found = Set<Int>()
    let parts = text.split(separator: ",").map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    for part in parts where !part.isEmpty {
      if let number = Int(part), (1...recipe.ingredients.count).contains(number) {
        found.insert(number - 1)
        continue
      }
      let named = RecipeSelection.lines(named: part, in: recipe)
      guard !named.isEmpty else {
        throw InputError(message: "\(recipe.title) has no ingredient \"\(part)\"")
      }
      found.formUnion(named)
    }
    return found
  }
}
