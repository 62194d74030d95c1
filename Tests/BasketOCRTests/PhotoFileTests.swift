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
    let fits = try write([0xFF, 0xD8, 0xFF, 0xE0], "fits.jpg")
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
    try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
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
