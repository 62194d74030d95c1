/// The pixel size a picture's header declares, read without decoding the picture.
///
/// Formats (facts from their specifications): PNG's IHDR chunk; a JPEG's first start-of-frame
/// segment (SOF0–SOF15 except DHT C4, JPG C8 and DAC CC); GIF's logical screen; BMP's
/// BITMAPCOREHEADER or BITMAPINFOHEADER; TIFF's first IFD (ImageWidth 256, ImageLength 257);
/// WebP's VP8, VP8L or VP8X chunk.
public enum PhotoHeader {
  /// How far into a JPEG its start-of-frame is looked for (metadata segments come first).
  static let jpegSearchBytes = 4 << 20
  /// The most TIFF directory entries read.
  static let tiffMaximumEntries = 1000

  public struct Size: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// The size declared by a `format` file whose bytes `read(offset, count)` gives (fewer at
  /// its end), or nil when the header is cut short or makes no sense.
  public static func size(_ format: PhotoFormat, read: (Int, Int) -> [UInt8]) -> Size? {
    func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
      let got = read(offset, count)
      return got.count == count ? got : nil
    }
    func big(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
      (at..<at + count).reduce(0) { $0 << 8 | Int(b[$1]) }
    }
    func little(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
      (at..<at + count).reversed().reduce(0) { $0 << 8 | Int(b[$1]) }
    }
    func sized(_ width: Int, _ height: Int) -> Size? {
      width > 0 && height > 0 ? Size(width: width, height: height) : nil
    }
    switch format {
    case .png:
      guard let b = bytes(0, 24), b[12..<16].elementsEqual("IHDR".utf8) else { return nil }
      return sized(big(b, 16, 4), big(b, 20, 4))
    case .gif:
      guard let b = bytes(0, 10) else { return nil }
      return sized(little(b, 6, 2), little(b, 8, 2))
    case .bmp:
      guard let b = bytes(0, 26) else { return nil }
      if little(b, 14, 4) == 12 { return sized(little(b, 18, 2), little(b, 20, 2)) }
      let width = Int(Int32(truncatingIfNeeded: little(b, 18, 4)))
      let height = Int(Int32(truncatingIfNeeded: little(b, 22, 4)))
      // NB: a negative height is a top-down bitmap.
      return height == Int(Int32.min) ? nil : sized(width, abs(height))
    case .webp:
      guard let b = bytes(0, 30) else { return nil }
      let chunk = String(decoding: b[12..<16], as: UTF8.self)
      switch chunk {
      case "VP8 ":
        guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
        return sized(little(b, 26, 2) & 0x3FFF, little(b, 28, 2) & 0x3FFF)
      case "VP8L":
        guard b[20] == 0x2F else { return nil }
        let bits = little(b, 21, 4)
        return sized((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
      case "VP8X":
        return sized(little(b, 24, 3) + 1, little(b, 27, 3) + 1)
      default:
        return nil
      }
    case .jpeg:
      var offset = 2
      while offset < jpegSearchBytes {
        guard let mark = bytes(offset, 2), mark[0] == 0xFF else { return nil }
        let marker = mark[1]
        if marker == 0xFF {  // fill byte
          offset += 1
          continue
        }
        if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // no length
          offset += 2
          continue
        }
        guard marker != 0xD9, marker != 0xDA, let length = bytes(offset + 2, 2) else {
          return nil
        }
        let segment = big(length, 0, 2)
        guard segment >= 2 else { return nil }
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
          guard let frame = bytes(offset + 4, 5) else { return nil }
          return sized(big(frame, 3, 2), big(frame, 1, 2))
        }
        offset += 2 + segment
      }
      return nil
    case .tiff:
      guard let b = bytes(0, 8) else { return nil }
      let isLittle = b[0] == 0x49
      func number(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        isLittle ? little(b, at, count) : big(b, at, count)
      }
      let directory = number(b, 4, 4)
      guard directory >= 8, let countBytes = bytes(directory, 2) else { return nil }
      let count = number(countBytes, 0, 2)
      guard count > 0, count <= tiffMaximumEntries,
        let entries = bytes(directory + 2, count * 12)
      else { return nil }
      var width: Int?
      var height: Int?
      for index in 0..<count {
        let at = index * 12
        let tag = number(entries, at, 2)
        guard tag == 256 || tag == 257 else { continue }
        let value: Int
        switch number(entries, at + 2, 2) {
        case 3: value = number(entries, at + 8, 2)  // SHORT
        case 4: value = number(entries, at + 8, 4)  // LONG
        default: return nil
        }
        if tag == 256 { width = value } else { height = value }
      }
      guard let width, let height else { return nil }
      return sized(width, height)
    case .heif, .avif:
      return nil
    }
  }

  /// The size declared by a `format` picture held in `bytes`.
  public static func size(_ format: PhotoFormat, of bytes: [UInt8]) -> Size? {
    size(format) { offset, count in
      guard offset >= 0, count > 0, offset < bytes.count else { return [] }
      return Array(bytes[offset..<min(bytes.count, offset &+ count)])
    }
  }
}
