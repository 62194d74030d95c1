import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The settings the app starts with, read once from flags and the environment.
public struct Settings: Equatable, Sendable {
  /// Calm animations instead of sparks, sweeps, blinks and confetti.
  public var reduceMotion: Bool
  public var colorMode: ColorMode
  /// The time zone for the day's tint, accent and line.
  public var timeZone: TimeZone
  /// Which emoji the terminal draws; items' emoji it can't draw show as a fallback.
  public var emoji: EmojiMode

  public init(
    reduceMotion: Bool = false, colorMode: ColorMode, timeZone: TimeZone,
    emoji: EmojiMode = .modern
  ) {
    self.reduceMotion = reduceMotion
    self.colorMode = colorMode
    self.timeZone = timeZone
    self.emoji = emoji
  }
}

/// Everything the terminal app shows, as one value. `update` makes the next one; `render`
/// draws it.
public struct AppState: Equatable, Sendable {
  public var settings: Settings
  /// The time of the latest tick; every animation and expiry is measured against it.
  public var now: Date
  public var size: Size

  /// Every stored item, as last read from the store.
  public var items: [Item] = [] { didSet { sectionsMemo = SectionsMemo() } }
  /// Until when the latest Clear all can be undone.
  public var undoDeadline: Date?
  /// How many items the latest Clear all made by this app hid.
  public var clearedCount: Int?
  /// The item this app last removed, until when ^Z brings it back.
  public var removed: Removed?
  /// The list on show and how many the household has (1: no name is shown).
  public var listName = ""
  public var listCount = 1
  /// False until the store has been read once.
  public var loaded = false

  /// Check-offs that hold their place until they move to Got it together.
  public var choreography = CheckOffChoreography()
  /// When each pending check-off started, for its spark burst and strikethrough sweep.
  public var checkOffStarts: [UUID: Date] = [:]

  /// The add bar's text.
  public var text = ""
  /// The chips under the add bar: suggestions for `text`, or usuals when it is empty.
  public var chips: [Suggestion] = []
  /// The query `chips` answer.
  public var chipsQuery = ""
  /// The chip picked with Tab or the arrow keys; Enter adds it.
  public var pickedChip: Int?

  /// The selected row of the list (moved with ↑ and ↓).
  public var selection: Selection?
  /// The first list row shown.
  public var scroll = 0
  public var mode: Mode = .list

  /// To get in the current shop's walking order (Ctrl-G), or nil for list order.
  public var walking: WalkingView? { didSet { sectionsMemo = SectionsMemo() } }
  /// To get grouped by aisle category under headings (^A, F9), or nil for list order.
  public var aisles: AisleView? { didSet { sectionsMemo = SectionsMemo() } }

  /// `sections` as last arranged, so a frame of a long list reads it without sorting it
  /// again. A change of `items` or `walking` starts a new one (a copy of the state made
  /// before keeps the old).
  private var sectionsMemo = SectionsMemo()

  /// Items flashing because they were added again (or restored), and since when.
  public var flashes: [UUID: Date] = [:]
  public var toast: Toast?
  /// When the "All done!" celebration began.
  public var celebration: Date?
  /// The last item was checked off; celebrate when it has moved.
  public var celebrationPending = false
  /// When the start-up flourish began; nil once it is over or skipped.
  public var flourishStart: Date?

  public init(settings: Settings, now: Date, size: Size, flourish: Bool = true) {
    self.settings = settings
    self.now = now
    self.size = size
    flourishStart = flourish ? now : nil
  }

  /// What a list row stands for when selected.
  public enum Selection: Hashable, Sendable {
    case item(UUID)
    /// The Got it header's Clear all button.
    case clearAll
  }

  public enum Mode: Equatable, Sendable {
    case list
    /// The key overlay.
    case help
    /// Renaming an item in place.
    case rename(RenameDraft)
    /// Writing an item's note in place (`original`: the note as it was, "" for none).
    case note(RenameDraft)
    /// The quantity editor for an item.
    case quantity(QuantityEditor)
    /// The saved recipes (^O, F4).
    case recipes(RecipePanel)
    /// The week's meals (^P, F6).
    case week(WeekPanel)
  }

  /// A short message over the add bar.
  public struct Toast: Equatable, Sendable {
    public var text: String
    public var until: Date

    public init(text: String, until: Date) {
      self.text = text
      self.until = until
    }
  }

  /// The sections as drawn now: pending check-offs still in To get, in the walking order
  /// when it is shown (items it doesn't know yet last, in list order).
  public var sections: ListSections {
    let key = choreography.pending
    if let kept = sectionsMemo.sections(for: key, at: now) { return kept }
    let sections = arrangedSections()
    // NB: the arrangement holds until time takes the first item out of Got it.
    let leaves = sections.gotIt.compactMap { $0.checkedAt?.addingTimeInterval(ListTiming.gotItTTL) }
    sectionsMemo.keep(sections, for: key, from: now, until: leaves.min() ?? .distantFuture)
    return sections
  }

  private func arrangedSections() -> ListSections {
    var sections = choreography.arrange(items, now: now)
    if let walking {
      let last = walking.rank.count
      sections.toGet = sections.toGet.enumerated().sorted {
        let (a, b) = (walking.rank[$0.element.id] ?? last, walking.rank[$1.element.id] ?? last)
        return a != b ? a < b : $0.offset < $1.offset
      }.map(\.element)
    } else if let aisles {
      sections.toGet = aisles.groups(sections.toGet).flatMap(\.items)
    }
    return sections
  }

  /// The visible item with this id, if any.
  public func item(_ id: UUID) -> Item? {
    let sections = self.sections
    return sections.toGet.first { $0.id == id } ?? sections.gotIt.first { $0.id == id }
  }

  /// The selected item, if an item (not Clear all) is selected and still visible.
  public var selectedItem: Item? {
    guard case .item(let id) = selection else { return nil }
    return item(id)
  }
}

/// The sections a state last arranged from its items and walking order, with the pending
/// check-offs they hold and for how long they hold. Not part of the state's value: two states are equal whatever it keeps.
final class SectionsMemo: Sendable {
  /// The pending check-offs the sections were arranged with.
  typealias Key = [UUID]

  private struct Kept: Sendable {
    var key: Key
    var from: Date
    var until: Date
    var sections: ListSections
  }

  private let kept = Mutex<Kept?>(nil)

  func sections(for key: Key, at now: Date) -> ListSections? {
    kept.withLock { kept in
      guard let kept, kept.key == key, kept.from <= now, now < kept.until else { return nil }
      return kept.sections
    }
  }

  func keep(_ sections: ListSections, for key: Key, from: Date, until: Date) {
    kept.withLock { $0 = Kept(key: key, from: from, until: until, sections: sections) }
  }
}

extension SectionsMemo: Equatable {
  static func == (_: SectionsMemo, _: SectionsMemo) -> Bool { true }
}

/// The walking order of one shop, as the app shows it.
public struct WalkingView: Equatable, Sendable {
  public var shop: String
  /// Each To get item's place in the walk, from 0.
  public var rank: [UUID: Int]
  /// Each To get item's category, where it is known: the stretches a category move moves.
  public var category: [UUID: String]

  public init(shop: String, order: [UUID], category: [UUID: String] = [:]) {
    self.shop = shop
    rank = Dictionary(order.enumerated().map { ($1, $0) }) { first, _ in first }
    self.category = category
  }

  /// The walk as stretches of one category each, over `items` in walking order.
  func stretches(_ items: [Item]) -> [ShopBook.Stretch] {
    var stretches: [ShopBook.Stretch] = []
    for item in items {
      let itemCategory = category[item.id]
      if let last = stretches.last, last.category == itemCategory {
        stretches[stretches.count - 1].items.append(item)
      } else {
        stretches.append(ShopBook.Stretch(category: itemCategory, items: [item]))
      }
    }
    return stretches
  }
}

/// To get grouped by aisle category, as the app shows it (`ItemCategory.groups`).
public struct AisleView: Equatable, Sendable {
  /// Each To get item's category (`Basket.category(of:)`), where one is known.
  public var category: [UUID: String]

  public init(category: [UUID: String]) {
    self.category = category
  }

  /// `items` in groups, in the walk's order of categories.
  public func groups(_ items: [Item]) -> [ShopBook.Stretch] {
    ItemCategory.groups(items, category: { category[$0.id] })
  }

  /// The category after (`offset` 1) or before (-1) `category` in the walk, wrapping round;
  /// from none, the first or the last.
  public static func category(after category: String?, by offset: Int) -> String {
    let all = ItemCategory.all
    guard let category, let index = all.firstIndex(of: category) else {
      return offset > 0 ? all[0] : all[all.count - 1]
    }
    return all[(index + offset + all.count) % all.count]
  }
}

/// Renaming in place: the text being edited and the name it started from.
/// An item this app removed, and until when ^Z brings it back.
public struct Removed: Equatable, Sendable {
  public var item: Item
  public var until: Date
}

public struct RenameDraft: Equatable, Sendable {
  public var itemID: UUID
  public var original: String
  public var text: String

  public init(itemID: UUID, original: String) {
    self.itemID = itemID
    self.original = original
    text = original
  }
}

/// The quantity editor: unit pills, a stepper, and a field for an exact amount.
public struct QuantityEditor: Equatable, Sendable {
  public var itemID: UUID
  public var itemName: String
  public var emoji: String
  public var units: [MeasureUnit]
  public var quantity: Quantity
  /// What a recipe asked for, in its own unit ("2¼ cups"): the editor opens on it and, while
  /// it is set, steps and saves it rather than `quantity` (`RecipeAmountRules`).
  public var recipeAmount: ItemAmount?
  /// The recipe's unit, offered before the list's units while the item has one.
  public let recipeUnit: KitchenUnit?
  /// The recipe amount the editor opened on: Enter on it unchanged changes nothing.
  public let recipeStart: ItemAmount?
  /// An exact amount being typed; applied on Enter (or before a step or unit switch).
  public var typed = ""
  /// Why Enter didn't take what was typed; shown beside it until the text changes.
  public var refusal: String?

  public init(item: Item, measure: MeasureKind?) {
    itemID = item.id
    itemName = item.name
    emoji = item.emoji
    var units = QuantityRules.allowedUnits(for: measure)
    if let unit = item.quantity?.unit, !units.contains(unit) { units.append(unit) }
    self.units = units
    quantity = item.quantity ?? QuantityRules.startingQuantity(for: measure)
    recipeStart = RecipeAmountRules.editable(item)
    recipeAmount = recipeStart
    recipeUnit = recipeStart?.unit
  }

  /// The unit pills as shown: the recipe's unit first ("cups") when there is one, then the
  /// list's; which one is picked.
  public var pills: [(label: String, picked: Bool)] {
    let recipe = recipeUnit.map { [(label: $0.label(for: 2), picked: recipeAmount != nil)] } ?? []
    return recipe
      + units.map { (label: $0.rawValue, picked: recipeAmount == nil && $0 == quantity.unit) }
  }

  /// The amount Enter would save in the recipe's unit, typed or stepped.
  public var resolvedRecipeAmount: ItemAmount? {
    guard let recipeAmount else { return nil }
    guard !typed.isEmpty else { return recipeAmount }
    return RecipeAmountRules.typed(typed, current: recipeAmount)
  }

  /// Why Enter can't take what is typed: more than the unit holds. Nil otherwise.
  public var typedRefusal: String? {
    if let recipeAmount { return RecipeAmountRules.refusal(typed: typed, current: recipeAmount) }
    return QuantityRules.refusal(typed: typed, current: quantity, allowed: units)
  }

  /// The quantity Enter would save: the typed amount if there is one (read by the core's
  /// forgiving rule, which takes a unit named in it, "1,5 l", when the pills offer it; a
  /// nonsense entry keeps the current quantity), else the stepper's.
  public var resolved: Quantity {
    guard !typed.isEmpty else { return quantity }
    return QuantityRules.typed(typed, current: quantity, allowed: units)
  }

  /// Folds a typed amount into the stepper's value.
  mutating func applyTyped() {
    if recipeAmount != nil {
      recipeAmount = resolvedRecipeAmount
    } else {
      quantity = resolved
    }
    typed = ""
  }

  /// Moves along the pills; leaving the recipe's unit starts the list's own quantity.
  mutating func switchUnit(by offset: Int) {
    applyTyped()
    let count = units.count + (recipeUnit == nil ? 0 : 1)
    let first = recipeUnit == nil ? 0 : 1
    guard
      let current = recipeAmount == nil
        ? units.firstIndex(of: quantity.unit).map({ $0 + first }) : 0
    else { return }
    let next = (current + offset + count) % count
    if next < first {
      recipeAmount = recipeStart
    } else {
      recipeAmount = nil
      quantity = QuantityRules.switching(quantity, to: units[next - first])
    }
  }

  mutating func step(up: Bool) {
    applyTyped()
    if let recipeAmount {
      self.recipeAmount =
        up ? RecipeAmountRules.increment(recipeAmount) : RecipeAmountRules.decrement(recipeAmount)
    } else {
      quantity = up ? QuantityRules.increment(quantity) : QuantityRules.decrement(quantity)
    }
  }
}
