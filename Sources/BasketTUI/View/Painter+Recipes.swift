import BasketKit

extension Painter {
  /// The recipes panel over the list: the saved recipes (the picked one marked), or one
  /// recipe's ingredient lines as written, uncertain ones marked "?". Recipe text goes through
  /// `Frame.put`, which draws no control characters.
  mutating func paintRecipes(_ panel: RecipePanel) {
    let box = tallPanel
    let (top, inner, rows) = (box.top, box.inner, box.rows)
    if let recipe = panel.detail {
      var lines: [(String, Style)] = []
      let serves = panel.servings.map { "serves \($0) (+ −)" }
      let facts = [serves ?? recipe.yields, recipe.totalTime.map { "\($0) min" }].compactMap { $0 }
      if !facts.isEmpty { lines.append((facts.joined(separator: " · "), theme.panelSoft)) }
      let shown = zip(recipe.ingredients, panel.shownLines).dropFirst(panel.scroll)
      for (line, text) in shown {
        let mark = line.uncertain ? "? " : "• "
        lines.append((mark + text, line.uncertain ? theme.panelKey : theme.panelText))
      }
      let footer = "Enter add to list · Esc back"
      self.panel(box, title: recipe.title, footer: footer)
      for (offset, line) in lines.prefix(rows).enumerated() {
        frame.put(
          TextWidth.truncate(line.0, toWidth: inner.width), x: inner.left, y: top + 1 + offset,
          style: line.1)
      }
      return
    }
    let count = panel.summaries.count
    let footer = count == 0 ? "Esc close" : "Enter open · Esc close"
    self.panel(box, title: "Recipes", footer: footer)
    guard rows > 0 else { return }
    if !panel.loaded { return }
    if count == 0 {
      let empty = Self.wrap(
        "No saved recipes yet. Import one with 'basket recipe import FILE --save' or in the web app.",
        width: inner.width)
      for (offset, line) in empty.prefix(rows).enumerated() {
        frame.put(line, x: inner.left, y: top + 1 + offset, style: theme.panelSoft)
      }
      return
    }
    // Keep the picked recipe in view.
    let first = max(0, min(panel.picked - rows + 1, count - rows))
    for (offset, summary) in panel.summaries.dropFirst(first).prefix(rows).enumerated() {
      let index = first + offset
      let picked = index == panel.picked
      let y = top + 1 + offset
      let noun = summary.ingredientCount == 1 ? "ingredient" : "ingredients"
      let meta = " \(summary.ingredientCount) \(noun)"
      let style = picked ? theme.pillPicked : theme.panelText
      if picked { frame.fill(x: inner.left - 1, y: y, width: inner.width + 2, style: style) }
      let titleWidth = max(1, inner.width - 2 - TextWidth.of(meta))
      let used = frame.put(
        (picked ? "▸ " : "  ") + TextWidth.truncate(summary.title, toWidth: titleWidth),
        x: inner.left, y: y, style: style)
      if inner.left + used + TextWidth.of(meta) <= inner.left + inner.width {
        frame.put(
          meta, x: inner.left + inner.width - TextWidth.of(meta), y: y,
          style: picked ? style : theme.panelSoft)
      }
    }
  }
}

/// Where a tall panel over the list goes (the recipes, the week): centered on the card, at
/// most 60 columns wide, from the first row down to the hint row.
struct TallPanel {
  let x: Int
  let width: Int
  let top: Int
  let height: Int

  /// Where text goes: two columns in from each side.
  var inner: (left: Int, width: Int) { (x + 2, width - 4) }
  /// How many rows of text fit inside the border.
  var rows: Int { max(0, height - 2) }
}

extension Painter {
  /// The tall panel's place on this screen.
  var tallPanel: TallPanel {
    let width = min(layout.cardWidth, 60)
    let area = 1..<layout.hintRow
    return TallPanel(
      x: layout.cardLeft + (layout.cardWidth - width) / 2, width: width, top: area.lowerBound,
      height: area.count)
  }

  /// Draws `box`'s card and border with `title` and `footer`.
  mutating func panel(_ box: TallPanel, title: String, footer: String?) {
    panel(x: box.x, y: box.top, width: box.width, height: box.height, title: title, footer: footer)
  }
}
