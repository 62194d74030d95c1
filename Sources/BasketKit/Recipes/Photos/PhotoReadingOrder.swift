/// A run of words on one line of a page: a Tesseract line, or the part of one on one side of
/// a wide gap.
public struct PhotoSegment: Equatable, Hashable, Sendable {
  public var words: [PhotoWord]
  public var box: PhotoBox
  /// The median height of its words: the line's height, which a tilted photo doesn't inflate
  /// as it does the box's.
  public var height: Int

  public init(words: [PhotoWord]) {
    self.words = words
    box = words.dropFirst().reduce(
      words.first?.box ?? PhotoBox(left: 0, top: 0, width: 0, height: 0)
    ) {
      $0.union($1.box)
    }
    height = PhotoReadingOrder.median(words.map(\.box.height))
  }

  public var text: String { words.map(\.text).joined(separator: " ") }
}

/// Puts a page's words back in reading order by a recursive XY-cut.
///
/// Each Tesseract line is split where a gap between words is wider than twice the line's
/// height (a line Tesseract ran across a gutter). The segments are then cut apart: at the
/// widest vertical gutter (an x range no segment touches) of at least 1.5 times the median
/// line height, left before right, so the ingredients beside the method on a card never
/// interleave with it; else at the widest horizontal gap, top before bottom; a set that cannot
/// be cut is read top to bottom.
public enum PhotoReadingOrder {
  /// A word gap wider than this many line heights splits a line.
  public static let lineSplitGap = 2.0
  /// A vertical gutter at least this many median line heights wide splits columns.
  public static let gutterWidth = 1.5

  /// The page's segments, in reading order.
  public static func segments(_ words: [PhotoWord]) -> [PhotoSegment] {
    let segments = split(lines(words))
    guard !segments.isEmpty else { return [] }
    let gutter = Double(median(segments.map(\.height))) * gutterWidth
    var ordered: [PhotoSegment] = []
    var pending: [[PhotoSegment]] = [segments]  // NB: a stack, not recursion: no depth limit
    while let set = pending.popLast() {
      if set.count > 1, let (first, second) = verticalCut(set, minimum: max(1, gutter)) {
        pending.append(second)
        pending.append(first)
      } else if set.count > 1, let (first, second) = horizontalCut(set) {
        pending.append(second)
        pending.append(first)
      } else {
        ordered += set.sorted { ($0.box.top, $0.box.left) < ($1.box.top, $1.box.left) }
      }
    }
    return ordered
  }

  /// Tesseract's lines, in the order first met, each with its words left to right.
  static func lines(_ words: [PhotoWord]) -> [[PhotoWord]] {
    struct Key: Hashable {
      var block: Int
      var paragraph: Int
      var line: Int
    }
    var index: [Key: Int] = [:]
    var lines: [[PhotoWord]] = []
    for word in words {
      let key = Key(block: word.block, paragraph: word.paragraph, line: word.line)
      if let at = index[key] {
        lines[at].append(word)
      } else {
        index[key] = lines.count
        lines.append([word])
      }
    }
    return lines.map { $0.sorted { $0.box.left < $1.box.left } }
  }

  /// Lines split at gaps wider than `lineSplitGap` line heights.
  static func split(_ lines: [[PhotoWord]]) -> [PhotoSegment] {
    var segments: [PhotoSegment] = []
    for line in lines where !line.isEmpty {
      let limit = Double(median(line.map(\.box.height))) * lineSplitGap
      var run: [PhotoWord] = [line[0]]
      var right = line[0].box.right
      for word in line.dropFirst() {
        if Double(word.box.left - right) > limit {
          segments.append(PhotoSegment(words: run))
          run = []
        }
        run.append(word)
        right = max(right, word.box.right)
      }
      segments.append(PhotoSegment(words: run))
    }
    return segments
  }

  /// The set split at its widest vertical gutter at least `minimum` wide, left part first.
  static func verticalCut(_ set: [PhotoSegment], minimum: Double) -> (
    [PhotoSegment], [PhotoSegment]
  )? {
    guard let at = widestGap(set.map { ($0.box.left, $0.box.right) }, minimum: minimum) else {
      return nil
    }
    return (set.filter { $0.box.left < at }, set.filter { $0.box.left >= at })
  }

  /// The set split at its widest horizontal gap, top part first.
  static func horizontalCut(_ set: [PhotoSegment]) -> ([PhotoSegment], [PhotoSegment])? {
    guard let at = widestGap(set.map { ($0.box.top, $0.box.bottom) }, minimum: 1) else {
      return nil
    }
    return (set.filter { $0.box.top < at }, set.filter { $0.box.top >= at })
  }

  /// Where the widest uncovered stretch between the intervals ends, when it is at least
  /// `minimum` long (ties go to the first).
  static func widestGap(_ intervals: [(Int, Int)], minimum: Double) -> Int? {
    let sorted = intervals.sorted { $0.0 < $1.0 }
    guard var reach = sorted.first?.1 else { return nil }
    var best: (width: Int, end: Int)?
    for (start, end) in sorted.dropFirst() {
      let width = start - reach
      if Double(width) >= minimum, width > (best?.width ?? 0) { best = (width, start) }
      reach = max(reach, end)
    }
    return best?.end
  }

  static func median(_ values: [Int]) -> Int {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}
