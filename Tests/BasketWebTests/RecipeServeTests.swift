import Foundation  // NB: Process lives in full Foundation; only tests use it.
import Testing

/// The recipe routes through the built `basket serve`, over real sockets.
@Suite(.serialized) struct RecipeServeTests {
  @Test(.enabled(if: ServeBinaryTests.available))
  func aLargeSavedPageUploadsAndLocalAddressesAreRefused() throws {
    let server = try ServeBinaryTests.Server()
    defer { #expect(server.stop() == 0) }
    let filler = String(repeating: "<p>A long story before the recipe.</p>\n", count: 4_000)
    let page = """
      <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Served scones",
      "recipeIngredient":["225 g flour"],"recipeInstructions":"Bake."}</script></head>
      <body>\(filler)</body></html>
      """
    let body = #"{"page":"\#(Data(page.utf8).base64EncodedString())","save":true}"#
    #expect(body.utf8.count > 64 * 1024)
    let file = server.directory + "/upload.json"
    try Data(body.utf8).write(to: URL(fileURLWithPath: file))
    let json = ["-H", "Content-Type: application/json"]
    let (status, text) = try ServeBinaryTests.curl(
      json + ["--data-binary", "@" + file, server.base + "/api/v2/recipes/import"])
    #expect(status == 201, "\(text)")
    #expect(text.contains("\"title\":\"Served scones\""))
    let (_, list) = try ServeBinaryTests.curl([server.base + "/api/v2/recipes"])
    #expect(list.contains("Served scones"))
    let id = try #require(
      text.firstRange(of: #""id":""#).map { String(text[$0.upperBound...].prefix(36)) })
    let (addStatus, added) = try ServeBinaryTests.curl(
      json + ["-d", #"{"skip":[]}"#, server.base + "/api/v2/recipes/\(id)/add"])
    #expect(addStatus == 200, "\(added)")
    let (_, items) = try ServeBinaryTests.curl([server.base + "/api/v2/list"])
    #expect(items.contains(#""amountText":"225 g""#))

    let (refused, reason) = try ServeBinaryTests.curl(
      json + ["-d", #"{"url":"\#(server.base)/"}"#, server.base + "/api/v2/recipes/import"])
    #expect(refused == 403)
    #expect(reason.contains("won't fetch 127.0.0.1"))
    #expect(!reason.contains("--allow-local"), "\(reason)")  // serve has no such option
  }

  /// A photo whose header declares 20000×20000 pixels is 422 with the reason, from its header,
  /// and the server goes on serving.
  @Test(.enabled(if: ServeBinaryTests.available))
  func aPhotoDeclaringTooManyPixelsIs422() throws {
    let server = try ServeBinaryTests.Server()
    defer { #expect(server.stop() == 0) }
    var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bomb += Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 2, 0, 0, 0, 0, 0, 0, 0]
    let json = ["-H", "Content-Type: application/json"]
    let (status, text) = try ServeBinaryTests.curl(
      json + [
        "-d", #"{"photos":["\#(Data(bomb).base64EncodedString())"]}"#,
        server.base + "/api/v2/recipes/import",
      ])
    #expect(status == 422, "\(text)")
    #expect(text.contains("is 20000×20000 pixels"), "\(text)")
    let (scanned, said) = try ServeBinaryTests.curl(
      json + [
        "-d", #"{"photo":"\#(Data(bomb).base64EncodedString())","name":"bomb.png"}"#,
        server.base + "/api/v2/pantry/scan",
      ])
    #expect(scanned == 422, "\(said)")
    #expect(said.contains("bomb.png is 20000×20000 pixels"), "\(said)")
    let (listed, _) = try ServeBinaryTests.curl([server.base + "/api/v2/list"])
    #expect(listed == 200)
  }
}
