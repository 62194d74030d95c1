import Foundation

/// The replayer every fuzz target (Sources/Fuzz<Thing>) becomes when built normally: it runs
/// the seed corpus in Fuzz/<Thing>/seeds, or the files and folders named on the command line,
/// through the target's `fuzzOne`, so a crash the fuzzer once found stays fixed
/// (Tests/BasketCLITests/FuzzSeedTests runs it).
public enum SeedReplay {
  public static func run(
    _ thing: String, _ fuzzOne: (UnsafePointer<UInt8>, Int) -> CInt,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) throws {
    let seeds = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/\(thing)/seeds").path
    var count = 0
    for path in arguments.isEmpty ? [seeds] : arguments {
      for file in inputFiles(at: path) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let padded = bytes + [0]  // NB: a valid pointer even for an empty input
        _ = padded.withUnsafeBufferPointer { fuzzOne($0.baseAddress!, bytes.count) }
        count += 1
      }
    }
    print("Fuzz\(thing): replayed \(count) inputs, no invariant broken")
  }

  /// Every file directly inside the folder at `path` (sorted), or the file at `path`.
  static func inputFiles(at path: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      return [path]
    }
    return names.sorted().map { path + "/" + $0 }
  }
}
