/// Reading a web page's JSON-LD into `JSONValue`s.
///
/// NB: The core reads JSON-LD with this small reader rather than `JSONDecoder` (which
/// FoundationEssentials does provide): pages carry JSON that a strict decoder refuses (raw
/// newlines and tabs inside strings, trailing commas, `//` comments, an HTML comment or CDATA
/// wrapper, several objects one after another), the schema.org shapes are too loose for
/// `Decodable` types (a yield is a number, a string or a list; a step is a string, an object or
/// a list of either), and it must be quick and bounded on any input: nesting is capped at
/// `maximumPageDepth` and every loop advances, so no input can recurse deeply or spin.
extension JSONValue {
  /// How deep a page's JSON may nest before the reader stops.
  public static let maximumPageDepth = 128

  /// A string, or a number written as text (pages give yields and times either way); nil
  /// for anything else.
  public var string: String? {
    switch self {
    case .string(let text): text
    case .number(let value):
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    default: nil
    }
  }

  /// The value as a list: an array's elements, or the value itself.
  public var list: [JSONValue] {
    switch self {
    case .array(let elements): elements
    case .null: []
    default: [self]
    }
  }

  /// Reads every top-level value in `text` (pages sometimes put several in one script),
  /// tolerating the slips real pages make. Returns what it could read before any error.
  public static func pageValues(in text: String) -> [JSONValue] {
    var reader = LenientJSONReader(Array(text.utf8))
    return reader.readAll()
  }

  /// The single value in `text`, or nil when it holds none.
  public static func pageValue(in text: String) -> JSONValue? {
    pageValues(in: text).first
  }
}

private struct LenientJSONReader {
  let bytes: [UInt8]
  var position = 0
  /// Set at the first thing that is not JSON; containers open at that point are closed with
  /// what they held so far.
  var failed = false

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func readAll() -> [JSONValue] {
    var values: [JSONValue] = []
    while true {
      skipNoise()
      guard position < bytes.count else { break }
      let before = position
      if let value = readValue(depth: 0) {
        values.append(value)
      } else {
        break
      }
      if failed || position == before { break }
    }
    return values
  }

  /// Whitespace, commas between top-level values, comments, `<!--`/`-->` and CDATA marks.
  private mutating func skipNoise() {
    while true {
      skipSpace()
      guard position < bytes.count else { return }
      let byte = bytes[position]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") {
        position += 1
      } else if starts(with: "<!--") {
        position += 4
      } else if starts(with: "-->") {
        position += 3
      } else if starts(with: "<![CDATA[") {
        position += 9
      } else if starts(with: "]]>") {
        position += 3
      } else {
        return
      }
    }
  }

  /// Whitespace and comments.
  private mutating func skipSpace() {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        position += 1
      } else if starts(with: "//") {
        while position < bytes.count && bytes[position] != 0x0A { position += 1 }
      } else if starts(with: "/*") {
        position += 2
        while position < bytes.count && !starts(with: "*/") { position += 1 }
        position = min(bytes.count, position + 2)
      } else {
        return
      }
    }
  }

  private func starts(with text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let pointer = text.utf8Start
    for offset in 0..<count where bytes[position + offset] != pointer[offset] {
      return false
    }
    return true
  }

  private mutating func readValue(depth: Int) -> JSONValue? {
    guard depth < JSONValue.maximumPageDepth else { return nil }
    skipSpace()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "{"): return readObject(depth: depth)
    case UInt8(ascii: "["): return readArray(depth: depth)
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return readString().map(JSONValue.string)
    case UInt8(ascii: "t"):
      guard starts(with: "true") else { return nil }
      position += 4
      return .bool(true)
    case UInt8(ascii: "f"):
      guard starts(with: "false") else { return nil }
      position += 5
      return .bool(false)
    case UInt8(ascii: "n"):
      guard starts(with: "null") else { return nil }
      position += 4
      return .null
    default:
      return readNumber()
    }
  }

  private mutating func readObject(depth: Int) -> JSONValue? {
    var members: [(String, JSONValue)] = []
    readItems(closedBy: UInt8(ascii: "}")) { reader in
      let quote = reader.bytes[reader.position]
      guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), let key = reader.readString()
      else { return false }
      reader.skipSpace()
      guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: ":")
      else { return false }
      reader.position += 1
      guard let value = reader.readValue(depth: depth + 1) else { return false }
      members.append((key, value))
      return true
    }
    return .object(members)
  }

  private mutating func readArray(depth: Int) -> JSONValue? {
    var elements: [JSONValue] = []
    readItems(closedBy: UInt8(ascii: "]")) { reader in
      guard let value = reader.readValue(depth: depth + 1) else { return false }
      elements.append(value)
      return true
    }
    return .array(elements)
  }

  /// Reads an object's or an array's items up to `close`, passing over commas, each with
  /// `readItem`, false where the page breaks (`failed` is then set). What was read is kept
  /// whether the items end, break or run off the end of the page.
  private mutating func readItems(closedBy close: UInt8, _ readItem: (inout Self) -> Bool) {
    position += 1
    while true {
      skipSpace()
      guard position < bytes.count else { return }
      let byte = bytes[position]
      if byte == close {
        position += 1
        return
      }
      if byte == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard readItem(&self) else {
        failed = true
        return
      }
      if failed { return }
    }
  }

  private mutating func readNumber() -> JSONValue? {
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      let isNumberByte =
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
      guard isNumberByte else { break }
      position += 1
    }
    guard position > start else { return nil }
    // NB: A malformed or absurdly long number reads as null rather than losing the page.
    guard position - start < 400,
      let text = String(validating: bytes[start..<position], as: UTF8.self),
      let value = Double(text), value.isFinite
    else { return .null }
    return .number(value)
  }

  /// A string in double (or, leniently, single) quotes; raw control characters are kept.
  private mutating func readString() -> String? {
    let quote = bytes[position]
    position += 1
    var out: [UInt8] = []
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == quote {
        out.append(contentsOf: bytes[runStart..<position])
        position += 1
        return String(decoding: out, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        out.append(contentsOf: bytes[runStart..<position])
        position += 1
        guard position < bytes.count else { break }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "b"), UInt8(ascii: "f"): out.append(0x20)
        case UInt8(ascii: "u"):
          appendEscapedScalar(into: &out)
        default: out.append(escaped)  // \" \\ \/ and lenient \'
        }
        runStart = position
        continue
      }
      position += 1
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = bytes[position + offset]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: return nil
      }
      value = value * 16 + digit
    }
    position += 4
    return value
  }

  private mutating func appendEscapedScalar(into out: inout [UInt8]) {
    guard var code = hex4() else { return }
    if (0xD800...0xDBFF).contains(code), starts(with: "\\u") {
      let save = position
      position += 2
      if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      } else {
        position = save
      }
    }
    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
    out.append(contentsOf: Array(String(Character(scalar)).utf8))
  }
}
