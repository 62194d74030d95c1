import Foundation  // NB: Process and Pipe live in full Foundation; only tests use them.
import Testing

/// Impossible quantities against the built `basket serve`, over real sockets: the server
/// refuses them and keeps serving.
@Suite(.serialized) struct QuantityServeTests {
  typealias Server = ServeBinaryTests.Server
  static var available: Bool { ServeBinaryTests.available }
  static let json = ["-H", "Content-Type: application/json"]

  @Test(.enabled(if: available)) func anImpossibleAmountIs422AndTheServerLivesOn() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    for body in [
      #"{"name":"flour","quantity":{"amount":1e16,"unit":"g"}}"#,
      #"{"text":"eggs x99999999999999999999"}"#,
    ] {
      let refused = try ServeBinaryTests.curl(
        Self.json + ["-d", body, "\(server.base)/api/v2/items"])
      #expect(refused.0 == 422, "\(refused.1)")
      #expect(refused.1.hasPrefix(#"{"error":"#), "\(refused.1)")
    }
    let list = try ServeBinaryTests.curl(["\(server.base)/api/v2/list"])
    #expect(list.0 == 200)
    #expect(list.1.hasPrefix(#"{"toGet":[]"#))
  }

  @Test(.enabled(if: available)) func aStoreHoldingAnImpossibleAmountIsServedAndRepaired() throws {
    let directory = "/tmp/basket-serve-test-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let store = "\(directory)/basket.sqlite"
    try Self.run(ServeBinaryTests.binary, ["--store", store, "add", "eggs", "milk 2 l"])
    try Self.run(
      "/usr/bin/sqlite3",
      [store, "UPDATE items SET amount = 1e20, unit = 'units' WHERE name = 'eggs'"])

    let server = try Server(directory: directory)
    let list = try ServeBinaryTests.curl(["\(server.base)/api/v2/list"])
    #expect(list.0 == 200)
    // NB: v2 leaves an unset quantity out.
    #expect(list.1.contains(#""name":"eggs","emoji":"🥚","addedAt""#), "\(list.1)")
    #expect(list.1.contains(#""chip":"2 L""#))
    #expect(server.stop() == 0)
    let output = String(decoding: server.output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(
      output.contains(
        "basket: dropped the quantity \"1e+20 units\" from eggs: the store held an amount Basket can't use"
      ), "\(output)")
  }

  @Test(.enabled(if: available)) func aBadRowWrittenWhileServingIsDroppedOnRead() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let added = try ServeBinaryTests.curl(
      Self.json + ["-d", #"{"text":"eggs x12"}"#, "\(server.base)/api/v2/items"])
    #expect(added.0 == 201)
    try Self.run(
      "/usr/bin/sqlite3",
      [
        "\(server.directory)/basket.sqlite",
        "UPDATE items SET amount = 1e20; UPDATE meta SET value = value + 1",
      ])
    let list = try ServeBinaryTests.curl(["\(server.base)/api/v2/list"])
    #expect(list.0 == 200)
    #expect(!list.1.contains(#""quantity""#), "\(list.1)")
  }

  private static func run(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(program) \(arguments)")
  }
}
