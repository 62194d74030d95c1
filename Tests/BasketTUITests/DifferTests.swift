import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

@Suite struct DifferTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func aFirstFrameIsDrawnInFullAndAnIdenticalOneEmitsNothing() {
    var frame = Frame(size: Size(width: 10, height: 2))
    frame.put("Milk", x: 0, y: 0, style: .plain)
    let differ = Differ(colorMode: .trueColor)
    let full = text(differ.diff(from: nil, to: frame))
    #expect(full.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    #expect(full.contains("Milk"))
    #expect(differ.diff(from: frame, to: frame).isEmpty)
  }

  @Test func changingOneCellEmitsOneMoveAndThatCellOnly() {
    var old = Frame(size: Size(width: 20, height: 5))
    old.put("Bread and butter", x: 0, y: 2, style: .plain)
    var new = old
    new.put("B", x: 10, y: 3, style: Style(attributes: .bold))
    let output = text(Differ(colorMode: .trueColor).diff(from: old, to: new))
    #expect(output == "\u{1B}[4;11H\u{1B}[0;1mB")
  }

  @Test func neighbouringChangesShareOneMoveAndOneStyle() {
    let old = Frame(size: Size(width: 20, height: 3))
    var new = old
    new.put("tea", x: 4, y: 1, style: .plain)
    let output = text(Differ(colorMode: .trueColor).diff(from: old, to: new))
    #expect(output == "\u{1B}[2;5H\u{1B}[0mtea")
  }

  @Test func aChangedWideEmojiIsRedrawnWholeAndTheCursorReanchored() {
    var old = Frame(size: Size(width: 10, height: 1))
    old.put("🥛 ab", x: 0, y: 0, style: .plain)
    var new = Frame(size: Size(width: 10, height: 1))
    new.put("🧀 ab", x: 0, y: 0, style: .plain)
    new.put("c", x: 4, y: 0, style: .plain)
    let output = text(Differ(colorMode: .trueColor).diff(from: old, to: new))
    #expect(output == "\u{1B}[1;1H\u{1B}[0m🧀\u{1B}[5Gc")
  }

  @Test func coloursFollowTheColourMode() {
    var frame = Frame(size: Size(width: 4, height: 1))
    frame.put(
      "x", x: 0, y: 0, style: Style(foreground: .rgb(230, 92, 72), background: .rgb(255, 249, 232)))
    let truecolor = text(Differ(colorMode: .trueColor).fullRedraw(frame))
    #expect(truecolor.contains("38;2;230;92;72;48;2;255;249;232m"))
    let palette = text(Differ(colorMode: .palette256).fullRedraw(frame))
    #expect(palette.contains("38;5;"))
    #expect(!palette.contains(";2;"))
    let mono = text(Differ(colorMode: .monochrome).fullRedraw(frame))
    #expect(!mono.contains("38;") && !mono.contains("48;"))
  }

  @Test(arguments: [
    (UInt8(0), UInt8(0), UInt8(0), UInt8(16)), (255, 255, 255, 231), (255, 0, 0, 196),
    (128, 128, 128, 244), (255, 249, 232, 230),
  ])
  func rgbMapsToTheNearestPaletteColour(r: UInt8, g: UInt8, b: UInt8, index: UInt8) {
    #expect(ColorMode.paletteIndex(r, g, b) == index)
  }

  @Test func typingALetterWritesAFractionOfAFullRedraw() {
    let app = Harness(size: Size(width: 80, height: 24), colorMode: .trueColor)
    for name in ["Milk", "Bread", "Apples", "Cheese", "Eggs", "Juice"] { app.add(name) }
    app.type("ch")
    let before = app.frame
    app.type("o")
    let after = app.frame
    let differ = Differ(colorMode: .trueColor)
    let keystroke = differ.diff(from: before, to: after).count
    let full = differ.fullRedraw(after).count
    #expect(keystroke > 0)
    #expect(keystroke * 10 < full)
  }

  @Test func everyCellOfAFrameIsCoveredByAFullRedraw() {
    let app = Harness(colorMode: .palette256)
    app.add("Milk")
    let output = text(Differ(colorMode: .palette256).fullRedraw(app.frame))
    #expect(output.contains("🥛"))
    #expect(output.contains("Basket"))
  }
}
