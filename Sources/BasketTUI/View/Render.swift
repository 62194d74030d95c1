import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws the state into a fresh frame of `size`. Pure: the same state and size always give
/// the same cells. Cost: one pass over the visible rows (never the whole list).
public func render(_ state: AppState, size: Size) -> Frame {
  var painter = Painter(state: state, size: size)
  painter.paint()
  return painter.frame
}

/// Paints one frame. Each part of the screen has its own method (see the `Painter+…` files).
struct Painter {
  let state: AppState
  let layout: Layout
  let theme: Theme
  let mood: DayMood
  /// The emoji the terminal draws; item emoji outside it show as a fallback.
  let emojiRepertoire: EmojiRepertoire
  /// The sections as drawn, computed once per frame (sorting them is the costliest step).
  let sections: ListSections
  var frame: Frame

  init(state: AppState, size: Size) {
    self.state = state
    sections = state.sections
    layout = Layout(size)
    theme = Theme(state.settings.colorMode)
    mood = DayMood(date: state.now, timeZone: state.settings.timeZone)
    emojiRepertoire = state.settings.emoji.repertoire
    frame = Frame(size: size, fill: Cell(" ", style: theme.backdrop))
  }

  var size: Size { layout.size }
  var reduceMotion: Bool { state.settings.reduceMotion }

  mutating func paint() {
    guard size.width > 0, size.height > 0 else { return }
    guard !layout.isTooSmall else { return paintTooSmall() }
    paintBackdrop()
    if let start = state.flourishStart {
      return paintFlourish(elapsed: state.now.timeIntervalSince(start))
    }
    paintHeader()
    if sections.isEmpty {
      if state.loaded { paintEmptyState() }
    } else {
      paintList(sections)
    }
    if let celebration = state.celebration {
      paintCelebration(elapsed: state.now.timeIntervalSince(celebration))
    }
    paintToast()
    paintChips()
    paintAddBar()
    paintHint()
    switch state.mode {
    case .help: paintHelp()
    case .quantity(let editor): paintQuantityEditor(editor)
    case .recipes(let panel): paintRecipes(panel)
    case .week(let panel): paintWeek(panel)
    case .list, .rename, .note: break
    }
  }

  // MARK: - Shared pieces

  mutating func paintBackdrop(rows: Range<Int>? = nil) {
    guard let dot = theme.backdropDot else { return }
    for y in rows ?? 0..<size.height {
      for x in 0..<size.width where x % 4 == (y % 2) * 2 {
        frame.set(x: x, y: y, cell: Cell(dot, style: theme.backdrop))
      }
    }
  }

  /// Writes `text` centred in `width` columns from `x`.
  @discardableResult
  mutating func centred(_ text: String, x: Int, y: Int, width: Int, style: Style) -> Int {
    let fitted = TextWidth.truncate(text, toWidth: width)
    let start = x + max(0, (width - TextWidth.of(fitted)) / 2)
    frame.put(fitted, x: start, y: y, style: style)
    return start
  }

  /// A card: rows filled with `style`.
  mutating func card(x: Int, y: Int, width: Int, height: Int, style: Style) {
    for row in y..<(y + height) { frame.fill(x: x, y: row, width: width, style: style) }
  }

  /// A framed panel over whatever is below it: a rounded border in its own colour, `title`
  /// in the top border and `footer` at the right of the bottom one (each cut to fit).
  mutating func panel(x: Int, y: Int, width: Int, height: Int, title: String, footer: String?) {
    guard width >= 4, height >= 2 else { return }
    card(x: x, y: y, width: width, height: height, style: theme.panel)
    let right = x + width - 1
    let bottom = y + height - 1
    let rule = String(repeating: "─", count: width - 2)
    frame.put("╭" + rule + "╮", x: x, y: y, style: theme.panelBorder)
    frame.put("╰" + rule + "╯", x: x, y: bottom, style: theme.panelBorder)
    for row in (y + 1)..<bottom {
      frame.put("│", x: x, y: row, style: theme.panelBorder)
      frame.put("│", x: right, y: row, style: theme.panelBorder)
    }
    let fitted = TextWidth.truncate(title, toWidth: width - 6)
    if !fitted.isEmpty {
      frame.put(" \(fitted) ", x: x + 2, y: y, style: theme.panelTitle)
    }
    if let footer {
      let text = " " + TextWidth.truncate(footer, toWidth: width - 6) + " "
      frame.put(text, x: right - 1 - TextWidth.of(text), y: bottom, style: theme.panelSoft)
    }
  }

  /// Breaks `text` into lines of at most `width` columns at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if TextWidth.of(candidate) <= width {
        line = candidate
      } else {
        if !line.isEmpty { lines.append(line) }
        line = TextWidth.truncate(String(word), toWidth: width)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  // MARK: - Too small

  mutating func paintTooSmall() {
    let style = theme.isMonochrome ? Style(attributes: .bold) : theme.card
    frame = Frame(size: size, fill: Cell(" ", style: style))
    let lines = [
      "Make me bigger!",
      "Basket needs \(Layout.minimumWidth)×\(Layout.minimumHeight)",
      "(now \(size.width)×\(size.height))",
    ]
    let shown = Array(lines.prefix(size.height))
    let top = max(0, (size.height - shown.count) / 2)
    for (offset, line) in shown.enumerated() {
      centred(line, x: 0, y: top + offset, width: size.width, style: style)
    }
  }

  // MARK: - Header

  mutating func paintHeader() {
    let y = layout.headerRow
    let style = theme.header(mood.tint)
    let soft = theme.headerSoft(mood.tint)
    frame.fill(x: 0, y: y, width: size.width, style: style)
    var x = layout.margin
    x += frame.put("🧺 Basket", x: x, y: y, style: style)
    if state.listCount > 1, !state.listName.isEmpty {
      x += frame.put(" · " + state.listName, x: x, y: y, style: style)
    }
    if let accent = mood.seasonalAccent {
      frame.put(" " + accent, x: x, y: y, style: style)
    }
    let count = sections.toGet.count
    let greeting: String =
      switch mood.tint {
      case .morning: "good morning"
      case .afternoon: "good afternoon"
      case .evening: "good evening"
      case .night: "night owl hours"
      }
    let left = count == 0 ? "nothing to get" : "\(count) to get"
    var right = "\(left) · \(greeting)"
    let room = size.width - max(x, 16) - layout.margin - 1
    if TextWidth.of(right) > room { right = left }
    guard TextWidth.of(right) <= room else { return }
    let width = TextWidth.of(right)
    frame.put(right, x: size.width - layout.margin - width, y: y, style: soft)
  }
}
