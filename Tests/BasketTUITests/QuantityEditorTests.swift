import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct QuantityEditorTests {
  private func editing(_ name: String) -> Harness {
    let app = Harness()
    app.add(name)
    app.select(name)
    app.press(.control("q"))
    return app
  }

  @Test func controlQOpensTheEditorWithTheSmartDefaultUnit() {
    let app = editing("Milk")
    #expect(app.screen.contains("Amount for 🥛 Milk"))
    #expect(app.line(containing: "[ml]")?.contains(" L ") == true)
    #expect(app.line(containing: "[ml]")?.contains(" units") == true)
    #expect(app.line(containing: "−")?.contains("500 ml") == true)
  }

  @Test func weighedThingsStartInGramsAndOthersInUnitsWithEveryPill() {
    let flour = editing("Flour")
    #expect(flour.line(containing: "[g]")?.contains(" kg ") == true)
    #expect(flour.line(containing: "−")?.contains("250 g") == true)
    let other = editing("Sponges")
    let pills = other.line(containing: "[units]")
    #expect(pills?.contains(" ml ") == true && pills?.contains(" kg ") == true)
    #expect(other.line(containing: "−")?.contains(" 1 unit ") == true)
  }

  @Test func switchingMillilitresToLitresKeepsTheAmount() {
    let app = editing("Milk")
    app.press(.right)
    #expect(app.line(containing: "−")?.contains("0.5 L") == true)
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix("0.5 L") == true)
  }

  @Test func switchingToAnotherKindOfUnitStartsFresh() {
    let app = editing("Milk")
    app.press(.left)  // ml → units (wrapping)
    #expect(app.line(containing: "−")?.contains(" 1 unit ") == true)
  }

  @Test(arguments: [
    ("1", "→ 1 unit "), ("2", "→ 2 units "), ("1.4", "→ 1 unit "), ("12", "→ 12 units "),
  ])
  func oneUnitIsSingularAndEveryOtherCountPlural(typed: String, preview: String) {
    let app = editing("Sponges")
    app.type(typed)
    let line = app.line(containing: "Exact:")
    #expect(line?.contains(preview) == true, "\(line ?? "no editor")")
  }

  @Test func theStepperMovesByTheUnitsIncrementAndNeverBelowZero() {
    let app = editing("Milk")
    app.press(.character("+"))
    #expect(app.line(containing: "−")?.contains("550 ml") == true)
    app.press(.up)
    #expect(app.line(containing: "−")?.contains("600 ml") == true)
    for _ in 0..<20 { app.press(.character("-")) }
    #expect(app.line(containing: "−")?.contains(" 0 ml") == true)
  }

  @Test(arguments: [
    ("750 ml", "750 ml"), ("1,5", "1.5 ml"), ("abc", "500 ml"), ("", "500 ml"),
  ])
  func aTypedAmountIsForgiving(typed: String, chip: String) {
    let app = editing("Milk")
    app.type(typed)
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix(chip) == true)
  }

  @Test func tooMuchKeepsWhatWasTypedWithWhyUntilItChanges() {
    let app = editing("Milk")
    app.type("250000")
    app.press(.enter)
    #expect(app.screen.contains("Amount for 🥛 Milk"), "the editor stays open")
    let line = app.line(containing: "Exact:")
    #expect(line?.contains("250000") == true, "\(line ?? "no editor")")
    #expect(line?.contains("at most 100000 ml") == true, "\(line ?? "no editor")")
    #expect(app.toGet.first?.hasSuffix("Milk") == true, "nothing saved: \(app.toGet)")
    for _ in 0..<4 { app.press(.backspace) }
    #expect(app.line(containing: "Exact:")?.contains("at most") == false)
    app.press(.enter)
    #expect(!app.screen.contains("Amount for"))
    #expect(app.toGet.first?.hasSuffix("25 ml") == true, "\(app.toGet)")
  }

  @Test(arguments: [("1,5 l", "1.5 L"), ("250 units", "250"), ("2 kg", "2 ml")])
  func aTypedAmountTakesAUnitItNamesWhenTheItemAllowsIt(typed: String, chip: String) {
    // A typed unit wins: "1,5 l" while ml is picked means 1.5 L; kg isn't offered for milk, so
    // it is ignored.
    let app = editing("Milk")
    app.type(typed)
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix(chip) == true, "\(app.toGet)")
  }

  @Test func aTypedAmountShowsWhatEnterWillSaveAndCountsRound() {
    let app = editing("Sponges")
    app.type("2.6")
    #expect(app.line(containing: "Exact:")?.contains("→ 3 units") == true)
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix("3") == true)
  }

  @Test func aTypedAmountCarriesIntoAUnitSwitch() {
    let app = editing("Milk")
    app.type("1500")
    app.press(.right)
    #expect(app.line(containing: "−")?.contains("1.5 L") == true)
  }

  @Test func escapeCancelsAndDeleteClearsTheAmount() {
    let app = editing("Milk")
    app.press(.character("+"), .escape)
    #expect(app.toGet.first?.hasSuffix("Milk") == true)
    #expect(!app.screen.contains("Amount for"))
    app.press(.control("q"), .enter)
    #expect(app.toGet.first?.hasSuffix("500 ml") == true)
    app.press(.control("q"), .delete)
    #expect(app.toGet.first?.hasSuffix("Milk") == true)
  }

  @Test func theEditorOpensOnTheCurrentQuantity() {
    let app = Harness()
    app.add("2 l milk")
    app.select("milk")
    app.press(.function(3))
    #expect(app.line(containing: "[L]") != nil)
    #expect(app.line(containing: "−")?.contains("2 L") == true)
  }

  /// Flour a recipe asked 2¼ cups of, with no quantity of its own.
  private func flourFromARecipe() -> Harness {
    var flour = Item(id: Fixtures.id(1), name: "Flour", emoji: "🌾", addedAt: Fixtures.monday)
    flour.recipeNeeds = RecipeNeeds(
      amounts: [ItemAmount(amount: 2.25, unit: .cup)],
      recipes: [RecipeReference(id: nil, title: "Pancakes")])
    let app = Harness(items: [flour])
    app.select("Flour")
    app.press(.control("q"))
    return app
  }

  @Test func aRecipesAmountIsEditedInItsOwnUnit() throws {
    let app = flourFromARecipe()
    #expect(app.line(containing: "[cups]")?.contains(" g ") == true, "\(app.screen)")
    #expect(app.line(containing: "−")?.contains("2¼ cups") == true)
    app.press(.character("+"))
    #expect(app.line(containing: "−")?.contains("2.5 cups") == true)
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix("2.5 cups") == true, "\(app.toGet)")
    #expect(try app.store.items().first?.quantity == nil)
  }

  @Test func aTypedFractionTakesTheRecipesUnitAndTooMuchStaysTypedWithWhy() {
    let app = flourFromARecipe()
    app.type("2 3/4")
    #expect(app.line(containing: "Exact:")?.contains("→ 2¾ cups") == true, "\(app.screen)")
    app.press(.control("u"))
    app.type("900")
    app.press(.enter)
    #expect(app.screen.contains("at most 422 cups"), "\(app.screen)")
    app.press(.control("u"))
    app.type("3")
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix("3 cups") == true, "\(app.toGet)")
  }

  @Test func leavingTheRecipesUnitStartsTheListsOwnAndEnterUnchangedChangesNothing() throws {
    let app = flourFromARecipe()
    app.press(.enter)
    #expect(app.toGet.first?.hasSuffix("2¼ cups") == true)
    #expect(try app.store.items().first?.changed.quantity == Fixtures.monday, "nothing was saved")
    app.press(.control("q"), .right)
    #expect(app.line(containing: "[g]") != nil, "\(app.screen)")
    #expect(app.line(containing: "−")?.contains("250 g") == true)
    app.press(.left)
    #expect(app.line(containing: "−")?.contains("2¼ cups") == true, "back to the recipe's")
    app.press(.delete)
    #expect(try app.store.items().first?.recipeNeeds.amounts.isEmpty == true)
  }
}
