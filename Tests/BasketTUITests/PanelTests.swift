import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

/// The help screen and the quantity editor are framed panels over the list.
@Suite struct PanelTests {
  /// Where a panel's frame sits on the screen: its corners' rows and columns.
  struct Box {
    var top: Int
    var bottom: Int
    var left: Int
    var right: Int
  }

  /// Finds the panel's box by its corners; nil when there is no frame.
  static func box(in frame: Frame) -> Box? {
    for y in 0..<frame.size.height {
      for x in 0..<frame.size.width where frame[x, y].text == "╭" {
        guard
          let right = (x + 1..<frame.size.width).first(where: { frame[$0, y].text == "╮" }),
          let bottom = (y + 1..<frame.size.height).first(where: { frame[x, $0].text == "╰" })
        else { return nil }
        return Box(top: y, bottom: bottom, left: x, right: right)
      }
    }
    return nil
  }

  /// The text inside the box, row by row, without the side borders (trailing spaces kept
  /// out).
  static func inside(_ box: Box, of frame: Frame) -> [String] {
    (box.top + 1..<box.bottom).map { y in
      var text = ""
      for x in box.left + 1..<box.right where !frame[x, y].isContinuation {
        text += frame[x, y].text
      }
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// Checks the frame is whole: corners, edges and sides all drawn.
  static func expectFramed(
    _ box: Box, in frame: Frame, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(frame[box.right, box.bottom].text == "╯", sourceLocation: sourceLocation)
    for y in [box.top, box.bottom] {
      #expect(frame[box.left + 1, y].text == "─", "row \(y)", sourceLocation: sourceLocation)
      #expect(frame[box.right - 1, y].text == "─", "row \(y)", sourceLocation: sourceLocation)
    }
    for y in box.top + 1..<box.bottom {
      #expect(frame[box.left, y].text == "│", "row \(y)", sourceLocation: sourceLocation)
      #expect(frame[box.right, y].text == "│", "row \(y)", sourceLocation: sourceLocation)
    }
  }

  private func listOf(_ count: Int, size: Size = Size(width: 60, height: 20)) -> Harness {
    let app = Harness(size: size, colorMode: .trueColor)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    for n in 0..<count { app.add("Thing \(letters[n])") }
    return app
  }

  /// Adds Milk to `app` and opens its quantity editor: the frame, and the editor's panel in it,
  /// checked to be whole.
  private func openQuantityEditorOnMilk(
    in app: Harness, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (frame: Frame, box: Box) {
    app.add("Milk")
    app.select("Milk")
    app.press(.control("q"))
    let frame = app.frame
    let box = try #require(Self.box(in: frame), sourceLocation: sourceLocation)
    Self.expectFramed(box, in: frame, sourceLocation: sourceLocation)
    return (frame, box)
  }

  @Test func theHelpIsAFramedPanelWithItsOwnBackgroundAndATitle() throws {
    let app = listOf(20)
    app.type("?")
    let frame = app.frame
    let box = try #require(Self.box(in: frame))
    Self.expectFramed(box, in: frame)
    #expect(app.lines[box.top].contains("╭─ Keys ─"))
    #expect(app.lines[box.bottom].contains("any key closes"))
    let inside = Self.inside(box, of: frame)
    // 23 keys; this screen has room for 16, and the bottom border says so.
    #expect(inside.count == 16)
    #expect(KeyHelp.table.count == 23)
    #expect(app.lines[box.bottom].contains("7 more"))
    #expect(inside.contains { $0.contains("^Q  F3") && $0.contains("amount") })
    #expect(!inside.joined().contains("Thing"))
    // Its own colour, not the rows': every cell inside, the border included.
    let panel = frame[box.left + 1, box.top + 1].style.background
    let row = app.frame[Layout(app.size).cardLeft + 1, Layout(app.size).listTop + 1]
    #expect(panel != row.style.background)
    for y in box.top...box.bottom {
      for x in box.left...box.right {
        #expect(frame[x, y].style.background == panel, "cell \(x),\(y)")
      }
    }
  }

  @Test(arguments: [40, 60, 64, 72, 80, 120])
  func everyKeysWordsShowWholeInsideTheFrameAtAnyWidth(width: Int) throws {
    let app = listOf(3, size: Size(width: width, height: 44))
    app.type("?")
    let frame = app.frame
    let box = try #require(Self.box(in: frame))
    Self.expectFramed(box, in: frame)
    #expect(box.left >= 0 && box.right < width)
    let inside = Self.inside(box, of: frame).joined(separator: " ")
      .split(separator: " ").joined(separator: " ")
    #expect(!inside.contains("…"), "nothing cut at \(width) columns")
    for (key, words) in KeyHelp.table {
      #expect(inside.contains(words), "\(key): \(words) at \(width) columns")
    }
    #expect(app.lines[box.bottom].contains("any key closes"))
  }

  @Test func helpLinesBreakBetweenWords() {
    #expect(
      TextWidth.wrap("walking order of the current shop", toWidth: 20) == [
        "walking order of the", "current shop",
      ])
    #expect(TextWidth.wrap("a verylongword", toWidth: 5).count == 2)
    #expect(TextWidth.wrap("a verylongword", toWidth: 5).allSatisfy { TextWidth.of($0) <= 5 })
    #expect(TextWidth.wrap("", toWidth: 5) == [""])
  }

  @Test func theHelpIsClippedOnASmallTerminalAndSaysHowManyKeysAreHidden() throws {
    let app = listOf(8, size: Size(width: 30, height: 10))
    app.type("?")
    let frame = app.frame
    let box = try #require(Self.box(in: frame))
    Self.expectFramed(box, in: frame)
    #expect(box.top >= 1 && box.bottom < Layout(app.size).hintRow)
    #expect(box.left >= 0 && box.right < 30)
    let rows = Self.inside(box, of: frame)
    #expect(rows.count == box.bottom - box.top - 1)
    // A key starts a row; its description may wrap onto the rows after it.
    let shown = rows.filter { $0.dropFirst().first.map { $0 != " " } ?? false }.count
    #expect(shown >= 1 && shown < rows.count, "\(rows)")
    #expect(app.lines[box.bottom].contains("\(KeyHelp.table.count - shown) more"), "\(app.lines)")
    // The bottom border holds only its footer: no wrapped description ran over it.
    let border = (box.left...box.right).map { frame[$0, box.bottom].text }.joined()
    let footer = border.filter { !"╰╯─ ".contains($0) }
    #expect(
      ["\(KeyHelp.table.count - shown)more·anykey", "\(KeyHelp.table.count - shown)more"].contains(
        footer), "\(border)")
    #expect(app.hint.contains("Esc close"))
  }

  @Test func theQuantityEditorIsAFramedPanelTitledWithTheItem() throws {
    let app = listOf(12)
    let (frame, box) = try openQuantityEditorOnMilk(in: app)
    #expect(app.lines[box.top].contains("╭─ Amount for 🥛 Milk ─"))
    let inside = Self.inside(box, of: frame)
    #expect(inside.contains { $0.contains(" ml ") && $0.contains(" units") })
    #expect(inside.contains { $0.contains("500 ml") && $0.contains("−") })
    #expect(inside.contains { $0.contains("Exact:") })
    #expect(!inside.joined().contains("Thing"))
    let panel = frame[box.left + 1, box.top + 1].style.background
    #expect(
      panel != frame[Layout(app.size).cardLeft + 1, Layout(app.size).listTop + 1].style.background)
  }

  @Test(arguments: [
    Size(width: 30, height: 10), Size(width: 34, height: 12), Size(width: 80, height: 24),
  ])
  func theQuantityEditorKeepsEveryControlOnAnySize(size: Size) throws {
    let app = listOf(3, size: size)
    let (frame, box) = try openQuantityEditorOnMilk(in: app)
    #expect(box.bottom < Layout(size).addBarRow)
    let inside = Self.inside(box, of: frame)
    #expect(inside.contains { $0.contains(" ml ") && $0.contains(" units") })
    #expect(inside.contains { $0.contains("−") && $0.contains("+") })
    #expect(inside.contains { $0.contains("Exact:") })
  }

  @Test func inMonochromeTheBorderAloneSetsThePanelApart() throws {
    let app = Harness(size: Size(width: 60, height: 20), colorMode: .monochrome)
    app.add("Milk")
    app.type("?")
    let box = try #require(Self.box(in: app.frame))
    Self.expectFramed(box, in: app.frame)
  }
}
