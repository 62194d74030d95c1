import BasketArchive
import BasketFetch
import BasketKit

/// Imports a recipe from a file's bytes: a saved web page when it looks like HTML, pasted text
/// otherwise. The faces call this; the rules are the core's `RecipeImporter`.
public enum RecipeDocumentImporter {
  public enum Kind: Equatable, Sendable {
    case html
    case text
    /// JSON: a schema.org JSON-LD file, or another app's recipe (Paprika, Mealie).
    case json
  }

  /// HTML when the first non-blank bytes open a tag (`<!doctype`, `<html`, `<head`, a
  /// comment, or any element) and the text has a closing tag somewhere.
  public static func kind(of bytes: [UInt8]) -> Kind {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return .text }
    if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") { return .json }
    return bytes[index] == UInt8(ascii: "<") ? .html : .text
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
    case .json:
      return try? jsonRecipe(bytes, from: "the file")
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
    var bytes = bytes
    if Gzip.isGzip(bytes) {
      // A lone `.paprikarecipe`, or a gzipped page.
      do {
        bytes = try Gzip.inflate(bytes, limit: RecipeLimits.pageBytes)
      } catch ArchiveError.tooLarge(let limit) {
        throw RecipeLimitError.tooLarge(source, bytes: limit + 1, limit: limit)
      } catch let error as ArchiveError {
        throw LibraryImportError("\(source) is gzip data that can't be read: \(error)")
      }
    }
    switch kind(of: bytes) {
    case .json:
      try RecipeLimits.check(pageBytes: bytes.count, from: source)
      if let recipe = try jsonRecipe(bytes, from: source) { return recipe }
      // Not JSON after all: text that opens with a bracket.
      return try RecipeImporter.importText(RecipeLimits.text(bytes, from: source), from: source)
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

  /// The one recipe in a JSON file (schema.org JSON-LD, a Paprika or Mealie recipe); nil when
  /// the bytes aren't JSON.
  ///
  /// - Throws: `RecipeError.noRecipe` for JSON holding no recipe, `LibraryImportError` for one
  ///   holding several (a library's), `RecipeLimitError` for a recipe holding too much.
  static func jsonRecipe(_ bytes: [UInt8], from source: String) throws -> Recipe? {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    guard let value = try? JSONValue.parse(Array(body)) else { return nil }
    guard let (_, recipes) = RecipeLibraryFile.recipes(in: value), let first = recipes.first else {
      throw RecipeError.noRecipe(source)
    }
    guard recipes.count == 1 else {
      throw LibraryImportError(
        "\(source) holds \(recipes.count) recipes; import it as a library (its archive or folder)")
    }
    switch first.result {
    case .success(let recipe): return try RecipeLimits.checked(recipe, from: source)
    case .failure(let why):
      if why.description.contains("no ingredients") { throw RecipeError.noRecipe(source) }
      throw LibraryImportError("\(source): \(why)")
    }
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
