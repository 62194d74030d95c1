import Foundation
import Testing

/// Files the command line is given that can't be recipes or photos (a FIFO, random bytes, too
/// much, a broken photo): each is refused with a reason, exit 1, and saves nothing.
@Suite struct FileArgumentTests {
  let basket = BasketBinary()

  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = basket.directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func fifo(_ name: String) throws -> String {
    let path = basket.directory.appendingPathComponent(name).path
    #expect(mkfifo(path, 0o600) == 0)
    return path
  }

  /// Pseudo-random bytes, the same every run (none is "<", so they can't pass for a page).
  static func noise(_ count: Int) -> [UInt8] {
    (0..<count).map { index in
      let byte = UInt8(truncatingIfNeeded: (UInt64(index) &* 0x9E37_79B9_7F4A_7C15) >> 56)
      return byte == UInt8(ascii: "<") ? 0 : byte
    }
  }

  @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedNotWaitedOn() throws {
    let recipe = try basket.run(["recipe", "import", try fifo("recipe.txt")])
    #expect(recipe.status == 1, "\(recipe.stderr)")
    #expect(recipe.stderr.contains("is not a regular file (a pipe, socket or device)"))
    let scan = try basket.run(["pantry", "scan", try fifo("code.jpg")])
    #expect(scan.status == 1, "\(scan.stderr)")
    #expect(scan.stderr.contains("is not a regular file"), "\(scan.stderr)")
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  @Test func randomBytesAreNotARecipe() throws {
    let result = try basket.run([
      "recipe", "import", try file("noise.txt", Self.noise(3 << 20)), "--save",
    ])
    #expect(result.status == 1, "\(result.stdout)")
    #expect(
      result.stderr.hasSuffix(
        "noise.txt is not text (it holds binary data); give a saved web page or a text file\n"),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let fromInput = try basket.run(["recipe", "import", "-"], input: Self.noise(4096))
    #expect(
      fromInput.stderr
        == "basket: standard input is not text (it holds binary data); give a saved web page or a text file\n"
    )
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  @Test func aFileLargerThanAPageIsRefusedBeforeItIsRead() throws {
    let big = try file("big.html", Array(repeating: UInt8(ascii: "a"), count: (10 << 20) + 1))
    let result = try basket.run(["recipe", "import", big])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasSuffix("big.html is 10 MB, more than a recipe may be (at most 10 MB)\n"),
      "\(result.stderr)")
  }

  @Test func aPastedRecipeHoldingTooMuchIsRefused() throws {
    let text = "Title\n\nIngredients\n" + String(repeating: "1 cup flour\n", count: 600)
    let lines = try basket.run(["recipe", "import", "-"], input: Array(text.utf8))
    #expect(lines.status == 1)
    #expect(
      lines.stderr
        == "basket: standard input has 600 ingredient lines, more than a recipe may have (at most 500)\n"
    )
    let long = "Title\n\nIngredients\n" + String(repeating: "1 cup flour\n", count: 50_000)
    let large = try basket.run(["recipe", "import", "-"], input: Array(long.utf8))
    #expect(
      large.stderr
        == "basket: standard input is 586 KB, more than a recipe's text may be (at most 512 KB; a saved web page may be up to 10 MB)\n"
    )
    let fine = try basket.run(
      ["recipe", "import", "-", "--json"],
      input: Array("Scones\n\nIngredients\n225 g flour\n\nMethod\nBake.".utf8))
    #expect(fine.status == 0, "\(fine.stderr)")
    #expect(fine.stdout.contains(#""title" : "Scones""#))
  }

  @Test func aLatin1TextFileStillReads() throws {
    let text = Array(
      "Cr\u{E8}me br\u{FB}l\u{E9}e\n\nIngredients\n500 ml cr\u{E8}me\n".unicodeScalars.map {
        UInt8($0.value)
      })
    let result = try basket.run(["recipe", "import", try file("creme.txt", text), "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""title" : "Crème brûlée""#), "\(result.stdout)")
  }

  @Test func pantryScanOfAnEmptyOrBrokenPhotoSaysSo() throws {
    let empty = try basket.run(["pantry", "scan", try file("empty.jpg", [])])
    #expect(empty.stderr == "basket: empty.jpg is empty; give a photo of the barcode\n")
    let text = try basket.run(["pantry", "scan", try file("note.jpg", Array("not a photo".utf8))])
    #expect(
      text.stderr
        == "basket: note.jpg is not a photo (JPEG, PNG, TIFF, WebP, GIF or BMP) of a barcode\n")
    let locked = try file("locked.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
    chmod(locked, 0)
    let unreadable = try basket.run(["pantry", "scan", locked])
    if getuid() != 0 {  // NB: root reads any file
      #expect(unreadable.stderr.contains("cannot read"), "\(unreadable.stderr)")
    }
    #expect(unreadable.status == 1)
  }
}
