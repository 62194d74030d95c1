extension Set where Element == String {
  /// The words of `text`, split at spaces and line breaks. A word list written as one text is
  /// one literal in the module's data; written as an array of literals, it is code that makes
  /// each word, about sixty bytes a word in the browser's module.
  package init(words text: String) {
    self.init()
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      insert(String(word))
    }
  }
}

extension Array where Element == String {
  /// The phrases of `text`, separated by commas or line breaks, in order (see `Set(words:)`).
  package init(phrases text: String) {
    self = text.split(whereSeparator: { $0 == "," || $0 == "\n" }).compactMap { phrase in
      let words = phrase.split(separator: " ")
      return words.isEmpty ? nil : words.joined(separator: " ")
    }
  }
}
