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
    public var quantity: Quantity?
    public var addedAt: String
    public var checkedAt: String?
    /// Every amount as shown ("500 g + 2 cups", "≈ 625 g, converted"); null for none.
    public var amountText: String?
    /// Whether `quantity` includes a mass–volume conversion a recipe add made.
    public var quantityConverted: Bool
    /// Amounts recipes asked for that the stepper can't show ("2 cups", "3 cloves").
    public var recipeAmounts: [ItemAmount]
    /// The recipes that asked for the item: `{"id", "title"}`.
    public var recipes: [RecipeReference]
    /// What to buy for the recipe amounts when the stepper has none (`Item.buyable`):
    /// `{"text": "4 cans", "need": "recipes need 3½" | null}`, or null.
    public var buy: BuyableAmount?

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
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(emoji, forKey: .emoji)
      try container.encode(quantity, forKey: .quantity)  // null when unset, never omitted
      try container.encode(addedAt, forKey: .addedAt)
      try container.encode(checkedAt, forKey: .checkedAt)
      try container.encode(amountText, forKey: .amountText)
      try container.encode(quantityConverted, forKey: .quantityConverted)
      try container.encode(recipeAmounts, forKey: .recipeAmounts)
      try container.encode(recipes, forKey: .recipes)
      try container.encode(buy, forKey: .buy)
    }
  }

  public var toGet: [ItemJSON]
  public var gotIt: [ItemJSON]

  public init(_ sections: ListSections) {
    toGet = sections.toGet.map(ItemJSON.init)
    gotIt = sections.gotIt.map(ItemJSON.init)
  }
}
