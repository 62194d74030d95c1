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

  /// The recipe in `bytes`, or nil when they hold none.
  public static func recipe(from bytes: [UInt8]) -> Recipe? {
    switch kind(of: bytes) {
    case .html:
      return RecipeImporter.recipe(from: HTMLRecipePage.read(bytes))
    case .text:
      return RecipeImporter.recipe(fromText: String(decoding: bytes, as: UTF8.self))
    }
  }
}
