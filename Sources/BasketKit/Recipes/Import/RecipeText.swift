/// Text clean-ups every importer shares: character references decoded, tags dropped,
/// whitespace collapsed.
public enum RecipeText {
  /// `text` with its whitespace (any kind, non-breaking included) collapsed to single spaces
  /// and trimmed.
  public static func normalizedWhitespace(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace || scalar == "\u{200B}" || scalar == "\u{FEFF}" {
        pendingSpace = !out.isEmpty
      } else {
        if pendingSpace { out.append(" ") }
        pendingSpace = false
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Decodes "&amp;", "&frac12;", "&#39;" and "&#x2019;"; unknown references stay as written.
  public static func decodingEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
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
    guard text.contains("<") else { return text }
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

  /// The cleaned single line a field shows: entities decoded, tags dropped, whitespace collapsed.
  public static func clean(_ text: String) -> String {
    normalizedWhitespace(decodingEntities(strippingTags(decodingEntities(text))))
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
    guard line.contains("((") else { return String(line) }
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
      .map { normalizedWhitespace(decodingEntities(String($0))) }
      .filter { !$0.isEmpty }
  }
}
