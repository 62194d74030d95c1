import Foundation
import Testing

@Suite struct StoreEndToEndTests {
  /// A binary told of no store, which makes one when milk is added under a data home
  /// (XDG_DATA_HOME) of its own: the binary, and that data home.
  private func storeMadeInADataHome(
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (basket: BasketBinary, dataHome: String) {
    var basket = BasketBinary()
    basket.environment["BASKET_STORE"] = nil
    let dataHome = basket.directory.appendingPathComponent("data").path
    let result = try basket.run(["add", "milk"], environment: ["XDG_DATA_HOME": dataHome])
    #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    return (basket, dataHome)
  }

  @Test func theStoreDefaultsToXDGDataHomeAndCreatesDirectories() throws {
    let (basket, dataHome) = try storeMadeInADataHome()
    #expect(FileManager.default.fileExists(atPath: dataHome + "/basket/basket.sqlite"))
    try basket.run(["add", "bread"])  // no XDG_DATA_HOME: falls back to ~/.local/share
    #expect(
      FileManager.default.fileExists(
        atPath: basket.directory.path + "/.local/share/basket/basket.sqlite"))
  }

  @Test func theStoreFlagWinsOverTheEnvironment() throws {
    let basket = BasketBinary()
    let other = basket.directory.appendingPathComponent("nested/dir/other.sqlite").path
    #expect(try basket.run(["--store", other, "add", "milk"]).status == 0)
    #expect(try basket.run(["--store", other, "list"]).stdout.contains("milk"))
    #expect(try basket.run(["list"]).status == 1)  // no store was made at BASKET_STORE
  }

  @Test func aStoreFromANewerVersionIsRefusedAndLeftUntouched() throws {
    let basket = BasketBinary()
    try basket.run(["add", "milk"])
    try sqlite(basket.storePath, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = 99;")
    let before = try Data(contentsOf: URL(fileURLWithPath: basket.storePath))
    let result = try basket.run(["add", "bread"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("newer Basket"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: basket.storePath)) == before)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: basket.directory.path)
    #expect(!siblings.contains { $0.contains("broken") })
  }

  @Test func aBrokenStoreIsMovedAsideNeverDeleted() throws {
    let basket = BasketBinary()
    try basket.run(["add", "tea"])
    try sqlite(basket.storePath, "PRAGMA wal_checkpoint(TRUNCATE);")
    // The store's own header (with Basket's mark), then the rest of it lost.
    let header = try Data(contentsOf: URL(fileURLWithPath: basket.storePath)).prefix(100)
    let garbage = header + Data(repeating: 0xA5, count: 8192)
    try garbage.write(to: URL(fileURLWithPath: basket.storePath))
    let result = try basket.run(["add", "milk"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("moved aside"))
    let siblings = try FileManager.default.contentsOfDirectory(atPath: basket.directory.path)
    let broken = try #require(
      siblings.first {
        $0.hasPrefix("basket.sqlite.broken-") && !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal")
      })
    #expect(try Data(contentsOf: basket.directory.appendingPathComponent(broken)) == garbage)
    #expect(try basket.names("toGet") == ["milk"])
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftWhereItIs() throws {
    // Another program's file is not ours to move: it used to be moved to .broken-… and a store
    // started in its place.
    let basket = BasketBinary()
    let other = basket.directory.appendingPathComponent("other.sqlite").path
    try sqlite(other, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello');")
    let before = try Data(contentsOf: URL(fileURLWithPath: other))
    let listing = try FileManager.default.contentsOfDirectory(atPath: basket.directory.path)

    let result = try basket.run(["--store", other, "list"])

    #expect(result.status == 1)
    #expect(
      result.stderr.contains("isn't a Basket store; it was left untouched"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: basket.directory.path) == listing)
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() throws {
    let basket = BasketBinary()
    let notes = basket.directory.appendingPathComponent("notes.txt")
    let text = Data("milk\neggs\nask Sam about the bread\n".utf8)
    try text.write(to: notes)
    let listing = try FileManager.default.contentsOfDirectory(atPath: basket.directory.path)

    let result = try basket.run(["--store", notes.path, "list"])

    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot open the store at \(notes.path)"))
    #expect(result.stderr.contains("not a SQLite database"))
    #expect(result.stdout.isEmpty)
    #expect(try Data(contentsOf: notes) == text)
    #expect(try FileManager.default.contentsOfDirectory(atPath: basket.directory.path) == listing)
  }

  @Test func theStoreAndTheDirectoriesItMakesAreForTheOwnerOnly() throws {
    let (_, dataHome) = try storeMadeInADataHome()
    func mode(_ path: String) throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }
    #expect(try mode(dataHome) == 0o700)
    #expect(try mode(dataHome + "/basket") == 0o700)
    #expect(try mode(dataHome + "/basket/basket.sqlite") == 0o600)
  }

  @Test func twoProcessesWritingAtOnceLoseNothing() async throws {
    let basket = BasketBinary(now: nil)
    try basket.startEmptyList()
    async let first = addMany(basket, prefix: "left", count: 300)
    async let second = addMany(basket, prefix: "right", count: 300)
    let failures = try await first + second
    #expect(failures == 0)
    let names = try basket.names("toGet")
    #expect(names.count == 600)
    #expect(Set(names).count == 600)
  }

  /// One `basket add` process per item, so two loops interleave real processes.
  private func addMany(_ basket: BasketBinary, prefix: String, count: Int) async throws -> Int {
    try await Task.detached {
      var failures = 0
      for index in 0..<count where try basket.run(["add", "\(prefix)-\(index) item"]).status != 0 {
        failures += 1
      }
      return failures
    }.value
  }

  private func sqlite(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
