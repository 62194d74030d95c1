import BasketKit
import Foundation

/// Measures the recipe importer and the ingredient line parser against the shared data sets,
/// and times them. Run by `scripts/bench`; skips with a message when the data is absent.
///
///   RecipeLab ingredients DIR [--misses N]
///   RecipeLab pages DIR [--misses N]
///   RecipeLab bench [PAGES_DIR]
@main
struct RecipeLab {
  static func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var misses = 0
    if let flag = arguments.firstIndex(of: "--misses"), flag + 1 < arguments.count {
      misses = Int(arguments[flag + 1]) ?? 0
      arguments.removeSubrange(flag...(flag + 1))
    }
    var field: String?
    if let flag = arguments.firstIndex(of: "--field"), flag + 1 < arguments.count {
      field = arguments[flag + 1]
      arguments.removeSubrange(flag...(flag + 1))
    }
    switch arguments.first {
    case "pages" where arguments.count == 2:
      PageEvaluation.run(directory: arguments[1], showMisses: misses, field: field)
    case "ingredients" where arguments.count == 2:
      try IngredientEvaluation.run(directory: arguments[1], showMisses: misses)
    default:
      print("usage: RecipeLab ingredients DIR [--misses N] | pages DIR [--misses N] | bench [PAGES_DIR]")
      exit(2)
    }
  }
}
