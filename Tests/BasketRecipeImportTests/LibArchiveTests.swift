import BasketKit
import Foundation
import Testing

@testable import BasketArchive

/// libarchive is opened on first use: a missing library is an error naming its Debian package;
/// what it unpacks is held to a limit.
@Suite struct LibArchiveTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibArchive.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let missing = try #require(LibArchive.load("libarchive-not-installed.so").failure)
    #expect(
      missing.description
        == "reading and writing archives needs libarchive: apt-get install libarchive13")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(LibArchive.load("libm.so.6").failure)
    #expect(missing.reason == "archive_read_new")
  }

  /// gzip of `text`, by the system's gzip.
  static func gzip(_ text: String) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-c"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }

  @Test func gzipIsUnpackedUpToItsLimitAndACutStreamIsDamaged() throws {
    let packed = try Self.gzip(String(repeating: "flour ", count: 10_000))
    #expect(try Gzip.inflate(packed, limit: 1 << 20).count == 60_000)
    #expect(throws: ArchiveError.tooLarge(limit: 1_000)) { try Gzip.inflate(packed, limit: 1_000) }
    #expect(throws: ArchiveError.self) {
      try Gzip.inflate(Array(packed.prefix(packed.count / 2)), limit: 1 << 20)
    }
    #expect(throws: ArchiveError.self) { try Gzip.inflate(Array("not gzip".utf8), limit: 1 << 20) }
  }

  @Test func aWrittenArchiveReadsBackEntryByEntryWithItsModes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "basket-archive-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, format) in [("a.tar.gz", ArchiveWriter.Format.tarGzip), ("a.zip", .zip)] {
      let path = folder.appendingPathComponent(name).path
      let writer = try ArchiveWriter(path: path, format: format)
      try writer.add("top/one.txt", Array("one".utf8))
      try writer.add("top/two.txt", Array(String(repeating: "2", count: 100_000).utf8))
      try writer.close()
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode.map { $0 & 0o777 } == 0o600)
      #expect(throws: ArchiveError.self, "never over a file") {
        try ArchiveWriter(path: path, format: format)
      }
      let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
      let reader = try ArchiveReader(path: path, size: Int64(size))
      let one = try #require(try reader.next())
      #expect(one.path == "top/one.txt" && one.kind == .file)
      #expect(try reader.read(limit: 10) == Array("one".utf8))
      let two = try #require(try reader.next())
      #expect(two.declaredSize == 100_000)
      #expect(throws: ArchiveError.tooLarge(limit: 1_000)) { try reader.read(limit: 1_000) }
      #expect(reader.progress > 0)
    }
  }
}
