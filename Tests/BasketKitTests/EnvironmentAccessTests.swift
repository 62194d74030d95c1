import BasketKit
import Foundation
import Testing

/// The environment is read in one place: `BasketConfiguration`, filled once by the executable.
@Suite struct EnvironmentAccessTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every Swift file under Sources, as (path relative to Sources, text).
  static func swiftFiles() throws -> [(String, String)] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map {
      ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
    }
  }

  @Test func onlyTheConfigurationAndMainTouchTheEnvironment() throws {
    // EmojiLab is a development tool, not part of the product: it may find its data folder
    // through BASKET_INGREDIENTS.
    let allowed: Set = [
      "BasketKit/Environment/BasketConfiguration.swift", "basket/main.swift",
      "EmojiLab/Support.swift",
    ]
    let patterns = ["environment[", "getenv(", "ProcessInfo", "setenv("]
    let offenders = try Self.swiftFiles().filter { path, text in
      !allowed.contains(path) && patterns.contains { text.contains($0) }
    }.map(\.0)
    #expect(offenders.isEmpty, "read the environment outside BasketConfiguration: \(offenders)")
  }

  @Test func theConfigurationListsEveryVariableItReads() throws {
    let text = try String(
      contentsOf: Self.sources.appendingPathComponent(
        "BasketKit/Environment/BasketConfiguration.swift"), encoding: .utf8)
    let read = text.matches(of: /value\("([A-Z_]+)"\)/).map { String($0.output.1) }
    #expect(!read.isEmpty)
    #expect(Set(read) == Set(BasketConfiguration.variables))
  }
}
