import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

@Suite struct RenameTests {
  @Test func controlRRenamesInPlace() {
    let app = Harness()
    app.add("Milk", "Bread", "Apples")
    app.select("Bread")
    app.press(.control("r"))
    #expect(app.line(containing: "Bread")?.contains("✎") == true)
    app.press(.control("u"))
    app.type("Sourdough")
    app.press(.enter)
    #expect(app.names(app.toGet) == ["Apples", "Sourdough", "Milk"])
  }

  @Test func renamingResetsTheQuantityAndRederivesTheEmoji() {
    let app = Harness()
    app.add("2 l milk")
    app.select("milk")
    app.press(.function(2), .control("u"))
    app.type("Cheese")
    app.press(.enter)
    #expect(app.toGet == ["☐ 🧀 Cheese"] || app.toGet == ["❯ ☐ 🧀 Cheese"])
  }

  @Test func anEmptyNameIsRejectedAndTheOldOneKept() {
    let app = Harness()
    app.add("Milk")
    app.select("Milk")
    app.press(.control("r"), .control("u"), .character(" "), .enter)
    #expect(app.names(app.toGet) == ["Milk"])
    #expect(app.screen.contains("A name can't be empty, so it stays Milk"))
  }

  @Test func escapeCancelsARename() {
    let app = Harness()
    app.add("Milk")
    app.select("Milk")
    app.press(.control("r"))
    app.type("shake")
    app.press(.escape)
    #expect(app.names(app.toGet) == ["Milk"])
    #expect(app.state.text.isEmpty)
  }

  @Test func typingDuringARenameGoesToTheNameNotTheAddBar() {
    let app = Harness()
    app.add("Milk")
    app.select("Milk")
    app.press(.control("r"))
    app.type("?")
    #expect(app.state.mode != .help)
    #expect(app.line(containing: "Milk?") != nil)
  }
}
