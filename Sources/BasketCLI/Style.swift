import BasketKit

/// Colour and emoji on a terminal; plain text when piped or with NO_COLOR.
struct Style {
  var color: Bool
  var emoji: Bool

  init(context: CommandContext) {
    color = context.stdoutIsTerminal && context.configuration.colorMode != .monochrome
    emoji = context.stdoutIsTerminal
  }

  init(color: Bool, emoji: Bool) {
    self.color = color
    self.emoji = emoji
  }

  private func sgr(_ code: String, _ text: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { sgr("1", text) }
  func dim(_ text: String) -> String { sgr("2", text) }
  func struck(_ text: String) -> String { sgr("2;9", text) }
  func heading(_ text: String) -> String { sgr("1;38;5;71", text) }
  func chip(_ text: String) -> String { sgr("38;5;130", text) }
  func celebrate(_ text: String) -> String { sgr("1;38;5;208", text) }
  func emoji(_ glyph: String) -> String { emoji ? glyph + " " : "" }

  /// "🥛 Milk (2 L)" on a terminal, "Milk (2 L)" piped; recipe amounts beside the stepper's
  /// ("Flour (500 g + 2 cups)"), or what to buy for them when the stepper has none ("Kidney
  /// beans (4 cans · recipes need 3½)").
  func itemLabel(_ item: Item) -> String {
    let amount = item.buyable?.chip ?? item.amountText
    let chip = amount.map { " " + self.chip("(\($0))") } ?? ""
    return emoji(item.emoji) + item.name + chip
  }

  /// " · for Pancakes, Bread": the recipes that asked for the item, or nothing.
  func recipesNote(_ item: Item) -> String {
    let titles = item.recipeNeeds.recipes.map(\.title)
    return titles.isEmpty ? "" : dim(" · for " + titles.joined(separator: ", "))
  }
}
