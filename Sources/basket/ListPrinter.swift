import BasketKit

/// Renders both sections for `basket list`.
enum ListPrinter {
  static func render(_ sections: ListSections, mood: DayMood, style: Style) -> String {
    if sections.isEmpty {
      let accent = mood.seasonalAccent.map { style.emoji ? " \($0)" : "" } ?? ""
      return "\(mood.emptyLine)\(accent)\n"
    }
    var out = ""
    var number = 0
    let width = String(sections.toGet.count + sections.gotIt.count).count
    func numbered() -> String {
      number += 1
      let text = String(number)
      return String(repeating: " ", count: width - text.count) + text + "."
    }
    out += style.heading("To get") + "\n"
    if sections.toGet.isEmpty { out += style.dim("  Nothing left to get. 🎉") + "\n" }
    for item in sections.toGet {
      out += "  \(numbered()) \(style.itemLabel(item))\(style.recipesNote(item))\n"
    }
    if !sections.gotIt.isEmpty {
      out += "\n" + style.heading("Got it") + "\n"
      for item in sections.gotIt {
        let check = style.emoji ? "✓ " : "[x] "
        out += "  \(numbered()) " + style.dim(check) + style.struck(style.itemLabel(item)) + "\n"
      }
    }
    return out
  }
}

extension ListPrinter {
  /// The longest one-line listing, in characters: it must fit a status bar.
  static let lineLimit = 80

  /// One line for status bars and widgets: "3 to get: milk (2 L), eggs, bread".
  static func line(_ sections: ListSections, style: Style) -> String {
    let count = sections.toGet.count
    guard count > 0 else {
      return sections.gotIt.isEmpty ? "Nothing to get" : (style.emoji ? "All done! 🎉" : "All done!")
    }
    let names = sections.toGet.map { item in
      style.emoji(item.emoji) + item.name + (item.quantity.map { " (\($0.chipText))" } ?? "")
    }
    let full = "\(count) to get: " + names.joined(separator: ", ")
    guard full.count > lineLimit else { return full }
    return String(full.prefix(lineLimit - 1)) + "…"
  }
}
