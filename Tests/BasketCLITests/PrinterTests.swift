import BasketKit
import Foundation
import Testing

@testable import BasketCLI

/// The printers, called with values: no binary, no store.
@Suite struct PrinterTests {
  static let now = Date(timeIntervalSince1970: 1_783_332_000)
  let plain = Style(color: false, emoji: false)

  func item(_ name: String, emoji: String = "🛒", note: String? = nil, checked: Bool = false)
    -> Item
  {
    Item(
      id: UUID(), name: name, emoji: emoji, addedAt: Self.now,
      checkedAt: checked ? Self.now : nil, note: note)
  }

  @Test func theListIsNumberedWithNotesUnderTheirItemsAndGotItAfter() {
    let sections = ListSections(
      toGet: [item("Milk"), item("Eggs", note: "the big box")],
      gotIt: [item("Bread", checked: true)])
    let text = ListPrinter.render(
      sections, mood: DayMood(date: Self.now, timeZone: .gmt), style: plain)
    #expect(
      text == """
        To get
          1. Milk
          2. Eggs
             the big box

        Got it
          3. [x] Bread

        """)
  }

  @Test func anEmptyListSaysTheDaysLine() {
    let mood = DayMood(date: Self.now, timeZone: .gmt)
    let text = ListPrinter.render(
      ListSections(toGet: [], gotIt: []), mood: mood, style: plain)
    #expect(text == mood.emptyLine + "\n")
  }

  @Test func onATerminalItemsHaveTheirEmojiAndColour() {
    let style = Style(color: true, emoji: true)
    let text = ListPrinter.render(
      ListSections(toGet: [item("Milk", emoji: "🥛")], gotIt: []),
      mood: DayMood(date: Self.now, timeZone: .gmt), style: style)
    #expect(text.contains("1. 🥛 Milk"))
    #expect(text.contains("\u{1B}[1;38;5;71mTo get\u{1B}[0m"))
  }

  @Test func theOneLineListFitsAStatusBar() {
    let two = ListSections(toGet: [item("Milk"), item("Eggs")], gotIt: [])
    #expect(ListPrinter.line(two, style: plain) == "2 to get: Milk, Eggs")
    #expect(ListPrinter.line(ListSections(toGet: [], gotIt: []), style: plain) == "Nothing to get")
    let done = ListSections(toGet: [], gotIt: [item("Milk", checked: true)])
    #expect(ListPrinter.line(done, style: plain) == "All done!")
    let many = ListSections(toGet: (1...30).map { item("Thing \($0)") }, gotIt: [])
    let line = ListPrinter.line(many, style: plain)
    #expect(line.count == ListPrinter.lineLimit)
    #expect(line.hasPrefix("30 to get: Thing 1, Thing 2"))
    #expect(line.hasSuffix("…"))
  }

  @Test func minutesReadAsHoursAndMinutes() {
    #expect(RecipePrinter.minutes(35) == "35 min")
    #expect(RecipePrinter.minutes(60) == "1 h")
    #expect(RecipePrinter.minutes(80) == "1 h 20 min")
  }

  @Test func aRecipeShowsItsFactsNumberedIngredientsAndMethod() {
    let recipe = Recipe(
      title: "Pancakes", source: "https://example.com/pancakes", yields: "8 pancakes",
      totalTime: 25,
      ingredientGroups: [
        IngredientGroup(
          ingredients: ["200 g flour", "2 eggs"].map(IngredientLineParser.parse)),
        IngredientGroup(
          heading: "To serve", ingredients: [IngredientLineParser.parse("maple syrup")]),
      ], instructions: ["Whisk.", "Fry."])
    #expect(
      RecipePrinter.recipe(recipe, style: plain) == """
        Pancakes
        8 pancakes · 25 min
        https://example.com/pancakes

        Ingredients
          1. 200 g flour
          2. 2 eggs
          To serve
          3. maple syrup

        Method
          1. Whisk.
          2. Fry.

        """)
  }

  @Test func aSavedRecipeIsOneLineWithItsShortID() {
    let id = UUID(uuidString: "0F1E2D3C-0000-0000-0000-000000000000")!
    let summary = RecipeSummary(
      id: id, title: "Chili", yields: "4 servings", totalTime: 90, ingredientCount: 1,
      savedAt: Self.now, lastOpenedAt: Self.now)
    #expect(
      RecipePrinter.summary(summary, style: plain)
        == "Chili  4 servings · 1 h 30 min · 1 ingredient  0f1e2d3c\n")
  }

  @Test func parsingShowsWhatALineWasUnderstoodAs() {
    let text = RecipePrinter.understanding(IngredientLineParser.parse("2 cups flour"), style: plain)
    #expect(text.hasPrefix("2 cups flour\n  → "))
    #expect(text.hasSuffix("flour\n"))
  }
}
