import BasketKit
import Testing

@testable import BasketStore

// The platform's SQLite, Foundation and C library, imported once for every file of these tests.
#if canImport(SQLite3)
  @_exported import SQLite3
#else
  @_exported import CSQLite
#endif

#if canImport(FoundationEssentials)
  @_exported import FoundationEssentials
#else
  @_exported import Foundation
#endif

#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
#endif

/// A fresh directory under the system temporary directory, removed when released.
final class TemporaryDirectory {
  let path: String

  init() {
    path = FileManager.default.temporaryDirectory.path + "/basket-store-tests-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String { "\(path)/\(name)" }

  /// Names of the files in the directory, sorted.
  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}

/// A suite whose tests each start in a fresh directory, where the store is `basket.sqlite`.
protocol StoreFileSuite {
  var directory: TemporaryDirectory { get }
}

extension StoreFileSuite {
  var path: String { directory.file("basket.sqlite") }
}

/// Checks that a store marked one schema version newer than this build is refused when opened
/// and left byte for byte as it was.
func expectNewerStoreRefusedUntouched(at path: String) throws {
  let newer = Schema.latestVersion + 1
  try runSQL("PRAGMA user_version = \(newer); PRAGMA wal_checkpoint(TRUNCATE);", on: path)
  let before = try #require(bytes(of: path))
  #expect(
    throws: StoreError.newerSchema(found: newer, supported: Schema.latestVersion, path: path)
  ) {
    try SQLiteStore.open(at: path, now: StoreFixtures.now)
  }
  #expect(bytes(of: path) == before)
}

/// Fixed inputs for store tests.
enum StoreFixtures {
  /// 30 November 2026, 10:15:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_796_033_700)

  /// A date `seconds` after `now`; fractions of a millisecond survive the store's REAL column.
  static func at(_ seconds: Double) -> Date {
    Date(timeIntervalSince1970: 1_796_033_700 + seconds)
  }

  static func id(_ n: Int) -> UUID {
    let hex = String(n, radix: 16)
    return UUID(
      uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex)!
  }

  static func item(_ n: Int, _ name: String, quantity: Quantity? = nil) -> Item {
    Item(id: id(n), name: name, emoji: "🧺", quantity: quantity, addedAt: at(Double(n)))
  }
}

/// Opens `path` with a plain connection that runs `sql`, as another program would.
func runSQL(_ sql: String, on path: String) throws {
  let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
  try connection.execute(sql)
}

/// Opens the store at `path` and checks that it was not moved aside.
func openStore(_ path: String) throws -> SQLiteStore {
  let (store, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
  #expect(report == OpenReport())
  return store
}

func bytes(of path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { Array($0) }
}

func writeBytes(_ bytes: [UInt8], to path: String) {
  #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
}

/// Deterministic bytes that are not a SQLite file.
func garbage(count: Int, seed: UInt64) -> [UInt8] {
  var state = seed
  return (0..<count).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 33)
  }
}

/// A SQLite header with Basket's mark (application id "BSKT" at bytes 68–71) in deterministic
/// junk: a Basket store damaged everywhere but its magic and its mark.
func damagedStore(count: Int, seed: UInt64) -> [UInt8] {
  let magic = Array("SQLite format 3\0".utf8)
  var bytes = magic + garbage(count: count - magic.count, seed: seed)
  bytes.replaceSubrange(68..<72, with: Array("BSKT".utf8))
  return bytes
}
