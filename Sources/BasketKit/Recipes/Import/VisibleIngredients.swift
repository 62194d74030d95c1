/// The ingredient list as the page shows it, found from the list its schema.org markup gives:
/// markup often leaves out what the page's own list writes ("popping corn" where the page
/// shows "½ cup popping corn"), or writes an amount differently, and the household should get
/// what the page shows.
///
/// Cost: one pass over the page's short blocks per place the first marked line could start,
/// each block's words read once; a few hundred microseconds on a large page.
enum VisibleIngredients {
  /// A line the page shows, from one block, one of a block's lines, or a row of cells.
  struct Line: Equatable {
    var text: String
    /// A heading between the lines (an ingredient group's), not an ingredient.
    var isHeading: Bool
    /// Which marked line this one shows (nil for a heading the markup leaves out). A marked
    /// line the page shows as a heading is one: the markup lists the group's title.
    var marked: Int?

    init(text: String, isHeading: Bool, marked: Int? = nil) {
      self.text = text
      self.isHeading = isHeading
      self.marked = marked
    }
  }

  /// The page's own lines for `marked`, in order, with the group headings between them: nil
  /// unless the page shows every marked line, in order, as one line that holds its words (a
  /// heading or two, or a stray block, may come between).
  static func lines(for marked: [String], in blocks: [PageBlock]) -> [Line]? {
    let wanted = marked.map { Words($0) }
    guard !wanted.isEmpty, wanted.count <= 300 else { return nil }
    let candidates = Candidates(blocks)
    var start = 0
    while start < candidates.count {
      defer { start += 1 }
      guard candidates.holds(start, wanted[0], before: nil) != nil else { continue }
      if let found = walk(from: start, wanted, candidates) { return found }
    }
    return nil
  }

  private static func walk(from start: Int, _ wanted: [Words], _ candidates: Candidates) -> [Line]?
  {
    var found: [Line] = []
    /// Where each marked line was found, and how many lines it took.
    var places: [(line: Int, at: Int, used: Int)] = []
    var index = start
    var skipped = 0
    var next = 0
    while next < wanted.count {
      guard index < candidates.count, skipped <= 3 else { return nil }
      let after = next + 1 < wanted.count ? wanted[next + 1] : nil
      if let (text, used) = candidates.holds(index, wanted[next], before: after) {
        places.append((found.count, index, used))
        found.append(Line(text: text, isHeading: false, marked: next))
        next += 1
        index += used
        skipped = 0
        continue
      }
      if next > 0, let heading = candidates.heading(index) {
        found.append(Line(text: heading, isHeading: true))
      } else {
        skipped += 1
      }
      index += 1
    }
    for offset in places.indices.dropLast() {
      let place = places[offset]
      let before = offset > 0 ? places[offset - 1] : nil
      if !wanted[offset].text.contains(where: \.isNumber),
        candidates.titles(place.at, used: place.used, before: before, after: places[offset + 1])
      {
        found[place.line].isHeading = true
      }
    }
    return found
  }

  /// The words of a line that tell it apart: its letters, lowercased, in runs of two or more.
  struct Words {
    let words: Set<String>
    let text: String

    init(_ text: String) {
      self.text = text
      words = Self.letterRuns(text)
    }

    init(union parts: [Words]) {
      text = parts.map(\.text).joined(separator: " ")
      words = parts.reduce(into: Set<String>()) { $0.formUnion($1.words) }
    }

    /// The runs of two or more letters, lowercased. NB: by Unicode scalar, ASCII first:
    /// a page's every short block goes through here.
    private static func letterRuns(_ text: String) -> Set<String> {
      var words: Set<String> = []
      var current = String.UnicodeScalarView()
      var count = 0
      func flush() {
        if count >= 2 { words.insert(String(current)) }
        current = String.UnicodeScalarView()
        count = 0
      }
      for scalar in text.unicodeScalars {
        let value = scalar.value
        if value < 0x80 {
          if value >= 0x61 && value <= 0x7A {
            current.append(scalar)
            count += 1
          } else if value >= 0x41 && value <= 0x5A {
            current.append(Unicode.Scalar(value + 32)!)
            count += 1
          } else {
            flush()
          }
        } else if scalar.properties.isAlphabetic
          || scalar.properties.generalCategory == .nonspacingMark
        {
          current.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
          count += 1
        } else {
          flush()
        }
      }
      flush()
      return words
    }

    /// Whether `visible` shows this line: holds at least three in four of its words and is not
    /// much longer (a sentence of the method that names the food is not the line).
    func isShown(in visible: Words) -> Bool {
      guard !words.isEmpty else { return false }
      let held = words.filter { visible.words.contains($0) }.count
      return held * 4 >= words.count * 3 && visible.words.count <= words.count * 2 + 4
    }
  }

  /// The page's short blocks as lines to match, each one's words read when first asked.
  private final class Candidates {
    private var texts: [String] = []
    private var parents: [Int] = []
    private var kinds: [PageBlock.Kind] = []
    private var styles: [Int] = []
    private var bold: [Bool] = []
    private var words: [Words?] = []

    init(_ blocks: [PageBlock]) {
      for block in blocks where block.text.utf8.count <= 400 {
        // NB: a list item's inner lines are its cells ("16 cl" and "gin, Beefeater"): whole.
        var lines = block.lines.isEmpty ? [block.text] : block.lines
        if case .listItem = block.kind { lines = [block.text] }
        // NB: a block read whole is bold when all its lines are (a block of one line: line 0).
        let wholeBold = block.boldLines.count == max(1, block.lines.count)
        for (offset, line) in lines.enumerated() {
          texts.append(line)
          parents.append(lines.count == 1 ? block.parent : 0)
          kinds.append(block.kind)
          styles.append(block.style)
          bold.append(lines.count == 1 ? wholeBold : block.boldLines.contains(offset))
        }
      }
      words = Array(repeating: nil, count: texts.count)
    }

    /// Whether the line at `index`, found for a marked line that names no amount, is shown as
    /// the title of the lines after it rather than as one of them: a heading element, a line
    /// wholly in bold between lines that aren't, or a line whose element's class differs
    /// from the class its neighbours share. (Lines that took several cells of a row are never
    /// titles: cells are styled apart.)
    func titles(
      _ index: Int, used: Int, before: (line: Int, at: Int, used: Int)?,
      after: (line: Int, at: Int, used: Int)
    ) -> Bool {
      guard used == 1, after.used == 1 else { return false }
      if case .heading = kinds[index] { return texts[index].count <= 60 }
      if bold[index] {
        // NB: a page that sets every food in bold sets a line without an amount wholly so.
        return !bold[after.at] && !(before.map { bold[$0.at] } ?? false)
      }
      let style = styles[after.at]
      return styles[index] != style && kinds[index] == kinds[after.at]
        && before.map { $0.used == 1 && styles[$0.at] == style } ?? true
    }

    var count: Int { texts.count }

    private func words(_ index: Int) -> Words {
      if let known = words[index] { return known }
      let made = Words(texts[index])
      words[index] = made
      return made
    }

    /// The line at `index` when it shows `wanted`, alone or with the cells after it in its
    /// row (blocks with one parent: "½ cup" beside "popping corn"), and how many lines it
    /// took. A cell that shows `next`, the line after, is that line's, not this one's.
    func holds(_ index: Int, _ wanted: Words, before next: Words?) -> (String, Int)? {
      var cells = [texts[index]]
      if case .text = kinds[index], parents[index] != 0 {
        var end = index + 1
        while end < texts.count, cells.count < 4, parents[end] == parents[index],
          kinds[end] == kinds[index], !(next?.isShown(in: words(end)) ?? false)
        {
          cells.append(texts[end])
          end += 1
        }
        while cells.count > 1, !wanted.isShown(in: shownWords(index, cells.count)) {
          cells.removeLast()
        }
      }
      guard wanted.isShown(in: shownWords(index, cells.count)) else { return nil }
      return (RecipeText.ingredientLine(Self.row(cells)), cells.count)
    }

    /// The words of `count` lines from `index` together.
    private func shownWords(_ index: Int, _ count: Int) -> Words {
      count == 1 ? words(index) : Words(union: (index..<(index + count)).map(words))
    }

    /// A row's cells as one line, its amount first: ["Kritharaki", "275 g"] is "275 g
    /// Kritharaki", as a cook writes it.
    static func row(_ cells: [String]) -> String {
      guard cells.count == 2, let first = cells[0].first, !first.isNumber,
        let second = cells[1].first, second.isNumber || "½¼¾⅓⅔⅛".contains(second)
      else { return cells.joined(separator: " ") }
      return cells[1] + " " + cells[0]
    }

    /// The line at `index` when it reads as an ingredient group's heading.
    func heading(_ index: Int) -> String? {
      let text = texts[index]
      switch kinds[index] {
      case .heading:
        return text.count <= 60 && !text.contains(where: \.isNumber) ? text : nil
      default:
        return IngredientLineParser.heading(in: text)
      }
    }
  }
}
