// Fuzz target for the ingredient line parser, scaling and the pasted-text importer (BasketKit).
//
// Built with `-sanitize=fuzzer -DFUZZING`, libFuzzer calls `fuzzOne` with mutated text. Built
// normally, `main` replays the seed corpus (or the files given) through the same checks.

import BasketKit
import Foundation
import SeedReplay

/// Feeds one text to the parser (whole, and line by line) and checks what it promises: nothing
/// traps; the text is kept; amounts are finite, not negative, and a range's top is above its
/// bottom; a line without a name is uncertain; the JSON form reads back as the same line;
/// scaling keeps amounts finite and formats; the pasted-text importer terminates; bytes that
/// pass as text hold no NUL and import within `RecipeLimits`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let lines = text.split(whereSeparator: \.isNewline).prefix(64).map(String.init)
  for candidate in [text] + lines {
    check(candidate)
  }
  if let recipe = RecipeImporter.recipe(fromText: text) {
    require(!recipe.ingredientGroups.isEmpty || !recipe.instructions.isEmpty, "an empty recipe")
    for line in recipe.ingredients { require(!line.text.isEmpty, "an empty ingredient line") }
  }
  _ = JSONValue.pageValues(in: text)
  // The file importer's text check: text it passes holds no NUL, and what it imports keeps to
  // the limits.
  if let decoded = try? RecipeLimits.text(
    Array(UnsafeBufferPointer(start: data, count: size)), from: "fuzz")
  {
    require(!decoded.unicodeScalars.contains("\u{0}"), "NUL in text that passed as text")
    if let recipe = try? RecipeImporter.importText(decoded, from: "fuzz") {
      require(recipe.ingredients.count <= RecipeLimits.ingredientLines, "past the line limit")
      require(recipe.title.count <= RecipeLimits.titleCharacters, "past the title limit")
    }
  }
  return 0
}

private func check(_ text: String) {
  guard case .ingredient(let line) = IngredientLineParser.read(text) else { return }
  require(line.text.isEmpty || text.contains(line.text), "text not kept")
  require(
    line.text.unicodeScalars.first?.properties.isWhitespace != true
      && line.text.unicodeScalars.last?.properties.isWhitespace != true, "text not trimmed")
  for quantity in [line.quantity, line.packSize].compactMap({ $0 }) + line.equivalents {
    valid(quantity)
  }
  if line.name.isEmpty { require(line.uncertain, "a nameless line that is not uncertain") }
  if line.vagueUnit != nil { require(line.quantity == nil, "a vague unit beside an amount") }
  let encoded = try! JSONEncoder().encode(line)
  let decoded = try! JSONDecoder().decode(IngredientLine.self, from: encoded)
  require(decoded == line, "JSON does not read back")
  for factor in [0.5, 3.0] {
    let scaled = RecipeScaler.scale(line, by: factor)
    if let quantity = scaled.line.quantity {
      valid(quantity)
      require(!KitchenAmountFormat.text(quantity).isEmpty, "empty amount text")
    }
  }
}

private func valid(_ quantity: IngredientQuantity) {
  require(quantity.amount.isFinite && quantity.amount >= 0, "amount \(quantity.amount)")
  if let top = quantity.maxAmount {
    require(top.isFinite && top > quantity.amount, "range \(quantity.amount)–\(top)")
  }
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("IngredientLine", fuzzOne) }
  }
#endif
