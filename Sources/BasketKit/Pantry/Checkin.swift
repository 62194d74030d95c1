#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// After a shop: what was checked off on the list is offered to the pantry, one offer per
/// item; each is accepted (perhaps edited), skipped, or left for later.
public enum CheckinRules {
  /// How long a decided offer is remembered (so the item isn't offered again while it sits
  /// in Got it), and how long an undecided one waits.
  public static let keepDecided: TimeInterval = 2 * 24 * 60 * 60
  public static let keepPending: TimeInterval = 30 * 24 * 60 * 60

  /// Offers new check-offs among `checked` (Got it): items that came from recipes or match a
  /// pantry entry by folded name, or every one with `everything`. An item already offered
  /// for the same check-off is not offered again. Returns every pending offer, oldest first.
  @discardableResult
  public static func offer(
    _ checked: [Item], everything: Bool = false, now: Date, in state: inout PantryState
  ) -> [CheckinOffer] {
    state.offers.removeAll { offer in
      let age = now.timeIntervalSince(offer.at)
      return offer.state == .pending ? age > keepPending : age > keepDecided
    }
    for item in checked {
      guard let checkedAt = item.checkedAt else { continue }
      let fromRecipe = !item.recipeNeeds.recipes.isEmpty
      guard everything || fromRecipe || state.entry(key: NameKey.of(item.name)) != nil else {
        continue
      }
      if let index = state.offers.firstIndex(where: { $0.id == item.id }) {
        if state.offers[index].checkedAt == checkedAt || state.offers[index].state == .pending {
          continue
        }
        state.offers.remove(at: index)
      }
      let (amount, packages, size) = proposal(for: item)
      state.offers.append(
        CheckinOffer(
          id: item.id, name: item.name, amount: amount, packages: packages, packageSize: size,
          recipes: item.recipeNeeds.recipes, checkedAt: checkedAt, at: now))
    }
    return pending(state)
  }

  /// The offers still waiting, in the order they were checked off.
  public static func pending(_ state: PantryState) -> [CheckinOffer] {
    state.offers.filter { $0.state == .pending }.sorted {
      $0.checkedAt != $1.checkedAt ? $0.checkedAt < $1.checkedAt : $0.name < $1.name
    }
  }

  /// What an item brings home, as the pantry's add field reads it (`PantryAddition(typed:)`)
  /// and as `BuyingRules` bought it: its first amount that is one amount (the stepper's
  /// first). Packs of a size are that many packages of it ("5 cans (14 oz)": 5 × 14 oz); other
  /// counts in packs or of things are that many packages, rounded up as bought ("1½ cans": 2);
  /// a spoonful of what comes in a jar is one package; cloves, masses and volumes are one
  /// package holding that much.
  public static func proposal(for item: Item)
    -> (amount: IngredientQuantity?, packages: Int, packageSize: IngredientQuantity?)
  {
    let container = item.quantity == nil ? item.recipeNeeds.container : nil
    for amount in item.amounts where amount.maxAmount == nil && amount.amount > 0 {
      if BuyingRules.isOneContainer(amount, container: container) { return (nil, 1, nil) }
      if let size = amount.packSize {
        guard let count = BuyingRules.wholeCount(amount) else { continue }
        return (nil, count, size)
      }
      if let count = BuyingRules.wholeCount(amount) {
        return (IngredientQuantity(amount: Double(count), unit: amount.unit), count, nil)
      }
      return (IngredientQuantity(amount: amount.amount, unit: amount.unit), 1, nil)
    }
    return (nil, 1, nil)
  }

  /// The pantry entry an offer would join, if any.
  public static func entry(for offer: CheckinOffer, in state: PantryState) -> PantryEntry? {
    state.entry(key: NameKey.of(offer.name))
  }

  /// Accepts the pending offer with `id`: its amount (or `amount`, edited) goes into the
  /// pantry entry with its name, or a new one.
  public static func accept(
    _ id: UUID, amount: PantryField<IngredientQuantity> = .keep, newID: UUID, now: Date,
    in state: inout PantryState
  ) throws -> PantryAddResult {
    guard let index = state.offers.firstIndex(where: { $0.id == id && $0.state == .pending })
    else { throw PantryError.unknownOffer(id.uuidString.lowercased()) }
    let offer = state.offers[index]
    var addition = PantryAddition(
      name: offer.name, packages: offer.packages,
      counting: offer.counted ? PantryCounting(unit: offer.amount?.unit) : nil,
      packageSize: offer.packageSize, amount: offer.counted ? nil : offer.amount)
    if case .keep = amount {
    } else {
      // An amount typed instead is how much came home, in one package.
      addition = PantryAddition(name: offer.name, amount: amount.applied(to: offer.amount))
    }
    let result = try PantryRules.add(addition, id: newID, now: now, to: &state)
    state.offers[index].state = .accepted
    state.offers[index].at = now
    return result
  }

  /// Skips the pending offer with `id`: it is not offered again for this check-off.
  public static func skip(_ id: UUID, now: Date, in state: inout PantryState) throws {
    guard let index = state.offers.firstIndex(where: { $0.id == id && $0.state == .pending })
    else { throw PantryError.unknownOffer(id.uuidString.lowercased()) }
    state.offers[index].state = .skipped
    state.offers[index].at = now
  }
}

/// "I cooked this": what a recipe takes out of the pantry.
public struct CookedPlan: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    /// Take this much out of the entry.
    case take(IngredientQuantity)
    /// In the pantry, but how much to take can't be worked out; left as it is.
    case leave(PantryCoverage.MaybeReason)
    /// Not in the pantry (or already used up).
    case notInPantry
  }

  public struct Line: Equatable, Sendable {
    public var index: Int
    public var line: IngredientLine
    public var entry: PantryEntry?
    public var action: Action
    /// Whether taking the amount uses up the entry (it needs as much as is left, or more).
    public var usesUp: Bool

    /// What cooking does to the pantry for this line, as a person reads it: "take 500 g of
    /// Flour (uses it up)", "leave Salt as it is (the recipe gives no amount)", "Saffron: not
    /// in the pantry".
    public var summary: String {
      let name = entry?.name ?? line.name
      switch action {
      case .take(let amount):
        return "take \(KitchenAmountFormat.text(amount)) of \(name)\(usesUp ? " (uses it up)" : "")"
      case .leave(let reason):
        let why =
          switch reason {
          case .noAmountRecorded: "no amount recorded"
          case .noAmountNeeded: "the recipe gives no amount"
          case .unitsDontMeet: "the amounts can't be compared"
          case .similarFood: "it may be another food"
          }
        return "leave \(name) as it is (\(why))"
      case .notInPantry:
        return "\(name): not in the pantry"
      }
    }
  }

  public var recipe: Recipe
  public var servings: Int?
  public var lines: [Line]

  /// What cooking the lines `selection` chooses from `recipe` takes from `pantry`.
  public init(
    _ recipe: Recipe, selection: RecipeSelection = RecipeSelection(), pantry: [PantryEntry]
  ) {
    self.recipe = recipe
    let coverage = PantryCoverage(recipe, selection: selection, pantry: pantry)
    servings = coverage.servings
    lines = coverage.lines.filter { !$0.leftOut }.map { covered in
      guard let entry = covered.entry, !entry.isUsedUp else {
        return Line(
          index: covered.index, line: covered.line, entry: nil, action: .notInPantry,
          usesUp: false)
      }
      let action: Action
      var usesUp = false
      switch covered.status {
      case .covered, .partlyCovered:
        let need = PantryCoverage.contents(of: covered.need!)
        action = .take(
          IngredientQuantity(amount: need.maxAmount ?? need.amount, unit: need.unit))
        if case .partlyCovered = covered.status { usesUp = true }
        if case .covered = covered.status,
          case .covered = AmountArithmetic.remainder(
            of: covered.have!, after: need, food: entry.name)
        {
          usesUp = true
        }
      case .maybeCovered(let reason): action = .leave(reason)
      case .notCovered: action = .notInPantry
      }
      return Line(
        index: covered.index, line: covered.line, entry: entry, action: action, usesUp: usesUp)
    }
  }

  /// Takes the planned amounts out of the pantry (lines at `positions` only, when given).
  public func apply(only positions: Set<Int>? = nil, now: Date, to state: inout PantryState)
    throws -> [PantryUseResult]
  {
    var results: [PantryUseResult] = []
    for line in lines {
      guard case .take(let amount) = line.action, let entry = line.entry,
        positions?.contains(line.index) ?? true
      else { continue }
      results.append(try PantryRules.use(entry.id, amount: amount, now: now, in: &state))
    }
    return results
  }
}
