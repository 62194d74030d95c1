/// A rectangle on a page image, in pixels from its top left corner.
public struct PhotoBox: Equatable, Hashable, Sendable, Codable {
  public var left: Int
  public var top: Int
  public var width: Int
  public var height: Int

  public init(left: Int, top: Int, width: Int, height: Int) {
    self.left = left
    self.top = top
    self.width = width
    self.height = height
  }

  public var right: Int { left + width }
  public var bottom: Int { top + height }

  /// The smallest box holding both.
  public func union(_ other: PhotoBox) -> PhotoBox {
    let left = min(self.left, other.left)
    let top = min(self.top, other.top)
    return PhotoBox(
      left: left, top: top, width: max(right, other.right) - left,
      height: max(bottom, other.bottom) - top)
  }
}

/// One word Tesseract read: its text, where it stands and how sure Tesseract was (0–100).
public struct PhotoWord: Equatable, Hashable, Sendable {
  public var text: String
  public var box: PhotoBox
  public var confidence: Double
  /// Tesseract's block, paragraph and line numbers: words sharing them share a line.
  public var block: Int
  public var paragraph: Int
  public var line: Int

  public init(
    text: String, box: PhotoBox, confidence: Double, block: Int = 0, paragraph: Int = 0,
    line: Int = 0
  ) {
    self.text = text
    self.box = box
    self.confidence = confidence
    self.block = block
    self.paragraph = paragraph
    self.line = line
  }
}

/// Reads the TSV Tesseract prints for `tesseract IMAGE stdout tsv`: a header, then one row a
/// page, block, paragraph, line and word (level 1–5) with the columns level, page_num,
/// block_num, par_num, line_num, word_num, left, top, width, height, conf, text.
///
/// The words (level 5) are kept; everything else, and any row that is not a well-formed word
/// (missing columns, a number that doesn't read, a box outside `maximumCoordinate`, empty
/// text), is skipped: the text comes from another program reading an image from outside.
public enum TesseractTSV {
  /// The largest coordinate or size believed; the adapter caps images far below it.
  public static let maximumCoordinate = 1_000_000
  /// The longest word kept, in characters; longer ones are cut.
  public static let maximumWordLength = 200

  public static func words(_ text: String) -> [PhotoWord] {
    var words: [PhotoWord] = []
    for row in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
      if let word = word(row) { words.append(word) }
    }
    return words
  }

  private static func word(_ row: Substring) -> PhotoWord? {
    let fields = row.split(separator: "\t", maxSplits: 11, omittingEmptySubsequences: false)
    guard fields.count == 12, integer(fields[0]) == 5,
      let block = integer(fields[2]), let paragraph = integer(fields[3]),
      let line = integer(fields[4]),
      let left = integer(fields[6]), let top = integer(fields[7]),
      let width = integer(fields[8]), let height = integer(fields[9]),
      let confidence = Double(fields[10].filter { $0 != " " }), confidence.isFinite
    else { return nil }
    var text = String(String(fields[11]).trimmingCharacters())
    guard !text.isEmpty else { return nil }
    if text.count > maximumWordLength { text = String(text.prefix(maximumWordLength)) }
    return PhotoWord(
      text: text, box: PhotoBox(left: left, top: top, width: width, height: height),
      confidence: min(100, max(0, confidence)), block: block, paragraph: paragraph, line: line)
  }

  /// A whole number from 0 to `maximumCoordinate`, or nil.
  private static func integer(_ field: Substring) -> Int? {
    let digits = field.filter { $0 != " " }
    guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits), value <= maximumCoordinate
    else { return nil }
    return value
  }
}
