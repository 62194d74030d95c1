import Foundation
import Testing

/// The generated tables match what `Tools/emoji/generate.py` makes from `Data/`.
@Suite struct GeneratedDataTests {
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.enabled(if: python != nil, "python3 is not installed, so the generator cannot run"))
  func generatedFilesAreUpToDate() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.python))
    process.arguments = [
      EmojiDataTests.repoRoot.appendingPathComponent("Tools/emoji/generate.py").path, "--check",
    ]
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = Pipe()
    try process.run()
    let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(errors)")
  }
}
