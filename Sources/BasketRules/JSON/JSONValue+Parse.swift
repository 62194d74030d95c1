// MARK: - Parsing

extension JSONValue {
  /// Why a body is not acceptable JSON.
  public struct ParseError: Error, Equatable, Sendable {
    public var message: String
  }

  /// Parses strict RFC 8259 JSON (UTF-8, no comments, no trailing commas, nesting ≤ 32).
  public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
    var parser = Parser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.index == bytes.count else {
      throw parser.fail("unexpected text after the JSON value")
    }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    func fail(_ message: String) -> ParseError {
      ParseError(message: "malformed JSON: \(message) at byte \(index)")
    }

    mutating func skipSpace() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
      {
        index += 1
      }
    }

    mutating func value(depth: Int) throws(ParseError) -> JSONValue {
      guard depth < 32 else { throw fail("nested too deeply") }
      guard index < bytes.count else { throw fail("unexpected end") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): try literal("true"); return .bool(true)
      case UInt8(ascii: "f"): try literal("false"); return .bool(false)
      case UInt8(ascii: "n"): try literal("null"); return .null
      default: return .number(try number())
      }
    }

    mutating func literal(_ word: String) throws(ParseError) {
      let expected = Array(word.utf8)
      guard index + expected.count <= bytes.count,
        Array(bytes[index..<index + expected.count]) == expected
      else { throw fail("unexpected character") }
      index += expected.count
    }

    mutating func object(depth: Int) throws(ParseError) -> JSONValue {
      index += 1
      var members: [(String, JSONValue)] = []
      var names = Set<String>()  // NB: a linear scan per member made 6,000 members take seconds
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw fail("expected a member name")
        }
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw fail("expected ':'")
        }
        index += 1
        skipSpace()
        let member = try value(depth: depth + 1)
        guard names.insert(key).inserted else {
          throw ParseError(
            message: "malformed JSON: the member \"\(key.prefix(40))\" appears twice")
        }
        members.append((key, member))
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
        index += 1
        return .object(members)
      }
    }

    mutating func array(depth: Int) throws(ParseError) -> JSONValue {
      index += 1
      var values: [JSONValue] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(values)
      }
      while true {
        skipSpace()
        values.append(try value(depth: depth + 1))
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
        index += 1
        return .array(values)
      }
    }

    mutating func string() throws(ParseError) -> String {
      index += 1
      var out: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          guard let text = String(validating: out, as: UTF8.self) else {
            throw fail("a string is not valid UTF-8")
          }
          return text
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { throw fail("unexpected end") }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
          case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
          case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
              guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else { throw fail("a lone surrogate") }
              index += 2
              let low = try hex4()
              guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate") }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
              throw fail("a lone surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("a bad \\u escape") }
            out.append(contentsOf: String(Character(unicode)).utf8)
          default: throw fail("a bad escape")
          }
        case 0..<0x20: throw fail("a control character in a string")
        default: out.append(byte)
        }
      }
      throw fail("an unterminated string")
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard index + 4 <= bytes.count else { throw fail("a bad \\u escape") }
      var value: UInt32 = 0
      for byte in bytes[index..<index + 4] {
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default: throw fail("a bad \\u escape")
        }
        value = value << 4 | digit
      }
      index += 4
      return value
    }

    mutating func number() throws(ParseError) -> Double {
      let start = index
      func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("unexpected character") }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a bad number") }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a bad number") }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
        value.isFinite
      else { throw fail("a number out of range") }
      return value
    }
  }
}
