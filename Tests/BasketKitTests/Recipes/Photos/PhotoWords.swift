import BasketKit
import Synchronization

/// Words laid out as Tesseract would report them, for the photo tests: each character 12 px
/// wide, words 10 px apart, lines 20 px high.
enum PhotoWords {
  /// Each line's own block number. NB: atomic, as tests run in parallel: a plain static
  /// counter raced, gave two lines one number, and merged them now and then.
  private static let lines = Atomic<Int>(0)

  /// The words of `text` as one Tesseract line starting at (`x`, `y`); `gaps` widens the gap
  /// before the word at that index to the given pixels; `confidence` gives some words' scores.
  static func line(
    _ text: String, x: Int, y: Int, height: Int = 20, block: Int? = nil,
    gaps: [Int: Int] = [:], confidence: [String: Double] = [:]
  ) -> [PhotoWord] {
    let nextLine = lines.add(1, ordering: .relaxed).newValue
    var left = x
    var words: [PhotoWord] = []
    for (index, word) in text.split(separator: " ").enumerated() {
      if index > 0 { left += gaps[index] ?? 10 }
      let width = word.count * 12
      words.append(
        PhotoWord(
          text: String(word), box: PhotoBox(left: left, top: y, width: width, height: height),
          confidence: confidence[String(word)] ?? 95, block: block ?? nextLine, paragraph: 1,
          line: 1))
      left += width
    }
    return words
  }

  /// A column of lines 30 px apart from (`x`, `y`).
  static func column(_ lines: [String], x: Int, y: Int, spacing: Int = 30) -> [PhotoWord] {
    lines.enumerated().flatMap { index, text in line(text, x: x, y: y + index * spacing) }
  }
}
