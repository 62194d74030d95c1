#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One recipe chosen for a meal plan, with the servings to cook (nil: as written).
public struct MealPlanChoice: Equatable, Sendable {
  public var recipe: Recipe
  public var servings: Int?

  public init(recipe: Recipe, servings: Int? = nil) {
    self.recipe = recipe
    self.servings = servings
  }
}

/// Why a meal plan can't be made. Each case reads as a one-line reason for the user.
public enum MealPlanError: Error, Equatable, Sendable, CustomStringConvertible {
  case noRecipes
  /// How many were chosen, and how many the plan takes.
  case tooManyRecipes(Int, Int)
  case chosenTwice(String)
  case cannotScale(String)
  case badServings(Int)

  public var description: String {
    switch self {
    case .noRecipes:
      "choose at least one recipe for the meal plan"
    case .tooManyRecipes(let count, let maximum):
      "a meal plan takes one to \(maximum) recipes, not \(count)"
    case .chosenTwice(let title):
      "\(title) is chosen twice: choose it once, with more servings"
    case .cannotScale(let title):
      "\(title) doesn't say how many it serves, so it can't be scaled"
    case .badServings(let servings):
      "servings must be a whole number from 1 to 1000, not \(servings)"
    }
  }
}

/// Several recipes' ingredients as one shopping plan, merged conservatively.
///
/// Lines merge by themselves only when they are surely the same food and their amounts add
/// up: the same `FoodAliases.key` (the name's `NameKey`, or a documented alias), the same size
/// word, both optional or neither, the same alternatives, neither read uncertainly, and amounts
/// that `AmountArithmetic` sums (one unit family, or mass and volume through `FoodDensity`).
/// Lines that might be the same food but aren't surely (same food in amounts that don't add
/// up; one name inside the other, "onion" and "red onion"; a `maybe` alias) stay apart, each
/// marked with a `Question` until the user answers it: `merge` joins them (amounts that don't
/// add stay side by side as the line's `parts`), `keepApart` leaves them apart, unmarked.
///
/// The plan then shops as a recipe (`recipe`): the same review, pantry coverage and list add
/// as a single recipe, with every list item noting the recipes it came from.
public struct MealPlan: Equatable, Sendable {
  public static let maximumRecipes = 5

  /// The user's answer to a question.
  public enum Answer: String, Equatable, Sendable, Codable {
    case merge
    case keepApart
  }

  /// One ingredient line of one chosen recipe, scaled.
  public struct Source: Equatable, Sendable {
    public var recipe: RecipeReference
    /// The recipe's position among the choices.
    public var recipeIndex: Int
    /// The line's position in that recipe's `ingredients`.
    public var lineIndex: Int
    /// The line scaled to the chosen servings.
    public var line: IngredientLine
    /// Why its amount deserves a look (`RecipeScaler`).
    public var flag: ScaledIngredient.Flag?

    /// "1.3": the recipe's and line's positions, counted from 1.
    public var key: String { "\(recipeIndex + 1).\(lineIndex + 1)" }

    /// What it asks for, the recipe named briefly (`BriefTitle`): "Chili ×1", "Soup 200 g",
    /// "Salad" (no amount).
    public var text: String {
      let title = BriefTitle.of(recipe.title)
      guard let quantity = line.quantity else { return title }
      let amount = KitchenAmountFormat.text(quantity)
      let pack = line.packSize.map { " (\(KitchenAmountFormat.text($0)))" } ?? ""
      return quantity.unit == nil ? "\(title) ×\(amount)\(pack)" : "\(title) \(amount)\(pack)"
    }
  }

  /// Why two lines might be one food but weren't merged.
  public enum Doubt: String, Equatable, Sendable {
    /// The same food, in amounts that don't add up (2 onions and 200 g onion).
    case unitsDontMeet
    /// The same food; one line gives an amount and the other doesn't.
    case noAmount
    /// The same food in different sizes (large eggs, eggs).
    case sizesDiffer
    /// The same food; one is optional.
    case optionalDiffers
    /// The same food with different alternatives ("butter or margarine").
    case alternativesDiffer
    /// A line the parser read uncertainly.
    case uncertainLine
    /// Different names that may mean one food ("onion", "red onion"; "coriander", "cilantro").
    case namesDiffer
  }

  /// Two lines of the plan that may be one food: the user merges them or keeps them apart.
  public struct Question: Equatable, Sendable {
    /// "1.2~2.4": the keys of the first sources of the two lines.
    public var id: String
    public var first: String
    public var second: String
    public var doubt: Doubt
    public var answer: Answer?
  }

  /// One line of the plan: a food, what it adds up to, and where it came from.
  public struct Line: Equatable, Sendable {
    /// The key of its first source ("1.3"): stable while the chosen recipes are.
    public var id: String
    /// The food, as the first source names it (the most specific name when the user merged).
    public var name: String
    /// The line as it shops: one ingredient line per amount that doesn't add up with the
    /// others (usually one).
    public var parts: [IngredientLine]
    public var sources: [Source]
    /// Part of its amount came across mass and volume through `FoodDensity`.
    public var converted: Bool
    /// Questions about it not yet answered: while any is, the line is uncertain.
    public var questions: [String]
    /// Its positions in the plan's `recipe.ingredients`.
    public var positions: Range<Int>

    public var isMerged: Bool { sources.count > 1 }
    public var isUncertain: Bool { !questions.isEmpty }

    /// The amounts as shown: "2", "500 g + 2 cups", nil when no source gives one.
    public var amountText: String? {
      let amounts = parts.compactMap { part -> String? in
        guard let amount = ItemAmount(part) else { return nil }
        var shown = amount
        shown.converted = false
        return shown.text
      }
      guard !amounts.isEmpty else { return nil }
      return (converted ? "≈ " : "") + amounts.joined(separator: " + ")
    }

    /// "Chili ×1, Soup ×1".
    public var sourcesText: String { sources.map(\.text).joined(separator: ", ") }

    /// Why its amount deserves a look: a source read uncertainly, or rounded by scaling.
    public var flag: ScaledIngredient.Flag? {
      if sources.contains(where: { $0.flag == .uncertain }) { return .uncertain }
      return sources.contains(where: { $0.flag == .rounded }) ? .rounded : nil
    }
  }

  /// The chosen recipes, scaled to their servings.
  public var recipes: [Recipe]
  public var lines: [Line]
  /// Every question, answered or not, in the order of the lines.
  public var questions: [Question]
  /// The plan as one recipe, for the review, the pantry coverage and the list: every line's
  /// parts in order, titled after the chosen recipes, its amounts already scaled.
  public var recipe: Recipe

  /// Makes the plan of `choices`, with the user's `answers` by question id (unknown ids are
  /// ignored: the questions may have changed with the recipes). `title` names the plan's
  /// recipe ("Meal prep: " and the recipes' titles when nil); `maximum` is how many recipes it
  /// takes (a week of meals takes more than meal prep's five).
  ///
  /// - Throws: `MealPlanError` for no recipes, more than `maximum`, one chosen twice, or
  ///   servings that can't be.
  public init(
    _ choices: [MealPlanChoice], answers: [String: Answer] = [:], title: String? = nil,
    maximum: Int = MealPlan.maximumRecipes
  ) throws(MealPlanError) {
    guard !choices.isEmpty else { throw .noRecipes }
    guard choices.count <= maximum else { throw .tooManyRecipes(choices.count, maximum) }
    var sources: [Source] = []
    var recipes: [Recipe] = []
    for (position, choice) in choices.enumerated() {
      let recipe = choice.recipe
      let reference = RecipeReference(id: recipe.id, title: recipe.title)
      if choices[..<position].contains(where: {
        RecipeReference(id: $0.recipe.id, title: $0.recipe.title).isSame(as: reference)
      }) {
        throw .chosenTwice(recipe.title)
      }
      var factor: Double?
      if let servings = choice.servings {
        guard (1...1000).contains(servings) else { throw .badServings(servings) }
        guard let from = recipe.servings, from > 0 else { throw .cannotScale(recipe.title) }
        if servings != from { factor = Double(servings) / Double(from) }
      }
      recipes.append(choice.servings.map { RecipeScaler.scale(recipe, toServings: $0) } ?? recipe)
      for (index, line) in recipe.ingredients.enumerated() {
        let scaled =
          factor.map { RecipeScaler.scale(line, by: $0) }
          ?? ScaledIngredient(line: line, flag: line.uncertain ? .uncertain : nil)
        sources.append(
          Source(
            recipe: reference, recipeIndex: position, lineIndex: index, line: scaled.line,
            flag: scaled.flag))
      }
    }
    self.recipes = recipes
    let clusters = Self.surelyMerged(sources)
    var questions = Self.questions(clusters)
    for index in questions.indices { questions[index].answer = answers[questions[index].id] }
    self.questions = questions
    lines = Self.lines(clusters, questions)
    let titles = choices.map(\.recipe.title).joined(separator: ", ")
    recipe = Recipe(
      title: title ?? "Meal prep: \(titles)",
      ingredientGroups: [IngredientGroup(ingredients: lines.flatMap(\.parts))])
  }

  /// The questions not yet answered.
  public var openQuestions: [Question] { questions.filter { $0.answer == nil } }

  /// The plan line at `position` of `recipe.ingredients`.
  public func line(at position: Int) -> Line? {
    lines.first { $0.positions.contains(position) }
  }

  /// Why plan line `number` (from 0) is left out unless chosen, as `LeftOutLines` says of
  /// every line it merges (tap water, a staple, optional); nil when any of them goes on.
  public func leftOut(_ number: Int, staples: Staples = .none) -> String? {
    guard lines.indices.contains(number) else { return nil }
    let reasons = lines[number].positions.map {
      LeftOutLines.reason(for: recipe.ingredients[$0], staples: staples)
    }
    guard let first = reasons.first, reasons.allSatisfy({ $0 != nil }) else { return nil }
    return first
  }

  /// The plan lines (numbers from 0) left out unless chosen: `leftOut`, but `chosen` ones.
  public func standardSkips(staples: Staples = .none, choosing chosen: Set<Int> = [])
    -> Set<Int>
  {
    Set(lines.indices.filter { leftOut($0, staples: staples) != nil }).subtracting(chosen)
  }

  /// The selection of `recipe` that leaves out the plan lines at `skipped` (line numbers in
  /// `lines`, from 0), and tap water, which never goes on the list (`LeftOutLines`).
  public func selection(skipping skipped: Set<Int>) -> RecipeSelection {
    let water = recipe.ingredients.indices.filter {
      LeftOutLines.isTapWater(recipe.ingredients[$0])
    }
    return RecipeSelection(
      skipped: Set(skipped.filter(lines.indices.contains).flatMap { lines[$0].positions })
        .union(water))
  }

  /// The pantry overrides of plan lines (by line number) as `PantryCoverage` takes them, by
  /// position in `recipe.ingredients`.
  public func overrides(_ byLine: [Int: PantryCoverage.Override]) -> [Int: PantryCoverage.Override]
  {
    var out: [Int: PantryCoverage.Override] = [:]
    for (line, override) in byLine where lines.indices.contains(line) {
      for position in lines[line].positions { out[position] = override }
    }
    return out
  }

  /// The recipes that asked for what is at `position` of `recipe.ingredients`, in order.
  public func references(at position: Int) -> [RecipeReference] {
    var out: [RecipeReference] = []
    for source in line(at: position)?.sources ?? []
    where !out.contains(where: { $0.isSame(as: source.recipe) }) {
      out.append(source.recipe)
    }
    return out
  }

  // MARK: - Merging

  /// Lines surely one food whose amounts add up, merged; in order of their first source.
  private struct Cluster {
    var sources: [Source]
    var amount: ItemAmount?
    var key: String { FoodAliases.key(sources[0].line.name) }
    var id: String { sources[0].key }
  }

  private static func surelyMerged(_ sources: [Source]) -> [Cluster] {
    var clusters: [Cluster] = []
    for source in sources {
      let amount = ItemAmount(source.line)
      let joined = clusters.indices.first { index in
        let cluster = clusters[index]
        guard sameFoodDoubt(cluster.sources[0], source) == nil else { return false }
        switch (cluster.amount, amount) {
        case (nil, nil): return true
        case (let have?, let adding?):
          return AmountArithmetic.sum(have, adding, food: cluster.sources[0].line.name) != nil
        default: return false
        }
      }
      if let index = joined {
        clusters[index].sources.append(source)
        if let have = clusters[index].amount, let amount,
          let sum = AmountArithmetic.sum(have, amount, food: clusters[index].sources[0].line.name)
        {
          var total = sum.0
          total.converted = total.converted || sum.converted
          clusters[index].amount = total
        }
      } else {
        clusters.append(Cluster(sources: [source], amount: amount))
      }
    }
    return clusters
  }

  /// Why two lines of one food (by key) may still not merge by themselves; nil when they
  /// may, or when they aren't one food by key at all (see `relation`).
  private static func sameFoodDoubt(_ a: Source, _ b: Source) -> Doubt? {
    // NB: lines with no name (nothing the parser could call food) are never one food.
    let key = FoodAliases.key(a.line.name)
    guard !key.isEmpty, key == FoodAliases.key(b.line.name) else { return .namesDiffer }
    if a.line.uncertain || b.line.uncertain { return .uncertainLine }
    if a.line.optional != b.line.optional { return .optionalDiffers }
    if a.line.alternatives.map(NameKey.of) != b.line.alternatives.map(NameKey.of) {
      return .alternativesDiffer
    }
    if (a.line.size.map(NameKey.of) ?? "") != (b.line.size.map(NameKey.of) ?? "") {
      return .sizesDiffer
    }
    return nil
  }

  /// Why two clusters may be one food, or nil when they surely aren't.
  private static func relation(_ a: Cluster, _ b: Cluster) -> Doubt? {
    let first = a.sources[0]
    let second = b.sources[0]
    if a.key == b.key, !a.key.isEmpty {
      if let doubt = sameFoodDoubt(first, second) { return doubt }
      return (a.amount == nil) != (b.amount == nil) ? .noAmount : .unitsDontMeet
    }
    guard !a.key.isEmpty, !b.key.isEmpty else { return nil }
    if FoodAliases.mightBeSame(first.line.name, second.line.name) { return .namesDiffer }
    // "onion" in "red onion", "pepper" in "bell pepper": the same last words.
    let names = [(a.key, b.key), (NameKey.of(first.line.name), NameKey.of(second.line.name))]
    for (x, y) in names where x != y {
      let wordsX = x.split(separator: " ")
      let wordsY = y.split(separator: " ")
      let (short, long) = wordsX.count <= wordsY.count ? (wordsX, wordsY) : (wordsY, wordsX)
      if !short.isEmpty, long.count > short.count, Array(long.suffix(short.count)) == short {
        return .namesDiffer
      }
    }
    return nil
  }

  private static func questions(_ clusters: [Cluster]) -> [Question] {
    var out: [Question] = []
    for i in clusters.indices {
      for j in clusters.indices where j > i {
        guard let doubt = relation(clusters[i], clusters[j]) else { continue }
        out.append(
          Question(
            id: "\(clusters[i].id)~\(clusters[j].id)", first: clusters[i].id,
            second: clusters[j].id, doubt: doubt))
      }
    }
    return out
  }

  /// The plan's lines: clusters joined by "merge" answers (transitively), each carrying the
  /// questions about it still open.
  private static func lines(_ clusters: [Cluster], _ questions: [Question]) -> [Line] {
    var parent = Array(clusters.indices)
    func root(_ index: Int) -> Int {
      var at = index
      while parent[at] != at { at = parent[at] }
      return at
    }
    let position = Dictionary(uniqueKeysWithValues: clusters.enumerated().map { ($1.id, $0) })
    for question in questions where question.answer == .merge {
      guard let a = position[question.first], let b = position[question.second] else { continue }
      let (ra, rb) = (root(a), root(b))
      if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
    var groups: [Int: [Int]] = [:]
    var order: [Int] = []
    for index in clusters.indices {
      let r = root(index)
      if groups[r] == nil { order.append(r) }
      groups[r, default: []].append(index)
    }
    var lines: [Line] = []
    var next = 0
    for r in order {
      let members = groups[r]!
      let sources = members.flatMap { clusters[$0].sources }.sorted {
        ($0.recipeIndex, $0.lineIndex) < ($1.recipeIndex, $1.lineIndex)
      }
      let ids = Set(members.map { clusters[$0].id })
      let open = questions.filter { question in
        question.answer == nil && (ids.contains(question.first) != ids.contains(question.second))
      }.map(\.id)
      let parts = members.count == 1 ? clusterParts(clusters[r]) : mergedParts(sources)
      let converted = parts.converted
      lines.append(
        Line(
          id: clusters[r].id, name: parts.lines[0].name, parts: parts.lines, sources: sources,
          converted: converted, questions: open, positions: next..<(next + parts.lines.count)))
      next += parts.lines.count
    }
    return lines
  }

  /// The one line a cluster shops as: a lone line as written (scaled), else the sum.
  private static func clusterParts(_ cluster: Cluster) -> (lines: [IngredientLine], converted: Bool)
  {
    let first = cluster.sources[0].line
    guard cluster.sources.count > 1 else { return ([first], false) }
    var line = first
    line.equivalents = []
    line.preparation = common(cluster.sources.map(\.line.preparation))
    line.note = common(cluster.sources.map(\.line.note))
    if let amount = cluster.amount {
      line.quantity = IngredientQuantity(
        amount: amount.amount, maxAmount: amount.maxAmount, unit: amount.unit)
      line.packSize = amount.packSize
      var shown = amount
      shown.converted = false
      if amount.unit == nil, (amount.maxAmount ?? amount.amount) > 1 {
        line.name = CountNoun.plural(first.name, written: cluster.sources.map(\.line.name))
      }
      line.text = "\(shown.text) \(line.name)"
      if amount.converted { line.note = "amounts converted by density" }
    } else {
      line.text = first.name
    }
    return ([line], cluster.amount?.converted ?? false)
  }

  /// Lines the user merged: named by the most specific name (most words; the first of
  /// equals), amounts added where they meet (`AmountArithmetic.merge`) and side by side
  /// where they don't, one part each.
  private static func mergedParts(_ sources: [Source]) -> (lines: [IngredientLine], converted: Bool)
  {
    let name =
      sources.map(\.line.name).enumerated().max { a, b in
        let (wa, wb) = (words(a.element), words(b.element))
        return wa != wb ? wa < wb : a.offset > b.offset
      }?.element ?? sources[0].line.name
    var amounts: [ItemAmount] = []
    for source in sources {
      guard let amount = ItemAmount(source.line) else { continue }
      amounts = AmountArithmetic.merge(amount, into: amounts, food: name).amounts
    }
    let lines = sources.map(\.line)
    let base = IngredientLine(
      text: name, name: name, preparation: common(lines.map(\.preparation)),
      note: common(lines.map(\.note)), optional: lines.allSatisfy(\.optional),
      uncertain: lines.contains(where: \.uncertain),
      alternatives: lines.allSatisfy({ $0.alternatives == lines[0].alternatives })
        ? lines[0].alternatives : [],
      size: common(lines.map(\.size)))
    guard !amounts.isEmpty else { return ([base], false) }
    let parts = amounts.map { amount -> IngredientLine in
      var shown = amount
      shown.converted = false
      var part = base
      if amount.unit == nil, (amount.maxAmount ?? amount.amount) > 1 {
        part.name = CountNoun.plural(name, written: lines.map(\.name))
      }
      part.text = "\(shown.text) \(part.name)"
      part.quantity = IngredientQuantity(
        amount: amount.amount, maxAmount: amount.maxAmount, unit: amount.unit)
      part.packSize = amount.packSize
      if amount.converted { part.note = "amounts converted by density" }
      return part
    }
    return (parts, amounts.contains(where: \.converted))
  }

  private static func words(_ name: String) -> Int {
    NameKey.of(name).split(separator: " ").count
  }

  /// The value every element has, or nil when they differ.
  private static func common(_ values: [String?]) -> String? {
    guard let first = values.first, values.allSatisfy({ $0 == first }) else { return nil }
    return first
  }
}
