/// The tidy form of a remembered name, for suggestion and usual chips.
///
/// Memory keeps the spelling an item was last added with, so one add with Caps Lock on would
/// show "MILK" on every chip from then on. A name with no lower-case letter is taken as shouted
/// when it has a capitalised word that is not an abbreviation (`isShouted`); an abbreviation is
/// a word of at most three capitals without a vowel ("BBQ", "HP", "KFC", "TV").
/// `SuggestionEngine` shows a shouted name as the dictionary spells the same item ("OAT MILK" →
/// "Oat Milk") and otherwise in sentence case (`of`): every capitalised word but the
/// abbreviations is lowercased and the first letter capitalised ("MILK" → "Milk", "BBQ SAUCE"
/// → "BBQ sauce"). Any name with a lower-case letter in it ("iPhone charger", "BBQ sauce",
/// "milk") is kept as written: that casing was chosen.
public enum TidyName {
  public static func of(_ name: String) -> String {
    guard isShouted(name) else { return name }
    var tidy = name.split(separator: " ", omittingEmptySubsequences: false)
      .map { isCapitalised($0) && !isAbbreviation($0) ? $0.lowercased() : String($0) }
      .joined(separator: " ")
    if let first = tidy.first, first.isLowercase {
      tidy = first.uppercased() + tidy.dropFirst()
    }
    return tidy
  }

  /// True for a name with no lower-case letter and a capitalised word that is not an
  /// abbreviation.
  public static func isShouted(_ name: String) -> Bool {
    !name.contains(where: { $0.isLowercase })
      && name.split(separator: " ").contains { isCapitalised($0) && !isAbbreviation($0) }
  }

  /// Has letters, every one a capital.
  private static func isCapitalised(_ word: Substring) -> Bool {
    word.contains(where: { $0.isLetter }) && !word.contains(where: { $0.isLowercase })
  }

  /// At most three letters and no vowel: "BBQ", "HP", "TV".
  private static func isAbbreviation(_ word: Substring) -> Bool {
    let letters = word.filter({ $0.isLetter })
    return letters.count <= 3 && !letters.contains { "AEIOUY".contains($0) }
  }
}
