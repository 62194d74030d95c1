import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct AddBarTests {
  @Test func typingGoesToTheAddBarAndEnterAddsToTheTopOfToGet() {
    let app = Harness()
    app.type("Milk")
    #expect(app.line(containing: "＋")?.contains("Milk") == true)
    app.press(.enter)
    app.add("Bread")
    #expect(app.names(app.toGet) == ["Bread", "Milk"])
    #expect(app.toGet.first?.hasPrefix("☐ 🍞 Bread") == true)
    #expect(app.line(containing: "＋")?.contains("Add an item") == true)
  }

  @Test func lettersTypeEvenWhileAnItemIsSelected() {
    let app = Harness()
    app.add("Milk")
    app.press(.down)
    app.type("eggs")
    #expect(app.state.text == "eggs")
    #expect(app.state.items.count == 1)
  }

  @Test func suggestionChipsAppearAsYouTypeAndTabPicksOneForEnter() {
    let app = Harness()
    app.type("ba")
    let chips = app.lines[Layout(app.size).chipsRow]
    #expect(chips.contains("[Bananas]"))
    app.press(.tab)
    #expect(app.state.pickedChip == 0)
    #expect(app.lines[Layout(app.size).chipsRow].contains(" Bananas"))
    #expect(!app.lines[Layout(app.size).chipsRow].contains("[Bananas]"))
    app.press(.enter)
    #expect(app.names(app.toGet) == ["Bananas"])
    #expect(app.state.text.isEmpty)
  }

  @Test func arrowKeysAndShiftTabMoveThroughTheChipsBothWays() {
    let app = Harness()
    app.type("b")
    let names = app.state.chips.map(\.name)
    #expect(names.count >= 2)
    app.press(.right)
    #expect(app.state.pickedChip == 0)
    app.press(.right)
    #expect(app.state.pickedChip == 1)
    app.press(.left)
    #expect(app.state.pickedChip == 0)
    app.press(.backTab)
    #expect(app.state.pickedChip == names.count - 1)
    app.press(.escape)
    #expect(app.state.pickedChip == nil)
    #expect(app.state.text == "b")
  }

  @Test func typingAgainForgetsThePickedChip() {
    let app = Harness()
    app.type("b")
    app.press(.tab)
    app.type("r")
    #expect(app.state.pickedChip == nil)
    app.press(.enter)
    #expect(app.names(app.toGet) == ["br"])
  }

  @Test func usualsShowWhenTheAddBarIsEmpty() {
    let now = Fixtures.monday
    let app = Harness(memory: [
      MemoryEntry(name: "Milk", timesAdded: 5, lastAdded: now.addingTimeInterval(-86_400)),
      MemoryEntry(name: "Eggs", timesAdded: 2, lastAdded: now.addingTimeInterval(-86_400)),
    ])
    let chips = app.lines[Layout(app.size).chipsRow]
    #expect(chips.contains("Usuals"))
    #expect(chips.contains("[Milk]"))
    #expect(chips.contains("[Eggs]"))
    app.press(.tab, .enter)
    #expect(app.names(app.toGet) == ["Milk"])
    #expect(!app.lines[Layout(app.size).chipsRow].contains("Milk"))
  }

  @Test func aFreshInstallShowsNoUsuals() {
    let app = Harness()
    #expect(app.state.chips.isEmpty)
    #expect(app.lines[Layout(app.size).chipsRow].isEmpty)
  }

  @Test func itemsAlreadyOnToGetAreNotSuggested() {
    let app = Harness()
    app.add("Bread")
    app.type("br")
    #expect(!app.state.chips.map(\.name).contains("Bread"))
  }

  @Test func aQuantityTypedWithTheNameShowsAsAChip() {
    let app = Harness()
    app.add("2 l milk")
    #expect(app.toGet.first?.hasSuffix("2 L") == true)
  }

  /// An item recipes asked for shows what to buy (`Item.buyable`) as its chip.
  @Test func anItemRecipesAskedForShowsWhatToBuyAsItsChip() {
    var beans = Item(
      id: Fixtures.id(1), name: "kidney beans", emoji: "🫘", addedAt: Fixtures.monday)
    beans.recipeNeeds = RecipeNeeds(
      amounts: [ItemAmount(amount: 3.5, unit: KitchenUnit(id: "can"))],
      recipes: [RecipeReference(id: nil, title: "Chili"), RecipeReference(id: nil, title: "Soup")])
    let app = Harness(items: [beans])
    #expect(app.toGet.first?.hasSuffix("4 cans") == true, "\(app.toGet)")
    // The row says which recipes asked for it, and gives way before the name does.
    #expect(app.toGet.first?.contains("kidney beans · for Chili, Soup") == true, "\(app.toGet)")
    let narrow = Harness(size: Size(width: 34, height: 20), items: [beans])
    #expect(narrow.toGet.first?.contains("kidney beans") == true, "\(narrow.toGet)")
    #expect(narrow.toGet.first?.contains("for Chili, Soup") == false, "\(narrow.toGet)")
  }

  @Test func addingANameAlreadyOnTheListFlashesItAndMovesItUp() {
    let app = Harness()
    app.add("Milk", "Bread")
    app.add("milk")
    #expect(app.names(app.toGet) == ["Milk", "Bread"])
    #expect(app.screen.contains("Milk is already on the list"))
    let id = app.id(of: "Milk")!
    #expect(app.state.flashes[id] != nil)
    let row = app.row(of: "Milk")!
    #expect(app.frame[10, row].style.attributes.contains(.reverse))
    app.advance(1)
    #expect(app.state.flashes.isEmpty)
    #expect(!app.frame[10, row].style.attributes.contains(.reverse))
  }

  @Test func theFlashBlinksInColourAndHoldsStillWithReduceMotion() {
    for reduce in [false, true] {
      let app = Harness(colorMode: .trueColor, reduceMotion: reduce)
      app.add("Milk", "Bread", "Milk")
      let row = app.row(of: "Milk")!
      let flash = Color.rgb(255, 212, 112)
      #expect(app.frame[10, row].style.background == flash)
      app.advance(TUITiming.blink + 0.01)
      #expect((app.frame[10, row].style.background == flash) == reduce)
    }
  }

  @Test func backspaceControlUAndControlWEditTheAddBar() {
    let app = Harness()
    app.type("oat milk")
    app.press(.backspace)
    #expect(app.state.text == "oat mil")
    app.press(.control("w"))
    #expect(app.state.text == "oat ")
    app.press(.control("u"))
    #expect(app.state.text.isEmpty)
  }

  @Test func aPasteAddsEachFullLineAndKeepsTheRestInTheBar() {
    let app = Harness()
    app.program.send(.paste("Apples\nBread\nche"))
    #expect(app.names(app.toGet) == ["Bread", "Apples"])
    #expect(app.state.text == "che")
  }

  @Test func aLongEntryShowsItsEndInTheAddBar() {
    let app = Harness()
    app.type(String(repeating: "x", count: 80) + "END")
    let bar = app.line(containing: "＋")!
    #expect(bar.contains("…"))
    #expect(bar.hasSuffix("END"))
  }
}
