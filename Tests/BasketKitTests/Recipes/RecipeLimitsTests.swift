import Testing

@testable import BasketKit

/// What a recipe may hold and what an import may read, so a hostile page or file can't
/// exhaust memory or time.
@Suite struct RecipeLimitsTests {
  @Test(arguments: [
    ("plain", Array("Scones\n225 g flour\n".utf8), true),
    ("tabs and form feeds", Array("a\tb\r\n\u{0C}c".utf8), true),
    ("a NUL", Array("Scones\u{0}flour".utf8), false),
    ("one control in a hundred", Array(repeating: UInt8(ascii: "a"), count: 99) + [0x01], true),
    ("two in a hundred", Array(repeating: UInt8(ascii: "a"), count: 98) + [0x01, 0x7F], false),
  ])
  func textIsToldFromBinary(name: String, bytes: [UInt8], isText: Bool) {
    #expect(RecipeLimits.looksLikeText(bytes) == isText, "\(name)")
  }

  @Test func bytesReadAsUTF8OrWindows1252() throws {
    #expect(try RecipeLimits.text([0xEF, 0xBB, 0xBF] + Array("café".utf8), from: "f") == "café")
    #expect(try RecipeLimits.text([0x63, 0x61, 0x66, 0xE9, 0x20, 0x80], from: "f") == "café €")
    #expect(throws: RecipeLimitError.notText("f")) {
      try RecipeLimits.text([0x41, 0, 0x42], from: "f")
    }
    let big = Array(repeating: UInt8(ascii: "a"), count: RecipeLimits.textBytes + 1)
    #expect(throws: RecipeLimitError.tooLarge("f", bytes: big.count, limit: RecipeLimits.textBytes))
    {
      try RecipeLimits.text(big, from: "f")
    }
  }

  @Test func pastedTextIsCheckedBeforeItIsRead() throws {
    let lines = String(repeating: "salt\n", count: RecipeLimits.textLines)
    #expect(throws: RecipeLimitError.tooMany("p", what: "lines", count: 5001, limit: 5000)) {
      try RecipeImporter.importText(lines, from: "p")
    }
    #expect(throws: RecipeError.noRecipe("p")) {
      try RecipeImporter.importText("just words", from: "p")
    }
    let recipe = try RecipeImporter.importText(
      "Scones\n\nIngredients\n225 g flour\n\nMethod\nBake.", from: "p")
    #expect(recipe.title == "Scones")
  }

  @Test func aRecipeHoldingTooMuchIsRefused() throws {
    let line = IngredientLineParser.parse("1 cup flour")
    let many = Recipe(
      title: "Many",
      ingredientGroups: [
        IngredientGroup(ingredients: Array(repeating: line, count: 300)),
        IngredientGroup(heading: "More", ingredients: Array(repeating: line, count: 201)),
      ])
    #expect(throws: RecipeLimitError.tooMany("r", what: "ingredient lines", count: 501, limit: 500))
    {
      try RecipeLimits.checked(many, from: "r")
    }
    let steps = Recipe(title: "Steps", instructions: Array(repeating: "Stir.", count: 301))
    #expect(throws: RecipeLimitError.tooMany("r", what: "method steps", count: 301, limit: 300)) {
      try RecipeLimits.checked(steps, from: "r")
    }
    let fine = Recipe(
      title: "Fine",
      ingredientGroups: [IngredientGroup(ingredients: Array(repeating: line, count: 500))])
    #expect(try RecipeLimits.checked(fine, from: "r") == fine)
  }

  @Test func aLongTitleIsCutAtAWord() throws {
    let title = String(repeating: "word ", count: 100)
    let cut = try RecipeLimits.checked(Recipe(title: title, instructions: ["Stir."]), from: "r")
      .title
    #expect(cut.count <= RecipeLimits.titleCharacters)
    #expect(cut.hasSuffix("word…"))
    #expect(RecipeLimits.shortened("Short") == "Short")
  }

  @Test(arguments: [
    (
      RecipeLimitError.tooLarge("a.txt", bytes: 3 << 20, limit: 512 << 10),
      "a.txt is 3 MB, more than a recipe's text may be (at most 512 KB; a saved web page may be up to 10 MB)"
    ),
    (
      RecipeLimitError.tooLarge("p", bytes: 1_600_000, limit: 10 << 20),
      "p is 1.5 MB, more than a recipe may be (at most 10 MB)"
    ),
    (
      RecipeLimitError.notText("x.bin"),
      "x.bin is not text (it holds binary data); give a saved web page or a text file"
    ),
  ])
  func refusalsSayWhatAndHowMuch(error: RecipeLimitError, message: String) {
    #expect(error.description == message)
  }
}
