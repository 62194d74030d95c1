/// A JSON document as a value: read strictly from the web app's request bodies
/// (`JSONValue.parse` in BasketWeb), leniently from recipe pages (`pageValues(in:)`), and
/// written for responses (`encoded()`).
///
/// Objects keep their members in document order, so responses are stable byte for byte.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in document order.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// Whether the value is JSON's null.
  ///
  /// NB: the rules built for the browser ask this rather than `== .null`, which would bring the
  /// whole of `==` (arrays and objects compared member by member) into the module.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The first member named `key` of an object, or nil. (The strict reader refuses a repeated
  /// key; a page's repeated key keeps both, and the first is the one read.)
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The name of the value's JSON type, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

// MARK: - Writing

extension JSONValue {
  /// The value as compact UTF-8 JSON.
  public func encoded() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out)
    return out
  }

  public func write(to out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let value): JSONValue.writeNumber(value, to: &out)
    case .string(let value): JSONValue.writeString(value, to: &out)
    case .array(let values):
      out.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  static func writeNumber(_ value: Double, to out: inout [UInt8]) {
    guard value.isFinite else {
      out.append(contentsOf: "null".utf8)
      return
    }
    if value == value.rounded(), abs(value) < 1e15 {
      out.append(contentsOf: String(Int64(value)).utf8)
    } else {
      out.append(contentsOf: "\(value)".utf8)
    }
  }

  /// Writes a JSON string literal. Besides the required escapes, "<", ">" and "&" are escaped
  /// so a JSON body can never be sniffed into markup.
  static func writeString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
