#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON shape of the list, shared by `basket list --json` and the web API.
public struct ListJSON: Codable, Equatable, Sendable {
  public struct ItemJSON: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var emoji: String
    @Nullable public var quantity: Quantity? = nil
    public var addedAt: String
    @Nullable public var checkedAt: String? = nil
    /// Every amount as shown ("500 g + 2 cups", "≈ 625 g, converted"); null for none.
    @Nullable public var amountText: String? = nil
    /// Whether `quantity` includes a mass–volume conversion a recipe add made.
    public var quantityConverted: Bool
    /// Amounts recipes asked for that the stepper can't show ("2 cups", "3 cloves").
    public var recipeAmounts: [ItemAmount]
    /// The recipes that asked for the item: `{"id", "title"}`.
    public var recipes: [RecipeReference]
    /// What to buy for the recipe amounts when the stepper has none (`Item.buyable`):
    /// `{"text": "4 cans", "need": "recipes need 3½" | null}`, or null.
    @Nullable public var buy: BuyableAmount? = nil
    /// The household's note ("the big tub"); null for none.
    @Nullable public var note: String? = nil

    public init(_ item: Item) {
      id = item.id.uuidString.lowercased()
      name = item.name
      emoji = item.emoji
      quantity = item.quantity
      addedAt = ISO8601.string(item.addedAt)
      checkedAt = item.checkedAt.map(ISO8601.string)
      amountText = item.amountText
      quantityConverted = item.isQuantityConverted
      recipeAmounts = item.recipeNeeds.amounts
      recipes = item.recipeNeeds.recipes
      buy = item.buyable
      note = item.note
    }
  }

  public var toGet: [ItemJSON]
  public var gotIt: [ItemJSON]

  public init(_ sections: ListSections) {
    toGet = sections.toGet.map(ItemJSON.init)
    gotIt = sections.gotIt.map(ItemJSON.init)
  }
}
