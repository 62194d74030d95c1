import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A command's flags and positional arguments, checked against what the command accepts.
struct Flags {
  private(set) var flags: Set<String> = []
  private(set) var positional: [String] = []

  init(
    _ arguments: [String], allowed: Set<String>, positional range: ClosedRange<Int>, command: String
  )
    throws
  {
    var afterDashes = false
    for argument in arguments {
      if !afterDashes, argument == "--" {
        afterDashes = true
      } else if !afterDashes, argument.hasPrefix("--") {
        guard allowed.contains(argument) else {
          throw UsageError(message: "\(command) doesn't take \(argument)")
        }
        flags.insert(argument)
      } else {
        positional.append(argument)
      }
    }
    guard range.contains(positional.count) else {
      let need =
        range.lowerBound == range.upperBound
        ? (range.lowerBound == 0 ? "no arguments" : "\(range.lowerBound) arguments")
        : "at least \(range.lowerBound) argument\(range.lowerBound == 1 ? "" : "s")"
      let over = positional.count > range.upperBound
      throw UsageError(
        message: over
          ? "\(command) takes \(range.upperBound == 0 ? "no arguments" : "at most \(range.upperBound) arguments")"
          : "\(command) needs \(need)")
    }
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

enum JSONText {
  static func encode<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}

/// Colour and emoji on a terminal; plain text when piped or with NO_COLOR.
struct Style {
  var color: Bool
  var emoji: Bool

  init(context: CommandContext) {
    let noColor = context.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = context.environment["TERM"] == "dumb"
    color = context.stdoutIsTerminal && !noColor && !dumb
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

  /// "🥛 Milk (2 L)" on a terminal, "Milk (2 L)" piped.
  func itemLabel(_ item: Item) -> String {
    let chip = item.quantity.map { " " + self.chip("(\($0.chipText))") } ?? ""
    return emoji(item.emoji) + item.name + chip
  }
}

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
      out += "  \(numbered()) \(style.itemLabel(item))\n"
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
