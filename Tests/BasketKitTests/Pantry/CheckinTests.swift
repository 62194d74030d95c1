import BasketKit
import BasketTestSupport
import Testing

@Suite struct CheckinTests {
  let clock = TestClock()
  let store = InMemoryPantryStore()
  var book: PantryBook {
    PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
  }

  /// A checked-off item; `recipe` marks it as asked for by a recipe.
  private func bought(
    _ n: Int, _ name: String, quantity: Quantity? = nil, needs: [ItemAmount] = [],
    recipe: String? = nil
  ) -> Item {
    Item(
      id: Fixtures.id(n), name: name, emoji: "🧺", quantity: quantity,
      addedAt: Fixtures.monday, checkedAt: clock.now,
      recipeNeeds: RecipeNeeds(
        amounts: needs, recipes: recipe.map { [RecipeReference(id: nil, title: $0)] } ?? []))
  }

  @Test func offersWhatCameFromRecipesOrIsInThePantryWithItsAmount() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Milk", amount: pantryAmount("500 ml")))
    let checked = [
      bought(1, "milk", quantity: Quantity(amount: 2, unit: .liters)),
      bought(2, "Flour", needs: [ItemAmount(amount: 2, unit: .cup)], recipe: "Bread"),
      bought(3, "Toothpaste"),
      bought(
        4, "Chopped tomatoes",
        needs: [
          ItemAmount(
            amount: 2, unit: KitchenUnit(id: "can"),
            packSize: IngredientQuantity(amount: 400, unit: .gram))
        ], recipe: "Chilli"),
    ]
    let offers = try book.checkin(checked)
    #expect(offers.map(\.name) == ["Chopped tomatoes", "Flour", "milk"])
    #expect(offers.map(\.amountText) == ["2 × 400 g", "2 cups", "2 l"])
    #expect(offers.map(\.packages) == [2, 1, 1])
    #expect(try book.entry(for: offers[2])?.name == "Milk")
    #expect(try book.entry(for: offers[1]) == nil)
    // Everything, when asked.
    #expect(try book.checkin(checked, everything: true).map(\.name).contains("Toothpaste"))
  }

  @Test func acceptingAddsToTheEntrySkippingForgetsAndNotYetKeeps() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Milk", amount: pantryAmount("500 ml")))
    let checked = [
      bought(1, "Milk", quantity: Quantity(amount: 2, unit: .liters)),
      bought(2, "Flour", needs: [ItemAmount(amount: 500, unit: .gram)], recipe: "Bread"),
      bought(3, "Yeast", recipe: "Bread"),
    ]
    let offers = try book.checkin(checked)
    #expect(offers.count == 3)
    let milk = try #require(offers.first { $0.name == "Milk" })
    let merged = try book.accept(milk.id)
    #expect(merged.outcome == .merged)
    #expect(merged.entry.left.map(KitchenAmountFormat.text) == "2.5 l")
    let flour = try #require(offers.first { $0.name == "Flour" })
    let edited = try book.accept(flour.id, amount: .set(pantryAmount("1 kg")))
    #expect(edited.outcome == .added)
    #expect(edited.entry.left == pantryAmount("1 kg"))
    // Yeast: not yet. A later check-in offers it again, and only it.
    clock.advance(by: 30 * 60)
    let later = try book.checkin(checked)
    #expect(later.map(\.name) == ["Yeast"])
    try book.skip(later[0].id)
    #expect(try book.checkin(checked).isEmpty)
    #expect(try book.pendingOffers().isEmpty)
    #expect(throws: PantryError.unknownOffer(later[0].id.uuidString.lowercased())) {
      try book.accept(later[0].id)
    }
    // Yeast with no amount became nothing; flour and milk are in.
    #expect(try book.list().map(\.name) == ["Flour", "Milk"])
  }

  @Test func whatWasBoughtInPacksGoesInAsPacksThatRecipesCount() throws {
    let book = self.book
    let can = KitchenUnit(id: "can")
    let checked = [
      bought(
        1, "tomatoes",
        needs: [
          ItemAmount(amount: 5, unit: can, packSize: IngredientQuantity(amount: 14, unit: .ounce))
        ], recipe: "Chilli"),
      bought(2, "chickpeas", needs: [ItemAmount(amount: 3, unit: can)], recipe: "Chilli"),
      bought(3, "onions", needs: [ItemAmount(amount: 2, unit: nil)], recipe: "Chilli"),
    ]
    let offers = try book.checkin(checked)
    #expect(offers.map(\.amountText) == ["3 cans", "2", "5 × 14 oz"])
    for offer in offers { try book.accept(offer.id) }
    let pantry = try book.list()
    #expect(pantry.map(\.stockText) == ["3 cans", "2", "5 × 14 oz"])
    // The next recipe counts them: 4 of the 5 cans (for its chopped tomatoes, which a tin of
    // tomatoes stands in for), 3 chickpeas, and 2 of 3 onions.
    let coverage = PantryCoverage(
      recipe(["4 (400 g) tins chopped tomatoes", "3 cans chickpeas", "3 onions"]),
      pantry: pantry)
    #expect(
      coverage.lines.map(\.summary) == [
        "covered (from tomatoes: need 4 tins (400 g), have 5 tins → covered)",
        "covered (need 3 cans, have 3 cans → covered)",
        "partly covered (need 3, have 2 → buy 1)",
      ])
  }

  @Test func aNewCheckOffOfTheSameItemIsOfferedAgainOnceDecided() throws {
    let book = self.book
    let first = bought(1, "Rice", needs: [ItemAmount(amount: 1, unit: .kilogram)], recipe: "Pilaf")
    try book.accept(try #require(try book.checkin([first]).first).id)
    clock.advance(by: 24 * 60 * 60)
    let again = bought(1, "Rice", needs: [ItemAmount(amount: 1, unit: .kilogram)], recipe: "Pilaf")
    #expect(try book.checkin([again]).map(\.name) == ["Rice"])
  }

  @Test func cookingTakesTheRecipesAmountsOut() throws {
    let book = self.book
    try book.add(PantryAddition(name: "Flour", amount: pantryAmount("1 kg")))
    try book.add(PantryAddition(name: "Eggs", amount: pantryAmount("2")))
    try book.add(PantryAddition(name: "Onions", amount: pantryAmount("500 g")))
    try book.add(PantryAddition(name: "Salt"))
    let bread = recipe(["300 g flour", "3 eggs", "2 onions", "salt", "water"], servings: 2)
    let plan = try book.cooked(bread)
    #expect(
      plan.lines.map(\.action) == [
        .take(pantryAmount("300 g")), .take(pantryAmount("3")), .leave(.unitsDontMeet),
        .leave(.noAmountRecorded), .notInPantry,
      ])
    #expect(plan.lines.map(\.usesUp) == [false, true, false, false, false])
    let results = try book.apply(plan)
    #expect(results.map(\.entry.stockText) == ["1 package, 0.7 kg left", "used up"])
    #expect(results.map(\.ranOut) == [false, true])
    // Packages of a size come out as what they hold.
    try book.add(PantryAddition(name: "Chopped tomatoes", amount: pantryAmount("1 kg")))
    let chili = recipe(["2 (400 g) cans chopped tomatoes"])
    let tins = try book.cooked(chili)
    #expect(tins.lines.map(\.action) == [.take(pantryAmount("800 g"))])
    #expect(try book.apply(tins).map(\.entry.stockText) == ["1 package, 0.2 kg left"])
    // Only the lines chosen.
    let again = try book.cooked(bread, selection: RecipeSelection(servings: 4))
    #expect(again.lines[0].action == .take(pantryAmount("600 g")))
    try book.apply(again, only: [2])
    #expect(try book.find("flour").left == pantryAmount("0.7 kg"))
  }
}
