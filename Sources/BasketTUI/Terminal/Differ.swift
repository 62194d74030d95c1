import BasketKit

/// Turns the change from one frame to the next into terminal output: cursor moves and SGR
/// sequences for the changed cells only.
///
/// Stateless between calls: each diff starts by assuming nothing about the cursor or the
/// current style. Cost is one pass over the cells.
public struct Differ: Sendable {
  public var colorMode: ColorMode

  public init(colorMode: ColorMode) {
    self.colorMode = colorMode
  }

  /// The bytes that turn a screen showing `old` into one showing `new`. With no `old`, or
  /// one of another size, the whole screen is cleared and drawn.
  public func diff(from old: Frame?, to new: Frame) -> [UInt8] {
    var out = Output(mode: colorMode)
    let width = new.size.width
    let full = old == nil || old!.size != new.size
    if full { out.raw("\u{1B}[0m\u{1B}[2J") }
    for y in 0..<new.size.height {
      var x = 0
      // Cells a terminal may have drawn over while writing an emoji it measures wider than
      // we do (a joined sequence drawn as separate pictures): rewritten even if unchanged.
      var forcedUntil = 0
      while x < width {
        let cell = new[x, y]
        if cell.isContinuation {
          x += 1
          continue
        }
        let span = Int(max(1, cell.width))
        if !full, x >= forcedUntil, let old, !changed(old, new, x: x, y: y, span: span) {
          x += span
          continue
        }
        let uncertain = TextWidth.isUncertain(cell.text)
        out.write(cell, x: x, y: y, screenWidth: width, uncertain: uncertain)
        if uncertain { forcedUntil = max(forcedUntil, x + TextWidth.widest(cell.text)) }
        x += span
      }
    }
    return out.bytes
  }

  private func changed(_ old: Frame, _ new: Frame, x: Int, y: Int, span: Int) -> Bool {
    for column in x..<min(x + span, new.size.width) where old[column, y] != new[column, y] {
      return true
    }
    return false
  }

  /// The bytes that show the whole of `frame` on a fresh screen: the baseline a diff is
  /// measured against.
  public func fullRedraw(_ frame: Frame) -> [UInt8] {
    diff(from: nil, to: frame)
  }

  /// Accumulates output, tracking where the terminal cursor is and which style is active.
  private struct Output {
    let mode: ColorMode
    var bytes: [UInt8] = []
    /// Where the cursor is; a nil column means "somewhere on this row".
    var cursor: (x: Int?, y: Int)?
    var style: Style?

    init(mode: ColorMode) {
      self.mode = mode
      bytes.reserveCapacity(4096)
    }

    mutating func raw(_ text: String) {
      bytes.append(contentsOf: text.utf8)
    }

    /// Writes one cell. An `uncertain` one (an emoji terminals may measure differently) is
    /// drawn over blanks, so a terminal that draws it narrower, or not at all, shows blank
    /// cells rather than what was there before.
    mutating func write(_ cell: Cell, x: Int, y: Int, screenWidth: Int, uncertain: Bool) {
      if let cursor, cursor.y == y {
        if cursor.x != x { raw("\u{1B}[\(x + 1)G") }
      } else {
        raw("\u{1B}[\(y + 1);\(x + 1)H")
      }
      if style != cell.style {
        raw(sgr(cell.style))
        style = cell.style
      }
      let width = Int(max(1, cell.width))
      if uncertain {
        raw(width == 2 ? "  " : " ")
        raw("\u{1B}[\(x + 1)G")
      }
      raw(cell.text.isEmpty ? " " : cell.text)
      let next = x + width
      // NB: Terminals disagree on the width of some emoji, and the last column leaves the
      // cursor in a pending-wrap state; re-anchor explicitly after a wide or uncertain cell
      // and after the last column.
      if next >= screenWidth || width == 2 || uncertain {
        cursor = (nil, y)
      } else {
        cursor = (next, y)
      }
    }

    func sgr(_ style: Style) -> String {
      var codes = ["0"]
      let attributes = style.attributes
      if attributes.contains(.bold) { codes.append("1") }
      if attributes.contains(.dim) { codes.append("2") }
      if attributes.contains(.italic) { codes.append("3") }
      if attributes.contains(.underline) { codes.append("4") }
      if attributes.contains(.reverse) { codes.append("7") }
      if attributes.contains(.strikethrough) { codes.append("9") }
      if let code = color(style.foreground, base: 38) { codes.append(code) }
      if let code = color(style.background, base: 48) { codes.append(code) }
      return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    func color(_ color: Color, base: Int) -> String? {
      guard case .rgb(let r, let g, let b) = color else { return nil }
      switch mode {
      case .trueColor: return "\(base);2;\(r);\(g);\(b)"
      case .palette256: return "\(base);5;\(ColorMode.paletteIndex(r, g, b))"
      case .monochrome: return nil
      }
    }
  }
}
