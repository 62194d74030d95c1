import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The effects every behaviour depends on, passed in so tests can freeze them.
public struct BasketEnvironment: Sendable {
  public var clock: AppClock
  public var ids: IDGenerator
  public var classifier: any ItemClassifier
  /// Whose shops' pack sizes recipe amounts are bought in (`FoodPacks`).
  public var region: ShopRegion
  private let makeSuggestions: @Sendable () -> SuggestionEngine

  /// - Parameter suggestions: returns the suggestion engine; called only when suggestions are
  ///   asked for, so commands that never suggest don't pay to index the dictionary.
  public init(
    clock: AppClock, ids: IDGenerator, classifier: any ItemClassifier,
    suggestions: @escaping @Sendable () -> SuggestionEngine, region: ShopRegion = .us
  ) {
    self.clock = clock
    self.ids = ids
    self.classifier = classifier
    self.region = region
    self.makeSuggestions = suggestions
  }

  public var suggestions: SuggestionEngine { makeSuggestions() }
}

/// The list as the faces use it: every user action, applied atomically to the store.
///
/// Each mutation runs the list rules inside one `ListStore.modify` transaction and first
/// commits what time has settled (expired Got it items, clears past their undo window).
public final class Basket: Sendable {
  public let store: any ListStore
  public let environment: BasketEnvironment

  public init(store: any ListStore, environment: BasketEnvironment) {
    self.store = store
    self.environment = environment
  }

  public var now: Date { environment.clock.now }

  /// The sections to show now.
  public func sections() throws -> ListSections {
    ListSections(items: try store.items(), now: now)
  }

  /// The outcome of an add, with the item as it now stands.
  public struct AddResult: Equatable, Sendable {
    public var outcome: AddOutcome
    public var item: Item
  }

  /// Adds one typed entry, understanding a quantity in it ("2 l milk", "eggs x12").
  ///
  /// - Throws: `ListError` for a bad name or a quantity Basket can't take; nothing is stored.
  @discardableResult
  public func add(text: String, id: UUID? = nil) throws -> AddResult {
    try add(AddEntry(text: text, classifier: environment.classifier), id: id)
  }

  /// Adds everything one typed line asks for ("milk, eggs and bread", "2 tins chopped
  /// tomatoes"), in one transaction, in order.
  ///
  /// - Throws: `ListError` when any part can't be added as typed; nothing is stored.
  @discardableResult
  public func add(line: String) throws -> [AddResult] {
    try add(AddEntry.entries(typed: line, classifier: environment.classifier))
  }

  /// Adds entries understood beforehand, in one transaction, in order: each is the list's
  /// one add change (`SyncRules`), as a phone's is.
  @discardableResult
  public func add(_ entries: [AddEntry]) throws -> [AddResult] {
    let now = self.now
    let classifier = environment.classifier
    let ids = entries.map { _ in environment.ids() }
    return try store.modify { draft in
      try zip(entries, ids).map { entry, id in
        let change = ListOperation.Change.add(item: id, ListOperation.Entry(entry))
        let result = SyncRules.apply(
          change, id: nil, at: nil, now: now, classifier: classifier, in: &draft)
        return try Self.added(result, change)
      }
    }
  }

  /// Adds `name` (duplicate-aware). `id` lets a client make the add replay-safe.
  @discardableResult
  public func add(name: String, quantity: Quantity? = nil, id: UUID? = nil) throws
    -> AddResult
  {
    try add(AddEntry(name: name, quantity: quantity, classifier: environment.classifier), id: id)
  }

  /// Adds an entry that was understood and checked beforehand (see `AddEntry`), so a face
  /// can check several before adding any.
  @discardableResult
  public func add(_ entry: AddEntry, id: UUID? = nil) throws -> AddResult {
    let change = ListOperation.Change.add(item: id ?? environment.ids(), ListOperation.Entry(entry))
    return try Self.added(self.change(change), change)
  }

  /// An add's result as the faces take it: the outcome and the item as it now stands.
  private static func added(_ result: OperationResult, _ change: ListOperation.Change) throws
    -> AddResult
  {
    if let refusal = result.refusal { throw Self.thrown(refusal, change) }
    guard case .added(let outcome) = result.effect, let item = result.touched else {
      throw StoreError.failed("the added item could not be read back")
    }
    return AddResult(outcome: outcome, item: item)
  }

  @discardableResult
  public func check(_ id: UUID) throws -> CheckOutcome {
    try change(.check(id)).checkOutcome(id)
  }

  public func uncheck(_ id: UUID) throws {
    try change(.uncheck(id))
  }

  /// Renames in place; the emoji is re-derived and the quantity reset.
  public func rename(_ id: UUID, to name: String) throws {
    try update(id, name: name)
  }

  /// Sets an item's quantity (nil or an amount of zero clears it) and returns the item.
  ///
  /// - Throws: `ListError` when the amount is out of range or the item isn't measured in that
  ///   unit (`QuantityRules.checked`); nothing changes.
  @discardableResult
  public func setQuantity(_ id: UUID, _ quantity: Quantity?) throws -> Item {
    try update(id, quantity: quantity.map(QuantityChange.set) ?? .clear)
  }

  /// Sets an item's quantity from text as typed at a command line: "750", "2l", or "1,5" with
  /// the unit "L"; or an amount in a recipe unit, "2¼ cups", "3" with "cans" (see
  /// `RecipeAmountRules.reading`). Without a unit the amount is in the item's current unit
  /// (a recipe's own, "2¼ cups", while the item has no quantity of its own), or else its
  /// default one. Returns the item.
  @discardableResult
  public func setQuantity(_ id: UUID, amount: String, unit: String?) throws -> Item {
    let now = self.now
    let classifier = environment.classifier
    return try store.modify { draft in
      ListRules.tidy(now: now, in: &draft)
      let sections = ListSections(items: draft.items, now: now)
      guard let current = (sections.toGet + sections.gotIt).first(where: { $0.id == id }) else {
        throw ListError.unknownItem(id.uuidString)
      }
      if let recipeAmount = try RecipeAmountRules.reading(
        amount: amount, unit: unit, current: RecipeAmountRules.editable(current))
      {
        try ListRules.setRecipeAmount(id, recipeAmount, now: now, in: &draft)
        return try Self.item(id, in: draft)
      }
      let fallback =
        current.quantity?.unit
        ?? QuantityRules.defaultUnit(for: classifier.classify(current.name).measure)
      let quantity = try QuantityRules.reading(amount: amount, unit: unit, fallback: fallback)
      try ListRules.setQuantity(
        id, quantity, measure: { classifier.classify($0).measure }, now: now, in: &draft)
      return try Self.item(id, in: draft)
    }
  }

  /// Sets an item's amount in a recipe unit ("2½ cups"; zero takes it off) and returns the
  /// item (`ListRules.setRecipeAmount`).
  @discardableResult
  public func setRecipeAmount(_ id: UUID, _ amount: ItemAmount) throws -> Item {
    try Self.touched(change(.amount(id, amount)), id)
  }

  /// Sets an item's note ("the big tub"), or clears it (nil or ""), and returns the item
  /// (`ListRules.setNote`).
  ///
  /// - Throws: `NoteError` for a note past `ItemNote.maxLength`; nothing changes.
  @discardableResult
  public func setNote(_ id: UUID, _ note: String?) throws -> Item {
    try Self.touched(change(.note(id, note)), id)
  }

  /// Moves an item to another aisle category (`ItemCategory.named`: "dairy", any case) and
  /// remembers the choice for its name, so every item of that name, now or added later, shows
  /// there. Moving it back to the classifier's own category forgets the choice. Returns the
  /// item as it now stands.
  ///
  /// - Throws: `CategoryError.unknown` for a category the walk doesn't know, and
  ///   `ListError.unknownItem` for an item not on the list; nothing changes.
  @discardableResult
  public func setCategory(_ id: UUID, _ rawCategory: String) throws -> Item {
    let category = try ItemCategory.named(rawCategory)
    let now = self.now
    let visible = ListSections(items: try store.items(), now: now)
    guard var item = (visible.toGet + visible.gotIt).first(where: { $0.id == id }) else {
      throw ListError.unknownItem(id.uuidString)
    }
    item.category = ItemCategory.choice(category, classifier: classify(item.name).category)
    try store.setCategory(item.category, forNameKey: NameKey.of(item.name))
    return item
  }

  /// The category `item` is shown under (`ItemCategory.of`).
  public func category(of item: Item) -> String? {
    ItemCategory.of(item, classify: environment.classifier.classify)
  }

  /// To get grouped by category, in the walk's order of categories (`ItemCategory.groups`).
  public func toGetByCategory(_ sections: ListSections) -> [ShopBook.Stretch] {
    ItemCategory.groups(sections.toGet, category: category(of:))
  }

  /// What `update` does to the quantity.
  public enum QuantityChange: Equatable, Sendable {
    case keep
    case clear
    case set(Quantity)
  }

  /// Renames and/or sets the quantity in one transaction: the rename first (it resets the
  /// quantity), then the quantity, checked against the new name. If either part is refused,
  /// neither happens. Returns the item as it now stands.
  @discardableResult
  public func update(_ id: UUID, name rawName: String? = nil, quantity: QuantityChange = .keep)
    throws -> Item
  {
    if let rawName {
      return try Self.touched(change(.rename(id, name: rawName, then: quantity)), id)
    }
    switch quantity {
    case .clear: return try Self.touched(change(.quantity(id, nil)), id)
    case .set(let quantity): return try Self.touched(change(.quantity(id, quantity)), id)
    case .keep:
      let now = self.now
      return try store.modify { draft in
        ListRules.tidy(now: now, in: &draft)
        return try Self.item(id, in: draft)
      }
    }
  }

  private static func item(_ id: UUID, in draft: ListDraft) throws -> Item {
    guard let item = draft.items.first(where: { $0.id == id }) else {
      throw ListError.unknownItem(id.uuidString)
    }
    return item
  }

  public func remove(_ id: UUID) throws {
    try change(.remove(id))
  }

  /// Applies `change`, made on this machine (the command line, the terminal app), the one way
  /// every change to the list is applied (`SyncRules`, as the web's routes and a phone's queue
  /// are), and throws its refusal as the rule's own error.
  @discardableResult
  public func change(_ change: ListOperation.Change) throws -> OperationResult {
    let now = self.now
    let classifier = environment.classifier
    let result = try store.modify { draft in
      SyncRules.apply(change, id: nil, at: nil, now: now, classifier: classifier, in: &draft)
    }
    if let refusal = result.refusal { throw Self.thrown(refusal, change) }
    return result
  }

  /// A refusal as the rule that refused throws it.
  private static func thrown(_ refusal: Refusal, _ change: ListOperation.Change) -> any Error {
    switch refusal {
    case .list(let error): error
    case .note(let error): error
    case .gone, .hidden, .unknownItem: ListError.unknownItem(change.item?.uuidString ?? "")
    default: refusal
    }
  }

  /// The item a change left, as it stands.
  private static func touched(_ result: OperationResult, _ id: UUID) throws -> Item {
    guard let item = result.touched else { throw ListError.unknownItem(id.uuidString) }
    return item
  }

  /// Clear all: hides Got it, undoable for `ListTiming.undoWindow`. Returns how many.
  @discardableResult
  public func clearGotIt() throws -> Int {
    guard case .cleared(let hidden, _) = try change(.clear(items: nil)).effect else { return 0 }
    return hidden.count
  }

  /// Brings back the latest clear if its window is open. Returns how many came back.
  @discardableResult
  public func undoClear() throws -> Int {
    guard case .restored(let back) = try change(.undo(clear: nil)).effect else { return 0 }
    return back.count
  }

  /// Commits what time has settled (Got it items past their hour, clears past their undo
  /// window), as every change does first. Writes nothing, and keeps the revision, when nothing
  /// has settled.
  public func tidy() throws {
    let now = self.now
    try store.modify { draft in ListRules.tidy(now: now, in: &draft) }
  }

  /// When `tidy` next has something to commit (`ListRules.nextTidy`); nil when nothing waits.
  ///
  /// Cost: indexed reads of the checked and cleared items alone. (The server asks after every
  /// change; a read of all 5,000 items of a big list held the store's connection for
  /// milliseconds, in the way of the next change's notice.)
  public func nextTidy() throws -> Date? {
    let ever = ItemQuery.DateBound.atOrAfter(.distantPast)
    return ListRules.nextTidy(items: try store.items(.checked(ever)) + store.items(.cleared(ever)))
  }

  /// When the latest clear stops being undoable, if it still is.
  ///
  /// Cost: an indexed read of the items cleared within the undo window.
  public func undoDeadline() throws -> Date? {
    let now = self.now
    let recent = ItemQuery.cleared(.atOrAfter(now.addingTimeInterval(-ListTiming.undoWindow)))
    return ListRules.undoDeadline(items: try store.items(recent), now: now)
  }

  /// Suggestion chips for what the user has typed so far.
  ///
  /// Cost: a revision read; the history index and the To get keys are rebuilt only when the
  /// store has changed (or a minute has passed), not on every keystroke.
  public func suggestions(for query: String, limit: Int = SuggestionEngine.defaultLimit) throws
    -> [Suggestion]
  {
    let context = try suggestionContext()
    return environment.suggestions.suggest(
      query, history: context.history, excluding: context.toGetKeys, limit: limit)
  }

  /// The usuals chips for an empty add bar.
  public func usuals(limit: Int = SuggestionEngine.defaultLimit) throws -> [Suggestion] {
    let context = try suggestionContext()
    return environment.suggestions.usuals(
      history: context.history, excluding: context.toGetKeys, limit: limit)
  }

  public func classify(_ name: String) -> Classification {
    environment.classifier.classify(name)
  }

  /// What suggestions are ranked and filtered against, as of one store revision.
  private struct SuggestionContext: Sendable {
    var revision: Int64
    var builtAt: Date
    var history: HistoryIndex
    var toGetKeys: Set<String>
  }

  private let cachedContext = Mutex<SuggestionContext?>(nil)

  /// NB: Rankings drift with time as well as with writes, so a context older than a minute is
  /// rebuilt even when the store is unchanged.
  private func suggestionContext() throws -> SuggestionContext {
    let revision = try store.revision()
    let now = self.now
    if let cached = cachedContext.withLock({ $0 }), cached.revision == revision,
      abs(now.timeIntervalSince(cached.builtAt)) < 60
    {
      return cached
    }
    let context = SuggestionContext(
      revision: revision, builtAt: now,
      history: HistoryIndex(memory: try store.memory(), now: now),
      toGetKeys: Set(
        ListSections(items: try store.items(), now: now).toGet.map { NameKey.of($0.name) }))
    cachedContext.withLock { $0 = context }
    return context
  }
}
