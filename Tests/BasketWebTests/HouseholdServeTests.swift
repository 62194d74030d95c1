import Foundation  // NB: Process lives in full Foundation; only tests use it.
import Testing

/// `basket serve` on the network, `basket invite` and `basket ca`, against the built binary.
@Suite(.serialized) struct HouseholdServeTests {
  typealias Server = ServeBinaryTests.Server

  static func household() throws -> Server {
    let welcome = Int.random(in: 20_000..<32_768)
    return try Server(
      extra: ["--host", "0.0.0.0", "--welcome-port", String(welcome), "--name", "basket.home"],
      scheme: "https")
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func awayFromLoopbackItServesHTTPSWithTheHouseholdsAuthorityAndInvitesPhones() throws {
    let server = try Self.household()
    defer { #expect(server.stop() == 0) }
    let ca = "\(server.directory)/basket.sqlite.ca.pem"
    #expect(FileManager.default.fileExists(atPath: ca))
    let trusted = try ServeBinaryTests.curl(["--cacert", ca, server.base + "/api/v2/session"])
    #expect(trusted.0 == 200, "\(trusted.1)")
    let shown = try server.basket(["ca", "--json"])
    #expect(shown.status == 0 && shown.output.contains("\"fingerprint\""), "\(shown.output)")
    #expect(shown.output.contains("DNS:basket.home"))
    let invited = try server.basket(["invite", "--json"])
    #expect(invited.status == 0, "\(invited.output)")
    let url = String(try #require(invited.output.firstMatch(of: /"url":"([^"]+)"/)?.1))
    #expect(url.hasPrefix("http://basket.home:"))
    let code = String(url.split(separator: "/").last ?? "")
    let joined = try ServeBinaryTests.curl(
      ["--cacert", ca, "-o", "/dev/null", server.base + "/join/\(code)"])
    #expect(joined.0 == 303)
    let used = try ServeBinaryTests.curl(["--cacert", ca, server.base + "/join/\(code)"])
    #expect(used.0 == 410 && used.1.contains("used already"))
    let drawn = try server.basket(["invite"])
    #expect(drawn.output.contains("▀") && drawn.output.contains("Usable once, for 15 minutes"))
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func inviteAndCaSayWhatToDoWhenThereIsNoServerOrAuthority() throws {
    let directory = "/tmp/basket-household-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func basket(_ arguments: [String]) throws -> (Int32, String) {
      try BackupServeTests.basket(arguments, store: "\(directory)/basket.sqlite")
    }
    _ = try basket(["add", "milk"])
    let invite = try basket(["invite"])
    #expect(invite.0 == 1 && invite.1.contains("start one (basket serve --host 0.0.0.0)"))
    let ca = try basket(["ca"])
    #expect(ca.0 == 1 && ca.1.contains("no certificate authority yet"))
    let replace = try basket(["ca", "replace"])
    #expect(replace.0 == 1 && replace.1.contains("--yes"))
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func aDamagedAuthorityStopsServeWithTheFileNamedAndReplaceMovesItAside() throws {
    let first = try Self.household()
    let directory = first.directory + "-kept"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.copyItem(atPath: first.directory, toPath: directory)
    #expect(first.stop() == 0)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let key = "\(directory)/basket.sqlite.ca.key"
    try "not a key\n".write(toFile: key, atomically: true, encoding: .utf8)
    chmod(key, 0o600)
    let process = Process()
    let pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: ServeBinaryTests.binary)
    process.arguments = [
      "--store", "\(directory)/basket.sqlite", "serve", "--host", "0.0.0.0", "--port",
      String(Int.random(in: 20_000..<32_768)), "--welcome-port",
      String(Int.random(in: 20_000..<32_768)),
    ]
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(said.contains("basket.sqlite.ca.pem") && said.contains("basket ca replace"), "\(said)")
    #expect(try String(contentsOfFile: key, encoding: .utf8) == "not a key\n", "left as it was")
    let replaced = Process()
    replaced.executableURL = URL(fileURLWithPath: ServeBinaryTests.binary)
    replaced.arguments = ["--store", "\(directory)/basket.sqlite", "ca", "replace", "--yes"]
    replaced.standardOutput = Pipe()
    try replaced.run()
    replaced.waitUntilExit()
    #expect(replaced.terminationStatus == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.contains { $0.hasPrefix("basket.sqlite.ca.key.replaced-") })
    #expect(files.contains("basket.sqlite.ca.key"))
  }
}
