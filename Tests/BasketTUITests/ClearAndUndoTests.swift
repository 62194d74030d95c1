import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct ClearAndUndoTests {
  /// Milk and Bread in Got it, Apples still to get.
  private func appWithGotIt() -> Harness {
    let app = Harness()
    app.add("Apples", "Bread", "Milk")
    app.select("Milk")
    app.press(.character(" "), .down, .character(" "))
    app.advance(0.6)
    return app
  }

  @Test func clearAllHidesGotItAndAnUndoToastCountsDown() {
    let app = appWithGotIt()
    #expect(app.line(containing: "Got it")?.contains("Clear all") == true)
    app.press(.control("k"))
    #expect(app.gotIt.isEmpty)
    #expect(app.names(app.toGet) == ["Apples"])
    let toast = app.lines[Layout(app.size).toastRow]
    #expect(toast.contains("🧹 Cleared 2 items  ^Z undo · 10s"))
    app.advance(3)
    #expect(app.lines[Layout(app.size).toastRow].contains("undo · 7s"))
  }

  @Test func controlZBringsTheClearedItemsBackAsTheyWere() {
    let app = appWithGotIt()
    app.press(.control("k"))
    app.advance(4)
    app.press(.control("z"))
    #expect(app.names(app.gotIt) == ["Bread", "Milk"])
    #expect(app.screen.contains("2 items are back in Got it"))
    #expect(!app.screen.contains("^Z undo"))
  }

  @Test func theUndoToastExpiresWithTheWindow() {
    let app = appWithGotIt()
    app.press(.control("k"))
    app.advance(ListTiming.undoWindow + 0.1)
    #expect(!app.screen.contains("^Z undo"))
    app.press(.control("z"))
    #expect(app.gotIt.isEmpty)
    #expect(app.screen.contains("Nothing to undo"))
  }

  @Test func clearAllIsARowYouCanSelectAndPress() {
    let app = appWithGotIt()
    app.press(.escape, .escape)
    app.press(.down, .down)
    #expect(app.state.selection == .clearAll)
    #expect(app.line(containing: "Clear all")?.contains("❯") == true)
    app.press(.enter)
    #expect(app.gotIt.isEmpty)
    #expect(app.state.selection == nil)
  }

  /// The clear goes the one way every change goes, naming what the screen showed: an item
  /// another face checked off meanwhile stays in Got it for the household to see.
  @Test func clearAllHidesOnlyTheGotItItemsOnTheScreen() throws {
    let app = appWithGotIt()
    let phone = Fixtures.basket(clock: app.clock, store: app.store)
    try phone.check(try #require(app.id(of: "Apples")))
    app.press(.control("k"))
    #expect(app.screen.contains("🧹 Cleared 2 items"))
    #expect(app.names(app.gotIt) == ["Apples"])
    #expect(app.line(containing: "Nothing left to get") != nil)
  }

  @Test func clearingAnEmptyGotItSaysSo() {
    let app = Harness()
    app.add("Milk")
    app.press(.control("k"))
    #expect(app.screen.contains("Got it is already empty"))
  }
}
