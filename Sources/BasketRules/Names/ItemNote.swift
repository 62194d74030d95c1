/// The rule for an item's note ("the big tub", "for Sam's lunch"), whichever face it came
/// from: cleaned as a name is (`NameText.cleaned`: one line, no control characters), nothing
/// visible left meaning no note, and at most `maxLength` characters.
public enum ItemNote {
  /// The longest note accepted, in characters (README, "Limits that protect your data").
  public static let maxLength = 500

  /// `raw` as the note to keep: nil for none (empty, or nothing visible).
  ///
  /// - Throws: `NoteError.tooLong` past `maxLength` characters, once cleaned; a longer text is
  ///   refused whole rather than cut, so nothing the household wrote is lost silently.
  public static func cleaned(_ raw: String?) throws(NoteError) -> String? {
    guard let raw else { return nil }
    let note = NameText.cleaned(raw)
    guard !note.isEmpty else { return nil }
    guard note.count <= maxLength else { throw .tooLong(note.count) }
    return note
  }
}

/// Why a note was refused; reads as one sentence for the user.
public enum NoteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Longer than `ItemNote.maxLength`: how many characters it had.
  case tooLong(Int)

  public var description: String {
    switch self {
    case .tooLong(let count):
      "a note can be at most \(ItemNote.maxLength) characters (this one has \(count))"
    }
  }
}
