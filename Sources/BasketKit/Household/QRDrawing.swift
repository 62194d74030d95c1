/// A QR code's modules: `width` × `width`, row by row, `true` for dark.
public struct QRMatrix: Equatable, Sendable {
  public var width: Int
  public var dark: [Bool]

  public init(width: Int, dark: [Bool]) {
    precondition(dark.count == width * width, "a QR matrix is width × width")
    self.width = width
    self.dark = dark
  }

  /// Whether the module at (`row`, `column`) is dark; the quiet zone around the code is light.
  public func isDark(_ row: Int, _ column: Int) -> Bool {
    guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
    return dark[row * width + column]
  }
}

/// Draws a QR code for a terminal and for a page.
public enum QRDrawing {
  /// The light border a reader needs around the code, in modules (ISO/IEC 18004 asks for 4).
  public static let quietZone = 4

  /// The code in Unicode half blocks, two rows of modules a line, so it needs no colours and
  /// survives `NO_COLOR` and copying. Light modules are drawn (█ ▀ ▄) and dark ones left blank,
  /// as `qrencode -t UTF8` does: on a terminal's dark background the code reads the right way
  /// round, and phone cameras read it inverted on a light one.
  public static func halfBlocks(_ matrix: QRMatrix) -> String {
    let range = -quietZone..<(matrix.width + quietZone)
    var lines: [String] = []
    var row = range.lowerBound
    while row < range.upperBound {
      var line = ""
      for column in range {
        let top = !matrix.isDark(row, column)
        let bottom = row + 1 < range.upperBound && !matrix.isDark(row + 1, column)
        line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
      }
      lines.append(line)
      row += 2
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The code as an SVG image, one path of dark squares on a light background with its quiet
  /// zone, scaled by the page (`viewBox` in modules).
  public static func svg(_ matrix: QRMatrix, label: String) -> String {
    let size = matrix.width + 2 * quietZone
    var path = ""
    for row in 0..<matrix.width {
      for column in 0..<matrix.width where matrix.isDark(row, column) {
        path += "M\(column + quietZone) \(row + quietZone)h1v1h-1z"
      }
    }
    return
      ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(size) \##(size)" role="img" aria-label="\##(Markup.escaped(label))" shape-rendering="crispEdges"><rect width="\##(size)" height="\##(size)" fill="#fff"/><path d="\##(path)" fill="#000"/></svg>"##
  }
}
