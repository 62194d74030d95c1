import Foundation  // NB: Process lives in full Foundation; only tests use it.
import Testing

/// What a recipe import may cost, against the built `basket serve`: a hostile page or file
/// must not exhaust the server.
@Suite(.serialized) struct RecipeLimitServeTests {
  static let json = ["-H", "Content-Type: application/json"]

  static func post(_ body: String, to server: ServeBinaryTests.Server, maxTime: Int = 5) throws
    -> (Int, String)
  {
    let file = server.directory + "/body-\(UInt32.random(in: 0...UInt32.max)).json"
    try Data(body.utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    return try ServeBinaryTests.curl(
      json + ["--data-binary", "@" + file, server.base + "/api/v2/recipes/import"],
      maxTime: maxTime)
  }

  /// The server's resident memory in KiB, from /proc.
  static func residentKiB(_ server: ServeBinaryTests.Server) throws -> Int {
    let status = try String(
      contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    return try #require(Int(line.split(separator: " ")[1]))
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func aHugePasteIs413AndTheMemoryGoesBack() throws {
    let server = try ServeBinaryTests.Server()
    defer { #expect(server.stop() == 0) }
    _ = try Self.post(#"{"text":"Toast\n\nIngredients\n1 slice bread\n"}"#, to: server)
    let before = try Self.residentKiB(server)
    let lines = String(repeating: "1 cup flour\\n", count: 1_500_000)
    // NB: 1.3 s in a debug build on an idle machine; the margin is for a loaded CI machine.
    let (status, answer) = try Self.post(
      #"{"text":"Title\n\nIngredients\n\#(lines)"}"#, to: server, maxTime: 30)
    #expect(status == 413, "\(answer.prefix(200))")
    #expect(
      answer.contains("more than a recipe's text may be (at most 512 KB;"), "\(answer.prefix(200))")
    let after = try Self.residentKiB(server)
    // Before the limits: 45 MB → 4.9 GB, and 4.1 GB kept afterwards.
    #expect(after - before < 40 << 10, "resident \(before) KiB → \(after) KiB")
    let (listed, _) = try ServeBinaryTests.curl([server.base + "/api/v2/list"])
    #expect(listed == 200)
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func tooManyLinesOrStepsAre422AndARealRecipeStillImports() throws {
    let server = try ServeBinaryTests.Server()
    defer { #expect(server.stop() == 0) }
    let many = String(repeating: "1 cup flour\\n", count: 501)
    let (status, answer) = try Self.post(#"{"text":"Title\n\nIngredients\n\#(many)"}"#, to: server)
    #expect(status == 422, "\(answer)")
    #expect(answer.contains("has 501 ingredient lines, more than a recipe may have (at most 500)"))
    let lines = String(repeating: "salt\\n", count: 5_001)
    let (tooLong, said) = try Self.post(#"{"text":"\#(lines)"}"#, to: server)
    #expect(tooLong == 422, "\(said)")
    #expect(said.contains("lines, more than a recipe may have (at most 5000)"), "\(said)")
    let (fine, recipe) = try Self.post(
      #"{"text":"Scones\n\nIngredients\n225 g flour\n\nMethod\nBake."}"#, to: server)
    #expect(fine == 200, "\(recipe)")
    #expect(recipe.contains(#""title":"Scones""#))
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func randomBytesAsAPageAre422NotAGarbageRecipe() throws {
    let server = try ServeBinaryTests.Server()
    defer { #expect(server.stop() == 0) }
    // Pseudo-random bytes, the same every run; none is "<", so they can't pass for a page.
    let bytes = (0..<(3 << 20)).map { index -> UInt8 in
      let byte = UInt8(truncatingIfNeeded: (UInt64(index) &* 0x9E37_79B9_7F4A_7C15) >> 56)
      return byte == UInt8(ascii: "<") ? 0 : byte
    }
    let (status, answer) = try Self.post(
      #"{"page":"\#(Data(bytes).base64EncodedString())"}"#, to: server)
    #expect(status == 422, "\(answer)")
    #expect(answer.contains("the page is not text (it holds binary data)"), "\(answer)")
  }
}
