import BasketKit
import BasketOCR
import Foundation
import Testing

@Suite struct PhotoFileTests {
  let folder: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-ocr-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  private func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func be(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
  static func le(_ value: Int, _ count: Int) -> [UInt8] { be(value, count).reversed() }

  static func png(width: Int, height: Int) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
      + be(width, 4) + be(height, 4) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
  }
  /// An APP0 segment, then a baseline start-of-frame.
  static func jpeg(width: Int, height: Int, frame: UInt8 = 0xC0) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
      + [0xFF, frame, 0, 17, 8] + be(height, 2) + be(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 1]
  }
  static func gif(width: Int, height: Int) -> [UInt8] {
    Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0, 0, 0]
  }
  static func bmp(width: Int, height: Int) -> [UInt8] {
    Array("BM".utf8) + le(0, 12) + le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2)
  }
  static func tiff(width: Int, height: Int, little: Bool = true) -> [UInt8] {
    let n = little ? le : be
    return (little ? Array("II*\u{0}".utf8) : Array("MM\u{0}*".utf8)) + n(8, 4) + n(2, 2)
      + n(256, 2) + n(3, 2) + n(1, 4) + n(width, 2) + [0, 0]
      + n(257, 2) + n(4, 2) + n(1, 4) + n(height, 4)
  }
  static func webp(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
    Array("RIFF".utf8) + le(100, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + le(10, 4) + body
  }

  /// Crafted headers, and each cut short.
  @Test(
    arguments: [
      (png(width: 640, height: 480), PhotoFormat.png, PhotoHeader.Size(width: 640, height: 480)),
      (png(width: 20000, height: 20000), .png, PhotoHeader.Size(width: 20000, height: 20000)),
      (jpeg(width: 4032, height: 3024), .jpeg, PhotoHeader.Size(width: 4032, height: 3024)),
      (
        jpeg(width: 300, height: 200, frame: 0xC2), .jpeg, PhotoHeader.Size(width: 300, height: 200)
      ),
      (gif(width: 7, height: 9), .gif, PhotoHeader.Size(width: 7, height: 9)),
      (bmp(width: 100, height: -50), .bmp, PhotoHeader.Size(width: 100, height: 50)),
      (tiff(width: 1200, height: 900), .tiff, PhotoHeader.Size(width: 1200, height: 900)),
      (
        tiff(width: 1200, height: 900, little: false), .tiff,
        PhotoHeader.Size(width: 1200, height: 900)
      ),
      (
        webp("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A] + le(800, 2) + le(600, 2)), .webp,
        PhotoHeader.Size(width: 800, height: 600)
      ),
      (
        webp("VP8L", [0x2F] + le(799 | 599 << 14, 4) + [0, 0, 0, 0, 0]), .webp,
        PhotoHeader.Size(width: 800, height: 600)
      ),
      (
        webp("VP8X", [0, 0, 0, 0] + le(799, 3) + le(599, 3)), .webp,
        PhotoHeader.Size(width: 800, height: 600)
      ),
    ])
  func readsThePixelSizeFromTheHeader(bytes: [UInt8], format: PhotoFormat, size: PhotoHeader.Size) {
    #expect(PhotoFormat.of(bytes) == format)
    #expect(PhotoHeader.size(format, of: bytes) == size)
    for cut in [0, 9, bytes.count / 2] {
      let short = Array(bytes.prefix(cut))
      #expect(PhotoHeader.size(format, of: short) == nil, "cut at \(cut)")
    }
  }

  @Test func refusesNonsenseHeaders() {
    #expect(PhotoHeader.size(.png, of: Self.png(width: 0, height: 10)) == nil)
    #expect(PhotoHeader.size(.gif, of: Self.gif(width: 0, height: 0)) == nil)
    #expect(PhotoHeader.size(.jpeg, of: [0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == nil)
    #expect(PhotoHeader.size(.jpeg, of: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]) == nil)
  }

  @Test(arguments: [(20000, 20000), (16385, 100), (8000, 7000)])
  func refusesTooManyPixelsBeforeRunningTesseract(width: Int, height: Int) throws {
    let path = try write(Self.png(width: width, height: height), "bomb.png")
    let marker = folder.appendingPathComponent("ran").path
    let fake = folder.appendingPathComponent("tesseract").path
    try writeExecutableScript("#!/bin/sh\ntouch \(marker)\n", to: fake)
    let error = try #require(throws: PhotoImportError.self) {
      try PhotoRecipeImporter.recipe(photos: [path], tesseract: Tesseract(program: fake))
    }
    #expect(error.message.contains("bomb.png is \(width)×\(height) pixels"))
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test func acceptsAFortyEightMegapixelPhoneSize() throws {
    let path = try write(Self.jpeg(width: 8064, height: 6048), "phone.jpg")
    #expect(try PhotoFile.check(path) == .jpeg)
  }

  @Test func refusesAFIFO() throws {
    let path = folder.appendingPathComponent("pipe.jpg").path
    #expect(mkfifo(path, 0o600) == 0)
    let error = try #require(throws: PhotoImportError.self) { try PhotoFile.check(path) }
    #expect(error.message.contains("not a regular file"))
    #expect(!PhotoFile.isPhoto(atPath: path))
  }

  static let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0]

  @Test func tellsFormatsByTheirFirstBytes() {
    #expect(PhotoFormat.of([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
    #expect(PhotoFormat.of([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
    #expect(PhotoFormat.of(Array("II*\u{0}".utf8)) == .tiff)
    #expect(PhotoFormat.of(Array("MM\u{0}*".utf8)) == .tiff)
    #expect(PhotoFormat.of(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
    #expect(PhotoFormat.of(Array("GIF89a".utf8)) == .gif)
    #expect(PhotoFormat.of(Self.heic) == .heif)
    #expect(PhotoFormat.of([0, 0, 0, 24] + Array("ftypmif1".utf8)) == .heif)
    #expect(PhotoFormat.of([0, 0, 0, 24] + Array("ftypavif".utf8)) == .avif)
    #expect(PhotoFormat.of([0, 0, 0, 24] + Array("ftypisom".utf8)) == nil)  // an MP4 video
    #expect(PhotoFormat.of(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
    #expect(PhotoFormat.of(Array("<html>".utf8)) == nil)
    #expect(PhotoFormat.of([]) == nil)
    #expect(PhotoFormat.of([0xFF, 0xD8]) == nil)
  }

  @Test func refusesHEICSayingHowToSendJPEG() throws {
    let path = try write(Self.heic, "IMG_0001.HEIC")
    #expect(PhotoFile.isPhoto(atPath: path))
    let error = try #require(throws: PhotoImportError.self) { try PhotoFile.check(path) }
    #expect(error.message.contains("IMG_0001.HEIC is a HEIC photo"))
    #expect(error.message.contains("Settings → Camera → Formats → Most Compatible"))
  }

  @Test func refusesAPhotoOverTwentyMegabytes() throws {
    let path = try write([0xFF, 0xD8, 0xFF, 0xE0], "big.jpg")
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(PhotoFile.maximumBytes + 1))
    try handle.close()
    let error = try #require(throws: PhotoImportError.self) { try PhotoFile.check(path) }
    #expect(error.message.contains("big.jpg is 20 MB; photos of at most 20 MB are read"))
    let fits = try write(Self.jpeg(width: 4032, height: 3024), "fits.jpg")
    let sized = try #require(FileHandle(forWritingAtPath: fits))
    try sized.truncate(atOffset: UInt64(PhotoFile.maximumBytes))
    try sized.close()
    #expect(try PhotoFile.check(fits) == .jpeg)
  }

  @Test func refusesWhatIsNotAPhotoAndWhatIsMissing() throws {
    let text = try write(Array("Pancakes\n2 eggs\n".utf8), "recipe.jpg")
    #expect(!PhotoFile.isPhoto(atPath: text))
    #expect(
      throws: PhotoImportError("recipe.jpg is not a photo (JPEG, PNG, TIFF, WebP, GIF or BMP)")
    ) {
      try PhotoFile.check(text)
    }
    #expect(throws: PhotoImportError("there is no file /nonexistent/x.jpg")) {
      try PhotoFile.check("/nonexistent/x.jpg")
    }
    #expect(!PhotoFile.isPhoto(atPath: "/nonexistent/x.jpg"))
  }

  @Test func refusesMoreThanTenPagesBeforeReadingAny() throws {
    let path = try write([0xFF, 0xD8, 0xFF, 0xE0], "page.jpg")
    let error = try #require(throws: PhotoImportError.self) {
      try PhotoRecipeImporter.recipe(
        photos: Array(repeating: path, count: 11), tesseract: Tesseract(program: "/nonexistent"))
    }
    #expect(error.message.contains("11 photos given; a recipe is read from at most 10"))
  }
}

@Suite struct TesseractRunTests {
  let folder: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-ocr-run-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// A stand-in for tesseract: a shell script.
  private func program(_ body: String) throws -> String {
    let path = folder.appendingPathComponent("fake-tesseract").path
    try writeExecutableScript("#!/bin/sh\n" + body + "\n", to: path)
    return path
  }

  private func photo() throws -> String {
    let path = folder.appendingPathComponent("card.png").path
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(
      to: URL(fileURLWithPath: path))
    return path
  }

  @Test func namesThePackageWhenTesseractIsMissing() throws {
    let error = try #require(throws: PhotoImportError.self) {
      try Tesseract(program: "/nonexistent/tesseract").words(photoAt: try photo())
    }
    #expect(
      error.message.contains("install the Debian packages tesseract-ocr and tesseract-ocr-eng"))
  }

  @Test func passesThePhotoAndReadsTheTSVItPrints() throws {
    let fake = try program(
      #"""
      [ "$2" = stdout ] && [ "$3" = --psm ] && [ "$4" = 3 ] && [ "$6" = eng ] && [ "$9" = tsv ] || exit 9
      printf 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n'
      printf '5\t1\t1\t1\t1\t1\t10\t20\t30\t40\t91.5\t%s\n' "$(basename "$1")"
      """#)
    let words = try Tesseract(program: fake).words(photoAt: try photo())
    #expect(words.map(\.text) == ["card.png"])
    #expect(words.first?.confidence == 91.5)
  }

  @Test func saysWhenTesseractFailsOrCrashes() throws {
    let failing = try program("echo 'Error in pixReadStream: Unknown format' >&2; exit 1")
    let failed = try #require(throws: PhotoImportError.self) {
      try Tesseract(program: failing).words(photoAt: try photo())
    }
    #expect(
      failed.message
        == "Tesseract failed (exit status 1) reading card.png: Error in pixReadStream: Unknown format"
    )
    let crashing = try program("kill -SEGV $$")
    let crashed = try #require(throws: PhotoImportError.self) {
      try Tesseract(program: crashing).words(photoAt: try photo())
    }
    #expect(crashed.message.hasPrefix("Tesseract crashed (signal 11) reading card.png"))
    let noEnglish = try program(
      "echo 'Error opening data file /usr/share/tesseract-ocr/5/tessdata/eng.traineddata' >&2; echo \"Failed loading language 'eng'\" >&2; exit 1"
    )
    let missing = try #require(throws: PhotoImportError.self) {
      try Tesseract(program: noEnglish).words(photoAt: try photo())
    }
    #expect(missing.message.contains("install the Debian package tesseract-ocr-eng"))
  }

  @Test func stopsAPageThatTakesTooLong() throws {
    // NB: exec, so the stand-in is the sleeping process the timeout must end.
    let hanging = try program("exec sleep 60")
    let error = try #require(throws: PhotoImportError.self) {
      try Tesseract(program: hanging, timeout: .milliseconds(300)).words(photoAt: try photo())
    }
    #expect(error.message.contains("took longer than"))
    #expect(error.message.contains("card.png"))
  }
}
