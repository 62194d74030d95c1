#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One thing on the shopping list.
///
/// An item is To get while `checkedAt` is nil, in Got it for an hour after it is checked, and
/// hidden (awaiting the end of an undo window) once `clearedAt` is set by Clear all.
public struct Item: Identifiable, Equatable, Hashable, Sendable, Codable {
  public var id: UUID
  /// The name as the user typed it, trimmed.
  public var name: String
  public var emoji: String
  public var quantity: Quantity?
  public var addedAt: Date
  public var checkedAt: Date?
  /// Where the item sits in To get: the larger, the nearer the top. Set on add, bump and restore.
  public var listedAt: Date
  /// Set by Clear all; the item is hidden until the undo window passes, then deleted.
  public var clearedAt: Date?
  /// When each group of fields last changed, by the clock of whoever changed it: so that when
  /// two phones change the same item, the later change to each field wins.
  public var changed: FieldTimes
  /// What recipes asked for: their amounts the stepper can't show, and which recipes.
  public var recipeNeeds: RecipeNeeds
  /// A few words the household adds ("the big tub", "for Sam's lunch"), shown under the name;
  /// nil for none (`ItemNote` cleans and bounds it).
  public var note: String?
  /// The aisle category the household chose for this item's name (`ItemCategory`), read with
  /// the item; nil to go by the classifier's. The store keeps the choice per name, not per
  /// item (`ListStore.setCategory`), so it never travels with an item's own changes.
  public var category: String?

  /// `changed` defaults to the times the other dates imply: the name, quantity and note at
  /// `addedAt`, the place at `listedAt`, and the checked state at `checkedAt` (or, unchecked,
  /// at `listedAt`: a restore sets both).
  public init(
    id: UUID, name: String, emoji: String, quantity: Quantity? = nil, addedAt: Date,
    checkedAt: Date? = nil, listedAt: Date? = nil, clearedAt: Date? = nil,
    changed: FieldTimes? = nil, recipeNeeds: RecipeNeeds = .none, note: String? = nil,
    category: String? = nil
  ) {
    self.id = id
    self.name = name
    self.emoji = emoji
    self.quantity = quantity
    self.addedAt = addedAt
    self.checkedAt = checkedAt
    self.listedAt = listedAt ?? addedAt
    self.clearedAt = clearedAt
    self.changed =
      changed
      ?? FieldTimes(
        name: addedAt, quantity: addedAt, checked: checkedAt ?? listedAt ?? addedAt,
        place: listedAt ?? addedAt)
    self.recipeNeeds = recipeNeeds
    self.note = note
    self.category = category
  }
}

/// When each group of an item's fields last changed (see `Item.changed`).
public struct FieldTimes: Equatable, Hashable, Sendable, Codable {
  /// The name and the emoji that goes with it.
  public var name: Date
  public var quantity: Date
  /// Checked or not (`checkedAt`).
  public var checked: Date
  /// Where it sits in To get (`listedAt`).
  public var place: Date
  /// The note (`note`).
  public var note: Date

  /// `note` defaults to `name`: an item from before notes had none since it was named.
  public init(name: Date, quantity: Date, checked: Date, place: Date, note: Date? = nil) {
    self.name = name
    self.quantity = quantity
    self.checked = checked
    self.place = place
    self.note = note ?? name
  }

  /// Every group changed at `date`.
  public init(all date: Date) {
    self.init(name: date, quantity: date, checked: date, place: date, note: date)
  }
}
