import BasketKit

extension Painter {
  /// The week panel over the list: a row a day, the day's name in the first column (today's
  /// marked "▸" and bold), its meals beside it. Recipe titles go through `Frame.put`, which
  /// draws no control characters.
  mutating func paintWeek(_ panel: WeekPanel) {
    let box = tallPanel
    let (top, inner, rows) = (box.top, box.inner, box.rows)
    self.panel(box, title: panel.title, footer: "← → weeks · T this week · Esc close")
    guard rows > 0, panel.plan != nil else { return }
    let dayWidth = 14  // "▸ ", "Wed 30 Sep" and a space
    let planned = panel.rows
    for (offset, row) in planned.dropFirst(panel.scroll).prefix(rows).enumerated() {
      let y = top + 1 + offset
      let mark = row.today && !row.day.isEmpty ? "▸ " : "  "
      frame.put(
        mark + row.day, x: inner.left, y: y, style: row.today ? theme.panelKey : theme.panelText,
        maxWidth: dayWidth)
      frame.put(
        TextWidth.truncate(row.text, toWidth: max(1, inner.width - dayWidth)),
        x: inner.left + dayWidth, y: y, style: row.soft ? theme.panelSoft : theme.panelText)
    }
    if planned.allSatisfy({ $0.soft && $0.text == "—" }), rows > 8 {
      let hint = "Nothing planned: basket plan add RECIPE --on DATE, or the web app's Week"
      for (offset, line) in Self.wrap(hint, width: inner.width).prefix(rows - 8).enumerated() {
        frame.put(line, x: inner.left, y: top + 9 + offset, style: theme.panelSoft)
      }
    }
  }
}
