import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Painter {
  // MARK: - Toast

  mutating func paintToast() {
    let y = layout.toastRow
    let parts: [(String, Bool)]
    if let toast = state.toast {
      parts = [(toast.text, false)]
    } else if let deadline = state.undoDeadline, deadline > state.now {
      let seconds = Int(deadline.timeIntervalSince(state.now).rounded(.up))
      let what =
        switch state.clearedCount {
        case 1: "Cleared 1 item"
        case let count?: "Cleared \(count) items"
        case nil: "Got it cleared"
        }
      parts = [("🧹 \(what)  ", false), ("^Z", true), (" undo · \(seconds)s", false)]
    } else {
      return
    }
    frame.fill(x: 0, y: y, width: size.width, style: theme.backdrop)
    let text = parts.map(\.0).joined()
    let width = min(layout.cardWidth, TextWidth.of(text) + 2)
    let x = layout.cardLeft + (layout.cardWidth - width) / 2
    frame.fill(x: x, y: y, width: width, style: theme.toast)
    var column = x + 1
    for (part, isKey) in parts {
      column += frame.put(
        part, x: column, y: y, style: isKey ? theme.toastKey : theme.toast,
        maxWidth: x + width - 1 - column)
    }
    if TextWidth.of(text) > width - 2 {
      frame.put(TextWidth.truncate(text, toWidth: width - 2), x: x + 1, y: y, style: theme.toast)
    }
  }

  // MARK: - Chips

  /// Suggestion chips while typing; the usuals when the add bar is empty.
  mutating func paintChips() {
    let y = layout.chipsRow
    frame.fill(x: 0, y: y, width: size.width, style: theme.backdrop)
    guard !state.chips.isEmpty, state.mode == .list else { return }
    var x = layout.cardLeft
    let right = layout.cardLeft + layout.cardWidth
    if state.text.isEmpty {
      x += frame.put("Usuals ", x: x, y: y, style: theme.chipLabel)
    }
    for (index, chip) in state.chips.enumerated() {
      let picked = state.pickedChip == index
      let name = TextWidth.truncate(chip.name, toWidth: min(24, max(4, right - x - 2)))
      let label = theme.isMonochrome && !picked ? "[\(name)]" : " \(name) "
      let width = TextWidth.of(label)
      guard x + width <= right else {
        if x < right { frame.put("…", x: x, y: y, style: theme.chipLabel) }
        break
      }
      frame.put(label, x: x, y: y, style: picked ? theme.chipPicked : theme.chip)
      x += width + 1
    }
  }

  // MARK: - Add bar

  mutating func paintAddBar() {
    let y = layout.addBarRow
    let x0 = layout.cardLeft
    let width = layout.cardWidth
    let active = state.mode == .list
    frame.fill(x: x0, y: y, width: width, style: theme.addBar)
    frame.put("＋", x: x0 + 1, y: y, style: theme.addBarPlus)
    let fieldX = x0 + 4
    let fieldWidth = width - 5
    if state.text.isEmpty {
      if active { frame.put(" ", x: fieldX, y: y, style: theme.caret) }
      frame.put(
        "Add an item: milk, 6 eggs, 2 l juice…", x: fieldX + (active ? 1 : 0), y: y,
        style: theme.addBarIdle, maxWidth: fieldWidth - 1)
      return
    }
    let shown = TextWidth.tail(state.text, toWidth: fieldWidth - 1)
    let used = frame.put(shown, x: fieldX, y: y, style: active ? theme.addBar : theme.addBarIdle)
    if active { frame.put(" ", x: fieldX + used, y: y, style: theme.caret) }
  }

  // MARK: - Hint

  /// One line with the keys that matter now, as many as fit.
  mutating func paintHint() {
    let y = layout.hintRow
    frame.fill(x: 0, y: y, width: size.width, style: theme.backdrop)
    var x = layout.cardLeft
    let right = size.width - layout.margin
    for (key, label) in hints() {
      let width = TextWidth.of(key) + 1 + TextWidth.of(label)
      guard x + width <= right else { break }
      x += frame.put(key, x: x, y: y, style: theme.hintKey)
      x += frame.put(" " + label, x: x, y: y, style: theme.hint)
      x += 2
    }
  }

  func hints() -> [(String, String)] {
    switch state.mode {
    case .help:
      return [("Esc", "close"), ("^C", "quit")]
    case .rename:
      return [("Enter", "save"), ("Esc", "cancel"), ("^U", "clear")]
    case .note:
      return [("Enter", "save note"), ("Esc", "cancel"), ("^U", "clear")]
    case .quantity:
      return [
        ("←→", "unit"), ("+/−", "step"), ("0-9", "amount"), ("Enter", "save"),
        ("Del", "none"), ("Esc", "cancel"),
      ]
    case .recipes(let panel):
      return panel.detail == nil
        ? [("↑↓", "pick"), ("Enter", "open"), ("Esc", "close")]
        : [("Enter", "add to list"), ("+−", "servings"), ("↑↓", "scroll"), ("Esc", "back")]
    case .week:
      return [("←→", "weeks"), ("T", "this week"), ("↑↓", "scroll"), ("Esc", "close")]
    case .list:
      break
    }
    if !state.text.isEmpty {
      var hints = [("Enter", state.pickedChip == nil ? "add" : "add chip")]
      if !state.chips.isEmpty { hints.append(("Tab", "pick a chip")) }
      hints += [("Esc", "clear"), ("?", "keys (empty bar)")]
      return hints
    }
    switch state.selection {
    case .item(let id):
      let inGotIt = sections.gotIt.contains { $0.id == id }
      let pending = state.choreography.isPending(id)
      let action = inGotIt ? "restore" : pending ? "undo tick" : "tick off"
      return [
        ("Space", action), ("^Q", "amount"), ("^R", "rename"), ("^N", "note"), ("Del", "remove"),
        ("↑↓", "move"),
        ("Esc", "done"), ("?", "keys"),
      ]
    case .clearAll:
      return [("Enter", "clear all"), ("↑↓", "move"), ("Esc", "done"), ("?", "keys")]
    case nil:
      var hints = [("Type", "to add"), ("↑↓", "select")]
      if !state.chips.isEmpty { hints.append(("Tab", "usuals")) }
      hints += [("?", "keys"), ("^C", "quit")]
      return hints
    }
  }
}
