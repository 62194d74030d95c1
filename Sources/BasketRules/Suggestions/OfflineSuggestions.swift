/// The add bar's chips while the phone is offline, chosen from the chips it last saw.
///
/// A typed query matches a name as the server's suggestions match it: the folded query
/// (`NameKey.folded`: case, accents and punctuation gone) begins one of the folded name's words,
/// so "mi" finds "Oat milk" and "MÍ" finds "Milk". Names from the household's history come
/// first, as the server ranks them, then the dictionary's. With nothing typed, the usuals the
/// server last gave come first, then the history's names. A name on To get is never offered,
/// nor two names with one key (`NameKey.of`).
///
/// Cost: one folding per name looked at, and one per name on To get.
public enum OfflineSuggestions {
  /// The chips to offer for `query`, at most `limit`, as positions in `usuals`, `history` and
  /// `dictionary` one after another (the first of `history` is at `usuals.count`); `onList`
  /// holds the names on To get.
  public static func chips(
    for query: String, usuals: [String], history: [String], dictionary: [String],
    onList: [String], limit: Int
  ) -> [Int] {
    let names = usuals + history + dictionary
    let typed = NameKey.folded(query)
    // NB: with nothing typed, the usuals and the history; typed, the history and the dictionary.
    let looked = typed.isEmpty ? 0..<(usuals.count + history.count) : usuals.count..<names.count
    var taken = Set<String>()
    for name in onList { taken.insert(NameKey.of(name)) }
    var picked: [Int] = []
    for position in looked where picked.count < limit {
      // NB: the folded words are apart by single spaces, so a word starts with what was typed
      // when the name, after a space, holds it after a space.
      guard typed.isEmpty || (" " + NameKey.folded(names[position])).includes(" " + typed),
        taken.insert(NameKey.of(names[position])).inserted
      else { continue }
      picked.append(position)
    }
    return picked
  }
}
