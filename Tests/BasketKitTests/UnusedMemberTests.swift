import Foundation
import Testing

/// No function or property in Sources is declared and then never named anywhere else: dead
/// code misleads readers and hides in reviews. (A name shared with something in use escapes
/// this check; the compiler already flags unused locals.)
@Suite struct UnusedMemberTests {
  /// Names that are used without being written out: protocol requirements and entry points.
  static let usedImplicitly: Set = [
    "main", "description", "debugDescription", "errorDescription", "callAsFunction",
    "testDescription", "hash", "encode", "wrappedValue", "projectedValue",
  ]

  @Test func everyDeclaredMemberIsUsedSomewhere() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var texts: [String: String] = [:]
    for folder in ["Sources", "Tests"] {
      let base = root.appendingPathComponent(folder)
      let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
      for case let path as String in enumerator
      where path.hasSuffix(".swift") && !path.contains("Generated/")
        && !path.hasSuffix("+Embedded.swift")
      {
        texts["\(folder)/\(path)"] = try String(
          contentsOf: base.appendingPathComponent(path), encoding: .utf8)
      }
    }
    var uses: [Substring: Int] = [:]
    for text in texts.values {
      for word in text.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) { uses[word.output, default: 0] += 1 }
    }
    let declaration =
      /(?m)^\s*(?:@\w+\s+)*(?:(?:public|package|private|fileprivate|static|final|mutating|nonisolated|override|lazy)\s+)*(?:func|var|let)\s+([A-Za-z_][A-Za-z0-9_]*)/
    var unused: [String] = []
    for (path, text) in texts where path.hasPrefix("Sources/") {
      for match in text.matches(of: declaration) {
        let name = match.output.1
        if uses[name, default: 0] <= 1, !Self.usedImplicitly.contains(String(name)) {
          unused.append("\(path): \(name)")
        }
      }
    }
    #expect(unused.sorted() == [], "declared but never used")
  }
}
