import BasketKit
import BasketRecipeImport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `basket recipe import ARCHIVE | FOLDER`: another app's recipe library, saved recipe by
/// recipe (see `RecipeLibraryImporter`), with a progress bar on a terminal and a summary.
enum RecipeLibraryCommand {
  static func run(_ path: String, json: Bool, context: CommandContext) throws -> Int32 {
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1, write: context.err)
    let importer = RecipeLibraryImporter(
      book: {
        // NB: opening may say on standard error that it started a list: on a line of its own.
        bar.finish()
        return try context.openRecipeBook(.createIfMissing)
      }, units: context.configuration.units,
      progress: { bar.show($0.fraction, note: "\($0.imported) imported") })
    let summary: LibraryImportSummary
    do {
      summary = try importer.importLibrary(at: path, name: lastPart(of: path))
    } catch let error as LibraryImportError {
      bar.finish()
      context.err("basket: \(error)\n")
      return 1
    }
    bar.finish()
    if json {
      context.out(try JSONText.encode(summary) + "\n")
    } else {
      context.out(text(summary, style: Style(context: context)))
    }
    return summary.imported.isEmpty && summary.duplicates.isEmpty ? 1 : 0
  }

  /// The summary as the command prints it.
  static func text(_ summary: LibraryImportSummary, style: Style) -> String {
    let formats = summary.formats.map(\.rawValue).joined(separator: ", ")
    let count = summary.imported.count
    var out =
      "Imported \(count) \(count == 1 ? "recipe" : "recipes") from \(summary.source)"
      + (formats.isEmpty ? "" : " (\(formats))") + "\n"
    if !summary.duplicates.isEmpty {
      let titles = summary.duplicates.prefix(10).joined(separator: ", ")
      let more = summary.duplicates.count > 10 ? " and \(summary.duplicates.count - 10) more" : ""
      out +=
        "Skipped \(summary.duplicates.count) already in your recipes: \(titles)\(more)\n"
    }
    if !summary.failed.isEmpty {
      out += "Not imported (\(summary.failed.count)):\n"
      for failure in summary.failed {
        let title = failure.title.map { " (\($0))" } ?? ""
        out += "  \(failure.entry)\(title): \(failure.reason)\n"
      }
    }
    if count > 0 {
      out += style.dim("'basket recipe list' shows them.") + "\n"
    }
    return out
  }

  static func lastPart(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return trimmed.split(separator: "/").last.map(String.init) ?? path
  }
}

/// A one-line progress bar on standard error, redrawn in place; nothing when it isn't a
/// terminal.
final class ProgressBar {
  private let enabled: Bool
  private let write: (String) -> Void
  private var drawn = -1
  private var shown = false

  init(enabled: Bool, write: @escaping (String) -> Void) {
    self.enabled = enabled
    self.write = write
  }

  static let width = 30

  /// "[██████████░░░░░░░░░░]  50 %  12 imported".
  static func line(_ fraction: Double, note: String) -> String {
    let clamped = max(0, min(1, fraction))
    let filled = Int((clamped * Double(width)).rounded(.down))
    let percent = Int((clamped * 100).rounded(.down))
    let padded = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)"
    return "["
      + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      + "] \(padded) %  \(note)"
  }

  func show(_ fraction: Double, note: String) {
    guard enabled else { return }
    let percent = Int((max(0, min(1, fraction)) * 100).rounded(.down))
    guard percent != drawn else { return }
    drawn = percent
    shown = true
    write("\r\u{1B}[2K" + Self.line(fraction, note: note))
  }

  /// Clears the bar's line; a later `show` draws it again.
  func finish() {
    guard enabled, shown else { return }
    write("\r\u{1B}[2K")
    shown = false
    drawn = -1
  }
}
