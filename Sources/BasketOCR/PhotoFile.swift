import BasketKit
import Glibc

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
    if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
      let brand = String(decoding: head[8..<12], as: UTF8.self)
      if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
        .contains(brand)
      {
        return .heif
      }
      if brand == "avif" || brand == "avis" { return .avif }
    }
    // NB: after the ftyp box, whose four bytes and brand say more than "BM" does: read first,
    // a 12-byte HEIC header starting "BM" was a BMP once three more bytes came (found by
    // FuzzPhotoHeader).
    if starts(Array("BM".utf8)), head.count >= 14 { return .bmp }
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

  /// The most pixels of a photo read: 50 megapixels (a 48-megapixel phone photo is
  /// 8064×6048). Tesseract's memory grows with the pixels (a 20000×20000 PNG of 439 KB took
  /// it 1.5 GB), so the size is read from the file's header and refused before it runs.
  public static let maximumPixels = 50_000_000
  /// The longest side of a photo read, in pixels.
  public static let maximumSide = 16_384

  /// The last part of `path`.
  static func name(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Whether the file at `path` starts like a picture (of any format, HEIC too).
  public static func isPhoto(atPath path: String) -> Bool {
    guard let file = try? OpenFile(path) else { return false }
    return PhotoFormat.of(file.read(at: 0, count: 16)) != nil
  }

  /// Checks the photo at `path` before it is read: it is a regular file of at most
  /// `maximumBytes`, a picture Tesseract reads (HEIC is refused, saying how to send JPEG), and
  /// its header declares at most `maximumPixels` and `maximumSide`.
  public static func check(_ path: String) throws -> PhotoFormat {
    let name = Self.name(path)
    let file = try OpenFile(path)
    guard file.size <= maximumBytes else {
      throw PhotoImportError(
        "\(name) is \(file.size >> 20) MB; photos of at most \(maximumBytes >> 20) MB are read. "
          + "Send a smaller one (a phone's \"large\" or \"medium\" size is plenty).")
    }
    guard let format = PhotoFormat.of(file.read(at: 0, count: 16)) else {
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
      break
    }
    guard let size = PhotoHeader.size(format, read: { file.read(at: $0, count: $1) }) else {
      throw PhotoImportError(
        "\(name) looks like a \(format.rawValue) photo but its size can't be read (the file is "
          + "damaged or cut short); send the photo again")
    }
    guard size.width <= maximumSide, size.height <= maximumSide,
      size.width * size.height <= maximumPixels
    else {
      throw PhotoImportError(
        "\(name) is \(size.width)×\(size.height) pixels; photos of at most "
          + "\(maximumPixels / 1_000_000) megapixels and \(maximumSide) pixels a side are read. "
          + "Send a smaller one (a phone's \"large\" or \"medium\" size is plenty).")
    }
    return format
  }
}

/// A regular file open for reading (never a FIFO or device, which could block).
final class OpenFile {
  let descriptor: Int32
  let size: Int

  init(_ path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw PhotoImportError(
        errno == EACCES ? "cannot read \(path)" : "there is no file \(path)")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw PhotoImportError("\(path) is a folder; give the photos of the recipe")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw PhotoImportError("\(path) is not a regular file; give a photo file")
    }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw PhotoImportError("cannot read \(path)") }
    self.descriptor = descriptor
    size = Int(info.st_size)
  }

  deinit { close(descriptor) }

  /// Up to `count` bytes at `offset` (fewer at the end of the file).
  func read(at offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, count > 0, offset < size else { return [] }
    let wanted = min(count, size - offset)
    return [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
      let got = pread(descriptor, buffer.baseAddress, wanted, off_t(offset))
      initialized = max(got, 0)
    }
  }
}
