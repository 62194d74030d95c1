import BasketKit

/// Renders both sections for `basket list`.
enum ListPrinter {
  /// - Parameter mood: the day's touches, worked out only for an empty list (it reads the time
  ///   zone, a cost every `list` would pay for nothing).
  /// - Parameter groups: To get grouped by category (`Basket.toGetByCategory`), shown under
  ///   a heading each; every item keeps the number it has in the plain list.
  static func render(
    _ sections: ListSections, groups: [ShopBook.Stretch]? = nil,
    mood: @autoclosure () -> DayMood, style: Style
  ) -> String {
    if sections.isEmpty {
      let mood = mood()
      let accent = mood.seasonalAccent.map { style.emoji ? " \($0)" : "" } ?? ""
      return "\(mood.emptyLine)\(accent)\n"
    }
    // NB: built as bytes and read as text once: appending to a String checks every seam for
    // a grapheme boundary, which made printing a quarter of `basket list` of 1,000 items.
    let count = sections.toGet.count + sections.gotIt.count
    var out: [UInt8] = []
    out.reserveCapacity(64 * (count + 4))
    func add(_ text: String) { out.append(contentsOf: text.utf8) }
    let width = digits(count)
    let indent = groups == nil ? 2 : 4
    func numbered(_ number: Int, indent: Int = indent) {
      out.append(
        contentsOf: repeatElement(UInt8(ascii: " "), count: indent + width - digits(number)))
      add(String(number))
      out.append(contentsOf: ". ".utf8)
    }
    func toGetRow(_ item: Item, _ number: Int) {
      numbered(number)
      add(style.itemLabel(item))
      add(style.recipesNote(item))
      add("\n")
      // The household's note, under the name.
      if let note = item.note {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2 + width))
        add(style.dim(note) + "\n")
      }
    }
    add(style.heading("To get") + "\n")
    if sections.toGet.isEmpty { add(style.dim("  Nothing left to get. 🎉") + "\n") }
    if let groups {
      let numbers = Dictionary(
        sections.toGet.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first }
      )
      for group in groups {
        add(style.dim("  " + group.title) + "\n")
        for item in group.items { toGetRow(item, numbers[item.id] ?? 0) }
      }
    } else {
      for (index, item) in sections.toGet.enumerated() { toGetRow(item, index + 1) }
    }
    if !sections.gotIt.isEmpty {
      add("\n" + style.heading("Got it") + "\n")
      let check = style.dim(style.emoji ? "✓ " : "[x] ")
      for (index, item) in sections.gotIt.enumerated() {
        numbered(sections.toGet.count + index + 1, indent: 2)
        add(check)
        add(style.struck(style.itemLabel(item)))
        add("\n")
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// How many decimal digits `number` (≥ 0) has.
  private static func digits(_ number: Int) -> Int {
    var count = 1
    var rest = number / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
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
