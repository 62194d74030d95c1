import Foundation  // NB: Process and Pipe live in full Foundation; only tests use them.

/// A program the tests run to its end: `basket` on a store, or a client such as openssl.
enum Subprocess {
  /// Runs `executable` with `arguments` (in `directory`, if given) and waits for it; what it
  /// writes and its errors come on one pipe, as a person at a terminal would read them.
  static func run(_ executable: String, _ arguments: [String], in directory: String? = nil)
    throws -> (status: Int32, output: String)
  {
    let process = Process()
    let pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
