#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How much of a recipe the pantry already covers, line by line, and what is left to buy.
///
/// Amounts are compared by `AmountArithmetic.remainder` (the unit table, and `FoodDensity`
/// across mass and volume), never guessed: when they can't be compared the line is only
/// *maybe* covered. Pantry entries match lines by food (`PantryMatch`): "chopped tomatoes"
/// covers "tomatoes", "onions" only maybe covers "red onions". Packs of about the same size
/// (a 14-oz can and a 400 g tin) are compared by how many there are, and so are counts with no
/// size ("3 onions" at home against "2 onions").
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
    /// The pantry has a food of a similar name ("onions" for "red onions").
    case similarFood
  }

  /// How far a pack's size may be from another's and still be the same pack (a 14-oz can is
  /// 397 g, a tin 400 g).
  public static let samePackWithin = 0.1

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
    /// `have` counts packs, or things, as `need` does: compared by how many.
    public var byCount = false

    /// The entry's name when it isn't the line's ("chopped tomatoes" for "tomatoes").
    public var matchedAs: String? {
      guard let entry, NameKey.of(entry.name) != NameKey.of(line.name) else { return nil }
      return entry.name
    }

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
      let from = matchedAs.map { "from \($0): " } ?? ""
      switch status {
      case .covered: return "covered (\(from)\(arithmetic ?? "in the pantry"))"
      case .partlyCovered:
        let shared = sharedEarlier ? "; an earlier line takes the rest" : ""
        return "partly covered (\(from)\(arithmetic ?? "")\(shared))"
      case .maybeCovered:
        return "maybe covered (\(doubt ?? ""))"
      case .notCovered:
        return absence.map { "not covered (\($0))" } ?? "not covered"
      }
    }

    /// Why a maybe covered line is in doubt: "onions is in the pantry with no amount recorded".
    var doubt: String? {
      guard case .maybeCovered(let reason) = status else { return nil }
      let name = entry?.name ?? line.name
      let from = matchedAs.map { "from \($0): " } ?? ""
      switch reason {
      case .noAmountRecorded: return "\(name) is in the pantry with no amount recorded"
      case .noAmountNeeded: return "\(name) is in the pantry; the recipe gives no amount"
      case .unitsDontMeet:
        return
          "\(from)have \(have?.text ?? "some"), need \(need?.text ?? "some"): these can't be compared"
      case .similarFood: return "the pantry has \(name); the recipe asks for \(line.name)"
      }
    }

    /// Why a line with a pantry entry is not covered: "olive oil is used up"; nil without one.
    var absence: String? {
      guard case .notCovered = status, let entry else { return nil }
      if sharedEarlier { return "an earlier line takes all the \(entry.name)" }
      return "\(entry.name) is used up"
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
    // NB: what one line takes from an entry is not there for the next line of that food (a
    // meal plan's lines kept apart, a recipe's "2 eggs" and "1 egg to glaze").
    var left: [UUID: (amount: ItemAmount, byCount: Bool)] = [:]
    lines = RecipeListRules.chosenLines(recipe, selection).map { index, line in
      let match = PantryMatch.entry(for: line, in: pantry)
      let entry = match?.entry
      let need = ItemAmount(line)
      let counted = entry.flatMap { Self.count(in: $0, for: need) }
      let byCount = counted != nil
      let shared = entry.flatMap { left[$0.id] }.flatMap { $0.byCount == byCount ? $0.amount : nil }
      let have = shared ?? counted ?? entry?.onHand.map(\.itemAmount)
      let judged: (status: Status, left: ItemAmount?) =
        if match?.kind == .similar, entry?.isUsedUp == false {
          (.maybeCovered(.similarFood), nil)
        } else if match?.kind == .similar {
          (.notCovered, nil)
        } else if let shared, shared.amount <= 0 {
          (.notCovered, nil)
        } else {
          Self.judge(need: need, entry: entry, have: have, byCount: byCount)
        }
      var covered = Line(
        index: index, line: line, need: need, entry: entry, have: have, status: judged.status,
        override: overrides[index], leftOut: selection.skipped.contains(index))
      covered.sharedEarlier = shared != nil
      covered.byCount = byCount
      if let entry, let after = judged.left, !covered.leftOut, covered.override != .buyFull {
        left[entry.id] = (after, byCount)
      }
      return covered
    }
  }

  /// Units a thing is counted in by the pack: what a pantry's packages can stand for. The
  /// units of kind `.pack`, but a tub and a sachet are compared by amount, as they always
  /// were, though they add up with a container and an envelope.
  public static let packUnits: Set<String> = KitchenUnit.ids(of: .pack).subtracting([
    "tub", "sachet",
  ])

  /// Whether an amount in `unit` counts things or packs of them, so a pantry's packages can
  /// stand for it: no unit ("3" onions), or one of `packUnits`; cloves, masses and volumes not.
  public static func countsPackages(_ unit: KitchenUnit?) -> Bool {
    unit.map { packUnits.contains($0.id) } ?? true
  }

  /// What `entry` holds counted as `need` counts, when they are counted alike: a count with no
  /// size against a count ("3" onions for "2 onions"), or packs of about the same size (2 ×
  /// 400 g for "2 (14-oz) cans"); nil when they are compared by amount (or not at all).
  public static func count(in entry: PantryEntry, for need: ItemAmount?) -> ItemAmount? {
    guard let need, !entry.isUsedUp else { return nil }
    guard countsPackages(need.unit) else { return nil }
    let inPacks = need.unit != nil
    guard let size = entry.packageSize else {
      // Things with no size: a count of onions, or cans of unknown size.
      guard entry.left == nil, need.packSize == nil || inPacks else { return nil }
      return ItemAmount(amount: Double(entry.packages), unit: need.unit)
    }
    guard inPacks, let sizeUnit = size.unit else { return nil }
    if let pack = need.packSize {
      guard let packUnit = pack.unit, packUnit.family == sizeUnit.family else { return nil }
      let ratio = (size.amount * sizeUnit.baseFactor) / (pack.amount * packUnit.baseFactor)
      guard abs(ratio - 1) <= samePackWithin else { return nil }
    }
    var packs = Double(entry.packages)
    if let left = entry.left {
      guard let leftUnit = left.unit, leftUnit.family == sizeUnit.family else { return nil }
      packs = (left.amount * leftUnit.baseFactor) / (size.amount * sizeUnit.baseFactor)
    }
    return ItemAmount(amount: packs.tidy, unit: need.unit)
  }

  /// How the pantry covers one need, and what the entry has left for the next line of it
  /// (nil when nothing was taken). `byCount`: `have` counts as `need` does (`count(in:for:)`).
  public static func judge(need: ItemAmount?, entry: PantryEntry?, have: ItemAmount?, byCount: Bool)
    -> (status: Status, left: ItemAmount?)
  {
    guard let entry else { return (.notCovered, nil) }
    if entry.isUsedUp { return (.notCovered, nil) }
    guard let have else { return (.maybeCovered(.noAmountRecorded), nil) }
    guard let need else { return (.maybeCovered(.noAmountNeeded), nil) }
    if byCount {
      let top = need.maxAmount ?? need.amount
      if have.amount + 1e-9 >= top {
        return (.covered, ItemAmount(amount: (have.amount - top).tidy, unit: have.unit))
      }
      let buy = ItemAmount(
        amount: (top - have.amount - 1e-9).rounded(.up), unit: need.unit, packSize: need.packSize)
      return (.partlyCovered(buy: buy), ItemAmount(amount: 0, unit: have.unit))
    }
    let status = status(need: need, have: have, food: entry.name)
    switch status {
    case .covered, .partlyCovered:
      switch AmountArithmetic.remainder(of: have, after: contents(of: need), food: entry.name) {
      case .buy(let rest): return (status, rest)
      case .covered: return (status, ItemAmount(amount: 0, unit: have.unit))
      case .incomparable: return (status, nil)
      }
    default: return (status, nil)
    }
  }

  /// How an amount at home covers a need, compared by amount.
  static func status(need: ItemAmount, have: ItemAmount, food: String) -> Status {
    if let pack = need.packSize, have.packSize == nil, pack.amount > 0 {
      // "2 (400 g) cans" against 500 g at home: compared as 800 g, bought in whole cans.
      switch AmountArithmetic.remainder(of: contents(of: need), after: have, food: food) {
      case .covered: return .covered
      case .incomparable: return .maybeCovered(.unitsDontMeet)
      case .buy(let rest):
        let packages = max(1, (rest.amount / pack.amount - 1e-9).rounded(.up))
        return .partlyCovered(
          buy: ItemAmount(
            amount: packages, unit: need.unit, packSize: pack, converted: rest.converted))
      }
    }
    switch AmountArithmetic.remainder(of: need, after: have, food: food) {
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

extension PantryCoverage.Line {
  /// The status as a sentence for a screen: "Covered from chopped tomatoes: need 2 cans, have
  /// 2 cans", "Partly covered: need 500 g, have 200 g", "Maybe covered: …", "Not in the
  /// pantry". What the list gets is `decisionText`, said beside it.
  public var headline: String {
    let from = matchedAs.map { " from \($0)" } ?? ""
    let sums = need.flatMap { need in have.map { "need \(need.text), have \($0.text)" } }
    switch status {
    case .covered: return sums.map { "Covered\(from): \($0)" } ?? "Covered by the pantry\(from)"
    case .partlyCovered: return "Partly covered\(from): \(sums ?? "some is in the pantry")"
    case .maybeCovered: return "Maybe covered: \(doubt ?? "")"
    case .notCovered: return absence.map { "Not covered: \($0)" } ?? "Not in the pantry"
    }
  }

  /// What the list gets, saying how much: "buy 1 jar · recipe needs 1 tsp", "buy 300 g",
  /// "buy some" (the recipe gives no amount), "skip".
  public var decisionText: String {
    let amount: ItemAmount?
    switch decision {
    case .skip: return "skip"
    case .buyAll: amount = need
    case .buy(let rest): amount = rest
    }
    guard let amount else { return "buy some" }
    let kind = EmojiClassifier.shared.classify(line.name)
    let container = BuyingRules.container(category: kind.category, name: line.name)
    return "buy " + BuyingRules.buyable(amount, container: container, recipes: 1).chip
  }

  /// The choices a screen offers for the line, the first being the user's word unsaid; each
  /// label says what it does for this line, so none contradicts the decision beside it. None
  /// without a pantry entry: leaving the line out is "I have it", and buying it all is what
  /// happens anyway.
  public var choices: [(override: PantryCoverage.Override?, label: String)] {
    guard entry != nil else { return [] }
    var unsaid = self
    unsaid.override = nil
    var choices: [(PantryCoverage.Override?, String)] = []
    switch unsaid.decision {
    case .skip:
      choices = [(nil, "Use the pantry: skip it"), (.buyFull, "Buy the full amount")]
    case .buy:
      choices = [(nil, "Use the pantry: buy the rest"), (.buyFull, "Buy the full amount")]
    case .buyAll: choices = [(nil, "Buy it")]
    }
    return choices + [(.skip, "Skip, I have it")]
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
