import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Painter {
  // MARK: - Help

  /// Every key, in the order a newcomer needs them.
  static let keyTable: [(String, String)] = [
    ("Type", "goes to the add bar, always"),
    ("Enter", "add (or the picked chip)"),
    ("Tab ⇧Tab ← →", "pick a suggestion chip"),
    ("↑ ↓ PgUp PgDn", "select an item"),
    ("Space Enter", "tick off / restore (bar empty)"),
    ("^X", "tick off / restore, any time"),
    ("^Q  F3", "amount: unit, −/+, exact"),
    ("^R  F2", "rename in place"),
    ("^K", "Clear all (Got it)"),
    ("^Z", "undo Clear all"),
    ("^U  ^W", "clear bar / last word"),
    ("Esc", "back, deselect, clear"),
    ("?  F1", "this help (bar empty)"),
    ("^L", "redraw the screen"),
    ("^C  ^D", "quit"),
  ]

  mutating func paintHelp() {
    let keyWidth = Self.keyTable.map { TextWidth.of($0.0) }.max()! + 2
    let width = min(size.width - 2 * layout.margin, keyWidth + 34)
    let height = min(size.height - 2, Self.keyTable.count + 3)
    let x = (size.width - width) / 2
    let top = max(1, (size.height - height) / 2)
    card(x: x, y: top, width: width, height: height, style: theme.card)
    centred("Keys", x: x, y: top, width: width, style: theme.overlayTitle)
    for (offset, entry) in Self.keyTable.prefix(height - 3).enumerated() {
      let y = top + 1 + offset
      frame.put(entry.0, x: x + 2, y: y, style: theme.overlayKey, maxWidth: keyWidth)
      frame.put(
        entry.1, x: x + 2 + keyWidth, y: y, style: theme.card, maxWidth: width - keyWidth - 3)
    }
    centred(
      "any key closes", x: x, y: top + height - 1, width: width, style: theme.emptyLine)
  }

  // MARK: - Quantity editor

  mutating func paintQuantityEditor(_ editor: QuantityEditor) {
    let width = min(layout.cardWidth, 46)
    let x = layout.cardLeft + (layout.cardWidth - width) / 2
    var lines: [Line] = [.title, .blank, .pills, .blank, .stepper, .blank, .typed]
    if layout.listHeight < lines.count + 2 { lines.removeAll { $0 == .blank } }
    let height = min(layout.listHeight, lines.count + 2)
    let top = layout.listTop + max(0, (layout.listHeight - height) / 2)
    card(x: x, y: top, width: width, height: height, style: theme.card)
    for (offset, line) in lines.prefix(height - 1).enumerated() {
      let y = top + (height > lines.count + 1 ? 1 : 0) + offset
      switch line {
      case .blank: break
      case .title:
        let used = frame.put("Amount for ", x: x + 2, y: y, style: theme.overlayTitle)
        frame.put(
          "\(editor.emoji) \(editor.itemName)", x: x + 2 + used, y: y,
          style: theme.card.adding(.bold),
          maxWidth: width - used - 4)
      case .pills:
        var column = x + 2
        for unit in editor.units {
          let picked = unit == editor.quantity.unit
          let label = picked && theme.isMonochrome ? "[\(unit.rawValue)]" : " \(unit.rawValue) "
          column += frame.put(label, x: column, y: y, style: picked ? theme.pillPicked : theme.pill)
          column += 1
        }
      case .stepper:
        let amount = editor.quantity.chipText.isEmpty ? "0" : stepperText(editor.quantity)
        let text = " −   \(amount)   + "
        centred(text, x: x, y: y, width: width, style: theme.card.adding(.bold))
      case .typed:
        let used = frame.put("Exact: ", x: x + 2, y: y, style: theme.card)
        let fieldWidth = 10
        frame.fill(x: x + 2 + used, y: y, width: fieldWidth, style: theme.field)
        let typed = TextWidth.tail(editor.typed, toWidth: fieldWidth - 1)
        let typedWidth = frame.put(typed, x: x + 2 + used, y: y, style: theme.field)
        frame.put(" ", x: x + 2 + used + typedWidth, y: y, style: theme.caret)
        if !editor.typed.isEmpty {
          frame.put(
            "→ \(stepperText(editor.resolved))", x: x + 3 + used + fieldWidth, y: y,
            style: theme.emptyLine, maxWidth: width - used - fieldWidth - 5)
        }
      }
    }
  }

  private enum Line {
    case title, blank, pills, stepper, typed
  }

  private func stepperText(_ quantity: Quantity) -> String {
    let number = Quantity.format(quantity.amount)
    return "\(number) \(quantity.unit.rawValue)"
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
