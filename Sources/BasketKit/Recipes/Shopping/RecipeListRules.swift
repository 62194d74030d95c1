#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which lines of a recipe go to the list, and for how many.
public struct RecipeSelection: Equatable, Sendable {
  /// Scale to this many servings first (nil: as written).
  public var servings: Int?
  /// Lines left out, by their position in `Recipe.ingredients` (0-based).
  public var skipped: Set<Int>
  /// Alternatives chosen instead of what a line names: line position → position in the
  /// line's `alternatives` ("margarine" for "butter or margarine").
  public var alternatives: [Int: Int]
  /// Lines bought as the amount the recipe wrote ("3 cups") rather than as the packs a shop
  /// sells (`FoodPacks`): none, some by position, or all.
  public var plainAmounts: PlainAmounts
  /// Scale by the recipe's own yield to this many of its unit ("8 cookies" → 24); applies
  /// when `servings` is nil and the recipe states a yield that isn't servings.
  public var yield: Double?

  public init(
    servings: Int? = nil, skipped: Set<Int> = [], alternatives: [Int: Int] = [:],
    plainAmounts: PlainAmounts = .none, yield: Double? = nil
  ) {
    self.servings = servings
    self.skipped = skipped
    self.alternatives = alternatives
    self.plainAmounts = plainAmounts
    self.yield = yield
  }

  /// Which lines keep the recipe's plain amount instead of packs.
  public enum PlainAmounts: Equatable, Sendable {
    case none
    case all
    case lines(Set<Int>)

    /// Whether the line at `index` keeps its plain amount.
    public func contains(_ index: Int) -> Bool {
      switch self {
      case .none: false
      case .all: true
      case .lines(let lines): lines.contains(index)
      }
    }
  }

  /// `recipe` scaled as the selection asks: to `servings`, else to `yield` of its own yield.
  public func scaled(_ recipe: Recipe) -> Recipe {
    if let servings { return RecipeScaler.scale(recipe, toServings: servings) }
    if let yield { return RecipeScaler.scale(recipe, toYield: yield) }
    return recipe
  }

  /// How much the selection scales `recipe`'s amounts by; nil when it doesn't.
  public func factor(for recipe: Recipe) -> Double? {
    if let from = recipe.servings, from > 0, let to = servings, to > 0, to != from {
      return Double(to) / Double(from)
    }
    if servings == nil, let own = recipe.yield?.measure, own > 0, let yield, yield > 0,
      abs(yield - own) > 1e-9
    {
      return yield / own
    }
    return nil
  }

  /// The positions of the lines whose name is `name`, folded as list names are (so "eggs"
  /// skips "2 large eggs"), or that contain it as whole words ("pepper" skips "black pepper").
  public static func lines(named name: String, in recipe: Recipe) -> [Int] {
    let wanted = NameKey.of(name).split(separator: " ")
    guard !wanted.isEmpty else { return [] }
    return recipe.ingredients.indices.filter { index in
      let words = NameKey.of(recipe.ingredients[index].name).split(separator: " ")
      guard words.count >= wanted.count else { return false }
      return (0...(words.count - wanted.count)).contains { start in
        Array(words[start..<(start + wanted.count)]) == wanted
      }
    }
  }
}

/// What became of one ingredient line when a recipe was added to the list.
public struct RecipeLineResult: Equatable, Sendable {
  public enum Outcome: Equatable, Sendable {
    /// A new item.
    case added
    /// Joined an item on To get; `merge` says how its amount met the item's.
    case merged(AmountMerge)
    /// Brought an item back from Got it, with this line's amount alone.
    case restored
    /// Left out, as the selection asked.
    case skipped
    /// Not added, with the reason ("the name is empty").
    case refused(String)
  }

  /// How an added amount met an item's amounts.
  public enum AmountMerge: String, Equatable, Sendable {
    /// Added up within a unit family ("500 g + 1 kg = 1.5 kg").
    case summed
    /// Added up across mass and volume through the food's density ("≈ 625 g, converted").
    case converted
    /// Kept beside the item's other amounts ("500 g + 2 cups").
    case sideBySide
    /// The line states no amount; the item only notes the recipe.
    case noAmount
  }

  /// The line's position in `Recipe.ingredients`.
  public var index: Int
  /// The line as added (scaled when servings were chosen).
  public var line: IngredientLine
  public var outcome: Outcome
  /// The item as it now stands; nil for skipped and refused lines.
  public var item: Item?
  /// The item's amounts before the line joined it ("500 g"), for a merge.
  public var before: String?
}

extension RecipeLineResult.Outcome {
  /// The outcome's name in JSON: "added", "merged", "restored", "skipped" or "refused".
  public var name: String {
    switch self {
    case .added: "added"
    case .merged: "merged"
    case .restored: "restored"
    case .skipped: "skipped"
    case .refused: "refused"
    }
  }

  /// How a merged line's amount met the item's; nil for other outcomes.
  public var merge: RecipeLineResult.AmountMerge? {
    if case .merged(let merge) = self { return merge }
    return nil
  }

  /// Why a refused line was not added; nil for other outcomes.
  public var reason: String? {
    if case .refused(let reason) = self { return reason }
    return nil
  }
}

/// The rules for putting a recipe on the list, as pure functions over a `ListDraft`.
public enum RecipeListRules {
  /// The lines `selection` chooses from `recipe`, scaled, with their positions; a line whose
  /// alternative was chosen reads as that alternative (`RecipeReview.line(_:choosing:)`).
  public static func chosenLines(_ recipe: Recipe, _ selection: RecipeSelection) -> [(
    Int, IngredientLine
  )] {
    let scaled = selection.scaled(recipe)
    return scaled.ingredients.enumerated().map { index, line in
      (index, selection.alternatives[index].map { RecipeReview.line(line, choosing: $0) } ?? line)
    }
  }

  /// Puts the lines `selection` chooses from `recipe` into `draft` (skipped ones only
  /// reported): one result per ingredient line, in the recipe's order. `Basket.add` runs it
  /// on the store's draft, `Basket.review` on a copy it throws away.
  public static func add(
    _ recipe: Recipe, selection: RecipeSelection, ids: () -> UUID,
    classifier: any ItemClassifier, now: Date, region: ShopRegion = .us,
    to draft: inout ListDraft
  ) -> [RecipeLineResult] {
    let reference = RecipeReference(id: recipe.id, title: recipe.title)
    ListRules.tidy(now: now, in: &draft)
    return chosenLines(recipe, selection).map { index, line in
      guard !selection.skipped.contains(index) else {
        return RecipeLineResult(index: index, line: line, outcome: .skipped)
      }
      return add(
        line, index: index, from: reference, id: ids(), classifier: classifier, now: now,
        packs: selection.plainAmounts.contains(index) ? nil : region, to: &draft)
    }
  }

  /// Adds one line as an item through the list's duplicate-aware add (`ListRules.add`): a
  /// name on To get joins that item, one in Got it comes back with this line's amount alone,
  /// otherwise a new item. The amount then merges into the item's (`merge`), and the item
  /// notes the recipe. With `packs`, a food sold in packs there (`FoodPacks`) is bought as
  /// packs: its recipe amounts stay as written beside an empty stepper, and `Item.buyable`
  /// rounds them up to packs; nil keeps the plain amount (and so does the item from then on).
  public static func add(
    _ line: IngredientLine, index: Int, from recipe: RecipeReference, id: UUID,
    classifier: any ItemClassifier, now: Date, packs region: ShopRegion? = nil,
    to draft: inout ListDraft
  ) -> RecipeLineResult {
    let entry: AddEntry
    // NB: bought as packs, "4 cups rice, cooked" is shopped for as cooked rice (its dry rice).
    let name = region == nil ? line.name : FoodPacks.shoppingName(line)
    do {
      entry = try AddEntry(name: name, quantity: nil, classifier: classifier)
    } catch {
      let reason = (error as? ListError)?.description ?? "\(error)"
      return RecipeLineResult(index: index, line: line, outcome: .refused(reason))
    }
    // NB: checked before anything is written: the line alone, then what it would make of an
    // item on To get, each within the list's limits.
    let amount = ItemAmount(line)
    if let amount {
      if let reason = RecipeAmountRules.refusal(amount) {
        return RecipeLineResult(index: index, line: line, outcome: .refused(reason))
      }
      let same = ListSections(items: draft.items(.nameKey(NameKey.of(entry.name))), now: now)
      if let existing = same.toGet.first {
        let merged = AmountArithmetic.merge(amount, into: existing.amounts, food: existing.name)
        if let reason = merged.0.lazy.compactMap(RecipeAmountRules.refusal).first {
          return RecipeLineResult(
            index: index, line: line, outcome: .refused("with what the list already has, \(reason)")
          )
        }
      }
    }
    let outcome = ListRules.add(entry, id: id, now: now, to: &draft)
    guard var item = draft.item(outcome.id) else {
      return RecipeLineResult(
        index: index, line: line, outcome: .refused("the item could not be read back"))
    }
    let restored: Bool
    if case .restored = outcome {
      // What Got it holds was bought: the item comes back for this recipe's amount only.
      item.quantity = nil
      item.recipeNeeds = .none
      restored = true
    } else {
      restored = false
    }
    let before = item.amountText
    let classification = classifier.classify(item.name)
    let measure = classification.measure
    item.recipeNeeds.container = BuyingRules.container(
      category: classification.category, name: item.name)
    let packed = region.flatMap { FoodPacks.knows(item.name) ? $0 : nil }
    // NB: a stepper quantity already there (the user's own, or a plain amount) stays in
    // charge; packs round only what the recipes asked of an empty stepper.
    let bySteps = packed == nil || item.quantity != nil
    item.recipeNeeds.packs = bySteps ? nil : packed
    var how = RecipeLineResult.AmountMerge.noAmount
    if let amount { how = merge(amount, into: &item, measure: measure, stepper: bySteps) }
    if !item.recipeNeeds.recipes.contains(where: { $0.isSame(as: recipe) }) {
      item.recipeNeeds.recipes.append(recipe)
    }
    draft.update(item)
    let result: RecipeLineResult.Outcome
    switch outcome {
    case .added, .replayed: result = .added
    case .restored: result = .restored
    case .bumped: result = .merged(how)
    }
    return RecipeLineResult(
      index: index, line: line, outcome: result, item: item,
      before: restored || result == .added ? nil : before)
  }

  /// Merges a recipe amount into an item's amounts (`AmountArithmetic.merge`), then settles
  /// which amount the stepper shows: the one that was the stepper's if it still can be,
  /// else the first that is exactly a stepper amount the item's measure allows (g, kg, ml,
  /// L or whole units; `QuantityRules.checked`). The others stay in `recipeNeeds.amounts`.
  /// Without `stepper`, every amount stays in `recipeNeeds.amounts` (bought as packs).
  public static func merge(
    _ amount: ItemAmount, into item: inout Item, measure: MeasureKind?, stepper steps: Bool = true
  )
    -> RecipeLineResult.AmountMerge
  {
    let (amounts, how) = AmountArithmetic.merge(amount, into: item.amounts, food: item.name)
    var stepper: (index: Int, quantity: Quantity)?
    for (index, candidate) in amounts.enumerated() where steps {
      guard let exact = candidate.stepperQuantity,
        let checked = stepperQuantity(exact, item.name, measure)
      else { continue }
      stepper = (index, checked)
      break
    }
    item.quantity = stepper?.quantity
    item.recipeNeeds.convertedQuantity =
      stepper.flatMap { amounts[$0.index].converted ? $0.quantity : nil }
    item.recipeNeeds.amounts = amounts.enumerated().filter { $0.offset != stepper?.index }
      .map(\.element)
    switch how {
    case .summed: return .summed
    case .converted: return .converted
    case .apart: return .sideBySide
    }
  }

  /// `quantity` as the stepper holds it, if the item may: grams and millilitres from ten up
  /// whole (a sum of 953.592 g shows as 954 g), then the one check every quantity passes.
  private static func stepperQuantity(_ quantity: Quantity, _ name: String, _ measure: MeasureKind?)
    -> Quantity?
  {
    var rounded = quantity
    if quantity.unit == .grams || quantity.unit == .ml, quantity.amount >= 10 {
      rounded.amount = quantity.amount.rounded()
    }
    return (try? QuantityRules.checked(rounded, measure: measure, item: name)) ?? nil
  }
}
