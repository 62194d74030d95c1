import BasketKit
import BasketTestSupport
import Foundation

let repoRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url
}()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

func readLines(_ url: URL) -> [String] {
  guard let text = try? String(contentsOf: url, encoding: .utf8) else {
    fail("cannot read \(url.path)")
  }
  return text.split(whereSeparator: \.isNewline).map {
    $0.trimmingCharacters(in: .whitespaces)
  }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
}

/// Corpus items from every .txt file in the directory, with the file each came from.
func loadCorpus(_ dir: String?) -> [(item: String, file: String)] {
  let url = dir.map { URL(fileURLWithPath: $0) } ?? repoRoot.appendingPathComponent("Data/corpus")
  guard
    let files = try? FileManager.default.contentsOfDirectory(atPath: url.path).filter({
      $0.hasSuffix(".txt")
    }).sorted(), !files.isEmpty
  else { fail("no corpus files in \(url.path)") }
  return files.flatMap { file in
    readLines(url.appendingPathComponent(file)).map { ($0, file) }
  }
}

func percent(_ part: Int, _ whole: Int) -> String {
  String(format: "%.2f%%", whole == 0 ? 0 : Double(part) * 100 / Double(whole))
}

func nanos(_ body: () -> Void) -> UInt64 {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return DispatchTime.now().uptimeNanoseconds - start
}

func stats(_ samples: [UInt64]) -> (median: UInt64, p99: UInt64) {
  let sorted = samples.sorted()
  return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}

/// `items` in a seeded random order that stays the same across toolchains (a Fisher–Yates
/// shuffle over `SeededGenerator`, not the standard library's unspecified one).
func seededShuffle<T>(_ items: [T], seed: UInt64) -> [T] {
  var generator = SeededGenerator(seed: seed)
  var result = items
  guard result.count > 1 else { return result }
  for i in stride(from: result.count - 1, to: 0, by: -1) {
    let j = Int(generator.next() % UInt64(i + 1))
    result.swapAt(i, j)
  }
  return result
}

/// Reads a tab-separated file, skipping blank and `#` lines.
func readTSV(_ url: URL) -> [[String]] {
  readLines(url).map {
    $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
  }
}

/// The labelled ingredient sets' folder, or nil (with a message) when it is absent:
/// `BASKET_INGREDIENTS`, else `shared/data/ingredients` beside the repository (as
/// `scripts/bench` finds it for RecipeLab), else `/work/shared/data/ingredients`.
func ingredientsFolder() -> URL? {
  if let path = ProcessInfo.processInfo.environment["BASKET_INGREDIENTS"], !path.isEmpty {
    guard isDirectory(path) else {
      print("skipped: BASKET_INGREDIENTS is \(path), which is not a folder")
      return nil
    }
    return URL(fileURLWithPath: path)
  }
  let candidates = [
    repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/ingredients").path,
    "/work/shared/data/ingredients",
  ]
  guard let found = candidates.first(where: isDirectory) else {
    print(
      "skipped: no labelled ingredient sets at \(candidates.joined(separator: " or ")) "
        + "(set BASKET_INGREDIENTS to use others)")
    return nil
  }
  return URL(fileURLWithPath: found)
}

private func isDirectory(_ path: String) -> Bool {
  var isDirectory: ObjCBool = false
  return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    && isDirectory.boolValue
}
