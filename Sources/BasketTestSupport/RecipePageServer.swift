// NB: full Foundation for `Process`: this target is linked only by tests and benchmarks.
import Foundation

/// `Tests/servers/recipe_pages.py`, started for one test and stopped with it.
public final class RecipePageServer {
  let process = Process()
  public let port: Int
  /// The server's stdin: it exits when this closes, even if the test process dies.
  private let lifeline = Pipe()

  public init() throws {
    // NB: this file is Sources/BasketTestSupport/RecipePageServer.swift.
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/servers/recipe_pages.py")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = lifeline
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = out.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += chunk
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw DidNotStart(description: "the recipe page server did not start") }
    self.port = port
  }

  deinit {
    stop()
  }

  /// Stops the server: closes its lifeline and ends it, without waiting on a run loop.
  public func stop() {
    try? lifeline.fileHandleForWriting.close()
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    for _ in 0..<200 where process.isRunning { usleep(10_000) }
  }

  public func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

extension RecipePageServer {
  public struct DidNotStart: Error, CustomStringConvertible {
    public var description: String
  }
}
