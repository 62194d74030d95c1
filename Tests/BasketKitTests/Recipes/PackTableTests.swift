import BasketTestSupport
import Foundation
import Testing

@testable import BasketKit

/// Amounts a shop sells: the pack table (`FoodPacks`), cooked to dry, US against UK sizes, the
/// plain-amount choice, prices to notes, and yields in their own words.
@Suite struct PackTableTests {
  static func amount(_ text: String) -> (ItemAmount, String) {
    let line = IngredientLineParser.parse(text)
    return (ItemAmount(line)!, FoodPacks.shoppingName(line))
  }

  @Test(
    arguments: [
      // (recipe line, region, what to buy, the need beside it)
      ("3 cups fresh baby spinach", ShopRegion.us, "1 bag (142 g)", "3 cups ≈ 90 g"),
      ("6 cups baby spinach", .us, "2 bags (142 g)", "6 cups ≈ 180 g"),
      ("3 cups baby spinach", .uk, "1 bag (220 g)", "3 cups ≈ 90 g"),
      ("2 cups chicken broth", .us, "1 carton (946 ml)", "2 cups ≈ 473 ml"),
      ("4 cups low-sodium chicken broth", .us, "1 carton (946 ml)", "4 cups ≈ 946 ml"),
      ("2 cups vegetable broth", .uk, "1 carton (500 ml)", "2 cups ≈ 473 ml"),
      ("1 cup lentils", .us, "1 bag (454 g)", "1 cup ≈ 192 g"),
      ("1 tsp fresh ginger", .us, "1 piece", "1 tsp ≈ 2 g"),
      ("1/4 cup chopped fresh parsley", .us, "1 bunch", "¼ cup ≈ 15 g"),
      ("1/4 cup chopped fresh parsley", .uk, "1 pack (25 g)", "¼ cup ≈ 15 g"),
      ("1/2 cup fresh cilantro", .us, "1 bunch", "½ cup ≈ 8 g"),
      ("1 cup fresh basil leaves", .us, "2 packs (14 g)", "1 cup ≈ 24 g"),
      ("1 cup butter", .us, "2 sticks (113 g)", "1 cup ≈ 227 g"),
      ("1 cup butter", .uk, "1 block (250 g)", "1 cup ≈ 227 g"),
      ("4 cups milk", .us, "2 bottles (473 ml)", "4 cups ≈ 946 ml"),
      ("8 cups milk", .us, "1 bottle (1.89 l)", "8 cups ≈ 1893 ml"),
      ("1 cup heavy cream", .us, "1 carton (473 ml)", "1 cup ≈ 237 ml"),
      ("1 cup double cream", .uk, "1 carton (300 ml)", "1 cup ≈ 237 ml"),
      ("2 tbsp olive oil", .us, "1 bottle (473 ml)", "2 tbsp"),
      ("1 pinch ground cumin", .us, "1 jar (71 g)", "1 pinch"),
      ("8 oz cream cheese", .us, "1 block (227 g)", "8 oz ≈ 227 g"),
      ("1 cup frozen peas", .uk, "1 bag (900 g)", "1 cup ≈ 134 g"),
      ("3 sprigs fresh thyme", .uk, "1 pack (20 g)", "3 sprigs"),
      ("½ teaspoon garlic powder", .uk, "1 jar", "½ tsp"),
      ("1 cup powdered sugar", .us, "1 bag (907 g)", "1 cup ≈ 120 g"),
      ("1 cup diced carrots", .us, "3 pieces", "1 cup ≈ 128 g"),
      ("2 cups self-rising flour", .us, "1 bag (907 g)", "2 cups ≈ 250 g"),
      ("⅓ cup white miso", .us, "1 tub (748 g)", "⅓ cup ≈ 92 g"),
      ("1 cup pecans", .uk, "1 bag (200 g)", "1 cup ≈ 109 g"),
      ("2 cups chopped pecans", .uk, "2 bags (200 g)", "2 cups ≈ 218 g"),
      ("1/2 cup Kalamata olives", .uk, "1 jar (340 g)", "½ cup ≈ 67 g"),
      ("1/2 cup Kalamata olives", .us, "1 jar (163 g)", "½ cup ≈ 67 g"),
      // No half-and-half in UK shops: single cream's carton is bought for it.
      ("1 cup half and half", .uk, "1 carton (300 ml)", "1 cup ≈ 237 ml"),
      ("2 cups arugula", .us, "1 pack (113 g)", "2 cups ≈ 40 g"),
    ] as [(String, ShopRegion, String, String)])
  func aMeasureOfAFoodSoldInPacksIsBoughtAsPacks(
    line: String, region: ShopRegion, buy: String, need: String
  ) {
    let (asked, name) = Self.amount(line)
    let bought = BuyingRules.buyable(
      asked, container: nil, recipes: 1, packs: BuyingRules.Packs(food: name, region: region))
    #expect(bought == BuyableAmount(text: buy, need: "recipe needs \(need)"))
  }

  @Test(
    arguments: [
      // (recipe line, region, what to buy, the need beside it)
      (
        "4 cups cooked rice", ShopRegion.us, "1 bag (454 g) white rice", "4 cups cooked ≈ 226 g dry"
      ),
      ("4 cups cooked rice", .uk, "1 bag (1 kg) white rice", "4 cups cooked ≈ 226 g dry"),
      ("3 cups cooked quinoa", .us, "1 bag (454 g) quinoa", "3 cups cooked ≈ 181 g dry"),
      ("2 cups cooked brown rice", .us, "1 bag (907 g) brown rice", "2 cups cooked ≈ 117 g dry"),
      ("500 g cooked pasta", .uk, "1 bag (500 g) pasta", "500 g cooked ≈ 210 g dry"),
      ("6 cups cooked black beans", .us, "1 bag (454 g) black beans", "6 cups cooked ≈ 397 g dry"),
      // No dry black beans sized for the UK, but tins: canned beans are cooked beans.
      (
        "1½ cups cooked black beans", .uk, "1 tin (400 g) canned black beans",
        "1.5 cups cooked ≈ 360 g"
      ),
    ] as [(String, ShopRegion, String, String)])
  func aCookedFoodIsBoughtAsTheDryFoodItTakes(
    line: String, region: ShopRegion, buy: String, need: String
  ) {
    let (asked, name) = Self.amount(line)
    let bought = BuyingRules.buyable(
      asked, container: nil, recipes: 1, packs: BuyingRules.Packs(food: name, region: region))
    #expect(bought == BuyableAmount(text: buy, need: "recipe needs \(need)"))
  }

  @Test(
    arguments: [
      // (name as a recipe writes it, the table's food; nil: not sold in packs by the table)
      ("fresh baby spinach", "baby spinach"),
      ("Low-Sodium Chicken Broth", "chicken stock"),
      ("coriander", "coriander"),
      ("cilantro", "coriander"),
      ("double cream", "heavy cream"),
      ("courgettes", "zucchini"),
      ("ground ginger", nil),
      ("dried parsley", nil),
      ("sweet potato", nil),
      ("basil leaves", "basil"),
      ("dried basil leaves", "dried basil"),
      ("thyme sprigs", "thyme"),
      ("rice", "white rice"),
    ] as [(String, String?)])
  func aFoodIsFoundByItsFoldedNameOrAlias(name: String, food: String?) {
    #expect(FoodPacks.food(name) == food)
  }

  @Test func everyFoodHasAPackInBothRegionsOrAnywhere() {
    for food in Set(FoodPacks.rows.map(\.food)) {
      let anywhere =
        !FoodPacks.packs(food, region: .us).isEmpty
        || !FoodPacks.packs(food, region: .uk).isEmpty
      #expect(anywhere, "\(food)")
    }
  }

  @Test func noFoldedNameNamesTwoFoods() {
    var owner: [String: String] = [:]
    for (food, aliases) in FoodPacks.aliases {
      for name in [food] + aliases {
        let key = NameKey.of(name)
        #expect(owner[key] == nil || owner[key] == food, "\(name): \(owner[key] ?? "") and \(food)")
        owner[key] = food
      }
    }
  }

  @Test func everyPackIsSizedAndEveryCookedFoodHasADryOneWithPacks() {
    for row in FoodPacks.rows {
      #expect(row.pack.measure.amount > 0, "\(row.food)")
      #expect(FoodPacks.words[row.pack.word] != nil, "\(row.pack.word)")
    }
    for row in FoodPacks.cookedRows {
      #expect(FoodPacks.cooked(row.cooked)?.dry == row.dry)
      #expect(FoodPacks.food(row.dry) != nil, "\(row.dry)")
    }
  }

  @Test(
    arguments: [
      // (grams needed, packs of 142 g bought): rounded up, never more than one pack spare
      (90.0, 1), (142.0, 1), (145.0, 1), (150.0, 2), (284.0, 2), (300.0, 3), (1.0, 1),
    ] as [(Double, Int)])
  func aNeedIsRoundedUpToWholePacksOnce(grams: Double, packs: Int) {
    let bought = FoodPacks.purchase(
      ItemAmount(amount: grams, unit: .gram), name: "baby spinach", region: .us)
    #expect(bought?.count == packs)
    if let bought {
      #expect(Double(bought.count) * 142 < grams + 142 * 1.03)
    }
  }

  // MARK: - Through Recipe Ready and the list

  static func recipe(_ title: String, _ lines: [String], yields: String? = nil) -> Recipe {
    Recipe(
      title: title, yields: yields, servings: yields.flatMap(RecipeYield.read)?.count,
      ingredientGroups: [IngredientGroup(ingredients: lines.map(IngredientLineParser.parse))])
  }

  @Test func aCookedLineIsListedAsTheCookedFoodAndBoughtDry() throws {
    let basket = Fixtures.basket(clock: TestClock())
    try basket.add(Self.recipe("Bowls", ["4 cups rice, cooked"]))
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.name == "cooked rice")
    #expect(item.buyable?.text == "1 bag (454 g) white rice")
    #expect(item.recipeNeeds.amounts.map(\.text) == ["4 cups"])
  }

  @Test(
    arguments: [
      // (first recipe's spinach, second's, what the list buys)
      ("2 cups baby spinach", "2 cups baby spinach", "1 bag (142 g)"),
      ("3 cups baby spinach", "3 cups baby spinach", "2 bags (142 g)"),
      ("2 cups baby spinach", "100 g baby spinach", "2 bags (142 g)"),
    ])
  func needsOfOneFoodAddUpBeforeTheyAreRoundedToPacks(first: String, second: String, buy: String)
    throws
  {
    let basket = Fixtures.basket(clock: TestClock())
    try basket.add(Self.recipe("Salad", [first]))
    try basket.add(Self.recipe("Soup", [second]))
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.quantity == nil)
    #expect(item.buyable?.text == buy)
    #expect(item.buyable?.need?.hasPrefix("recipes need") == true)
  }

  @Test(
    arguments: [
      // (which lines keep the plain amount, what the spinach line buys, the broth line)
      (RecipeSelection.PlainAmounts.none, "1 bag (142 g)", "1 carton (946 ml)"),
      (.all, "3 cups", "2 cups"),
      (.lines([0]), "3 cups", "1 carton (946 ml)"),
    ] as [(RecipeSelection.PlainAmounts, String, String)])
  func theHouseholdCanChooseThePlainAmount(
    plain: RecipeSelection.PlainAmounts, spinach: String, broth: String
  ) throws {
    let basket = Fixtures.basket(clock: TestClock())
    let recipe = Self.recipe("Soup", ["3 cups baby spinach", "2 cups chicken broth"])
    let review = try basket.review(recipe, selection: RecipeSelection(plainAmounts: plain))
    #expect(review.lines.map { $0.planned.item?.buyable?.text } == [spinach, broth])
    try basket.add(recipe, selection: RecipeSelection(plainAmounts: plain))
    let items = try basket.sections().toGet
    #expect(items.compactMap { $0.buyable?.text }.sorted() == [spinach, broth].sorted())
    // The exact need always stays on the item.
    #expect(items.flatMap(\.recipeNeeds.amounts).map(\.text).sorted() == ["2 cups", "3 cups"])
  }

  @Test func aQuantityTheUserSetStaysInCharge() throws {
    let basket = Fixtures.basket(clock: TestClock())
    try basket.add(name: "baby spinach", quantity: Quantity(amount: 200, unit: .grams))
    try basket.add(Self.recipe("Salad", ["3 cups baby spinach"]))
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.quantity != nil)
    #expect(item.recipeNeeds.packs == nil)
  }

  @Test func theRegionComesFromTheEnvironment() throws {
    let uk = Basket(
      store: InMemoryStore(),
      environment: BasketEnvironment(
        clock: TestClock().appClock, ids: Fixtures.sequentialIDs(),
        classifier: Fixtures.TinyClassifier(),
        suggestions: { SuggestionEngine(dictionary: [String]()) },
        region: .uk))
    try uk.add(Self.recipe("Salad", ["3 cups baby spinach"]))
    #expect(try uk.sections().toGet.first?.buyable?.text == "1 bag (220 g)")
  }

  @Test(
    arguments: [
      // (environment, region)
      ([:], ShopRegion.us),
      (["BASKET_REGION": "uk"], .uk),
      (["BASKET_REGION": "US"], .us),
      (["LANG": "en_GB.UTF-8"], .uk),
      (["LANG": "en_GB.UTF-8", "BASKET_REGION": "us"], .us),
      (["LC_ALL": "en_IE.UTF-8", "LANG": "en_US.UTF-8"], .uk),
      (["LANG": "C.UTF-8"], .us),
      (["LANG": "de_DE.UTF-8"], .us),
    ] as [([String: String], ShopRegion)])
  func theRegionIsReadOnceFromTheEnvironment(environment: [String: String], region: ShopRegion)
    throws
  {
    #expect(try BasketConfiguration(environment: environment).region == region)
  }

  @Test func anUnknownRegionIsRefused() {
    #expect(throws: BasketConfiguration.Problem.self) {
      try BasketConfiguration(environment: ["BASKET_REGION": "mars"])
    }
  }

  // MARK: - Prices to notes

  @Test(
    arguments: [
      // (line, name, note)
      ("2 cloves garlic ($0.16)", "garlic", "$0.16"),
      ("1 cup brown lentils (dry, $0.67)", "brown lentils", "dry, $0.67"),
      ("1 tablespoon olive oil ($0.04)", "olive oil", "$0.04"),
      ("1 (15 oz.) can black beans, drained ($0.59*)", "black beans", "$0.59"),
      ("200g feta £1.20", "feta", "£1.20"),
      ("$5 worth of shrimp", "worth of shrimp", "$5"),
    ])
  func aPriceGoesToTheNoteNeverTheName(text: String, name: String, note: String) {
    let line = IngredientLineParser.parse(text)
    #expect(line.name == name)
    #expect(line.note == note)
    #expect(line.text == text)
  }

  // MARK: - Yields that aren't servings

  @Test(
    arguments: [
      // (yields, amount and unit, or nil for servings)
      ("4 cups", 4.0, "cups"),
      ("1 loaf", 1.0, "loaf"),
      ("24 cookies", 24.0, "cookies"),
      ("6.5 gallons", 6.5, "gallons"),
      ("Serves 4", nil, nil),
      ("4 servings", nil, nil),
    ] as [(String, Double?, String?)])
  func aYieldThatIsNotServingsIsKept(yields: String, amount: Double?, unit: String?) {
    let recipe = Recipe(title: "Bake", yields: yields)
    #expect(recipe.yield?.measure == amount)
    #expect(recipe.yield?.noun == unit)
  }

  @Test(
    arguments: [
      // (yields, scaled to, yields after, the flour line after)
      ("24 cookies", 36.0, "36 cookies", "1.5 cups"),
      ("4 cups", 6.0, "6 cups", "1.5 cups"),
      ("1 loaf", 2.0, "2 loaves", "2 cups"),
      ("4 cups", 3.0, "3 cups", "¾ cup"),
    ] as [(String, Double, String, String)])
  func aYieldIsScaledInItsOwnWords(yields: String, to amount: Double, after: String, flour: String)
  {
    let recipe = Self.recipe("Bake", ["1 cup flour"], yields: yields)
    let scaled = RecipeScaler.scale(recipe, toYield: amount)
    #expect(scaled.yields == after)
    #expect(scaled.ingredients.first?.quantity.map(KitchenAmountFormat.text) == flour)
  }

  @Test func aReviewScaledByYieldSaysTheYield() throws {
    let basket = Fixtures.basket(clock: TestClock())
    let recipe = Self.recipe("Cookies", ["1 cup flour"], yields: "24 cookies")
    let review = try basket.review(recipe, selection: RecipeSelection(yield: 36))
    #expect(review.yield?.text == "36 cookies")
    #expect(review.lines.first?.amountText == "1.5 cups")
  }

  @Test func theRecipeJSONWritesTheYieldBesideServings() throws {
    func object(_ recipe: Recipe) throws -> [String: Any] {
      let data = try JSONEncoder().encode(recipe)
      return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
    let cookies = try object(Recipe(title: "Cookies", yields: "24 cookies", servings: 24))
    let yield = try #require(cookies["yield"] as? [String: Any])
    #expect(yield["amount"] as? Double == 24)
    #expect(yield["unit"] as? String == "cookies")
    let soup = try object(Recipe(title: "Soup", yields: "4 servings", servings: 4))
    #expect(soup["yield"] is NSNull)
  }
}
