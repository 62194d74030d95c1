/// A key press, decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
  /// A printable character (typing).
  case character(Character)
  case enter
  case tab
  case backTab
  case backspace
  case delete
  case escape
  case up
  case down
  case left
  case right
  case home
  case end
  case pageUp
  case pageDown
  /// Alt with ↑ / ↓: move the selected item (in the walking order; elsewhere, as ↑ / ↓).
  case moveUp
  case moveDown
  /// Shift-Alt-↑ ↓: moves the selected item's whole category (its stretch of the walk).
  case moveGroupUp
  case moveGroupDown
  /// Alt with ← / →: moves the selected item to the previous or next aisle category.
  case moveLeft
  case moveRight
  /// Ctrl plus a letter, as the lowercase letter ("c" for Ctrl-C).
  case control(Character)
  /// F1 to F12.
  case function(Int)
}
