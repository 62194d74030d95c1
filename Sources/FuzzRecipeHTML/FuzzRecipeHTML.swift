// Fuzz target for the saved-page importer: libxml2's HTML parser behind HTMLRecipePage, then
// the core's schema.org, microdata and heading readers (BasketRecipeImport).
//
// Built with `-sanitize=fuzzer -DFUZZING`, libFuzzer calls `fuzzOne` with mutated pages (run
// it with `-timeout=2` so a hang counts as a failure). Built normally, `main` replays the seed
// corpus (or the files given) through the same checks.

import BasketKit
import BasketRecipeImport
import Foundation
import SeedReplay

/// Imports one page and checks what the importer promises: nothing traps; a recipe it returns has a
/// title or content; its lines are non-empty and whitespace-normalised; times and
/// servings are not negative; the recipe's JSON reads back as the same recipe; a doubt says why
/// and holds a bounded amount of the page's text; a block's lines are tidy.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let page = HTMLRecipePage.read(bytes)
  for block in page.blocks {
    require(
      !block.text.isEmpty && block.text == RecipeText.normalizedWhitespace(block.text),
      "a block with untidy text")
    require(block.lines.count != 1, "a block with one line of its own")
    for line in block.lines {
      require(
        !line.isEmpty && line == RecipeText.normalizedWhitespace(line), "an untidy block line")
    }
  }
  // NB: both units, so the choice between two copies of a list runs too.
  _ = RecipeImporter.recipe(from: page, units: .us).map(check)
  guard let recipe = RecipeImporter.recipe(from: page) else { return 0 }
  check(recipe)
  return 0
}

/// What every recipe read from a page promises.
private func check(_ recipe: Recipe) {
  require(
    !recipe.title.isEmpty || !recipe.ingredientGroups.isEmpty || !recipe.instructions.isEmpty,
    "an empty recipe")
  for line in recipe.ingredients {
    require(!line.text.isEmpty, "an empty ingredient line")
    if let amount = line.quantity?.amount {
      require(amount.isFinite && amount >= 0, "amount \(amount)")
    }
  }
  for step in recipe.instructions { require(!step.isEmpty, "an empty step") }
  for minutes in [recipe.prepTime, recipe.cookTime, recipe.totalTime].compactMap({ $0 }) {
    require(minutes >= 0, "negative time")
  }
  if let servings = recipe.servings { require(servings > 0, "servings \(servings)") }
  let encoded = try! JSONEncoder().encode(recipe)
  require(
    try! JSONDecoder().decode(Recipe.self, from: encoded) == recipe, "JSON does not read back")
  if let doubt = recipe.doubt {
    require(!doubt.reason.isEmpty, "a doubt without a reason")
    require(doubt.pageText.count <= RecipeDoubt.pageTextLimit, "too much page text")
  }
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("RecipeHTML", fuzzOne) }
  }
#endif
