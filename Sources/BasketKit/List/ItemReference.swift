#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds the item a person means: by the number the list shows, or by name.
public enum ItemReference {
  /// Resolves `reference` against the sections as shown (To get numbered from 1, Got it
  /// continuing). A name matches case-, accent- and plural-insensitively; failing an exact
  /// match, a unique prefix is enough. An ambiguous prefix throws with the candidates.
  ///
  /// A number counts in `numbered` when given (the ids a listing showed, in order: the
  /// command line's last `list`), so the list moving since never makes it another item; an
  /// item it named that has left the list since is an error, not its neighbour.
  public static func resolve(
    _ reference: String, in sections: ListSections, numbered: [UUID]? = nil
  ) throws -> Item {
    let shown = sections.toGet + sections.gotIt
    let trimmed = String(reference.trimmingCharacters())
    if let number = Int(trimmed), trimmed.allSatisfy(\.isASCII) {
      guard let numbered else {
        guard number >= 1, number <= shown.count else { throw ListError.unknownItem(trimmed) }
        return shown[number - 1]
      }
      guard number >= 1, number <= numbered.count else { throw ListError.unknownItem(trimmed) }
      guard let item = shown.first(where: { $0.id == numbered[number - 1] }) else {
        throw ListError.numberGone(number)
      }
      return item
    }
    let key = NameKey.of(trimmed)
    guard !key.isEmpty else { throw ListError.unknownItem(trimmed) }
    let exact = shown.filter { NameKey.of($0.name) == key }
    if let first = exact.first { return first }  // To get wins over Got it
    let folded = NameKey.folded(trimmed)
    let prefixed = shown.filter { NameKey.folded($0.name).hasPrefix(folded) }
    switch prefixed.count {
    case 0: throw ListError.unknownItem(trimmed)
    case 1: return prefixed[0]
    default: throw ListError.ambiguous(trimmed, candidates: prefixed.map(\.name))
    }
  }
}
