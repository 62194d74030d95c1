#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pantry by entry id, for faces that hold on to ids (the web app) rather than naming
/// entries by number, code or name as the command line does.
extension PantryBook {
  /// The entry with `id`.
  ///
  /// - Throws: `PantryError.unknownEntry` when there is none (it may have been removed).
  public func entry(id: UUID) throws -> PantryEntry {
    guard let entry = try store.pantry().entries.first(where: { $0.id == id }) else {
      throw PantryError.unknownEntry(id.uuidString.lowercased())
    }
    return entry
  }

  /// Changes the entry with `id` (`PantryRules.edit`).
  @discardableResult
  public func edit(id: UUID, _ edit: PantryEdit) throws -> PantryEntry {
    let now = clock.now
    return try store.modifyPantry { try PantryRules.edit(id, edit, now: now, in: &$0) }
  }

  /// Takes `amount` out of the entry with `id`; nil uses it up (`PantryRules.use`).
  @discardableResult
  public func use(id: UUID, amount: IngredientQuantity?) throws -> PantryUseResult {
    let now = clock.now
    return try store.modifyPantry { try PantryRules.use(id, amount: amount, now: now, in: &$0) }
  }

  /// Removes the entry with `id`; its barcode keeps the name it was given.
  @discardableResult
  public func remove(id: UUID) throws -> PantryEntry {
    try store.modifyPantry { state in
      guard let entry = PantryRules.remove(id, in: &state) else {
        throw PantryError.unknownEntry(id.uuidString.lowercased())
      }
      return entry
    }
  }
}
