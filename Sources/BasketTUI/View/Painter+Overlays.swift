import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The help panel's keys, in the order a newcomer needs them.
public enum KeyHelp {
  public static let table: [(key: String, does: String)] = [
    ("Type", "goes to the add bar, always"),
    ("Enter", "add (or the picked chip)"),
    ("Tab ⇧Tab ← →", "pick a suggestion chip"),
    ("↑ ↓ PgUp PgDn", "select an item"),
    ("Space Enter", "tick off / restore (bar empty)"),
    ("^X", "tick off / restore, any time"),
    ("^Q  F3", "amount: unit, −/+, exact"),
    ("^R  F2", "rename in place"),
    ("^N  F7", "a note on the item"),
    ("^K", "Clear all (Got it)"),
    ("Del  F8", "remove (^Z brings it back)"),
    ("^T  F9", "show the next list"),
    ("^Z", "undo remove or Clear all"),
    ("^G  F5", "walking order of the current shop"),
    ("Alt-↑ ↓  ⇧Alt", "move an item, ⇧ its aisle"),
    ("^A  F10", "by aisle; Alt-← → moves one"),
    ("^O  F4", "recipes: browse, add to list"),
    ("^P  F6", "the week's meals (basket plan)"),
    ("^U  ^W", "clear bar / last word"),
    ("Esc", "back, deselect, clear"),
    ("?  F1", "this help (bar empty)"),
    ("^L", "redraw the screen"),
    ("^C  ^D", "quit"),
  ]
}

extension Painter {
  // MARK: - Help

  static var keyTable: [(key: String, does: String)] { KeyHelp.table }

  /// The keys in a framed panel over the list. A description too long for the panel wraps
  /// onto the next rows, inside the frame. On a short screen the panel shows the first keys
  /// that fit whole and its bottom border says how many more there are.
  mutating func paintHelp() {
    let keyWidth = Self.keyTable.map { TextWidth.of($0.0) }.max()! + 2
    let longest = Self.keyTable.map { TextWidth.of($0.1) }.max()!
    let width = min(size.width - 2 * layout.margin, keyWidth + longest + 4)
    let textWidth = max(1, width - keyWidth - 4)
    let entries = Self.keyTable.map { (key: $0.0, lines: TextWidth.wrap($0.1, toWidth: textWidth)) }
    let area = 1..<layout.hintRow
    let rowsNeeded = entries.reduce(0) { $0 + $1.lines.count }
    let height = min(area.count, rowsNeeded + 2)
    var shownEntries = 0
    var rows = 0
    for entry in entries {
      guard rows + entry.lines.count <= height - 2 else { break }
      rows += entry.lines.count
      shownEntries += 1
    }
    let x = (size.width - width) / 2
    let top = area.lowerBound + (area.count - height) / 2
    let hidden = entries.count - shownEntries
    let footers =
      hidden > 0
      ? ["\(hidden) more · any key closes", "\(hidden) more · any key", "\(hidden) more"]
      : ["any key closes"]
    let footer = footers.first { TextWidth.of($0) <= width - 6 } ?? footers.last!
    panel(x: x, y: top, width: width, height: height, title: "Keys", footer: footer)
    var y = top + 1
    for entry in entries.prefix(shownEntries) {
      frame.put(entry.key, x: x + 2, y: y, style: theme.panelKey, maxWidth: keyWidth)
      for line in entry.lines {
        frame.put(line, x: x + 2 + keyWidth, y: y, style: theme.panelText)
        y += 1
      }
    }
  }

  // MARK: - Quantity editor

  /// The quantity editor in a framed panel titled with the item: unit pills, the stepper and
  /// the exact-amount field. It sits over the list, and grows into the rows above and below
  /// the list when the list area is too short to hold it.
  mutating func paintQuantityEditor(_ editor: QuantityEditor) {
    let width = min(layout.cardWidth, 46)
    let x = layout.cardLeft + (layout.cardWidth - width) / 2
    let listArea = layout.listTop..<(layout.listTop + layout.listHeight)
    let area = listArea.count >= 5 ? listArea : 1..<layout.addBarRow  // 3 controls, 2 borders
    // Blank lines for air, dropped from the outside in when space is short (the indices
    // count the removals before them: last, first, then the two inner ones).
    var lines: [Line] = [.blank, .pills, .blank, .stepper, .blank, .typed, .blank]
    for index in [6, 0, 3, 1] where lines.count + 2 > area.count { lines.remove(at: index) }
    let height = min(area.count, lines.count + 2)
    let top = area.lowerBound + (area.count - height) / 2
    let emoji = emojiRepertoire.displayed(editor.emoji)
    panel(
      x: x, y: top, width: width, height: height,
      title: "Amount for \(emoji) \(editor.itemName)", footer: nil)
    let inner = (left: x + 2, right: x + width - 2)
    for (offset, line) in lines.prefix(height - 2).enumerated() {
      let y = top + 1 + offset
      switch line {
      case .blank: break
      case .pills:
        var column = inner.left
        for pill in editor.pills {
          let picked = pill.picked
          let label = picked && theme.isMonochrome ? "[\(pill.label)]" : " \(pill.label) "
          let labelWidth = TextWidth.of(label)
          guard column + labelWidth <= inner.right else {
            frame.put("…", x: column, y: y, style: theme.panelSoft)
            break
          }
          column += frame.put(label, x: column, y: y, style: picked ? theme.pillPicked : theme.pill)
          column += 1
        }
      case .stepper:
        let amount =
          editor.recipeAmount?.text
          ?? (editor.quantity.chipText.isEmpty ? "0" : stepperText(editor.quantity))
        let text = " −   \(amount)   + "
        centred(
          text, x: inner.left, y: y, width: inner.right - inner.left,
          style: theme.panelText.adding(.bold))
      case .typed:
        let used = frame.put("Exact: ", x: inner.left, y: y, style: theme.panelText)
        let fieldWidth = min(10, inner.right - inner.left - used)
        frame.fill(x: inner.left + used, y: y, width: fieldWidth, style: theme.panelField)
        let typed = TextWidth.tail(editor.typed, toWidth: fieldWidth - 1)
        let typedWidth = frame.put(typed, x: inner.left + used, y: y, style: theme.panelField)
        frame.put(" ", x: inner.left + used + typedWidth, y: y, style: theme.caret)
        let previewX = inner.left + used + fieldWidth + 1
        if let refusal = editor.refusal, previewX < inner.right {
          frame.put(
            TextWidth.truncate(refusal, toWidth: inner.right - previewX), x: previewX, y: y,
            style: theme.panelText.adding(.bold))
        } else if !editor.typed.isEmpty, previewX < inner.right {
          let preview = "→ \(editor.resolvedRecipeAmount?.text ?? stepperText(editor.resolved))"
          frame.put(
            TextWidth.truncate(preview, toWidth: inner.right - previewX), x: previewX, y: y,
            style: theme.panelSoft)
        }
      }
    }
  }

  private enum Line {
    case blank, pills, stepper, typed
  }

  /// The amount with its unit word: "500 ml", "1 unit", "3 units".
  private func stepperText(_ quantity: Quantity) -> String {
    let number = Quantity.format(quantity.amount)
    guard quantity.unit == .units else { return "\(number) \(quantity.unit.rawValue)" }
    return number == "1" ? "1 unit" : "\(number) units"
  }

  // MARK: - Flourish

  /// The cold-start flourish: a basket rolls in, hops, and the title spells itself out.
  /// With reduce motion, a still title card instead.
  mutating func paintFlourish(elapsed: TimeInterval) {
    let middle = size.height / 2 - 1
    let title = "B a s k e t"
    let centre = size.width / 2
    let progress = reduceMotion ? 1 : min(1, elapsed / TUITiming.flourish)
    // The basket rolls in over the first half, easing out, then hops once.
    let roll = min(1, progress / 0.5)
    let eased = 1 - (1 - roll) * (1 - roll)
    let basketX = Int(Double(centre - 1) * eased)
    let hop = progress > 0.5 && progress < 0.62 ? 1 : 0
    frame.put("🧺", x: basketX, y: middle - hop, style: theme.backdrop)
    if !reduceMotion, roll < 1, basketX >= 2 {
      frame.put("⋆", x: basketX - 2, y: middle, style: theme.pointer)
    }
    let shown =
      reduceMotion ? title.count : Int(Double(title.count) * max(0, (progress - 0.4) / 0.4))
    let titleX = centre - TextWidth.of(title) / 2
    frame.put(String(title.prefix(shown)), x: titleX, y: middle + 2, style: theme.flourishTitle)
    if reduceMotion || progress > 0.75 {
      centred(
        "a friendly shopping list", x: 0, y: middle + 3, width: size.width, style: theme.hint)
    }
    if progress >= 0.85, !reduceMotion {
      frame.put("✦", x: centre - 4, y: middle - 1, style: theme.pointer)
      frame.put("✧", x: centre + 3, y: middle - 1, style: theme.pointer)
    }
    centred("any key to start", x: 0, y: size.height - 1, width: size.width, style: theme.hint)
  }
}
