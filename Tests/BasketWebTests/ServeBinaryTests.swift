import BasketKit
import Foundation  // NB: Process and Pipe live in full Foundation; only tests use them.
import Testing

/// The JSON API against the built `basket serve`, over real sockets (curl is the client).
@Suite(.serialized) struct ServeBinaryTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let binary = root.appendingPathComponent(".build/debug/basket").path

  /// A running `basket serve` on a free port with a temporary store.
  final class Server {
    let process: Process
    let port: Int
    let directory: String
    let output: Pipe

    let scheme: String

    /// - Parameter directory: where the store lives (`basket.sqlite`); a fresh one by default.
    init(extra: [String] = [], scheme: String = "http", directory: String? = nil) throws {
      self.scheme = scheme
      self.directory = directory ?? "/tmp/basket-serve-test-\(UInt32.random(in: 0...UInt32.max))"
      try FileManager.default.createDirectory(
        atPath: self.directory, withIntermediateDirectories: true)
      // NB: below Linux's ephemeral range (32768+), where curl's own sockets land; a port that
      // another test or program holds is retried on a new one rather than failing the test.
      var said = ""
      for _ in 0..<5 {
        let port = Int.random(in: 20_000..<32_768)
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: ServeBinaryTests.binary)
        process.arguments =
          ["--store", "\(self.directory)/basket.sqlite", "serve", "--port", String(port)] + extra
        process.standardOutput = output
        process.standardError = output
        try process.run()
        for _ in 0..<400 {  // NB: up to 20 s: a loaded machine starts it slowly
          if (try? curl(["-k", "-o", "/dev/null", "\(scheme)://127.0.0.1:\(port)/"])) != nil {
            (self.process, self.port, self.output) = (process, port, output)
            return
          }
          if !process.isRunning { break }
          usleep(50_000)
        }
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard said.contains("cannot listen") else {
          throw StartFailure(message: "basket serve did not answer on port \(port): \(said)")
        }
      }
      throw StartFailure(message: "basket serve found no free port: \(said)")
    }

    struct StartFailure: Error, CustomStringConvertible {
      let message: String
      var description: String { message }
    }

    var base: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Runs the `basket` binary on this server's store: its exit status and output.
    @discardableResult
    func basket(_ arguments: [String]) throws -> (status: Int32, output: String) {
      try Subprocess.run(
        ServeBinaryTests.binary, ["--store", "\(directory)/basket.sqlite"] + arguments)
    }

    /// The server's resident memory now and at its peak, in MiB (from /proc).
    func memory() -> (resident: Int, peak: Int) {
      let status =
        (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
        ?? ""
      func kib(_ key: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
      }
      return (kib("VmRSS:") / 1024, kib("VmHWM:") / 1024)
    }

    func stop() -> Int32 {
      process.interrupt()
      process.waitUntilExit()
      try? FileManager.default.removeItem(atPath: directory)
      return process.terminationStatus
    }
  }

  /// Runs curl; returns (status, body). Throws if curl itself fails (no connection).
  @discardableResult
  static func curl(_ arguments: [String], maxTime: Int = 5) throws -> (Int, String) {
    let process = Process()
    let pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "-w", "\n%{http_code}", "--max-time", "\(maxTime)"] + arguments
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 || process.terminationStatus == 28 else {
      throw CocoaError(.fileReadUnknown)
    }
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
  }

  static var available: Bool {
    FileManager.default.isExecutableFile(atPath: binary)
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
  }

  @Test(.enabled(if: available)) func theAPIWorksOverRealSockets() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let json = ["-H", "Content-Type: application/json"]
    let added = try Self.curl(
      json + [
        "-d", #"{"text":"2 l milk","id":"6f1c2a4e-1111-4222-8333-444455556666"}"#,
        "\(server.base)/api/v2/items",
      ])
    #expect(added.0 == 201)
    #expect(added.1.contains(#""chip":"2 L""#))
    let replay = try Self.curl(
      json + [
        "-d", #"{"text":"2 l milk","id":"6f1c2a4e-1111-4222-8333-444455556666"}"#,
        "\(server.base)/api/v2/items",
      ])
    #expect(replay.0 == 200)
    #expect(replay.1.contains(#""outcome":"replayed""#))
    let list = try Self.curl(["\(server.base)/api/v2/list"])
    #expect(list.0 == 200)
    #expect(list.1.hasPrefix(#"{"toGet":[{"id":"6f1c2a4e-1111-4222-8333-444455556666""#))
    let check = try Self.curl(
      ["-X", "POST", "\(server.base)/api/v2/items/6f1c2a4e-1111-4222-8333-444455556666/check"])
    #expect(check.1 == #"{"allDone":true,"revision":2}"#)
    let big = String(repeating: "x", count: 70_000)
    let tooBig = try Self.curl(
      json + ["-d", #"{"name":"\#(big)"}"#, "\(server.base)/api/v2/items"])
    #expect(tooBig.0 == 413)
    let foreign = try Self.curl(
      json + [
        "-H", "Origin: http://evil.example", "-d", #"{"name":"x"}"#, "\(server.base)/api/v2/items",
      ])
    #expect(foreign.0 == 403)
    let page = try Self.curl(["\(server.base)/"])
    #expect(page.0 == 200)
    #expect(page.1.contains("<title>Basket</title>"))
  }

  @Test(.enabled(if: available)) func aChangeFromTheCommandLineReachesAnEventStream() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let events = Process()
    let pipe = Pipe()
    events.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    events.arguments = ["-sN", "--max-time", "2.5", "\(server.base)/api/v2/events"]
    events.standardOutput = pipe
    try events.run()
    usleep(400_000)
    let add = Process()
    add.executableURL = URL(fileURLWithPath: Self.binary)
    add.arguments = ["--store", "\(server.directory)/basket.sqlite", "add", "eggs"]
    add.standardOutput = Pipe()
    try add.run()
    add.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    events.waitUntilExit()
    #expect(text.contains("event: hello"))
    #expect(text.contains("event: change"))
    // NB: the change itself rides on the event, so the page needn't refetch the list.
    #expect(text.contains(#"data: {"revision":1,"from":0,"items":[{"id":"#))
    #expect(text.contains(#""name":"eggs""#) || text.contains(#""name":"Eggs""#))
  }

  @Test(.enabled(if: available)) func theSameChangeSentToTwoServersOnOneStoreAppliesOnce() throws {
    let first = try Server()
    let second = try Server(directory: first.directory)
    defer {
      #expect(second.stop() == 0)
      #expect(first.stop() == 0)
    }
    let at = ISO8601.string(Date())
    let body =
      #"{"ops":[{"op":"0000000a-0000-4000-8000-000000000001","at":"\#(at)","type":"add","item":"00000000-0000-4000-8000-000000000001","text":"2 l milk"}]}"#
    let json = ["-X", "POST", "-H", "Content-Type: application/json", "-d", body]
    let one = try Self.curl(json + ["\(first.base)/api/v2/ops"])
    let two = try Self.curl(json + ["\(second.base)/api/v2/ops"])
    #expect(one.1.contains(#""status":"applied""#), "\(one.1)")
    #expect(two.1.contains(#""status":"duplicate""#), "\(two.1)")
    let list = try Self.curl(["\(second.base)/api/v2/list"])
    #expect(list.1.components(separatedBy: #""name":"milk""#).count == 2, "\(list.1)")
  }

  @Test(.enabled(if: available)) func aQueueOfChangesTakesABiggerBodyThanOtherRoutes() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let json = ["-X", "POST", "-H", "Content-Type: application/json"]
    // 400 adds of about 240 bytes: some 96 KiB, past the 64 KiB other routes take.
    let at = ISO8601.string(Date())
    let ops = (1...400).map { n in
      let id = String(format: "%08x-0000-4000-8000-%012x", n, n)
      let item = String(format: "00000000-0000-4000-8000-%012x", n)
      return
        #"{"op":"\#(id)","at":"\#(at)","type":"add","item":"\#(item)","name":"item \#(n) \#(String(repeating: "x", count: 120))"}"#
    }
    let body = #"{"ops":["# + ops.joined(separator: ",") + "]}"
    #expect(body.utf8.count > 64 * 1024)
    let file = "\(server.directory)/ops.json"
    try body.write(toFile: file, atomically: true, encoding: .utf8)
    let sent = try Self.curl(json + ["--data-binary", "@\(file)", "\(server.base)/api/v2/ops"])
    #expect(sent.0 == 200)
    #expect(sent.1.components(separatedBy: #""status":"applied""#).count == 401)
    let huge = #"{"ops":[],"pad":""# + String(repeating: "x", count: 520 * 1024) + #""}"#
    try huge.write(toFile: file, atomically: true, encoding: .utf8)
    let tooBig = try Self.curl(json + ["--data-binary", "@\(file)", "\(server.base)/api/v2/ops"])
    #expect(tooBig.0 == 413)
    #expect(tooBig.1.contains("512 KiB"))
  }

  @Test(.enabled(if: available)) func aSecretGuardsTheAPIAndThePairingLinkOpensIt() throws {
    let server = try Server(extra: ["--secret", "household-secret-42"])
    defer { #expect(server.stop() == 0) }
    #expect(try Self.curl(["\(server.base)/api/v2/list"]).0 == 401)
    let jar = "\(server.directory)/cookies"
    let paired = try Self.curl(["-c", jar, "\(server.base)/pair?secret=household-secret-42"])
    #expect(paired.0 == 303)
    #expect(try Self.curl(["-b", jar, "\(server.base)/api/v2/list"]).0 == 200)
  }

  @Test(.enabled(if: available), arguments: [false, true])
  func theSecretIsPrintedOnlyWhenAskedAndAFlagSecretIsWarnedAbout(showLink: Bool) throws {
    let server = try Server(
      extra: ["--secret", "household-secret-42"] + (showLink ? ["--show-pairing-link"] : []))
    #expect(server.stop() == 0)
    let output = String(decoding: server.output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(output.contains("--secret is visible to other users of this machine"), "\(output)")
    #expect(output.contains("household-secret-42") == showLink, "\(output)")
    #expect(output.contains("/pair?secret=") == showLink, "\(output)")
  }

  @Test(.enabled(if: available), arguments: [(0o644, "long-enough-secret"), (0o600, "short")])
  func aSecretFileOthersCanReadOrTooShortStopsServeWithTheFix(mode: Int, secret: String) throws {
    let directory = "/tmp/basket-secret-file-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/basket.sqlite.secret"
    try Data("\(secret)\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    // NB: the secret file is read before the server listens, so 0.0.0.0 is never bound here.
    let serve = Process()
    let pipe = Pipe()
    serve.executableURL = URL(fileURLWithPath: Self.binary)
    serve.arguments = [
      "--store", "\(directory)/basket.sqlite", "serve", "--host", "0.0.0.0", "--port",
      String(Int.random(in: 20_000...40_000)),
    ]
    serve.standardError = pipe
    serve.standardOutput = Pipe()
    try serve.run()
    serve.waitUntilExit()
    let message = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(serve.terminationStatus == 1, "\(message)")
    #expect(message.contains(mode == 0o644 ? "chmod 600 \(path)" : "shorter than 8"), "\(message)")
  }

  @Test(.enabled(if: available)) func aPortInUseIsAClearErrorNotACrash() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let second = Process()
    let pipe = Pipe()
    second.executableURL = URL(fileURLWithPath: Self.binary)
    second.arguments = [
      "--store", "\(server.directory)/other.sqlite", "serve", "--port", String(server.port),
    ]
    second.standardError = pipe
    second.standardOutput = Pipe()
    try second.run()
    second.waitUntilExit()
    let message = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(second.terminationStatus == 1)
    #expect(message.contains("cannot listen on 127.0.0.1:\(server.port)"))
  }

  @Test(.enabled(if: available)) func itServesHTTPSWithACertificateAndKey() throws {
    let directory = "/tmp/basket-tls-test-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let openssl = Process()
    openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    openssl.arguments = [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
      "-keyout", "\(directory)/key.pem", "-out", "\(directory)/cert.pem",
    ]
    openssl.standardError = Pipe()
    try openssl.run()
    openssl.waitUntilExit()
    try #require(openssl.terminationStatus == 0)

    let server = try Server(
      extra: ["--tls-cert", "\(directory)/cert.pem", "--tls-key", "\(directory)/key.pem"],
      scheme: "https")
    defer { #expect(server.stop() == 0) }
    let (status, body) = try Self.curl(["-k", "\(server.base)/api/v2/list"])
    #expect(status == 200)
    #expect(body.contains("\"toGet\""))
    let plain = try? Self.curl(["http://127.0.0.1:\(server.port)/api/v2/list"])
    #expect(plain?.0 != 200)  // plain HTTP is not served on the TLS port
  }

  @Test(.enabled(if: available)) func serveHelpAndBadFlags() throws {
    let help = Process()
    let pipe = Pipe()
    help.executableURL = URL(fileURLWithPath: Self.binary)
    help.arguments = ["serve", "--help"]
    help.standardOutput = pipe
    try help.run()
    help.waitUntilExit()
    #expect(help.terminationStatus == 0)
    #expect(
      String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(
        "Usage: basket serve"))
    let bad = Process()
    bad.executableURL = URL(fileURLWithPath: Self.binary)
    bad.arguments = ["serve", "--port", "nope"]
    bad.standardError = Pipe()
    try bad.run()
    bad.waitUntilExit()
    #expect(bad.terminationStatus == 2)
  }
}
