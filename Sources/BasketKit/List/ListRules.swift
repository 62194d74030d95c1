#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list's timing constants.
public enum ListTiming {
  /// How long a checked item stays in Got it before it disappears by itself.
  public static let gotItTTL: TimeInterval = 60 * 60
  /// How long a Clear all can be undone.
  public static let undoWindow: TimeInterval = 10
  /// How long a checked item holds its place before moving to Got it.
  public static let checkOffDelay: TimeInterval = 0.55
  /// How far back suggestion history reaches.
  public static let historyWindow: TimeInterval = 30 * 24 * 60 * 60
  /// The longest name accepted, in characters.
  public static let maxNameLength = 200
}

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

/// Why a list change was refused. Each case reads as a one-line reason for the user.
public enum ListError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyName
  case nameTooLong(Int)
  case unknownItem(String)
  case ambiguous(String, candidates: [String])
  case badAmount(String)
  /// Negative, NaN, infinite or past `QuantityRules.maximum(for:)`.
  case amountOutOfRange(Quantity)
  case unknownUnit(String)
  case unitNotAllowed(MeasureUnit, item: String)
  case nothingToUndo

  public var description: String {
    switch self {
    case .emptyName:
      "a name can't be empty"
    case .nameTooLong(let count):
      "a name can be at most \(ListTiming.maxNameLength) characters (this one has \(count))"
    case .unknownItem(let reference):
      "no item matches \"\(reference)\""
    case .ambiguous(let reference, let candidates):
      "\"\(reference)\" matches several items: \(candidates.joined(separator: ", "))"
    case .badAmount(let text):
      "\"\(text)\" is not an amount (try a number such as 2, 500 or 1.5)"
    case .amountOutOfRange(let quantity):
      "\(Quantity.format(quantity.amount)) \(quantity.unit.rawValue) is not an amount Basket takes (0 to \(Quantity.format(QuantityRules.maximum(for: quantity.unit))) \(quantity.unit.rawValue))"
    case .unknownUnit(let word):
      "unknown unit \"\(word)\" (use ml, L, g, kg or units)"
    case .unitNotAllowed(let unit, let item):
      "\(item) can't be measured in \(unit.rawValue)"
    case .nothingToUndo:
      "there is no recent clear to undo"
    }
  }
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
  /// Cleans a typed name: trims, removes control characters, collapses inner whitespace runs.
  /// Throws when nothing is left or the name is too long.
  public static func cleanName(_ raw: String) throws -> String {
    var kept = String.UnicodeScalarView()
    for scalar in raw.unicodeScalars {
      if scalar.properties.isWhitespace {
        kept.append(" ")
      } else if !scalar.isDisallowedInName {
        kept.append(scalar)
      }
    }
    let words = String(kept).split(separator: " ")
    let name = words.joined(separator: " ")
    guard !name.isEmpty else { throw ListError.emptyName }
    guard name.count <= ListTiming.maxNameLength else { throw ListError.nameTooLong(name.count) }
    return name
  }

  /// Adds `entry`, duplicate-aware: a name already on To get bumps that item to the top; a
  /// name in Got it restores that item; otherwise a new item goes on top. The entry's quantity,
  /// if any, is set on whichever item results. `id` is the new item's id; if an item with that
  /// id already exists the add is a replay and changes nothing.
  public static func add(_ entry: AddEntry, id: UUID, now: Date, to draft: inout ListDraft)
    -> AddOutcome
  {
    let name = entry.name
    let quantity = entry.quantity
    if draft.item(id) != nil { return .replayed(id) }
    let key = NameKey.of(name)
    draft.remember(name, key: key, at: now)
    let top = topListedAt(draft, now: now)
    let sameName = ListSections(items: draft.items(.nameKey(key)), now: now)
    if var existing = sameName.toGet.first {
      existing.listedAt = top
      if let quantity { existing.quantity = quantity }
      draft.update(existing)
      return .bumped(existing.id)
    }
    if var existing = sameName.gotIt.first {
      existing.checkedAt = nil
      existing.listedAt = top
      if let quantity { existing.quantity = quantity }
      draft.update(existing)
      return .restored(existing.id)
    }
    draft.insert(
      Item(
        id: id, name: name, emoji: entry.emoji, quantity: quantity, addedAt: now,
        listedAt: top))
    return .added(id)
  }

  /// Checks an item off. Checking an already checked item changes nothing (idempotent).
  public static func check(_ id: UUID, now: Date, in draft: inout ListDraft) throws
    -> CheckOutcome
  {
    var item = try visibleItem(id, in: draft, now: now)
    if item.checkedAt == nil {
      item.checkedAt = now
      draft.update(item)
    }
    return CheckOutcome(id: id, allDone: draft.topOfToGet() == nil)
  }

  /// Restores a checked item to the top of To get. Unchecking an unchecked item changes nothing.
  public static func uncheck(_ id: UUID, now: Date, in draft: inout ListDraft) throws {
    var item = try visibleItem(id, in: draft, now: now)
    guard item.checkedAt != nil else { return }
    item.listedAt = topListedAt(draft, now: now)
    item.checkedAt = nil
    draft.update(item)
  }

  /// Renames in place: the emoji is re-derived by the caller, the quantity resets, the item
  /// keeps its place. An empty name throws and leaves the item as it was.
  public static func rename(
    _ id: UUID, to rawName: String, emoji: String, now: Date, in draft: inout ListDraft
  ) throws {
    let name = try cleanName(rawName)
    var item = try visibleItem(id, in: draft, now: now)
    guard item.name != name else { return }
    item.name = name
    item.emoji = emoji
    item.quantity = nil
    draft.update(item)
  }

  /// Sets or clears (nil, or an amount of zero) an item's quantity, after the one check every
  /// quantity passes (`QuantityRules.checked`): the amount must be in range and the unit one
  /// that the item's measure (`measure(name)`) allows.
  public static func setQuantity(
    _ id: UUID, _ quantity: Quantity?, measure: (String) -> MeasureKind?, now: Date,
    in draft: inout ListDraft
  ) throws {
    var item = try visibleItem(id, in: draft, now: now)
    let name = item.name
    item.quantity = try quantity.flatMap {
      try QuantityRules.checked($0, measure: measure(name), item: name)
    }
    draft.update(item)
  }

  /// Removes an item for good (its suggestion memory stays).
  public static func remove(_ id: UUID, now: Date, in draft: inout ListDraft) throws {
    _ = try visibleItem(id, in: draft, now: now)
    draft.remove(id)
  }

  /// Clear all: hides every Got it item until the undo window passes. Returns how many.
  @discardableResult
  public static func clearGotIt(now: Date, in draft: inout ListDraft) -> Int {
    let cutoff = now.addingTimeInterval(-ListTiming.gotItTTL - queryMargin)
    let gotIt = ListSections(items: draft.items(.checked(.atOrAfter(cutoff))), now: now).gotIt
    for var item in gotIt {
      item.clearedAt = now
      draft.update(item)
    }
    return gotIt.count
  }

  /// Undoes the most recent Clear all if its window is still open: the items come back exactly
  /// as they were. Returns how many came back.
  public static func undoClear(now: Date, in draft: inout ListDraft) throws -> Int {
    let windowStart = now.addingTimeInterval(-ListTiming.undoWindow - queryMargin)
    let cleared = draft.items(.cleared(.atOrAfter(windowStart)))
    let open = cleared.compactMap(\.clearedAt)
      .filter { now.timeIntervalSince($0) < ListTiming.undoWindow }
    guard let latest = open.max() else { throw ListError.nothingToUndo }
    var count = 0
    for var item in cleared where item.clearedAt == latest {
      item.clearedAt = nil
      draft.update(item)
      count += 1
    }
    return count
  }

  /// Commits what time has settled: clears whose undo window has passed and Got it items past
  /// their hour are deleted.
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
      draft.remove(item.id)
      removed.insert(item.id)
    }
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

  private static func topListedAt(_ draft: ListDraft, now: Date) -> Date {
    guard let top = draft.topOfToGet()?.listedAt, top >= now else { return now }
    return top.addingTimeInterval(0.001)
  }

  /// The item with `id` if it shows in To get or Got it.
  private static func visibleItem(_ id: UUID, in draft: ListDraft, now: Date) throws -> Item {
    guard let item = draft.item(id), !ListSections(items: [item], now: now).isEmpty
    else { throw ListError.unknownItem(id.uuidString) }
    return item
  }
}

extension Unicode.Scalar {
  /// Control, separator and bidi-format characters that have no place in a name. Zero-width
  /// joiners stay: they build emoji sequences.
  fileprivate var isDisallowedInName: Bool {
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse:
      return true
    case .format:
      return value != 0x200D && value != 0x200C
    default:
      return false
    }
  }
}
