import Foundation
import Testing

/// Every fuzz target's seeds, replayed through its checks by the normally built target (the
/// replayer mode of Sources/Fuzz*), so a crash the fuzzer once found stays fixed.
@Suite struct FuzzSeedTests {
  static let root = BuiltExecutable.packageRoot

  static let targets: [String] = {
    let sources = root.appendingPathComponent("Sources").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
    return names.filter { $0.hasPrefix("Fuzz") }.sorted()
  }()

  @Test func thereAreFuzzTargets() {
    #expect(Self.targets.contains("FuzzJSONBody"))
  }

  @Test(arguments: targets)
  func everySeedReplaysWithoutBreakingAnInvariant(target: String) throws {
    let seeds = Self.root.appendingPathComponent("Fuzz/\(target.dropFirst("Fuzz".count))/seeds")
    let files = try FileManager.default.contentsOfDirectory(atPath: seeds.path)
    #expect(!files.isEmpty, "\(seeds.path) has no seeds")
    let process = Process()
    process.executableURL = try BuiltExecutable.locate(target)
    process.arguments = []  // NB: with no arguments a replayer runs its whole seed folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(process.terminationReason == .exit, "\(text)")
  }
}
