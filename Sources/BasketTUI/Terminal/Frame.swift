/// A terminal size in cells.
public struct Size: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// One cell of the screen: a grapheme, how many columns it takes, and its style.
///
/// A wide grapheme (an emoji, a CJK character) sits in its first cell with `width` 2; the cell
/// to its right is a continuation with `width` 0 and empty text.
public struct Cell: Hashable, Sendable {
  public var text: String
  public var width: UInt8
  public var style: Style

  public init(_ text: String = " ", width: UInt8 = 1, style: Style = .plain) {
    self.text = text
    self.width = width
    self.style = style
  }

  public var isContinuation: Bool { width == 0 }
}

/// A screenful of cells: what `render` draws and the differ compares.
public struct Frame: Equatable, Sendable {
  public let size: Size
  public private(set) var cells: [Cell]

  public init(size: Size, fill: Cell = Cell()) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    cells = Array(repeating: fill, count: self.size.width * self.size.height)
  }

  public subscript(x: Int, y: Int) -> Cell {
    cells[y * size.width + x]
  }

  public func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < size.width && y < size.height
  }

  /// Paints `width` cells of row `y` from `x` with `style` (text: a space).
  public mutating func fill(x: Int, y: Int, width: Int, style: Style, text: String = " ") {
    guard y >= 0, y < size.height else { return }
    for column in max(0, x)..<max(max(0, x), min(size.width, x + width)) {
      set(x: column, y: y, cell: Cell(text, width: 1, style: style))
    }
  }

  /// Writes `text` from column `x` of row `y`, at most `maxWidth` columns (and never past the
  /// right edge). A wide grapheme that would not fit whole becomes a space. Returns the
  /// columns written.
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, style: Style, maxWidth: Int = .max
  ) -> Int {
    guard y >= 0, y < size.height else { return 0 }
    let limit = maxWidth >= size.width ? size.width : min(size.width, x + max(0, maxWidth))
    var column = x
    for character in text {
      let width = TextWidth.of(character)
      guard width > 0 else { continue }
      guard column + width <= limit else {
        if column < limit, column >= 0 {
          set(x: column, y: y, cell: Cell(" ", width: 1, style: style))
          column += 1
        }
        break
      }
      if column >= 0 {
        set(x: column, y: y, cell: Cell(String(character), width: UInt8(width), style: style))
      }
      column += width
    }
    return max(0, column - x)
  }

  /// Changes the style of the cells in row `y` from `x`, keeping their text.
  public mutating func restyle(
    x: Int, y: Int, width: Int, _ change: (inout Style) -> Void
  ) {
    guard y >= 0, y < size.height else { return }
    for column in max(0, x)..<max(max(0, x), min(size.width, x + width)) {
      change(&cells[y * size.width + column].style)
    }
  }

  /// Places one cell, repairing any wide grapheme it cuts in half.
  public mutating func set(x: Int, y: Int, cell: Cell) {
    guard contains(x: x, y: y) else { return }
    let index = y * size.width + x
    if cells[index].isContinuation, x > 0 {
      cells[index - 1] = Cell(" ", width: 1, style: cells[index - 1].style)
    }
    if cells[index].width == 2, x + 1 < size.width {
      cells[index + 1] = Cell(" ", width: 1, style: cells[index + 1].style)
    }
    if cell.width == 2 {
      guard x + 1 < size.width else {
        cells[index] = Cell(" ", width: 1, style: cell.style)
        return
      }
      if cells[index + 1].width == 2, x + 2 < size.width {
        cells[index + 2] = Cell(" ", width: 1, style: cells[index + 2].style)
      }
      cells[index + 1] = Cell("", width: 0, style: cell.style)
    }
    cells[index] = cell
  }

  /// The frame as text, one string per row, trailing spaces removed: what tests compare.
  public var lines: [String] {
    (0..<size.height).map { line($0) }
  }

  /// Row `y` as text, trailing spaces removed.
  public func line(_ y: Int) -> String {
    var text = ""
    for x in 0..<size.width {
      let cell = self[x, y]
      if !cell.isContinuation { text += cell.text }
    }
    while text.last == " " { text.removeLast() }
    return text
  }
}
