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
