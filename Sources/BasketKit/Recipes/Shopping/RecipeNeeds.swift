#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A recipe that asked for an item: its id (nil for one added without being saved) and title.
public struct RecipeReference: Equatable, Hashable, Sendable, Codable {
  public var id: UUID?
  public var title: String

  public init(id: UUID?, title: String) {
    self.id = id
    self.title = title
  }

  /// The same recipe: the same id, or the same title when either has no id.
  func isSame(as other: RecipeReference) -> Bool {
    if let id, let otherID = other.id { return id == otherID }
    return title == other.title
  }

  private enum CodingKeys: String, CodingKey { case id, title }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.map { $0.uuidString.lowercased() }, forKey: .id)
    try container.encode(title, forKey: .title)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(UUID.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
  }
}

/// What recipes asked of a list item, beside its stepper quantity (`Item.quantity`).
///
/// The stepper keeps the list's five units and what the user set; recipe amounts that are
/// exactly a stepper amount (g, kg, ml, L, whole counts) add into it, and the rest stay here
/// as the recipes wrote them, one per unit family ("2 cups", "3 cloves"). See
/// `RecipeListRules.merge`.
public struct RecipeNeeds: Equatable, Hashable, Sendable, Codable {
  /// Amounts the stepper can't show, at most one per family (mass, volume, length, each kind
  /// of count), in the order they first came.
  public var amounts: [ItemAmount]
  /// The recipes that asked for the item, in the order they did.
  public var recipes: [RecipeReference]
  /// The stepper quantity as the last recipe add left it when that sum went through
  /// `FoodDensity`. It vouches for `Item.quantity` only while the two are equal.
  ///
  /// NB: a stamp rather than a flag, so that any edit of the quantity (by any face or rule)
  /// ends the "≈ …, converted" without having to know about recipes.
  public var convertedQuantity: Quantity?
  /// What the food is sold in ("jar", "bottle", "bunch", "pack"), as the recipe add judged it
  /// from the food's shop category (`BuyingRules.container`); nil for fresh food or unknown.
  public var container: String?
  /// Whose shops' packs the amounts are bought in (`FoodPacks`, shown by `Item.buyable`); nil
  /// when they are bought as written: the household chose the plain amount, the food isn't
  /// sold in packs, or the stepper has a quantity of its own.
  public var packs: ShopRegion?

  public init(
    amounts: [ItemAmount] = [], recipes: [RecipeReference] = [], convertedQuantity: Quantity? = nil,
    container: String? = nil, packs: ShopRegion? = nil
  ) {
    self.amounts = amounts
    self.recipes = recipes
    self.convertedQuantity = convertedQuantity
    self.container = container
    self.packs = packs
  }

  public var isEmpty: Bool {
    amounts.isEmpty && recipes.isEmpty && convertedQuantity == nil
  }

  public static let none = RecipeNeeds()
}
extension Item {
  /// Whether the stepper quantity includes a mass–volume conversion a recipe add made.
  public var isQuantityConverted: Bool {
    quantity != nil && recipeNeeds.convertedQuantity == quantity
  }

  /// Every amount on the item, the stepper quantity first: what the list shows and what the
  /// pantry compares.
  public var amounts: [ItemAmount] {
    (quantity.map { [ItemAmount($0, converted: isQuantityConverted)] } ?? [])
      + recipeNeeds.amounts
  }

  /// The item's amounts as shown: "500 g + 2 cups", "≈ 625 g, converted", "2 L"; nil when it
  /// has none.
  public var amountText: String? {
    var parts: [String] = []
    if let quantity {
      parts.append(isQuantityConverted ? "≈ \(quantity.chipText), converted" : quantity.chipText)
    }
    parts += recipeNeeds.amounts.map(\.text)
    return parts.isEmpty ? nil : parts.joined(separator: " + ")
  }
}

extension RecipeAmountRules {
  /// The recipe amount an item's editor opens on: the first amount a recipe asked for, when
  /// the item has no stepper quantity of its own and that amount is in a recipe unit (a plain
  /// count, "1½ onions", is edited in the list's units). A range opens at its top, which is
  /// what gets bought.
  public static func editable(_ item: Item) -> ItemAmount? {
    guard item.quantity == nil, let first = item.recipeNeeds.amounts.first,
      let unit = first.unit
    else { return nil }
    return ItemAmount(amount: first.maxAmount ?? first.amount, unit: unit, packSize: first.packSize)
  }
}
