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
  /// What recipes asked for: their amounts the stepper can't show, and which recipes.
  public var recipeNeeds: RecipeNeeds

  public init(
    id: UUID, name: String, emoji: String, quantity: Quantity? = nil, addedAt: Date,
    checkedAt: Date? = nil, listedAt: Date? = nil, clearedAt: Date? = nil,
    recipeNeeds: RecipeNeeds = .none
  ) {
    self.id = id
    self.name = name
    self.emoji = emoji
    self.quantity = quantity
    self.addedAt = addedAt
    self.checkedAt = checkedAt
    self.listedAt = listedAt ?? addedAt
    self.clearedAt = clearedAt
    self.recipeNeeds = recipeNeeds
  }
}
