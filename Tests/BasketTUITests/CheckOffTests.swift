import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

@Suite struct CheckOffTests {
  @Test func checkingOffHoldsTheItemInPlaceStruckThroughUntilTheDelayPasses() {
    let app = Harness()
    app.add("Milk", "Bread")
    app.select("Bread")
    app.press(.character(" "))
    #expect(app.names(app.toGet) == ["Bread", "Milk"])
    #expect(app.toGet.first?.contains("☑") == true)
    #expect(app.gotIt.isEmpty)
    app.advance(0.3)
    #expect(app.names(app.toGet) == ["Bread", "Milk"])
    let row = app.row(of: "Bread")!
    #expect(app.frame[8, row].style.attributes.contains(.strikethrough))
    app.advance(0.3)
    #expect(app.names(app.toGet) == ["Milk"])
    #expect(app.names(app.gotIt) == ["Bread"])
    #expect(app.gotIt.first?.hasPrefix("✓") == true)
  }

  @Test func theStoreHasTheCheckAtOnce() throws {
    let app = Harness()
    app.add("Milk")
    app.select("Milk")
    app.press(.control("x"))
    #expect(try app.store.items().first?.checkedAt == Fixtures.monday)
  }

  @Test func severalCheckOffsHoldTheirPlacesThenMoveTogether() {
    let app = Harness()
    app.add("Apples", "Bread", "Milk")
    app.select("Milk")
    app.press(.character(" "))
    app.advance(0.3)
    app.press(.down, .character(" "))
    app.advance(0.3)  // past the first one's delay, not the second's
    #expect(app.names(app.toGet) == ["Milk", "Bread", "Apples"])
    app.advance(0.3)
    #expect(app.names(app.toGet) == ["Apples"])
    #expect(app.names(app.gotIt) == ["Bread", "Milk"])
  }

  @Test func theSelectionStaysInPlaceWhenTheCheckedItemMoves() {
    let app = Harness()
    app.add("Apples", "Bread", "Milk")
    app.select("Bread")
    app.press(.character(" "))
    app.advance(0.6)
    #expect(app.state.selection == .item(app.id(of: "Apples")!))
  }

  @Test func theSparkBurstAndSweepPlayWhileTheItemWaits() {
    let app = Harness()
    app.add("Chocolate digestives")
    app.select("Chocolate digestives")
    app.press(.character(" "))
    let row = app.row(of: "Chocolate")!
    #expect(app.lines[row].contains("✦"))
    app.advance(0.1)
    let frame = app.frame
    let nameX = Layout(app.size).cardLeft + 6
    #expect(frame[nameX, row].style.attributes.contains(.strikethrough))
    #expect(!frame[nameX + 15, row].style.attributes.contains(.strikethrough))
    app.advance(0.35)
    #expect(app.frame[nameX + 15, row].style.attributes.contains(.strikethrough))
    #expect(!app.lines[row].contains("✦"))
  }

  @Test func reduceMotionSwapsTheSparksForACalmStrike() {
    let app = Harness(reduceMotion: true)
    app.add("Chocolate digestives")
    app.select("Chocolate digestives")
    app.press(.character(" "))
    let row = app.row(of: "Chocolate")!
    let nameX = Layout(app.size).cardLeft + 6
    #expect(!app.lines[row].contains("✦") && !app.lines[row].contains("✧"))
    #expect(app.frame[nameX + 15, row].style.attributes.contains(.strikethrough))
    app.advance(0.6)
    #expect(app.names(app.gotIt) == ["Chocolate digestives"])
  }

  @Test func pressingSpaceAgainWhileItWaitsTakesTheTickBack() throws {
    let app = Harness()
    app.add("Milk", "Bread")
    app.select("Milk")
    app.press(.character(" "))
    app.press(.character(" "))
    app.advance(1)
    #expect(app.gotIt.isEmpty)
    #expect(try app.store.items().allSatisfy { $0.checkedAt == nil })
  }

  @Test func selectingAGotItItemAndPressingSpaceRestoresItToTheTop() {
    let app = Harness()
    app.add("Milk", "Bread")
    app.select("Milk")
    app.press(.character(" "))
    app.advance(0.6)
    app.select("Milk")
    #expect(app.hint.contains("restore"))
    app.press(.character(" "))
    #expect(app.names(app.toGet) == ["Milk", "Bread"])
    #expect(app.gotIt.isEmpty)
  }

  @Test func enterOnAnEmptyBarTicksTheSelectedItem() {
    let app = Harness()
    app.add("Milk")
    app.select("Milk")
    app.press(.enter)
    app.advance(0.6)
    #expect(app.names(app.gotIt) == ["Milk"])
  }

  @Test func checkingOffTheLastItemCelebratesAllDone() {
    let app = Harness()
    app.add("Milk", "Bread")
    app.select("Bread")
    app.press(.character(" "), .character(" "))  // tick, untick
    app.press(.character(" "))
    app.press(.down, .character(" "))
    #expect(!app.screen.contains("All done!"))
    app.advance(0.6)
    #expect(app.screen.contains("🎉 All done! 🎉"))
    app.advance(TUITiming.celebration + 0.01)
    #expect(!app.screen.contains("All done!"))
    #expect(app.screen.contains("Nothing left to get"))
  }

  @Test func ticksWithoutASelectionAskForOne() {
    let app = Harness()
    app.add("Milk")
    app.press(.control("x"))
    #expect(app.screen.contains("Select an item with ↑ ↓ first"))
    app.advance(TUITiming.toast)
    #expect(!app.screen.contains("Select an item"))
  }
}

extension Harness {
  var hint: String { lines[Layout(size).hintRow] }
}
