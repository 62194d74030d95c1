/// What to buy for what recipes asked of an item, with the exact need beside it when the two
/// differ: "4 cans · recipes need 3½", "1 head · recipe needs 6 cloves", "1 jar · recipe
/// needs 2 tsp", "2¼ cups".
///
/// The list keeps the exact amounts the recipes asked for (`RecipeNeeds.amounts`, summed as
/// they come), and this rule reads them as shop amounts only when they are shown, so needs
/// from several recipes are added up before anything is rounded.
public struct BuyableAmount: Equatable, Sendable, Codable {
  /// The amount to buy: the item's chip.
  public var text: String
  /// What the recipes need, when it is not exactly `text`; nil (written `null`, never left
  /// out) when it is.
  @Nullable public var need: String? = nil

  public init(text: String, need: String? = nil) {
    self.text = text
    self.need = need
  }

  /// "4 cans · recipes need 3½", or the amount alone.
  public var chip: String { need.map { "\(text) · \($0)" } ?? text }
}

/// The rules that turn recipe amounts into amounts a shop sells. Each rule is a row of
/// `Tests/BasketKitTests/BuyingRulesTests.swift`'s table.
///
/// - Counts (cans, cloves, eggs, onions, packs, jars, slices…) are whole: the sum is rounded
///   up, and a range is bought at its top ("2–3 cloves": 3).
/// - Garlic past `headPastCloves` cloves is bought by the head, `clovesPerHead` to a head.
/// - Sprigs of a herb are bought by the bunch, `sprigsPerBunch` to a bunch.
/// - A pinch, dash, drop or splash, and any volume under `containerBelowMilliliters` (a few
///   teaspoons or tablespoons), is bought as one container of the food (`container`), when
///   the recipe add knew the food's shop category: a jar of cumin, a bottle of oil.
/// - A length (4 cm of ginger) is bought as pieces, `centimetresPerPiece` to a piece.
/// - A volume or weight of a food sold in packs where the household shops (`FoodPacks`) is
///   bought as whole packs, the need beside it in the pack's unit: "1 bag (142 g) · recipe
///   needs 3 cups ≈ 90 g"; a cooked food as the dry food it takes.
/// - Other masses and volumes are bought as written (2¼ cups of flour, 500 g of mince).
public enum BuyingRules {
  public static let headPastCloves = 5.0
  public static let clovesPerHead = 10.0
  public static let sprigsPerBunch = 10.0
  public static let containerBelowMilliliters = 60.0
  public static let centimetresPerPiece = 10.0

  /// Units that measure so little that the shop sells a container of them: the units of kind
  /// `.smidgen`.
  static let smidgens: Set<String> = KitchenUnit.ids(of: .smidgen)

  /// What to buy for `amount`; `container` is the word for what the food is sold in ("jar",
  /// "bottle", "pack"), nil when unknown; `recipes` is how many recipes asked.
  public static func buyable(
    _ amount: ItemAmount, container: String?, recipes: Int, packs: Packs? = nil
  )
    -> BuyableAmount
  {
    let (text, need) = bought(amount, container: container, packs: packs)
    return BuyableAmount(text: text, need: need.map { "\(saying(recipes)) \($0)" })
  }

  /// "recipe needs" or "recipes need", for `recipes` recipes.
  static func saying(_ recipes: Int) -> String {
    recipes > 1 ? "recipes need" : "recipe needs"
  }

  /// The food whose packs an amount is bought in, and where.
  public struct Packs: Equatable, Sendable {
    public var food: String
    public var region: ShopRegion

    public init(food: String, region: ShopRegion) {
      self.food = food
      self.region = region
    }
  }

  /// What to buy for `amount`, and the bare need beside it ("3½", "6 cloves") when the two
  /// differ.
  static func bought(_ amount: ItemAmount, container: String?, packs: Packs? = nil) -> (
    text: String, need: String?
  ) {
    let top = amount.maxAmount ?? amount.amount
    let exact = ItemAmount(amount: amount.amount, maxAmount: amount.maxAmount, unit: amount.unit)
    if let packs, amount.packSize == nil, amount.unit?.id != "clove",
      let purchase = FoodPacks.purchase(amount, name: packs.food, region: packs.region)
    {
      var need = amount.text
      if purchase.dry != nil || purchase.canned != nil { need += " cooked" }
      if let approximate = purchase.approximateNeed {
        need += " ≈ \(approximate.text)" + (purchase.dry != nil ? " dry" : "")
      }
      return (purchase.text, need)
    }
    func by(_ count: Double, _ unit: String) -> (String, String?) {
      (ItemAmount(amount: max(count, 1), unit: KitchenUnit(known: unit)).text, exact.text)
    }
    guard let unit = amount.unit else { return whole(top, exact, unit: nil, packSize: nil) }
    if amount.converted { return (amount.text, nil) }
    if let container, isOneContainer(amount, container: container) {
      return ("1 \(container)", spoons(exact))
    }
    switch unit.family {
    case .count:
      if unit.id == "clove", top > headPastCloves {
        return by((top / clovesPerHead).rounded(.up), "head")
      }
      if unit.id == "sprig" { return by((top / sprigsPerBunch).rounded(.up), "bunch") }
      return whole(top, exact, unit: unit, packSize: amount.packSize)
    case .volume:
      return (amount.text, nil)
    case .length:
      return by((top * unit.baseFactor / centimetresPerPiece).rounded(.up), "piece")
    case .mass:
      return (amount.text, nil)
    }
  }

  /// Whether `amount` is bought as one container of the food (when it is sold in one): a
  /// pinch or dash, or a volume under `containerBelowMilliliters`.
  public static func isOneContainer(_ amount: ItemAmount, container: String?) -> Bool {
    guard container != nil, let unit = amount.unit, !amount.converted else { return false }
    let top = amount.maxAmount ?? amount.amount
    switch unit.family {
    case .count: return smidgens.contains(unit.id)
    case .volume: return top * unit.baseFactor < containerBelowMilliliters
    default: return false
    }
  }

  /// How many whole packs or things `amount` is bought as, when it is counted so: a count
  /// with no unit or in packs (cans, jars, packets), its top rounded up; nil for anything
  /// else (cloves, masses, volumes), which is bought as written.
  public static func wholeCount(_ amount: ItemAmount) -> Int? {
    let top = amount.maxAmount ?? amount.amount
    guard top > 0, top <= 999 else { return nil }
    guard PantryCoverage.countsPackages(amount.unit) else { return nil }
    return Int(max(top.rounded(.up), 1))
  }

  /// A count bought whole: the top of the need rounded up; the need beside it unless it is
  /// already that whole number.
  private static func whole(
    _ top: Double, _ exact: ItemAmount, unit: KitchenUnit?, packSize: IngredientQuantity?
  ) -> (text: String, need: String?) {
    let count = max(top.rounded(.up), 1)
    let bought = ItemAmount(amount: count, unit: unit, packSize: packSize).text
    guard exact.maxAmount != nil || count != exact.amount else { return (bought, nil) }
    // NB: the need names its unit only when it differs from what is bought ("3½", not
    // "3½ cans", beside "4 cans").
    return (bought, exact.maxAmount == nil ? number(exact.amount) : exact.text)
  }

  /// A small volume as a cook measures it: teaspoons and tablespoons as written, anything
  /// else (0.15 cup) in tablespoons to the nearest half ("≈ 2½ tbsp").
  static func spoons(_ amount: ItemAmount) -> String {
    guard let unit = amount.unit, unit.family == .volume,
      !["tsp", "tbsp", "ml", "metric tsp", "metric tbsp", "dessertspoon"].contains(unit.id)
    else { return amount.text }
    let tablespoon = KitchenUnit(known: "tbsp")
    let halves = (amount.amount * unit.baseFactor / tablespoon.baseFactor * 2).rounded()
    guard halves >= 1 else { return amount.text }
    return "≈ \(number(halves / 2)) \(tablespoon.label(for: halves / 2))"
  }

  /// A count as a cook writes it: "3½", "⅓", "2".
  static func number(_ value: Double) -> String {
    let whole = value.rounded(.down)
    if abs(value - whole - 0.5) < 0.004 { return whole == 0 ? "½" : "\(Int(whole))½" }
    return KitchenAmountFormat.number(value, unit: nil)
  }

  /// The word for what a food is sold in, from its shop category and name: spices and dried
  /// herbs in a jar, fresh herbs in a bunch, oils, vinegars and sauces in a bottle, other dry
  /// goods in a pack; nil for fresh food (produce, meat, fish), bought as written.
  public static func container(category: String?, name: String) -> String? {
    let words = Set(NameKey.of(name).split(separator: " ").map(String.init))
    if !words.isDisjoint(with: liquids) { return "bottle" }
    switch category {
    case "spices":
      let dried = words.contains("dried") || words.contains("ground")
      return !dried && !words.isDisjoint(with: freshHerbs) ? "bunch" : "jar"
    case "condiments", "drinks": return "bottle"
    case "pantry", "grains", "bakery", "sweets", "snacks", "dairy": return "pack"
    default: return nil
    }
  }

  static let liquids: Set<String> = [
    "oil", "vinegar", "sauce", "syrup", "extract", "essence", "honey", "molasses", "wine",
    "mirin", "sake",
  ]
  static let freshHerbs: Set<String> = [
    "parsley", "cilantro", "coriander", "basil", "mint", "dill", "chive", "tarragon", "chervil",
    "sage", "thyme", "rosemary", "oregano",
  ]
}

extension Item {
  /// What to buy for what recipes asked, when the stepper has no quantity of its own: each
  /// recipe amount through `BuyingRules`, joined ("2 cans + 1 jar"); nil when there is a
  /// stepper quantity or no recipe amount.
  public var buyable: BuyableAmount? {
    guard quantity == nil, !recipeNeeds.amounts.isEmpty else { return nil }
    // NB: an amount typed in the add bar ("2 lb", "½") is bought as typed.
    guard !recipeNeeds.recipes.isEmpty else {
      return BuyableAmount(text: recipeNeeds.amounts.map(\.text).joined(separator: " + "))
    }
    let packs = recipeNeeds.packs.map { BuyingRules.Packs(food: name, region: $0) }
    let parts = recipeNeeds.amounts.map {
      BuyingRules.bought($0, container: recipeNeeds.container, packs: packs)
    }
    let text = parts.map(\.text).joined(separator: " + ")
    guard parts.contains(where: { $0.need != nil }) else { return BuyableAmount(text: text) }
    let need = parts.map { $0.need ?? $0.text }.joined(separator: " + ")
    return BuyableAmount(
      text: text, need: "\(BuyingRules.saying(recipeNeeds.recipes.count)) \(need)")
  }
}

extension Item {
  /// The amount as the list says it, for saying what an add changed: a count is whole, with
  /// the need beside it ("15 (recipe needs 14½)" for a recipe's 14.5 eggs); other amounts as
  /// they stand (`amountText`; what they buy is `buyable`, said apart).
  public var shownAmount: String? {
    guard let buy = buyable, recipeNeeds.amounts.allSatisfy({ $0.unit == nil }) else {
      return amountText
    }
    return buy.need.map { "\(buy.text) (\($0))" } ?? buy.text
  }
}
