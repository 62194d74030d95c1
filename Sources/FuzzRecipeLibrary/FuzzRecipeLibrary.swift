// Fuzz target for the recipe library readers: another app's JSON (Paprika, Mealie's backup and
// single recipe, schema.org JSON-LD with Nextcloud's marked headings) read into Basket's
// recipes, and each written back as JSON-LD (BasketKit).
//
// Built with `-sanitize=fuzzer -DFUZZING`, libFuzzer calls `fuzzOne` with mutated files. Built
// normally, `main` replays the seed corpus (or the files given) through the same checks.

import BasketKit
import Foundation
import SeedReplay

/// Reads one file as a library's JSON and checks what the readers promise: nothing traps; a
/// recipe read has a title and content, non-empty lines and steps, and keeps to
/// `RecipeLimits`; written as JSON-LD it reads back as a recipe of the same title and lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let value = try? JSONValue.parse(bytes),
    let (_, recipes) = RecipeLibraryFile.recipes(in: value)
  else { return 0 }
  require(recipes.count <= 100_000, "more recipes than rows")
  for read in recipes {
    guard case .success(let recipe) = read.result else { continue }
    require(!recipe.title.isEmpty, "a recipe without a title")
    require(!recipe.ingredientGroups.isEmpty || !recipe.instructions.isEmpty, "an empty recipe")
    require(recipe.ingredients.count <= RecipeLimits.ingredientLines, "past the line limit")
    require(recipe.instructions.count <= RecipeLimits.methodSteps, "past the step limit")
    for line in recipe.ingredients { require(!line.text.isEmpty, "an empty line") }
    for step in recipe.instructions { require(!step.isEmpty, "an empty step") }
    let written = RecipeJSONLD.value(recipe)
    guard let (_, again) = RecipeLibraryFile.recipes(in: written),
      case .success(let back)? = again.first?.result
    else {
      require(false, "an exported recipe does not read back")
      return 0
    }
    require(back.title == recipe.title, "the title changed: \(recipe.title) → \(back.title)")
  }
  return 0
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("RecipeLibrary", fuzzOne) }
  }
#endif
