/// What one recipe may hold, and what an import may read to find it. Every face imports through
/// these checks, so a pasted novel, a binary file or a page of a million list items is refused
/// with a reason instead of growing the process by gigabytes.
///
/// The figures are far past any real recipe (the longest of the 880 saved pages in our test
/// data has 39 ingredient lines and 32 steps) and small enough that the largest allowed import
/// costs a few megabytes.
public enum RecipeLimits {
  /// Pasted text or a text file: 512 KiB (a long recipe is 5–20 KiB).
  public static let textBytes = 512 << 10
  /// A saved web page: 10 MiB (the largest of the 880 saved pages is 2.3 MiB).
  public static let pageBytes = 10 << 20
  /// Lines of pasted text or a text file.
  public static let textLines = 5_000
  /// Ingredient lines of one recipe, over all its groups.
  public static let ingredientLines = 500
  /// Method steps of one recipe.
  public static let methodSteps = 300
  /// A title longer than this is cut at a word, with an ellipsis.
  public static let titleCharacters = 200

  /// `bytes` as text, when they are text: UTF-8 (a byte-order mark skipped), or Windows-1252
  /// when they aren't valid UTF-8 (an older saved text file).
  ///
  /// - Throws: `RecipeLimitError.notText` for bytes that hold NUL or more than a few control
  ///   characters (a photo, a program, random bytes); `.tooLarge` past `textBytes`.
  public static func text(_ bytes: [UInt8], from source: String) throws -> String {
    guard looksLikeText(bytes) else { throw RecipeLimitError.notText(source) }
    guard bytes.count <= textBytes else {
      throw RecipeLimitError.tooLarge(source, bytes: bytes.count, limit: textBytes)
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if let text = String(validating: body, as: UTF8.self) { return text }
    return String(String.UnicodeScalarView(body.map(windows1252)))
  }

  /// Checks pasted text's size, kind and line count before it is read: as a text file is
  /// checked, it holds no NUL and at most 1 % other control characters.
  public static func check(text: String, from source: String) throws {
    guard looksLikeText(text.unicodeScalars) else { throw RecipeLimitError.notText(source) }
    let bytes = text.utf8.count
    guard bytes <= textBytes else {
      throw RecipeLimitError.tooLarge(source, bytes: bytes, limit: textBytes)
    }
    let lines = text.utf8.count(where: { $0 == 0x0A }) + 1
    guard lines <= textLines else {
      throw RecipeLimitError.tooMany(source, what: "lines", count: lines, limit: textLines)
    }
  }

  /// Checks a saved page's size before it is parsed.
  public static func check(pageBytes count: Int, from source: String) throws {
    guard count <= pageBytes else {
      throw RecipeLimitError.tooLarge(source, bytes: count, limit: pageBytes)
    }
  }

  /// `recipe` within the limits: its title cut to `titleCharacters`.
  ///
  /// - Throws: `RecipeLimitError.tooMany` past `ingredientLines` or `methodSteps`.
  public static func checked(_ recipe: Recipe, from source: String) throws -> Recipe {
    let lines = recipe.ingredientGroups.reduce(0) { $0 + $1.ingredients.count }
    guard lines <= ingredientLines else {
      throw RecipeLimitError.tooMany(
        source, what: "ingredient lines", count: lines, limit: ingredientLines)
    }
    guard recipe.instructions.count <= methodSteps else {
      throw RecipeLimitError.tooMany(
        source, what: "method steps", count: recipe.instructions.count, limit: methodSteps)
    }
    var checked = recipe
    checked.title = shortened(recipe.title)
    return checked
  }

  /// A title of at most `titleCharacters`, cut at the last space before the limit.
  static func shortened(_ title: String) -> String {
    guard title.count > titleCharacters else { return title }
    let head = title.prefix(titleCharacters - 1)
    let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
    return String(cut).trimmingCharacters() + "…"
  }

  /// Text holds no NUL, and at most 1 % other control characters (tab, line breaks and form
  /// feed aside; C1 controls count too), as `looksLikeText(_:)` of bytes.
  static func looksLikeText(_ scalars: String.UnicodeScalarView) -> Bool {
    var controls = 0
    var count = 0
    for scalar in scalars {
      count += 1
      switch scalar.value {
      case 0: return false
      case 0x09, 0x0A, 0x0C, 0x0D: break
      case 0x01..<0x20, 0x7F..<0xA0: controls += 1
      default: break
      }
    }
    return controls * 100 <= count
  }

  /// Text holds no NUL, and at most 1 % other control bytes (tab, line breaks and form feed
  /// aside). Random bytes hold about 11 % of them; a photo or program holds NULs.
  static func looksLikeText(_ bytes: [UInt8]) -> Bool {
    var controls = 0
    for byte in bytes {
      if byte == 0 { return false }
      if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C
        || byte == 0x7F
      {
        controls += 1
      }
    }
    return controls * 100 <= bytes.count
  }

  /// The character a Windows-1252 byte stands for (undefined bytes stand for themselves).
  static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
    guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
    let table: [UInt32] = [
      0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
      0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
    return Unicode.Scalar(table[Int(byte - 0x80)]) ?? Unicode.Scalar(byte)
  }
}

/// Why an import was refused for its size or kind. The web answers `tooLarge` with 413 and the
/// others with 422; the command line exits 1.
public enum RecipeLimitError: Error, Equatable, Sendable, CustomStringConvertible {
  case tooLarge(String, bytes: Int, limit: Int)
  case tooMany(String, what: String, count: Int, limit: Int)
  case notText(String)

  public var description: String {
    switch self {
    case .tooLarge(let source, let bytes, let limit) where limit == RecipeLimits.textBytes:
      "\(source) is \(Self.size(bytes)), more than a recipe's text may be (at most \(Self.size(limit)); a saved web page may be up to \(Self.size(RecipeLimits.pageBytes)))"
    case .tooLarge(let source, let bytes, let limit):
      "\(source) is \(Self.size(bytes)), more than a recipe may be (at most \(Self.size(limit)))"
    case .tooMany(let source, let what, let count, let limit):
      "\(source) has \(count) \(what), more than a recipe may have (at most \(limit))"
    case .notText(let source):
      "\(source) is not text (it holds binary data); give a saved web page or a text file"
    }
  }

  public static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20 {
      let tenths = (bytes * 10 + (1 << 19)) >> 20
      return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
    return bytes >= 1 << 10 ? "\((bytes + 512) >> 10) KB" : "\(bytes) bytes"
  }
}
