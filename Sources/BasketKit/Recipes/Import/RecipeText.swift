/// Text clean-ups every importer shares: character references decoded, tags dropped,
/// whitespace collapsed.
public enum RecipeText {
  /// `text` with its whitespace (any kind, non-breaking included, and the zero-width space
  /// and byte order mark) collapsed to single spaces and trimmed.
  ///
  /// Cost: one pass over the UTF-8 bytes; pages call it on every block they hold.
  public static func normalizedWhitespace(_ text: String) -> String {
    var utf8 = text.utf8
    if let fast = utf8.withContiguousStorageIfAvailable({ normalizedWhitespace(bytes: $0) }) {
      return fast
    }
    var copy = text
    copy.makeContiguousUTF8()
    utf8 = copy.utf8
    return utf8.withContiguousStorageIfAvailable { normalizedWhitespace(bytes: $0) } ?? text
  }

  private static func normalizedWhitespace(bytes: UnsafeBufferPointer<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var pendingSpace = false
    var index = 0
    while index < bytes.count {
      let width = whitespaceWidth(bytes, at: index)
      if width > 0 {
        pendingSpace = !out.isEmpty
        index += width
        continue
      }
      if pendingSpace { out.append(0x20) }
      pendingSpace = false
      out.append(bytes[index])
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// How many bytes the whitespace at `index` takes: a character with Unicode's White_Space
  /// property, U+200B or U+FEFF; 0 when it is not whitespace (or is a byte inside one).
  static func whitespaceWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
    func next(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
    switch byte {
    case 0xC2:  // U+0085, U+00A0
      return next(1) == 0x85 || next(1) == 0xA0 ? 2 : 0
    case 0xE1:  // U+1680
      return next(1) == 0x9A && next(2) == 0x80 ? 3 : 0
    case 0xE2:
      let (second, third) = (next(1), next(2))
      if second == 0x80 {
        // U+2000–U+200B, U+2028, U+2029, U+202F
        return (0x80...0x8B).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF
          ? 3 : 0
      }
      return second == 0x81 && third == 0x9F ? 3 : 0  // U+205F
    case 0xE3:  // U+3000
      return next(1) == 0x80 && next(2) == 0x80 ? 3 : 0
    case 0xEF:  // U+FEFF
      return next(1) == 0xBB && next(2) == 0xBF ? 3 : 0
    default:
      return 0
    }
  }

  /// Decodes "&amp;", "&frac12;", "&#39;" and "&#x2019;"; unknown references stay as written.
  public static func decodingEntities(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "&" else {
        out.append(scalar)
        index += 1
        continue
      }
      var end = index + 1
      while end < scalars.count, end - index <= 32, scalars[end] != ";", scalars[end] != "&",
        !scalars[end].properties.isWhitespace
      {
        end += 1
      }
      guard end < scalars.count, scalars[end] == ";", end > index + 1 else {
        out.append(scalar)
        index += 1
        continue
      }
      var name = String.UnicodeScalarView()
      name.append(contentsOf: scalars[(index + 1)..<end])
      if let decoded = reference(String(name)) {
        out.append(decoded)
        index = end + 1
      } else {
        out.append(scalar)
        index += 1
      }
    }
    return String(out)
  }

  private static func reference(_ name: String) -> Unicode.Scalar? {
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits, radix: 10)
      }
      guard let value else { return nil }
      if value == 0 || (0x80...0x9F).contains(value) { return windows1252(value) }
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
    return HTMLEntities.codePoints[name].flatMap(Unicode.Scalar.init)
  }

  /// Bytes in Windows-1252 (the usual encoding of an old page that names none) as text; the
  /// five bytes it leaves undefined become U+FFFD.
  public static func decodingWindows1252(_ bytes: [UInt8]) -> String {
    var view = String.UnicodeScalarView()
    view.reserveCapacity(bytes.count)
    for byte in bytes {
      if byte < 0x80 || byte >= 0xA0 {
        view.append(Unicode.Scalar(byte))
      } else {
        view.append(windows1252(UInt32(byte)))
      }
    }
    return String(view)
  }

  /// Browsers read "&#146;" as the Windows-1252 character it was typed as (a right quote).
  private static func windows1252(_ value: UInt32) -> Unicode.Scalar {
    let table: [UInt32: UInt32] = [
      0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
      0x87: 0x2021, 0x88: 0x2C6, 0x89: 0x2030, 0x8A: 0x160, 0x8B: 0x2039, 0x8C: 0x152,
      0x8E: 0x17D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
      0x96: 0x2013, 0x97: 0x2014, 0x98: 0x2DC, 0x99: 0x2122, 0x9A: 0x161, 0x9B: 0x203A,
      0x9C: 0x153, 0x9E: 0x17E, 0x9F: 0x178,
    ]
    return table[value].flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
  }

  /// Text with HTML tags removed; a line break or block end becomes a newline.
  public static func strippingTags(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      guard character == "<", let close = text[index...].firstIndex(of: ">") else {
        out.append(character)
        index = text.index(after: index)
        continue
      }
      let tag = text[text.index(after: index)..<close].lowercased()
      let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
      guard !name.isEmpty || tag.hasPrefix("!") else {
        out.append(character)  // "a < b" is text
        index = text.index(after: index)
        continue
      }
      if ["br", "p", "li", "div", "ol", "ul", "h1", "h2", "h3", "h4", "tr"].contains(String(name)) {
        out.append("\n")
      }
      index = text.index(after: close)
    }
    return out
  }

  /// The cleaned single line a field shows: entities decoded, tags dropped, text that was
  /// garbled in encoding mended, whitespace collapsed.
  public static func clean(_ text: String) -> String {
    normalizedWhitespace(mendingMojibake(decodingEntities(strippingTags(decodingEntities(text)))))
  }

  /// `text` with each character that a site's UTF-8 read as Latin-1 and wrote again turned two
  /// ("1Â¼ cups", "crÃ¨me") written as the one it was ("1¼ cups", "crème"). Only those pairs
  /// change: "Â" or "Ã" followed by a character from U+0080 to U+00BF, which no language
  /// writes. Cost: one pass over the bytes; a copy only when a pair is found.
  public static func mendingMojibake(_ text: String) -> String {
    var text = text
    let mended: String? = text.withUTF8 { bytes in
      let isPair = { (index: Int) in isGarbledPair(bytes, at: index) }
      guard let first = bytes.indices.first(where: isPair) else { return nil }
      var out = Array(bytes[..<first])
      var index = first
      while index < bytes.count {
        if isPair(index) {
          out.append(bytes[index + 1] == 0x82 ? 0xC2 : 0xC3)
          out.append(bytes[index + 3])
          index += 4
        } else {
          out.append(bytes[index])
          index += 1
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
    return mended ?? text
  }

  /// Whether `bytes` hold at `index` one character garbled into two (see `mendingMojibake`):
  /// "Â" or "Ã" (C3 82, C3 83) before a character from U+0080 to U+00BF (C2 80…BF).
  public static func isGarbledPair(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    bytes[index] == 0xC3 && index + 3 < bytes.count
      && (bytes[index + 1] == 0x82 || bytes[index + 1] == 0x83) && bytes[index + 2] == 0xC2
      && (0x80...0xBF).contains(bytes[index + 3])
  }

  /// An ingredient line as a page means it: cleaned, without a leading bullet ("• 2 eggs"),
  /// and with a bracket pair that a template doubled ("((sifted))") written once.
  public static func ingredientLine(_ text: String) -> String {
    var line = Substring(text)
    while let first = line.first, "•·▪◦‣●○▢□☐*-–".contains(first),
      line.dropFirst().first == " "
    {
      line = line.dropFirst(2)
    }
    let bytes = line.utf8
    guard zip(bytes, bytes.dropFirst()).contains(where: { $0 == 0x28 && $1 == 0x28 }) else {
      return String(line)
    }
    var characters = Array(line)
    var index = 0
    while index + 1 < characters.count {
      if characters[index] == "(", characters[index + 1] == "(",
        let inner = closing(characters, from: index + 1), inner + 1 < characters.count,
        characters[inner + 1] == ")"
      {
        characters.remove(at: inner + 1)
        characters.remove(at: index)
        continue
      }
      index += 1
    }
    return String(characters)
  }

  /// The index of the ")" that closes the "(" at `start`.
  private static func closing(_ characters: [Character], from start: Int) -> Int? {
    var depth = 0
    for index in start..<characters.count {
      if characters[index] == "(" { depth += 1 }
      if characters[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// Splits text into its non-empty cleaned lines.
  public static func lines(_ text: String) -> [String] {
    strippingTags(decodingEntities(text)).split(whereSeparator: \.isNewline)
      .map { normalizedWhitespace(mendingMojibake(decodingEntities(String($0)))) }
      .filter { !$0.isEmpty }
  }
}
