import Foundation
import Testing

/// `basket recipe import PHOTO...` end to end, with the real Tesseract (Debian tesseract-ocr)
/// on cards rendered by Tools/photos/make-cards.py (Tests/cases/photos).
@Suite struct PhotoImportTests {
  let basket = BasketBinary()
  static let photos = BuiltExecutable.packageRoot.appendingPathComponent("Tests/cases/photos")
  static let twoColumns = photos.appendingPathComponent("two-column-card.png").path
  static let worn = photos.appendingPathComponent("worn-card.jpg").path

  private func json(_ result: BasketBinary.Result) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  private func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = basket.directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func readsATwoColumnCardKeepingIngredientsAndMethodApart() throws {
    let result = try basket.run(["recipe", "import", Self.twoColumns, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let recipe = try json(result)
    #expect(recipe["title"] as? String == "Tomato Soup")
    #expect(recipe["servings"] as? Int == 6)
    let groups = try #require(recipe["ingredientGroups"] as? [[String: Any]])
    let lines = groups.flatMap { $0["ingredients"] as? [[String: Any]] ?? [] }
    let texts = lines.compactMap { $0["text"] as? String }
    let written = [
      "2 tbsp olive oil", "1 onion, chopped", "2 garlic cloves", "800 g tinned tomatoes",
      "500 ml vegetable stock", "1 tsp sugar", "¼ cup cream",
    ]
    #expect(texts.count == written.count, "\(texts)")
    #expect(Set(texts).intersection(written).count >= 6, "\(texts)")
    let steps = try #require(recipe["instructions"] as? [String])
    #expect(steps.count == 3, "\(steps)")
    #expect(steps.first?.hasPrefix("Soften the onion") ?? false)
    #expect(!steps.joined().contains("tbsp"), "an ingredient in the method: \(steps)")
    // Every line traced to its place on the card, beside ingredientGroups.
    let regions = try #require(recipe["ingredientRegions"] as? [[Any]])
    #expect(regions.map(\.count) == groups.map { ($0["ingredients"] as? [Any])?.count ?? -1 })
    let first = try #require(regions.first?.first as? [String: Any])
    #expect(first["page"] as? Int == 0)
    #expect((first["left"] as? Int ?? 0) > 60 && (first["left"] as? Int ?? 0) < 200)
    // A line Tesseract doubted, or where "%" stood for ½ or ¼, is marked for review.
    for (line, region) in zip(lines, regions.flatMap { $0 }) {
      let doubts = (region as? [String: Any])?["doubtfulWords"] as? [String] ?? []
      if !doubts.isEmpty { #expect(line["uncertain"] as? Bool == true, "\(line)") }
    }
  }

  @Test func printsTheLinesToCheckAgainstThePhotoAndSaves() throws {
    let result = try basket.run(["recipe", "import", Self.worn, "--save"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Pancakes\n"))
    #expect(result.stdout.contains("200 g plain flour"))
    #expect(result.stdout.contains("Saved as "))
    if result.stdout.contains("(not sure how to read this)") {
      #expect(result.stdout.contains("Check against the photo"))
      #expect(result.stdout.contains("— photo 1, at x "))
    }
    let list = try basket.run(["recipe", "list"])
    #expect(list.stdout.contains("Pancakes"))
  }

  @Test func readsSeveralPhotosAsPagesInOrder() throws {
    let result = try basket.run(["recipe", "import", Self.worn, Self.twoColumns, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let recipe = try json(result)
    #expect(recipe["title"] as? String == "Pancakes")
    let regions = try #require(recipe["ingredientRegions"] as? [[Any]])
    let pages = regions.flatMap { $0 }.compactMap { ($0 as? [String: Any])?["page"] as? Int }
    #expect(pages.contains(0) && pages.contains(1), "\(pages)")
    #expect(pages == pages.sorted())
  }

  @Test func refusesHEICAndSaysHowToSendJPEG() throws {
    let heic = try write([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0], "IMG_1234.HEIC")
    let result = try basket.run(["recipe", "import", heic])
    #expect(result.status == 1)
    #expect(result.stderr.contains("IMG_1234.HEIC is a HEIC photo"))
    #expect(result.stderr.contains("Settings → Camera → Formats → Most Compatible"))
    #expect(result.stdout.isEmpty)
  }

  @Test func refusesMixingAPhotoWithAPageOrTooManyPhotos() throws {
    let text = try write(Array("Pancakes\n- 2 eggs\n".utf8), "pancakes.txt")
    let mixed = try basket.run(["recipe", "import", Self.worn, text])
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("pancakes.txt is not a photo"))
    let many = try basket.run(["recipe", "import"] + Array(repeating: Self.worn, count: 11))
    #expect(many.status == 2)
  }

  @Test func namesThePackageWhenTesseractIsMissing() throws {
    let result = try basket.run(
      ["recipe", "import", Self.worn], environment: ["BASKET_TESSERACT": "/nonexistent/tesseract"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("install the Debian packages tesseract-ocr and tesseract-ocr-eng"))
    let noPath = try basket.run(
      ["recipe", "import", Self.worn], environment: ["PATH": "/nonexistent"])
    #expect(noPath.status == 1)
    #expect(noPath.stderr.contains("tesseract-ocr"))
  }

  @Test func aPhotoWithNoRecipeSavesNothing() throws {
    let blank = try write(
      Array(try Data(contentsOf: URL(fileURLWithPath: Self.worn)).prefix(4)) + [0], "broken.jpg")
    let result = try basket.run(["recipe", "import", blank, "--save"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("basket: "))
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  /// A PNG header declaring 20000×20000 pixels (a decompression bomb's 439 KB once took
  /// Tesseract to 1.5 GB for 18 s): refused from its header by both commands that read photos.
  @Test func refusesAPhotoDeclaringTooManyPixelsBeforeReadingIt() throws {
    let bomb = try write(PhotoImportTests.png(width: 20_000, height: 20_000), "bomb.png")
    for command in [["recipe", "import", bomb], ["pantry", "scan", bomb]] {
      let result = try basket.run(command)
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("bomb.png is 20000×20000 pixels"), "\(result.stderr)")
      #expect(result.stderr.contains("at most 50 megapixels"), "\(result.stderr)")
    }
  }

  /// The first bytes of a PNG declaring `width`×`height` pixels: its signature and IHDR chunk.
  static func png(width: Int, height: Int) -> [UInt8] {
    func big(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + big(13) + Array("IHDR".utf8)
      + big(width) + big(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
  }
}
