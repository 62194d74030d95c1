import Foundation  // NB: Process and Pipe live in full Foundation; only tests use them.
import Testing

/// The list's ETag, 304 and gzip against the built `basket serve`, over real sockets, with
/// curl as the client: what libmicrohttpd sends is what the handler made.
@Suite(.serialized) struct ListServeTests {
  typealias Server = ServeBinaryTests.Server

  /// Runs curl and returns its status line's code, the headers (lower-cased names) and the
  /// body's bytes as they came over the socket (curl decodes nothing unless asked).
  static func fetch(_ url: String, _ headers: [String] = []) throws -> (
    status: Int, headers: [String: String], body: Data
  ) {
    let directory = FileManager.default.temporaryDirectory
    let head = directory.appendingPathComponent("basket-head-\(UUID().uuidString)")
    let body = directory.appendingPathComponent("basket-body-\(UUID().uuidString)")
    defer {
      try? FileManager.default.removeItem(at: head)
      try? FileManager.default.removeItem(at: body)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments =
      ["-s", "--max-time", "5", "-D", head.path, "-o", body.path]
      + headers.flatMap { ["-H", $0] } + [url]
    try process.run()
    process.waitUntilExit()
    let lines = try String(contentsOf: head, encoding: .utf8).split(separator: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      fields[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
    }
    return (status, fields, (try? Data(contentsOf: body)) ?? Data())
  }

  static func gunzip(_ data: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return result
  }

  @Test(.enabled(if: ServeBinaryTests.available)) func theListIsTaggedGzippedAnd304() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let names = (0..<40).map { "Thing \(String(UnicodeScalar(97 + $0 % 26)!))\($0 / 26)x" }
    let added = try server.basket(["add"] + names)
    #expect(added.status == 0)
    let list = "\(server.base)/api/v2/list"

    let plain = try Self.fetch(list)
    #expect(plain.status == 200)
    #expect(plain.headers["content-encoding"] == nil)
    #expect(plain.headers["vary"] == "Accept-Encoding")
    #expect(plain.headers["basket-now"] != nil)
    let tag = try #require(plain.headers["etag"])
    let parsed = try JSONSerialization.jsonObject(with: plain.body) as? [String: Any]
    #expect((parsed?["toGet"] as? [Any])?.count == 40)

    let zipped = try Self.fetch(list, ["Accept-Encoding: gzip"])
    #expect(zipped.status == 200)
    #expect(zipped.headers["content-encoding"] == "gzip")
    #expect(zipped.headers["vary"] == "Accept-Encoding")
    #expect(zipped.body.count < plain.body.count / 2)
    #expect(try Self.gunzip(zipped.body) == plain.body)
    let zippedTag = try #require(zipped.headers["etag"])
    #expect(zippedTag != tag)

    let refused = try Self.fetch(list, ["Accept-Encoding: gzip;q=0, br"])
    #expect(refused.headers["content-encoding"] == nil)
    #expect(refused.body == plain.body)

    let same = try Self.fetch(list, ["If-None-Match: \(tag)"])
    #expect(same.status == 304)
    #expect(same.body.isEmpty)
    #expect(same.headers["etag"] == tag)
    let sameZipped = try Self.fetch(
      list, ["If-None-Match: \(zippedTag)", "Accept-Encoding: gzip"])
    #expect(sameZipped.status == 304)

    #expect(try server.basket(["add", "Milk"]).status == 0)
    var moved = try Self.fetch(list, ["If-None-Match: \(tag)"])
    for _ in 0..<40 where moved.status == 304 {  // NB: the server hears another process soon
      usleep(50_000)
      moved = try Self.fetch(list, ["If-None-Match: \(tag)"])
    }
    #expect(moved.status == 200)
    #expect(moved.headers["etag"] != tag)
  }
}
