#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How much of a recipe the pantry already covers, line by line, and what is left to buy.
///
/// Amounts are compared by `AmountArithmetic.remainder` (the unit table, and `FoodDensity`
/// across mass and volume), never guessed: when they can't be compared the line is only
/// *maybe* covered. Pantry entries match lines by folded name (`NameKey.of`).
public struct PantryCoverage: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    /// The pantry has at least what the line needs.
    case covered
    /// The pantry has some: buy the rest.
    case partlyCovered(buy: ItemAmount)
    /// The pantry has it, but the amounts can't be compared.
    case maybeCovered(MaybeReason)
    /// The pantry hasn't got it (or it is used up).
    case notCovered
  }

  public enum MaybeReason: String, Equatable, Sendable {
    /// The entry records no amount.
    case noAmountRecorded
    /// The line asks for no amount ("salt to taste").
    case noAmountNeeded
    /// Different kinds of amount (a count and a mass, mass and volume with no density).
    case unitsDontMeet
  }

  /// The user's word on a line, over what coverage says.
  public enum Override: String, Equatable, Sendable, Codable {
    /// Buy the line's full amount whatever the pantry holds.
    case buyFull
    /// Buy none of it: "skip, I have it".
    case skip
  }

  /// What goes on the list for a line.
  public enum Decision: Equatable, Sendable {
    case buyAll
    case buy(ItemAmount)
    case skip
  }

  public struct Line: Equatable, Sendable {
    /// The line's position in `Recipe.ingredients`.
    public var index: Int
    /// The line as cooked: scaled, with the alternative chosen.
    public var line: IngredientLine
    /// What it needs; nil when it states no amount.
    public var need: ItemAmount?
    /// The pantry entry it matched.
    public var entry: PantryEntry?
    /// What the entry holds; nil when it records no amount.
    public var have: ItemAmount?
    public var status: Status
    public var override: Override?
    /// Left out by the selection (not part of this shopping).
    public var leftOut: Bool
    /// An earlier line of the same entry took some of it: `have` is what it left.
    public var sharedEarlier = false

    public var decision: Decision {
      if leftOut { return .skip }
      switch override {
      case .buyFull: return .buyAll
      case .skip: return .skip
      case nil: break
      }
      switch status {
      case .covered: return .skip
      case .partlyCovered(let buy): return .buy(buy)
      case .maybeCovered, .notCovered: return .buyAll
      }
    }

    /// The arithmetic, for covered and partly covered lines: "need 500 g, have 200 g → buy
    /// 300 g", "need 2 cups, have 1 kg → covered".
    public var arithmetic: String? {
      guard let need, let have else { return nil }
      switch status {
      case .covered: return "need \(need.text), have \(have.text) → covered"
      case .partlyCovered(let buy): return "need \(need.text), have \(have.text) → buy \(buy.text)"
      default: return nil
      }
    }

    /// One sentence for the status: "covered: need 500 g, have 1 kg", "maybe covered: …".
    public var summary: String {
      let name = entry?.name ?? line.name
      switch status {
      case .covered: return "covered (\(arithmetic ?? "in the pantry"))"
      case .partlyCovered:
        let shared = sharedEarlier ? "; an earlier line takes the rest" : ""
        return "partly covered (\(arithmetic ?? "")\(shared))"
      case .maybeCovered(let reason):
        switch reason {
        case .noAmountRecorded:
          return "maybe covered (\(name) is in the pantry with no amount recorded)"
        case .noAmountNeeded:
          return "maybe covered (\(name) is in the pantry; the recipe gives no amount)"
        case .unitsDontMeet:
          return
            "maybe covered (have \(have?.text ?? "some"), need \(need?.text ?? "some"): these can't be compared)"
        }
      case .notCovered:
        if sharedEarlier, let entry {
          return "not covered (an earlier line takes all the \(entry.name))"
        }
        return entry.map { "not covered (\($0.name) is used up)" } ?? "not covered"
      }
    }
  }

  public var recipe: Recipe
  /// The servings the lines are for; nil when the recipe doesn't say.
  public var servings: Int?
  public var selection: RecipeSelection
  public var lines: [Line]

  /// The coverage of the lines `selection` chooses from `recipe` by `pantry`, with the user's
  /// `overrides` by line position.
  public init(
    _ recipe: Recipe, selection: RecipeSelection = RecipeSelection(), pantry: [PantryEntry],
    overrides: [Int: Override] = [:]
  ) {
    self.recipe = recipe
    self.selection = selection
    servings = recipe.servings == nil ? nil : (selection.servings ?? recipe.servings)
    let byKey = Dictionary(pantry.map { ($0.key, $0) }) { first, _ in first }
    // NB: what one line takes from an entry is not there for the next line of that food (a
    // meal plan's lines kept apart, a recipe's "2 eggs" and "1 egg to glaze").
    var left: [UUID: ItemAmount] = [:]
    lines = RecipeListRules.chosenLines(recipe, selection).map { index, line in
      let entry = Self.entry(for: line, in: byKey)
      let need = ItemAmount(line)
      let shared = entry.flatMap { left[$0.id] }
      let have = shared ?? entry?.onHand.map(\.itemAmount)
      let status: Status =
        if let shared, shared.amount <= 0 {
          .notCovered
        } else {
          Self.status(need: need, entry: entry, have: have)
        }
      var covered = Line(
        index: index, line: line, need: need, entry: entry, have: have, status: status,
        override: overrides[index], leftOut: selection.skipped.contains(index))
      covered.sharedEarlier = shared != nil
      if let entry, let have, let need, !covered.leftOut, covered.override != .buyFull {
        switch status {
        case .covered, .partlyCovered:
          switch AmountArithmetic.remainder(
            of: have, after: Self.contents(of: need), food: entry.name)
          {
          case .buy(let rest): left[entry.id] = rest
          case .covered: left[entry.id] = ItemAmount(amount: 0, unit: have.unit)
          case .incomparable: break
          }
        default: break
        }
      }
      return covered
    }
  }

  /// The pantry entry a line asks for: the one named as the line's food ("tomatoes"), else
  /// as the food with its preparation in front, as a tin is labelled ("chopped tomatoes").
  public static func entry(for line: IngredientLine, in byKey: [String: PantryEntry])
    -> PantryEntry?
  {
    if let entry = byKey[NameKey.of(line.name)] { return entry }
    guard let preparation = line.preparation else { return nil }
    return byKey[NameKey.of(preparation + " " + line.name)]
  }

  /// How the pantry covers one need.
  public static func status(need: ItemAmount?, entry: PantryEntry?, have: ItemAmount?) -> Status {
    guard let entry else { return .notCovered }
    if entry.isUsedUp { return .notCovered }
    guard let have else { return .maybeCovered(.noAmountRecorded) }
    guard let need else { return .maybeCovered(.noAmountNeeded) }
    if let pack = need.packSize, have.packSize == nil, pack.amount > 0 {
      // "2 (400 g) cans" against 500 g at home: compared as 800 g, bought in whole cans.
      switch AmountArithmetic.remainder(of: contents(of: need), after: have, food: entry.name) {
      case .covered: return .covered
      case .incomparable: return .maybeCovered(.unitsDontMeet)
      case .buy(let rest):
        let packages = max(1, (rest.amount / pack.amount - 1e-9).rounded(.up))
        return .partlyCovered(
          buy: ItemAmount(
            amount: packages, unit: need.unit, packSize: pack, converted: rest.converted))
      }
    }
    switch AmountArithmetic.remainder(of: need, after: have, food: entry.name) {
    case .covered: return .covered
    case .buy(let rest): return .partlyCovered(buy: rest)
    case .incomparable: return .maybeCovered(.unitsDontMeet)
    }
  }

  /// What a need holds: for packages of a size ("2 (400 g) cans"), their contents (800 g);
  /// otherwise the need itself. A range counts at its top.
  public static func contents(of need: ItemAmount) -> ItemAmount {
    guard let pack = need.packSize else { return need }
    return ItemAmount(
      amount: ((need.maxAmount ?? need.amount) * pack.amount).tidy, unit: pack.unit,
      converted: need.converted)
  }

  /// Counts by decision: how many lines are bought in full, in part, and skipped.
  public var counts: (buyAll: Int, buyPart: Int, skip: Int) {
    var counts = (buyAll: 0, buyPart: 0, skip: 0)
    for line in lines where !line.leftOut {
      switch line.decision {
      case .buyAll: counts.buyAll += 1
      case .buy: counts.buyPart += 1
      case .skip: counts.skip += 1
      }
    }
    return counts
  }

  /// What the list gets: the recipe as cooked (scaled, alternatives chosen), each partly
  /// covered line reduced to its remainder and named as the pantry entry it matched, and a
  /// selection that leaves out what is skipped.
  /// `Basket.add(_:selection:)` puts it on the list like any recipe.
  public func shopping() -> (recipe: Recipe, selection: RecipeSelection) {
    var shopped = recipe
    shopped.servings = servings
    let decisions = Dictionary(uniqueKeysWithValues: lines.map { ($0.index, $0) })
    var skipped = Set<Int>()
    var position = 0
    for group in shopped.ingredientGroups.indices {
      for slot in shopped.ingredientGroups[group].ingredients.indices {
        defer { position += 1 }
        guard let covered = decisions[position] else { continue }
        var line = covered.line
        if let entry = covered.entry, NameKey.of(line.name) != entry.key {
          // Matched as "chopped tomatoes": the list says so, and the check-in finds the entry.
          line.name = entry.name
        }
        switch covered.decision {
        case .skip: skipped.insert(position)
        case .buyAll: break
        case .buy(let amount):
          line.quantity = IngredientQuantity(
            amount: amount.amount, maxAmount: amount.maxAmount, unit: amount.unit)
          line.packSize = amount.packSize
          line.equivalents = []
        }
        shopped.ingredientGroups[group].ingredients[slot] = line
      }
    }
    return (shopped, RecipeSelection(skipped: skipped))
  }
}

extension Basket {
  /// Puts what `coverage` leaves to buy on the list (`PantryCoverage.shopping`), in one
  /// transaction, as `add(_:selection:)` does for a whole recipe.
  @discardableResult
  public func add(_ coverage: PantryCoverage) throws -> [RecipeLineResult] {
    let (recipe, selection) = coverage.shopping()
    return try add(recipe, selection: selection)
  }
}
