#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item as every face shows it: what `basket list --json`, the web API, its live changes
/// and the web app read, worked out once from the stored item. The item's own fields are read
/// straight from it (`view.name`, `view.note`), so a field added to `Item` shows here with no
/// line of its own; what is worked out from them is kept here. Each face's encoder writes a
/// field in one line (`ListJSON.ItemJSON` for the command line, `ItemJSON` in BasketWeb for the
/// API's versions).
@dynamicMemberLookup
public struct ItemView: Equatable, Sendable {
  /// The item as stored.
  public var item: Item
  /// The stepper's amount as its chip ("500 ml").
  public var chip: String?
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
  /// The aisle category it is shown under (`ItemCategory.of`: "dairy"); nil for none known.
  /// (The item's own `category` is only the household's choice.)
  public var category: String?

  /// A field of the stored item (`id`, `name`, `emoji`, `quantity`, `addedAt`, `listedAt`,
  /// `checkedAt`, `clearedAt`, `note`…).
  @inlinable
  public subscript<Value>(dynamicMember field: KeyPath<Item, Value>) -> Value {
    item[keyPath: field]
  }

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
    self.item = item
    chip = item.quantity?.chipText
    self.measure = measure
    amountText = item.amountText
    quantityConverted = item.isQuantityConverted
    recipeAmounts = item.recipeNeeds.amounts
    recipes = item.recipeNeeds.recipes
    editAmount = RecipeAmountRules.editable(item)
    buy = item.buyable
    self.category = category
  }
}
