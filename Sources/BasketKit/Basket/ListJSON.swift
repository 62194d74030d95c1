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
    /// The aisle category it is shown under (`ItemCategory.of`: "dairy"); null for none known.
    @Nullable public var category: String? = nil

    /// `view` as the command line writes it.
    public init(_ view: ItemView) {
      id = view.id.uuidString.lowercased()
      name = view.name
      emoji = view.emoji
      quantity = view.quantity
      addedAt = ISO8601.string(view.addedAt)
      checkedAt = view.checkedAt.map(ISO8601.string)
      amountText = view.amountText
      quantityConverted = view.quantityConverted
      recipeAmounts = view.recipeAmounts
      recipes = view.recipes
      buy = view.buy
      note = view.note
      category = view.category
    }

    /// `category` is the item's category as the caller's basket gives it
    /// (`Basket.category(of:)`).
    public init(_ item: Item, category: String?) {
      self.init(ItemView(item, measure: nil, category: category))
    }
  }

  public var toGet: [ItemJSON]
  public var gotIt: [ItemJSON]

  public init(_ sections: ListSections, category: (Item) -> String?) {
    toGet = sections.toGet.map { ItemJSON($0, category: category($0)) }
    gotIt = sections.gotIt.map { ItemJSON($0, category: category($0)) }
  }
}

/// To get grouped by category, as `basket list --by-category --json` writes it:
/// `{"groups": [{"category", "title", "items"}], "gotIt"}`.
public struct GroupedListJSON: Codable, Equatable, Sendable {
  public struct Group: Codable, Equatable, Sendable {
    /// "dairy"; null for "Elsewhere".
    @Nullable public var category: String? = nil
    public var title: String
    public var items: [ListJSON.ItemJSON]
  }

  public var groups: [Group]
  public var gotIt: [ListJSON.ItemJSON]

  /// `groups` is To get grouped (`ItemCategory.groups`); `category` gives Got it's.
  public init(
    _ sections: ListSections, groups: [ShopBook.Stretch], category: (Item) -> String?
  ) {
    self.groups = groups.map { group in
      Group(
        category: group.category, title: group.title,
        items: group.items.map { ListJSON.ItemJSON($0, category: group.category) })
    }
    gotIt = sections.gotIt.map { ListJSON.ItemJSON($0, category: category($0)) }
  }
}
