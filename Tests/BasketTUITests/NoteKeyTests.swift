import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

@Suite struct NoteKeyTests {
  @Test func controlNWritesANoteShownSoftlyAfterTheNameAndAnEmptyOneClearsIt() throws {
    let app = Harness()
    app.add("Yoghurt", "Bread")
    app.select("Yoghurt")
    app.press(.control("n"))
    #expect(app.line(containing: "Yoghurt")?.contains("✎") == true)
    app.type("the big tub")
    app.press(.enter)
    #expect(try app.store.items().first { $0.name == "Yoghurt" }?.note == "the big tub")
    #expect(app.line(containing: "Yoghurt")?.contains("· the big tub") == true)
    // The field starts with the note; emptied, the note goes.
    app.select("Yoghurt")
    app.press(.function(7))
    #expect(app.line(containing: "the big tub")?.contains("✎") == true)
    app.press(.control("u"), .enter)
    #expect(try app.store.items().first { $0.name == "Yoghurt" }?.note == nil)
    #expect(app.line(containing: "the big tub") == nil)
  }

  @Test func escapeLeavesTheNoteAsItWasAndAPasteIsOneLine() throws {
    let app = Harness()
    app.add("Jam")
    app.select("Jam")
    app.press(.control("n"))
    app.type("apricot")
    app.press(.escape)
    #expect(try app.store.items().first?.note == nil)
    app.select("Jam")
    app.press(.control("n"))
    app.program.send(.paste("the\napricot\u{1B}[2J one"))
    app.press(.enter)
    #expect(try app.store.items().first?.note == "the apricot[2J one")
  }

  @Test func aNoteWithoutASelectionSaysWhatToDo() {
    let app = Harness()
    app.add("Jam")
    app.press(.control("n"))
    #expect(app.screen.contains("Select an item with ↑ ↓ first"))
  }
}
