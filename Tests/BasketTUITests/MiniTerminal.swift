import BasketTUI

/// A small terminal that plays the differ's output back onto a grid of cells, with a width
/// rule of its own: what a real terminal does when it disagrees with us about an emoji.
///
/// Understands what the differ writes: CUP (`ESC [ row ; col H`), CHA (`ESC [ col G`), SGR
/// (ignored), erase display (`ESC [ 2 J`) and text. Like tmux, a glyph it measures as zero
/// cells is dropped, a wide glyph written over half of another wide one blanks the other half,
/// and a glyph the terminal draws as several pictures (a joined sequence it doesn't know) takes
/// the cells of each.
struct MiniTerminal {
  let width: Int
  let height: Int
  /// The cells the terminal gives a grapheme, as one or more pictures with their widths.
  let measure: (Character) -> [(String, Int)]
  private(set) var cells: [[String]]
  private var x = 0
  private var y = 0

  init(
    width: Int, height: Int, filledWith fill: String = " ",
    measure: @escaping (Character) -> [(String, Int)]
  ) {
    self.width = width
    self.height = height
    self.measure = measure
    cells = Array(repeating: Array(repeating: fill, count: width), count: height)
  }

  /// Measures like the differ does: every grapheme as one picture of its `TextWidth`.
  static func agreeing(_ character: Character) -> [(String, Int)] {
    [(String(character), TextWidth.of(character))]
  }

  /// Row `y` as text, continuation cells left out and trailing spaces removed (as
  /// `Frame.line` and `tmux capture-pane` give it).
  func line(_ row: Int) -> String {
    var text = cells[row].joined()
    while text.last == " " { text.removeLast() }
    return text
  }

  var lines: [String] { (0..<height).map(line) }

  mutating func play(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\u{1B}" {
        index = control(text, from: index)
        continue
      }
      write(character)
      index = text.index(after: index)
    }
  }

  private mutating func control(_ text: String, from start: String.Index) -> String.Index {
    var index = text.index(after: start)
    guard index < text.endIndex, text[index] == "[" else { return index }
    index = text.index(after: index)
    var parameters = ""
    while index < text.endIndex, let ascii = text[index].asciiValue, (0x30...0x3F).contains(ascii) {
      parameters.append(text[index])
      index = text.index(after: index)
    }
    guard index < text.endIndex else { return index }
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
    switch text[index] {
    case "H":
      y = (numbers.first ?? 1) - 1
      x = (numbers.count > 1 ? numbers[1] : 1) - 1
    case "G":
      x = (numbers.first ?? 1) - 1
    case "J":
      for row in 0..<height { cells[row] = Array(repeating: " ", count: width) }
    default:
      break
    }
    return text.index(after: index)
  }

  private mutating func write(_ character: Character) {
    for (picture, cellWidth) in measure(character) where cellWidth > 0 {
      guard y >= 0, y < height, x >= 0, x + cellWidth <= width else { return }
      clearHalves(at: x)
      if cellWidth == 2 { clearHalves(at: x + 1) }
      cells[y][x] = picture
      if cellWidth == 2 { cells[y][x + 1] = "" }
      x += cellWidth
    }
  }

  /// Writing into one half of a wide picture blanks the other half.
  private mutating func clearHalves(at column: Int) {
    if cells[y][column] == "", column > 0 { cells[y][column - 1] = " " }
    if column + 1 < width, cells[y][column + 1] == "" { cells[y][column + 1] = " " }
    cells[y][column] = " "
  }
}
