import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket mealprep RECIPE... [--servings RECIPE=N] [--merge N] [--keep-apart N] [--buy
/// LINES] [--have LINES] [--with LINES] [--add] [--json]`: one to five saved recipes as one
/// plan, merged conservatively, with what the pantry covers; tap water, staples and optional
/// lines are left out unless `--with` names them (`MealPlan.leftOut`); `--add` puts what is
/// left to buy on the list.
enum MealPrepCommand {
  static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.mealprep)
    guard !options.words.isEmpty else {
      throw UsageError(message: "mealprep needs one to five recipes: their ids or titles")
    }
    guard options.words.count <= MealPlan.maximumRecipes else {
      throw UsageError(
        message: MealPlanError.tooManyRecipes(options.words.count, MealPlan.maximumRecipes)
          .description)
    }
    let book = try context.openRecipeBook(.existing)
    let summaries = try options.words.map { try book.resolve($0) }
    var servings: [UUID: Int] = [:]
    for text in options.all("--servings").flatMap(list) {
      guard let equals = text.lastIndex(of: "=") else {
        throw UsageError(
          message: "--servings takes RECIPE=N (\"chili=6\"), not \"\(text.prefix(40))\"")
      }
      let name = String(text[..<equals])
      let value = try RecipeCommand.servingsValue(String(text[text.index(after: equals)...]))
      let named = try book.resolve(name)
      guard summaries.contains(where: { $0.id == named.id }) else {
        throw InputError(message: "--servings names \(named.title), which isn't in this plan")
      }
      servings[named.id] = value
    }
    let choices = try summaries.map { summary -> MealPlanChoice in
      let recipe = try book.open(summary.id.uuidString)
      return MealPlanChoice(recipe: recipe, servings: servings[summary.id])
    }
    return try shop(options, book: book, context: context) { answers in
      try MealPlan(choices, answers: answers)
    }
  }

  /// Reviews the plan `makePlan` makes with the user's answers, with what the pantry covers,
  /// or (`--add`) puts what is left to buy on the list: `--merge`, `--keep-apart`, `--buy`,
  /// `--have`, `--with`, `--add` and `--json` as `mealprep` takes them. `basket plan shop`
  /// shops a week of meals the same way.
  static func shop(
    _ options: ArgumentOptions, book: RecipeBook, context: CommandContext,
    plan makePlan: ([String: MealPlan.Answer]) throws -> MealPlan
  ) throws -> Int32 {
    // The questions are numbered in the plan made without answers; answers never renumber them.
    let asked = try makePlan([:])
    var answers: [String: MealPlan.Answer] = [:]
    for (option, answer) in [("--merge", MealPlan.Answer.merge), ("--keep-apart", .keepApart)] {
      for number in try numbers(options.all(option), option: option, upTo: asked.questions.count) {
        answers[asked.questions[number].id] = answer
      }
    }
    let plan = answers.isEmpty ? asked : try makePlan(answers)
    var overrides: [Int: PantryCoverage.Override] = [:]
    for (option, override) in [("--buy", PantryCoverage.Override.buyFull), ("--have", .skip)] {
      for number in try numbers(options.all(option), option: option, upTo: plan.lines.count) {
        overrides[number] = override
      }
    }
    let staples = try StaplesCommand.staples(of: book.basket)
    let chosen = Set(try numbers(options.all("--with"), option: "--with", upTo: plan.lines.count))
    let skipped = plan.standardSkips(staples: staples, choosing: chosen)
    let pantry = try PantryCommand.book(over: book.basket)
    let coverage = try pantry.coverage(
      of: plan.recipe, selection: plan.selection(skipping: skipped),
      overrides: plan.overrides(overrides))
    let results: [RecipeLineResult]
    let added = options.has("--add")
    if added {
      results = try book.basket.add(plan, coverage: coverage)
    } else {
      results = try book.basket.review(coverage).lines.map(\.planned)
    }
    let outcomes = Dictionary(results.map { ($0.index, $0) }) { first, _ in first }
    let json = MealPlanJSON(plan, coverage: coverage, outcomes: outcomes, staples: staples)
    if options.has("--json") {
      struct Out: Encodable {
        var plan: MealPlanJSON
        var added: Bool
      }
      context.out(try JSONText.encode(Out(plan: json, added: added)) + "\n")
      return 0
    }
    context.out(render(json, coverage: coverage, added: added, style: Style(context: context)))
    return 0
  }

  /// The plan as the terminal shows it: each line with its amount, its sources, its
  /// questions and, per part, what the pantry covers and what adding does.
  static func render(_ json: MealPlanJSON, coverage: PantryCoverage, added: Bool, style: Style)
    -> String
  {
    let servings = json.recipes.map { chosen in
      chosen.servings.map { "\(chosen.title) for \($0)" } ?? chosen.title
    }
    var out = style.heading(json.title) + style.dim(" (\(servings.joined(separator: ", ")))")
    out += "\n"
    let width = String(json.lines.count).count
    let numberOf = Dictionary(
      json.questions.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { a, _ in a })
    let coverageByPosition = Dictionary(coverage.lines.map { ($0.index, $0) }) { a, _ in a }
    for line in json.lines {
      let number = String(line.number)
      let label = String(repeating: " ", count: width - number.count) + number + "."
      let indent = String(repeating: " ", count: label.count + 3)
      let amount = line.amountText.map { $0 + " " } ?? ""
      var marks = line.questions.compactMap { numberOf[$0] }.map { "?\($0)" }
      if line.flag == "uncertain" { marks.append("check this") }
      if let why = line.leftOut {
        marks.append(line.skipped ? "left out: \(why)" : "\(why), chosen")
      }
      let marked = marks.isEmpty ? "" : " " + style.chip("[\(marks.joined(separator: ", "))]")
      out += "  \(label) \(amount)\(line.name)\(marked)\n"
      out += indent + style.dim(line.sourcesText) + "\n"
      for part in line.parts {
        guard let covered = coverageByPosition[part.position], !covered.leftOut else { continue }
        let prefix =
          line.parts.count > 1 ? "\(part.line.quantity.map(KitchenAmountFormat.text) ?? ""): " : ""
        out += indent + prefix + covered.summary + " " + style.chip("→ \(covered.decisionText)")
        out += style.dim(PantryRecipeCommands.chosen(covered.override)) + "\n"
      }
    }
    let open = json.questions.enumerated().filter { $0.element.answer == nil }
    if !open.isEmpty {
      out += "Maybe the same food (--merge N joins them, --keep-apart N keeps them apart):\n"
      for (index, question) in open {
        let names = zip(question.names, question.lines).map { "\($0) (line \($1))" }
        out += "  ?\(index + 1) \(names.joined(separator: " and ")): \(why(question.doubt))\n"
      }
    }
    let counts = json.counts
    out += "\(counts.buyAll) to buy in full, \(counts.buyPart) in part, \(counts.skip) skipped.\n"
    if added {
      let put = Set(
        json.lines.flatMap(\.parts).filter {
          $0.outcome != nil && $0.outcome != "skipped" && $0.outcome != "refused"
        }.compactMap(\.itemName)
      ).count
      out += "Put \(put) item\(put == 1 ? "" : "s") on the list.\n"
    } else {
      out +=
        style.dim("--add puts them on the list; --buy N or --have N changes line N.") + "\n"
    }
    return out
  }

  /// A question's doubt as the terminal says it.
  static func why(_ doubt: String) -> String {
    switch doubt {
    case "unitsDontMeet": "the amounts don't add up"
    case "noAmount": "one gives no amount"
    case "sizesDiffer": "different sizes"
    case "optionalDiffers": "one is optional"
    case "alternativesDiffer": "different alternatives"
    case "uncertainLine": "a line that was hard to read"
    default: "the names differ"
    }
  }

  /// "1,3" and "2" → ["1", "3", "2"].
  private static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace).joined() }
      .filter { !$0.isEmpty }
  }

  /// The 0-based positions the values name as numbers from 1 to `count`.
  private static func numbers(_ values: [String], option: String, upTo count: Int) throws
    -> [Int]
  {
    try values.flatMap(list).map { text in
      let digits = text.hasPrefix("?") ? String(text.dropFirst()) : text
      guard let number = Int(digits), (1...max(1, count)).contains(number), count > 0 else {
        let range = count == 0 ? "there are none" : "from 1 to \(count)"
        throw InputError(
          message: "\(option) takes a number the plan shows (\(range)), not \"\(text.prefix(20))\"")
      }
      return number - 1
    }
  }
}
