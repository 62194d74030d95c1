#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pantry as the faces use it: add, edit, use, remove, list, search, scan; check-in
/// after a shop and "I cooked this". Time and ids are passed in.
public final class PantryBook: Sendable {
  public let store: any PantryStore
  public let clock: AppClock
  public let ids: IDGenerator

  public init(store: any PantryStore, clock: AppClock, ids: IDGenerator) {
    self.store = store
    self.clock = clock
    self.ids = ids
  }

  /// Adds to the pantry (`PantryRules.add`): an existing name or code gets the stock.
  @discardableResult
  public func add(_ addition: PantryAddition) throws -> PantryAddResult {
    let (id, now) = (ids(), clock.now)
    return try store.modifyPantry { try PantryRules.add(addition, id: id, now: now, to: &$0) }
  }

  /// Changes the entry `reference` names.
  @discardableResult
  public func edit(_ reference: String, _ edit: PantryEdit) throws -> PantryEntry {
    let now = clock.now
    return try store.modifyPantry { state in
      let entry = try PantryRules.find(reference, in: state.entries)
      return try PantryRules.edit(entry.id, edit, now: now, in: &state)
    }
  }

  /// Takes `amount` out of the entry `reference` names; nil uses it up.
  @discardableResult
  public func use(_ reference: String, amount: IngredientQuantity?) throws -> PantryUseResult {
    let now = clock.now
    return try store.modifyPantry { state in
      let entry = try PantryRules.find(reference, in: state.entries)
      return try PantryRules.use(entry.id, amount: amount, now: now, in: &state)
    }
  }

  /// Removes the entry `reference` names.
  @discardableResult
  public func remove(_ reference: String) throws -> PantryEntry {
    try store.modifyPantry { state in
      let entry = try PantryRules.find(reference, in: state.entries)
      PantryRules.remove(entry.id, in: &state)
      return entry
    }
  }

  /// Every entry, by name.
  public func list() throws -> [PantryEntry] {
    PantryRules.sorted(try store.pantry().entries)
  }

  /// The entry `reference` names (list number, code, name or a unique start of one).
  public func find(_ reference: String) throws -> PantryEntry {
    try PantryRules.find(reference, in: store.pantry().entries)
  }

  /// Entries whose name or note words start with `text`'s words, or whose code starts with
  /// its digits.
  public func search(_ text: String) throws -> [PantryEntry] {
    PantryRules.search(text, in: try store.pantry().entries)
  }

  /// The entry holding `code` (in any of its forms), if any.
  public func find(barcode code: Barcode) throws -> PantryEntry? {
    try store.pantry().entry(barcode: code)
  }

  /// What a scanned or typed code is to this pantry.
  public enum Scan: Equatable, Sendable {
    /// An entry has it: the face offers "add a package to" it.
    case inPantry(PantryEntry)
    /// Not in the pantry, but named before.
    case named(String)
    /// Never seen: the household names it.
    case unknown
  }

  public func scan(_ code: Barcode) throws -> Scan {
    let state = try store.pantry()
    if let entry = state.entry(barcode: code) { return .inPantry(entry) }
    if let name = state.barcodeNames[code.key] { return .named(name) }
    return .unknown
  }

  // MARK: - Recipes

  /// What the pantry covers of `recipe` as `selection` chooses it.
  public func coverage(
    of recipe: Recipe, selection: RecipeSelection = RecipeSelection(),
    overrides: [Int: PantryCoverage.Override] = [:]
  ) throws -> PantryCoverage {
    PantryCoverage(
      recipe, selection: selection, pantry: try store.pantry().entries, overrides: overrides)
  }

  /// What cooking `recipe` would take out of the pantry.
  public func cooked(_ recipe: Recipe, selection: RecipeSelection = RecipeSelection()) throws
    -> CookedPlan
  {
    CookedPlan(recipe, selection: selection, pantry: try store.pantry().entries)
  }

  /// Takes what `plan` says out of the pantry, in one transaction (lines at `positions`
  /// only, when given), each amount taken from the entry as it is inside the transaction.
  @discardableResult
  public func apply(_ plan: CookedPlan, only positions: Set<Int>? = nil) throws
    -> [PantryUseResult]
  {
    let now = clock.now
    return try store.modifyPantry { try plan.apply(only: positions, now: now, to: &$0) }
  }

  // MARK: - Check-in

  /// Offers what was checked off (`checked`: Got it) to the pantry and returns every offer
  /// still waiting, the ones from earlier "not yet"s included.
  public func checkin(_ checked: [Item], everything: Bool = false) throws -> [CheckinOffer] {
    let now = clock.now
    return try store.modifyPantry {
      CheckinRules.offer(checked, everything: everything, now: now, in: &$0)
    }
  }

  /// The offers still waiting.
  public func pendingOffers() throws -> [CheckinOffer] {
    CheckinRules.pending(try store.pantry())
  }

  /// The entry an offer would join, if any.
  public func entry(for offer: CheckinOffer) throws -> PantryEntry? {
    CheckinRules.entry(for: offer, in: try store.pantry())
  }

  /// Accepts an offer (its amount edited with `amount`).
  @discardableResult
  public func accept(_ offer: UUID, amount: PantryField<IngredientQuantity> = .keep) throws
    -> PantryAddResult
  {
    let (id, now) = (ids(), clock.now)
    return try store.modifyPantry {
      try CheckinRules.accept(offer, amount: amount, newID: id, now: now, in: &$0)
    }
  }

  /// Skips an offer for good.
  public func skip(_ offer: UUID) throws {
    let now = clock.now
    try store.modifyPantry { try CheckinRules.skip(offer, now: now, in: &$0) }
  }
}
