import BasketFetch
import BasketKit

/// Imports a recipe from a file's bytes: a saved web page when it looks like HTML, pasted text
/// otherwise. The faces call this; the rules are the core's `RecipeImporter`.
public enum RecipeDocumentImporter {
  public enum Kind: Equatable, Sendable {
    case html
    case text
  }

  /// HTML when the first non-blank bytes open a tag (`<!doctype`, `<html`, `<head`, a
  /// comment, or any element) and the text has a closing tag somewhere.
  public static func kind(of bytes: [UInt8]) -> Kind {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return .text }
    return .html
  }

  /// The recipe in `bytes`, or nil when they hold none. `charset` is one a server named;
  /// `units` chooses between two copies of a page's list (metric and US).
  public static func recipe(
    from bytes: [UInt8], charset: String? = nil, units: MeasurementSystem = .metric
  ) -> Recipe? {
    switch kind(of: bytes) {
    case .html:
      return RecipeImporter.recipe(
        from: HTMLRecipePage.read(bytes, charset: charset), units: units)
    case .text:
      return RecipeImporter.recipe(fromText: String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The recipe in a file's `bytes` from `source` (its name, "standard input", "the page"),
  /// within `RecipeLimits`: a page past `pageBytes`, text past `textBytes`, bytes that aren't
  /// text, and a recipe holding too much are refused before they cost more memory.
  ///
  /// - Throws: `RecipeLimitError`, `RecipeError.noRecipe` when the bytes hold no recipe, or
  ///   `MissingLibrary` when the page needs libxml2 and it is not installed.
  public static func importDocument(
    _ bytes: [UInt8], from source: String, charset: String? = nil,
    units: MeasurementSystem = .metric
  ) throws -> Recipe {
    switch kind(of: bytes) {
    case .html:
      try RecipeLimits.check(pageBytes: bytes.count, from: source)
      try HTMLRecipePage.requireParser()
      return try RecipeImporter.importPage(
        HTMLRecipePage.read(bytes, charset: charset), from: source, units: units)
    case .text:
      return try RecipeImporter.importText(RecipeLimits.text(bytes, from: source), from: source)
    }
  }

  /// Fetches the page at `address` (see `PageFetcher`) and imports it as a saved page; the
  /// recipe's source is the page's own address when it names one, else where the fetch ended.
  ///
  /// - Throws: `WebFetchError` when the page can't be fetched, `RecipeError.noRecipe` when it
  ///   holds no recipe, `RecipeLimitError` when it holds too much.
  public static func recipe(
    fromAddress address: String, fetcher: PageFetcher, units: MeasurementSystem = .metric
  ) throws -> Recipe {
    let page = try fetcher.fetch(address)
    var recipe = try importDocument(
      page.bytes, from: page.address, charset: charset(in: page.contentType), units: units)
    recipe.source = recipe.source ?? page.address
    return recipe
  }

  /// The `charset` parameter of a `Content-Type` ("text/html; charset=ISO-8859-1").
  static func charset(in contentType: String?) -> String? {
    guard let contentType else { return nil }
    func trimmed(_ text: Substring) -> String {
      String(
        text.drop { " \t\"'".contains($0) }.reversed().drop { " \t\"'".contains($0) }.reversed())
    }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, trimmed(parts[0]).lowercased() == "charset" else { continue }
      let value = trimmed(parts[1])
      return value.isEmpty ? nil : value
    }
    return nil
  }
}
