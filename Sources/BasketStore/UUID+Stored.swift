#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UUID {
  /// Reads an id as the store keeps it: the 36-character form
  /// ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", hex digits of either case), exactly what
  /// `UUID(uuidString:)` accepts. NB: that one goes through libc's sscanf, which was 6% of
  /// `basket list` reading 1,000 items; this reads the bytes directly.
  package static func stored(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { bytes -> UUID? in
      guard bytes.count == 36 else { return nil }
      var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      let parsed = withUnsafeMutableBytes(of: &value) { out -> Bool in
        var index = 0
        for position in 0..<16 {
          if index == 8 || index == 13 || index == 18 || index == 23 {
            guard bytes[index] == UInt8(ascii: "-") else { return false }
            index += 1
          }
          guard let high = nibble(bytes[index]), let low = nibble(bytes[index + 1]) else {
            return false
          }
          out[position] = high << 4 | low
          index += 2
        }
        return true
      }
      return parsed ? UUID(uuid: value) : nil
    }
  }

  /// The 36-character upper-case form the store keeps, exactly `uuidString`'s text. NB: that
  /// one formats through libc's snprintf, which was 16 % of `basket list` numbering 1,000
  /// items; this writes the bytes directly.
  package var storedText: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    appendStoredText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `storedText`'s 36 bytes to `bytes`, for writing many ids without a string each.
  package func appendStoredText(to bytes: inout [UInt8]) {
    withUnsafeBytes(of: uuid) { raw in
      for position in 0..<16 {
        if position == 4 || position == 6 || position == 8 || position == 10 {
          bytes.append(UInt8(ascii: "-"))
        }
        bytes.append(Self.hexDigit(raw[position] >> 4))
        bytes.append(Self.hexDigit(raw[position] & 0x0F))
      }
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  private static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
