/// A product code as printed under a barcode: EAN-8, UPC-A (12 digits), EAN-13 or GTIN-14,
/// its last digit the GS1 check digit.
///
/// `digits` keeps the code as written, leading zeros included. `key` is the code as a
/// GTIN-14 (zeros in front up to 14 digits, as GS1 defines it), so a UPC-A, its EAN-13 form
/// with a leading 0 and its GTIN-14 form are one product.
public struct Barcode: Hashable, Sendable, CustomStringConvertible {
  public enum Format: String, Sendable, Codable, CaseIterable {
    case ean8 = "EAN-8"
    case upcA = "UPC-A"
    case ean13 = "EAN-13"
    case gtin14 = "GTIN-14"
  }

  /// The digits as written (spaces and hyphens dropped), leading zeros kept.
  public let digits: String

  /// The most characters read (digits, spaces and hyphens): anything longer is refused.
  public static let maximumInput = 64

  /// Reads a typed or scanned code. Spaces and hyphens are dropped ("4 006381 33393-1").
  ///
  /// - Throws: `BarcodeError`, saying exactly what is wrong.
  public init(_ text: String) throws(BarcodeError) {
    var digits: [UInt8] = []
    var seen = 0
    for character in text {
      seen += 1
      if seen > Self.maximumInput { throw .wrongLength(Self.maximumInput + 1) }
      if character == " " || character == "-" || character == "\u{00A0}" || character == "\t" {
        continue
      }
      guard let ascii = character.asciiValue, (48...57).contains(ascii) else {
        throw .notADigit(String(character))
      }
      digits.append(ascii - 48)
    }
    guard !digits.isEmpty else { throw .empty }
    guard Self.lengths.contains(digits.count) else {
      throw .wrongLength(digits.count)
    }
    let expected = Self.checkDigit(of: digits.dropLast())
    guard expected == Int(digits[digits.count - 1]) else {
      throw .checkDigit(expected: expected, found: Int(digits[digits.count - 1]))
    }
    self.digits = String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
  }

  /// The lengths a GS1 code has.
  public static let lengths: Set<Int> = [8, 12, 13, 14]

  public var format: Format {
    switch digits.utf8.count {
    case 8: .ean8
    case 12: .upcA
    case 13: .ean13
    default: .gtin14
    }
  }

  /// The code as a GTIN-14: the product's identity, whichever way it was written.
  public var key: String {
    String(repeating: "0", count: 14 - digits.utf8.count) + digits
  }

  /// Whether `other` is the same product (UPC-A 036000291452 and EAN-13 0036000291452 are).
  public func isSameProduct(as other: Barcode) -> Bool { key == other.key }

  public var description: String { digits }

  /// The GS1 mod-10 check digit of `body` (the code without its check digit): from the
  /// right, digits weigh 3, 1, 3, 1, …; the check digit brings the sum to a multiple of 10.
  public static func checkDigit(of body: some BidirectionalCollection<UInt8>) -> Int {
    var sum = 0
    for (position, digit) in body.reversed().enumerated() {
      sum += Int(digit) * (position.isMultiple(of: 2) ? 3 : 1)
    }
    return (10 - sum % 10) % 10
  }
}

extension Barcode: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(digits)
  }
}

/// Why a code is not a barcode, said exactly.
public enum BarcodeError: Error, Equatable, Sendable, CustomStringConvertible {
  case empty
  /// The first character that isn't a digit, space or hyphen.
  case notADigit(String)
  /// How many digits there were (more than `Barcode.maximumInput`: that many plus one).
  case wrongLength(Int)
  case checkDigit(expected: Int, found: Int)

  public var description: String {
    switch self {
    case .empty:
      "a barcode has 8, 12, 13 or 14 digits; this has none"
    case .notADigit(let character):
      "barcodes are digits only: '\(Self.shown(character))' isn't"
    case .wrongLength(let count):
      count > Barcode.maximumInput
        ? "a barcode has 8, 12, 13 or 14 digits; this has far more"
        : "a barcode has 8, 12, 13 or 14 digits; this has \(count)"
    case .checkDigit(let expected, let found):
      "the check digit should be \(expected), not \(found)"
    }
  }

  /// A character as it can be shown in a message: controls and invisible ones by their code.
  private static func shown(_ character: String) -> String {
    let scalars = character.unicodeScalars
    if scalars.contains(where: { $0.properties.generalCategory == .control || $0.value == 0x27 }) {
      return scalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(
        separator: " ")
    }
    return character
  }
}
