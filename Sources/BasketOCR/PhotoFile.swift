import BasketKit
import Foundation

/// What kind of picture a file holds, told from its first bytes (never its name).
public enum PhotoFormat: String, Sendable, Equatable {
  case jpeg = "JPEG"
  case png = "PNG"
  case tiff = "TIFF"
  case webp = "WebP"
  case gif = "GIF"
  case bmp = "BMP"
  /// HEIC/HEIF, as iPhones save photos: Tesseract can't read it.
  case heif = "HEIC"
  case avif = "AVIF"

  /// The format of a file starting with `bytes` (the first 16 are enough), or nil for
  /// anything that isn't a picture.
  public static func of(_ bytes: some Collection<UInt8>) -> PhotoFormat? {
    let head = Array(bytes.prefix(16))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts(Array("II*\u{0}".utf8)) || starts(Array("MM\u{0}*".utf8)) { return .tiff }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("BM".utf8)), head.count >= 14 { return .bmp }
    if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
      let brand = String(decoding: head[8..<12], as: UTF8.self)
      if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
        .contains(brand)
      {
        return .heif
      }
      if brand == "avif" || brand == "avis" { return .avif }
    }
    return nil
  }
}

/// Why photos couldn't be read; the message says what to do.
public struct PhotoImportError: Error, CustomStringConvertible, Equatable {
  public var message: String
  public var description: String { message }

  public init(_ message: String) { self.message = message }
}

/// The limits on photos of a recipe and the checks made before Tesseract sees one.
public enum PhotoFile {
  /// The largest photo read: 20 MB (a 48-megapixel phone JPEG is 10–15 MB).
  public static let maximumBytes = 20 << 20
  /// The most photos (pages) of one recipe.
  public static let maximumPages = 10

  /// Whether the file at `path` starts like a picture (of any format, HEIC too).
  public static func isPhoto(atPath path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 16)) ?? Data()
    return PhotoFormat.of(head) != nil
  }

  /// Checks the photo at `path` before it is read: it exists, is at most `maximumBytes`, and
  /// is a picture Tesseract reads (HEIC is refused, saying how to send JPEG).
  public static func check(_ path: String) throws -> PhotoFormat {
    let name = (path as NSString).lastPathComponent
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw PhotoImportError("there is no file \(path)")
    }
    guard !isFolder.boolValue else {
      throw PhotoImportError("\(path) is a folder; give the photos of the recipe")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maximumBytes else {
      throw PhotoImportError(
        "\(name) is \(size >> 20) MB; photos of at most \(maximumBytes >> 20) MB are read. "
          + "Send a smaller one (a phone's \"large\" or \"medium\" size is plenty).")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw PhotoImportError("cannot read \(path)")
    }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 16)) ?? Data()
    guard let format = PhotoFormat.of(head) else {
      throw PhotoImportError("\(name) is not a photo (JPEG, PNG, TIFF, WebP, GIF or BMP)")
    }
    switch format {
    case .heif:
      throw PhotoImportError(
        "\(name) is a HEIC photo, which can't be read here. Send it as JPEG: on an iPhone, "
          + "Settings → Camera → Formats → Most Compatible takes new photos as JPEG, and "
          + "sharing or exporting a photo (or AirDrop with Options → Automatic) sends JPEG.")
    case .avif:
      throw PhotoImportError("\(name) is an AVIF picture, which can't be read here; send a JPEG")
    default:
      return format
    }
  }
}
