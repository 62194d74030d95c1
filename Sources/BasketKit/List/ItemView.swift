#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item as every face shows it: what `basket list --json`, the web API, its live changes
/// and the web app read, worked out once from the stored item. A field a face shows is added
/// here, and each face's encoder writes it in one line (`ListJSON.ItemJSON` for the command
/// line, `ItemJSON` in BasketWeb for the API's versions).
public struct ItemView: Equatable, Sendable {
  public var id: UUID
  public var name: String
  public var emoji: String
  /// The stepper's amount, and its chip ("500 ml").
  public var quantity: Quantity?
  public var chip: String?
  public var addedAt: Date
  /// Where it stands in To get (newest first).
  public var listedAt: Date
  public var checkedAt: Date?
  /// When a Clear all hid it, until that is undone or committed.
  public var clearedAt: Date?
  /// How its name is measured (poured, weighed, counted), nil when unknown: which unit pills
  /// it offers (`QuantityRules.allowedUnits`).
  public var measure: MeasureKind?
  /// Every amount as shown ("500 g + 2 cups", "≈ 625 g, converted"); nil for none.
  public var amountText: String?
  /// Whether `quantity` includes a mass–volume conversion a recipe add made.
  public var quantityConverted: Bool
  /// Amounts recipes asked for that the stepper can't show ("2 cups", "3 cloves").
  public var recipeAmounts: [ItemAmount]
  /// The recipes that asked for it.
  public var recipes: [RecipeReference]
  /// The amount the quantity editor edits in its recipe unit (`RecipeAmountRules.editable`).
  public var editAmount: ItemAmount?
  /// What to buy for the recipe amounts when the stepper has none (`Item.buyable`).
  public var buy: BuyableAmount?
  /// The household's note ("the big tub").
  public var note: String?
  /// The aisle category it is shown under (`ItemCategory.of`: "dairy"); nil for none known.
  public var category: String?

  /// `item` as shown, its name classified by `classify` (its measure, and its category where
  /// the household set none).
  public init(_ item: Item, classify: (String) -> Classification) {
    let classification = classify(item.name)
    self.init(
      item, measure: classification.measure,
      category: ItemCategory.of(item, classify: { _ in classification }))
  }

  /// `item` as shown, with its name's `measure` and the `category` it is shown under.
  public init(_ item: Item, measure: MeasureKind?, category: String?) {
    id = item.id
    name = item.name
    emoji = item.emoji
    quantity = item.quantity
    chip = item.quantity?.chipText
    addedAt = item.addedAt
    listedAt = item.listedAt
    checkedAt = item.checkedAt
    clearedAt = item.clearedAt
    self.measure = measure
    amountText = item.amountText
    quantityConverted = item.isQuantityConverted
    recipeAmounts = item.recipeNeeds.amounts
    recipes = item.recipeNeeds.recipes
    editAmount = RecipeAmountRules.editable(item)
    buy = item.buyable
    note = item.note
    self.category = category
  }
}
