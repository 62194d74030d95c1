import Foundation
import Testing

@Suite struct BuiltExecutableTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("basket-built-\(UUID().uuidString)")

  private func file(_ name: String, modified: Date, executable: Bool = false) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: url)
    try FileManager.default.setAttributes(
      [.modificationDate: modified, .posixPermissions: executable ? 0o755 : 0o644],
      ofItemAtPath: url.path)
    return url
  }

  @Test func aBinaryOlderThanASourceIsRefusedByName() throws {
    let binary = try file("bin/basket", modified: Date(timeIntervalSinceNow: -60), executable: true)
    _ = try file("src/Kit/Old.swift", modified: Date(timeIntervalSinceNow: -120))
    let changed = try file("src/Kit/Deep/Changed.swift", modified: Date())
    #expect {
      try BuiltExecutable.check(binary, against: [directory.appendingPathComponent("src")])
    } throws: { error in
      "\(error)".contains(changed.path) && "\(error)".contains("swift build")
    }
  }

  @Test func aBinaryNewerThanEverySourceIsUsed() throws {
    let binary = try file("bin/basket", modified: Date(), executable: true)
    _ = try file("src/Kit/Old.swift", modified: Date(timeIntervalSinceNow: -120))
    try BuiltExecutable.check(binary, against: [directory.appendingPathComponent("src")])
  }

  @Test func aMissingBinaryIsRefused() {
    #expect {
      try BuiltExecutable.check(directory.appendingPathComponent("bin/nothing"), against: [])
    } throws: { error in
      "\(error)".contains("is missing")
    }
  }

  @Test func theBasketBinaryIsCheckedAgainstEveryTargetItImports() {
    let folders = Set(BuiltExecutable.sourceFolders(of: "basket").map(\.lastPathComponent))
    #expect(
      folders.isSuperset(of: [
        "basket", "BasketKit", "BasketStore", "BasketTUI", "BasketWeb", "CSQLite", "CMicroHTTPD",
        "BasketCrypto", "CCrypto", "CLinux",
      ]))
    #expect(!folders.contains("BasketBench"))
  }
}
