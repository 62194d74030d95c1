import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

@Suite struct RemoveTests {
  @Test func deleteTakesTheSelectedItemOffAndControlZBringsItBackWithItsAmount() {
    let app = Harness()
    app.add("Apples", "Bread")
    app.type("2 tins chopped tomatoes")
    app.press(.enter)
    #expect(app.line(containing: "chopped tomatoes")?.contains("2 tins") == true)
    app.select("chopped tomatoes")
    app.press(.delete)
    #expect(app.names(app.toGet) == ["Bread", "Apples"])
    #expect(app.screen.contains("Removed chopped tomatoes · ^Z brings it back"))
    app.advance(3)
    app.press(.control("z"))
    #expect(app.names(app.toGet).first?.hasPrefix("chopped tomatoes") == true)
    #expect(app.line(containing: "chopped tomatoes")?.contains("2 tins") == true)
    #expect(app.screen.contains("Brought back chopped tomatoes"))
  }

  @Test func theRemoveIsUndoableOnlyForTheUndoWindow() {
    let app = Harness()
    app.add("Apples", "Bread")
    app.select("Apples")
    app.press(.function(8))
    #expect(app.names(app.toGet) == ["Bread"])
    app.advance(ListTiming.undoWindow + 0.1)
    app.press(.control("z"))
    #expect(app.names(app.toGet) == ["Bread"])
    #expect(app.screen.contains("Nothing to undo"))
  }

  @Test func deleteWithoutASelectionOrWithTextInTheBarRemovesNothing() {
    let app = Harness()
    app.add("Apples")
    app.press(.delete)
    #expect(app.names(app.toGet) == ["Apples"])
    #expect(app.screen.contains("Select an item with ↑ ↓ first"))
    app.select("Apples")
    app.type("x")
    app.press(.delete)
    #expect(app.names(app.toGet) == ["Apples"])
  }

  @Test func theKeysPanelListsRemove() {
    #expect(KeyHelp.table.contains { $0.key == "Del  F8" && $0.does.contains("remove") })
  }
}
