#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the user sees: To get (newest first) and Got it (most recently checked first).
public struct ListSections: Equatable, Sendable {
  public var toGet: [Item]
  public var gotIt: [Item]

  public init(toGet: [Item], gotIt: [Item]) {
    self.toGet = toGet
    self.gotIt = gotIt
  }

  /// Splits stored items into sections at `now`. Items hidden by Clear all and items checked
  /// more than an hour ago appear in neither.
  public init(items: [Item], now: Date) {
    let cutoff = now.addingTimeInterval(-ListTiming.gotItTTL)
    toGet = items.filter { $0.checkedAt == nil && $0.clearedAt == nil }
      .sorted { a, b in
        a.listedAt != b.listedAt ? a.listedAt > b.listedAt : a.id.uuidString < b.id.uuidString
      }
    gotIt = items.filter { item in
      guard let checked = item.checkedAt, item.clearedAt == nil else { return false }
      return checked > cutoff
    }
    .sorted { a, b in
      a.checkedAt != b.checkedAt ? a.checkedAt! > b.checkedAt! : a.id.uuidString < b.id.uuidString
    }
  }

  public var isEmpty: Bool { toGet.isEmpty && gotIt.isEmpty }
}

/// The outcome of adding a name.
public enum AddOutcome: Equatable, Sendable {
  /// A new item went to the top of To get.
  case added(UUID)
  /// The name was already on To get: that item moved to the top and should flash.
  case bumped(UUID)
  /// The name was in Got it: that item was restored to the top of To get.
  case restored(UUID)
  /// The same client id was added before; nothing changed.
  case replayed(UUID)

  public var id: UUID {
    switch self {
    case .added(let id), .bumped(let id), .restored(let id), .replayed(let id): id
    }
  }

  /// "added", "bumped", "restored" or "replayed", as JSON answers say it.
  public var word: String {
    switch self {
    case .added: "added"
    case .bumped: "bumped"
    case .restored: "restored"
    case .replayed: "replayed"
    }
  }
}

/// The outcome of checking an item off.
public struct CheckOutcome: Equatable, Sendable {
  public var id: UUID
  /// True when this check emptied To get: time for the "All done!" celebration.
  public var allDone: Bool
}

/// The list rules, as pure functions over the stored items. Every rule takes `now` explicitly
/// and reads through the draft only the items it needs (see `ListDraft`).
public enum ListRules {
  /// Cleans a typed name (`NameText.cleaned`). Throws when nothing visible is left or the
  /// name is too long.
  public static func cleanName(_ raw: String) throws -> String {
    let name = NameText.cleaned(raw)
    guard !name.isEmpty else { throw ListError.emptyName }
    guard name.count <= ListTiming.maxNameLength else { throw ListError.nameTooLong(name.count) }
    return name
  }

  /// Adds `entry`, duplicate-aware: a name already on To get bumps that item to the top; a
  /// name in Got it restores that item; otherwise a new item goes on top. The entry's quantity,
  /// if any, is set on whichever item results. `id` is the new item's id; if an item with that
  /// id already exists the add is a replay and changes nothing.
  ///
  /// `at` is when the user made the add (by default `now`): the new item's `addedAt` (without
  /// `at`, a millisecond later each for items added in the same instant: their place in To
  /// get), and the time each field it changes is stamped with. A field changed after `at`
  /// keeps its value.
  public static func add(
    _ entry: AddEntry, id: UUID, at madeAt: Date? = nil, now: Date, to draft: inout ListDraft
  ) -> AddOutcome {
    let at = madeAt ?? now
    let name = entry.name
    let quantity = entry.quantity
    if draft.item(id) != nil { return .replayed(id) }
    let key = NameKey.of(name)
    draft.remember(name, key: key, at: at)
    let sameName = ListSections(items: draft.items(.nameKey(key)), now: now)
    if var existing = sameName.toGet.first ?? sameName.gotIt.first {
      let restoring = existing.checkedAt != nil && existing.changed.checked <= at
      if restoring {
        existing.checkedAt = nil
        existing.changed.checked = at
      }
      if existing.changed.place <= at {
        existing.listedAt = place(at, now: now, in: draft)
        existing.changed.place = at
      }
      if quantity != nil || entry.amount != nil, existing.changed.quantity <= at {
        if quantity != nil, existing.recipeNeeds.recipes.isEmpty {
          existing.recipeNeeds.amounts = []  // an amount typed before, not a recipe's
        }
        existing.quantity = quantity
        setTyped(entry.amount, on: &existing)
        existing.changed.quantity = at
      }
      draft.update(existing)
      return restoring ? .restored(existing.id) : .bumped(existing.id)
    }
    // NB: an add made now has one time, the moment it takes in To get: now, or a millisecond
    // above the item before it when several come at once (a recipe, a pasted list), so the
    // API writes one time for it, not two a millisecond apart. An add that says when it was
    // made (a phone's queue, a CalDAV client's CREATED) keeps that time.
    let placed = place(at, now: now, in: draft)
    var item = Item(
      id: id, name: name, emoji: entry.emoji, quantity: quantity,
      addedAt: madeAt == nil ? placed : at,
      listedAt: placed, changed: FieldTimes(all: at), category: draft.category(forNameKey: key))
    setTyped(entry.amount, on: &item)
    draft.insert(item)
    return .added(id)
  }

  /// An amount typed in a kitchen unit ("2 lb", "2 tins") as the item's one amount, as
  /// `setRecipeAmount` sets one: bought as typed, the stepper's quantity and what recipes
  /// asked for replaced (which recipes asked stays).
  private static func setTyped(_ amount: ItemAmount?, on item: inout Item) {
    guard let amount else { return }
    item.quantity = nil
    item.recipeNeeds.amounts = [amount]
    item.recipeNeeds.convertedQuantity = nil
    item.recipeNeeds.packs = nil
  }

  /// Checks an item off (`checkedAt` is `at`, by default `now`). Checking an already checked
  /// item, or one unchecked after `at`, changes nothing.
  public static func check(_ id: UUID, at: Date? = nil, now: Date, in draft: inout ListDraft)
    throws -> CheckOutcome
  {
    let at = at ?? now
    var item = try visibleItem(id, in: draft, now: now)
    if item.checkedAt == nil, item.changed.checked <= at {
      item.checkedAt = at
      item.changed.checked = at
      draft.update(item)
    }
    return CheckOutcome(id: id, allDone: draft.topOfToGet() == nil)
  }

  /// Restores a checked item to the top of To get. Unchecking an unchecked item, or one
  /// checked after `at`, changes nothing.
  public static func uncheck(_ id: UUID, at: Date? = nil, now: Date, in draft: inout ListDraft)
    throws
  {
    let at = at ?? now
    var item = try visibleItem(id, in: draft, now: now)
    guard item.checkedAt != nil, item.changed.checked <= at else { return }
    item.checkedAt = nil
    item.changed.checked = at
    if item.changed.place <= at {
      item.listedAt = place(at, now: now, in: draft)
      item.changed.place = at
    }
    draft.update(item)
  }

  /// Renames in place: the emoji is re-derived by the caller, the quantity resets, the item
  /// keeps its place. An empty name throws and leaves the item as it was.
  ///
  /// A name changed after `at` stands. A quantity set after `at` is kept if `measure` says the
  /// new name allows it (the old amount may not fit the new name), else dropped.
  public static func rename(
    _ id: UUID, to rawName: String, emoji: String, at: Date? = nil,
    measure: ((String) -> MeasureKind?)? = nil, now: Date, in draft: inout ListDraft
  ) throws {
    let at = at ?? now
    let name = try cleanName(rawName)
    var item = try visibleItem(id, in: draft, now: now)
    guard item.name != name, item.changed.name <= at else { return }
    // NB: the add that made the item counts for its new name: a typo renamed away ("orange
    // ju"), never added again, leaves the usuals.
    let (oldKey, newKey) = (NameKey.of(item.name), NameKey.of(name))
    if oldKey != newKey {
      draft.forgetOne(item.name, key: oldKey, at: at)
      draft.remember(name, key: newKey, at: at)
    }
    item.name = name
    item.emoji = emoji
    item.category = oldKey == newKey ? item.category : draft.category(forNameKey: newKey)
    item.changed.name = at
    if item.changed.quantity <= at {
      item.quantity = nil
      item.changed.quantity = at
    } else if let kept = item.quantity {
      let fits = measure.flatMap { try? QuantityRules.checked(kept, measure: $0(name), item: name) }
      item.quantity = fits
    }
    draft.update(item)
  }

  /// Sets an item's note, or clears it (nil, or text with nothing visible), after
  /// `ItemNote.cleaned`. A note changed after `at` stands.
  ///
  /// - Throws: `NoteError` for a note too long, before anything changes.
  public static func setNote(
    _ id: UUID, _ rawNote: String?, at: Date? = nil, now: Date, in draft: inout ListDraft
  ) throws {
    let at = at ?? now
    let note = try ItemNote.cleaned(rawNote)
    var item = try visibleItem(id, in: draft, now: now)
    guard item.note != note, item.changed.note <= at else { return }
    item.note = note
    item.changed.note = at
    draft.update(item)
  }

  /// Sets or clears (nil, or an amount of zero) an item's quantity, after the one check every
  /// quantity passes (`QuantityRules.checked`): the amount must be in range and the unit one
  /// that the item's measure (`measure(name)`) allows. A quantity set after `at` stands.
  public static func setQuantity(
    _ id: UUID, _ quantity: Quantity?, measure: (String) -> MeasureKind?, at: Date? = nil,
    now: Date, in draft: inout ListDraft
  ) throws {
    let at = at ?? now
    var item = try visibleItem(id, in: draft, now: now)
    let name = item.name
    let checked = try quantity.flatMap {
      try QuantityRules.checked($0, measure: measure(name), item: name)
    }
    guard item.changed.quantity <= at else { return }
    item.quantity = checked
    item.changed.quantity = at
    draft.update(item)
  }

  /// Sets an item's amount in a recipe's own unit ("2½ cups", "3 cans (14 oz)"): the amount
  /// becomes the item's one amount, in place of its stepper quantity and of what recipes
  /// asked for (which recipes asked stays), bought as set rather than as packs. Zero takes the
  /// amount off. A change older than the
  /// item's last quantity change is ignored, as `setQuantity` does.
  ///
  /// - Throws: `ListError` for an amount out of range (`RecipeAmountRules.checked`).
  public static func setRecipeAmount(
    _ id: UUID, _ amount: ItemAmount, at: Date? = nil, now: Date, in draft: inout ListDraft
  ) throws {
    let at = at ?? now
    var item = try visibleItem(id, in: draft, now: now)
    let checked = try RecipeAmountRules.checked(amount)
    guard item.changed.quantity <= at else { return }
    item.quantity = nil
    item.recipeNeeds.amounts = checked.amount == 0 ? [] : [checked]
    item.recipeNeeds.convertedQuantity = nil
    item.recipeNeeds.packs = nil
    item.changed.quantity = at
    draft.update(item)
  }

  /// Removes an item for good (its suggestion memory stays), leaving a tombstone: removal is
  /// final, whatever was changed after it.
  public static func remove(_ id: UUID, now: Date, in draft: inout ListDraft) throws {
    _ = try visibleItem(id, in: draft, now: now)
    draft.remove(id, leaving: .removed, at: now)
  }

  /// Clear all: hides every Got it item until the undo window passes. Returns how many.
  @discardableResult
  public static func clearGotIt(now: Date, in draft: inout ListDraft) -> Int {
    clear(nil, now: now, in: &draft).count
  }

  /// Clear all as a phone saw it: hides those of `ids` (nil: all) that are in Got it now, until
  /// the undo window passes (`clearedAt` is `now`). Returns the ids it hid.
  public static func clear(_ ids: [UUID]?, now: Date, in draft: inout ListDraft) -> [UUID] {
    let gotIt: [Item]
    if let ids {
      var seen = Set<UUID>()
      let items = ids.filter { seen.insert($0).inserted }.compactMap { draft.item($0) }
      gotIt = ListSections(items: items, now: now).gotIt
    } else {
      let cutoff = now.addingTimeInterval(-ListTiming.gotItTTL - queryMargin)
      gotIt = ListSections(items: draft.items(.checked(.atOrAfter(cutoff))), now: now).gotIt
    }
    for var item in gotIt {
      item.clearedAt = now
      draft.update(item)
    }
    return gotIt.map(\.id)
  }

  /// Undoes the most recent Clear all if its window is still open: the items come back exactly
  /// as they were. Returns how many came back.
  public static func undoClear(now: Date, in draft: inout ListDraft) throws -> Int {
    try undoLatestClear(now: now, in: &draft).count
  }

  /// Undoes the most recent Clear all if its window is still open. Returns the ids restored.
  public static func undoLatestClear(now: Date, in draft: inout ListDraft) throws -> [UUID] {
    let windowStart = now.addingTimeInterval(-ListTiming.undoWindow - queryMargin)
    let cleared = draft.items(.cleared(.atOrAfter(windowStart)))
    let open = cleared.compactMap(\.clearedAt)
      .filter { now.timeIntervalSince($0) < ListTiming.undoWindow }
    guard let latest = open.max() else { throw ListError.nothingToUndo }
    return restore(cleared.map(\.id), clearedAt: latest, in: &draft)
  }

  /// Brings back those of `ids` still hidden by the clear made at `clearedAt` (the caller
  /// checks the undo window). Returns the ids restored.
  public static func restore(_ ids: [UUID], clearedAt: Date, in draft: inout ListDraft) -> [UUID] {
    var restored: [UUID] = []
    for id in ids {
      guard var item = draft.item(id), item.clearedAt == clearedAt else { continue }
      item.clearedAt = nil
      draft.update(item)
      restored.append(id)
    }
    return restored
  }

  /// Commits what time has settled: clears whose undo window has passed and Got it items past
  /// their hour are deleted, each leaving a tombstone, and what the store remembers to apply
  /// operations exactly once is pruned past `OpLog.retention`.
  public static func tidy(now: Date, in draft: inout ListDraft) {
    let ttlCutoff = now.addingTimeInterval(-ListTiming.gotItTTL)
    let candidates =
      draft.items(
        .cleared(.atOrBefore(now.addingTimeInterval(-ListTiming.undoWindow + queryMargin))))
      + draft.items(.checked(.atOrBefore(ttlCutoff.addingTimeInterval(queryMargin))))
    var removed = Set<UUID>()
    for item in candidates where !removed.contains(item.id) {
      let pastUndo = item.clearedAt.map { now.timeIntervalSince($0) >= ListTiming.undoWindow }
      let pastTTL = item.checkedAt.map { $0 <= ttlCutoff }
      guard pastUndo == true || pastTTL == true else { continue }
      draft.remove(item.id, leaving: pastUndo == true ? .cleared : .expired, at: now)
      removed.insert(item.id)
    }
    draft.prune(before: now.addingTimeInterval(-OpLog.retention))
  }

  /// When `tidy` next has something to commit among `items`: the earliest end of a Got it
  /// item's hour or of a clear's undo window (past ones included); nil when nothing waits.
  /// The server's housekeeping tidies then, so an item leaves every face on time even when
  /// nobody writes.
  public static func nextTidy(items: [Item]) -> Date? {
    items.compactMap { item in
      if let cleared = item.clearedAt { return cleared.addingTimeInterval(ListTiming.undoWindow) }
      return item.checkedAt?.addingTimeInterval(ListTiming.gotItTTL)
    }.min()
  }

  /// Whether an undo of the latest Clear all is still possible at `now`, and until when.
  public static func undoDeadline(items: [Item], now: Date) -> Date? {
    guard let latest = items.compactMap(\.clearedAt).max() else { return nil }
    let deadline = latest.addingTimeInterval(ListTiming.undoWindow)
    return deadline > now ? deadline : nil
  }

  /// How much wider than a rule needs it a date query reaches, so that rounding can never
  /// leave out an item; the rule then decides exactly.
  private static let queryMargin: TimeInterval = 1

  /// Where a change made at `at` puts an item in To get (its `listedAt`): above the top, as
  /// when it was made now; but a change made earlier (offline) goes only above items placed no
  /// later than it, so it lands at its own time below newer ones.
  private static func place(_ at: Date, now: Date, in draft: ListDraft) -> Date {
    guard let top = draft.topOfToGet(), top.listedAt >= at else { return at }
    return at >= now || top.changed.place <= at ? top.listedAt.addingTimeInterval(0.001) : at
  }

  /// The item with `id` if it shows in To get or Got it.
  private static func visibleItem(_ id: UUID, in draft: ListDraft, now: Date) throws -> Item {
    guard let item = draft.item(id), !ListSections(items: [item], now: now).isEmpty
    else { throw ListError.unknownItem(id.uuidString) }
    return item
  }
}
