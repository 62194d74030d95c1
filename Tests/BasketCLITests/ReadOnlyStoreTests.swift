import Foundation
import Testing

/// A store the user may read but not write: reading commands work, a change says the store is
/// read-only, and nothing is moved or made.
@Suite struct ReadOnlyStoreTests {
  let basket = BasketBinary()

  /// Runs `basket` as a user who can't write what root made: root itself writes anywhere, so
  /// under root the command runs as nobody.
  func runAsReader(_ arguments: [String]) throws -> BasketBinary.Result {
    let binary = try BasketBinary.executable.get().path
    guard geteuid() == 0 else { return try basket.run(arguments) }
    return try basket.run(
      program: "/usr/sbin/runuser", ["-u", "nobody", "--", binary] + arguments)
  }

  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: basket.directory.path).sorted()
  }

  @Test func aReadOnlyFileIsListedAndAChangeSaysWhy() throws {
    try basket.run(["add", "milk", "eggs"])
    _ = try basket.run(
      program: "/usr/bin/sqlite3", [basket.storePath, "PRAGMA wal_checkpoint(TRUNCATE);"])
    chmod(basket.directory.path, 0o777)
    chmod(basket.storePath, 0o444)
    let before = try Data(contentsOf: URL(fileURLWithPath: basket.storePath))

    let list = try runAsReader(["--store", basket.storePath, "list"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("milk") && list.stdout.contains("eggs"), "\(list.stdout)")
    let add = try runAsReader(["--store", basket.storePath, "add", "bread"])
    #expect(add.status == 1)
    #expect(
      add.stderr.contains("the file is read-only for you, so nothing can be changed"),
      "\(add.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: basket.storePath)) == before)
    #expect(try !listing().contains { $0.contains("broken") })
  }

  @Test func aStoreInAReadOnlyFolderIsListedToo() throws {
    try basket.run(["add", "milk"])
    _ = try basket.run(
      program: "/usr/bin/sqlite3", [basket.storePath, "PRAGMA wal_checkpoint(TRUNCATE);"])
    for sidecar in ["-wal", "-shm"] { unlink(basket.storePath + sidecar) }
    chmod(basket.storePath, 0o644)
    chmod(basket.directory.path, 0o555)
    defer { chmod(basket.directory.path, 0o755) }

    let list = try runAsReader(["--store", basket.storePath, "list"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("milk"))
    let check = try runAsReader(["--store", basket.storePath, "check", "milk"])
    #expect(check.status == 1)
    #expect(
      check.stderr.contains("is read-only for you, so nothing can be changed"), "\(check.stderr)")
  }

  @Test func aNewStoreInAFolderNobodyMayWriteSaysSo() throws {
    let folder = basket.directory.appendingPathComponent("locked").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(basket.directory.path, 0o755)
    chmod(folder, 0o555)
    let add = try runAsReader(["--store", folder + "/basket.sqlite", "add", "milk"])
    #expect(add.status == 1)
    #expect(
      add.stderr
        == "basket: cannot open the store at \(folder)/basket.sqlite: the directory \(folder) is not writable\n"
    )
  }
}
