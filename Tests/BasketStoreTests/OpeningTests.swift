import BasketKit
import Dispatch
import Synchronization
import Testing

@testable import BasketStore

@Suite struct OpeningTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  var aside: String { path + ".broken-20261130T101500Z" }

  /// The v1 schema exactly as the first release wrote it, kept apart from `Schema` so that an
  /// edit there cannot hide a broken migration.
  static let v1Schema = """
    CREATE TABLE items (
      id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, emoji TEXT NOT NULL, amount REAL,
      unit TEXT, added_at REAL NOT NULL, checked_at REAL, listed_at REAL NOT NULL,
      cleared_at REAL);
    CREATE TABLE memory (
      key TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, times_added INTEGER NOT NULL,
      last_added REAL NOT NULL);
    CREATE INDEX memory_by_last_added ON memory(last_added);
    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
    INSERT INTO meta(key, value) VALUES ('revision', 0);
    PRAGMA user_version = 1;
    """

  @Test func openingCreatesTheStoreAndMissingDirectories() throws {
    let nested = directory.file("a/b/c/basket.sqlite")
    let store = try openStore(nested)
    #expect(store.path == nested)
    #expect(FileManager.default.fileExists(atPath: nested))
    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
  }

  @Test func anEmptyFileIsInitialisedInPlace() throws {
    writeBytes([], to: path)
    let store = try openStore(path)
    try store.modify { $0.items = [StoreFixtures.item(1, "Milk")] }
    #expect(try directory.listing().filter { $0.contains("broken") }.isEmpty)
  }

  @Test func aSQLiteFileWithNoTablesAtVersionZeroIsInitialisedInPlace() throws {
    try runSQL("CREATE TABLE scratch (x); DROP TABLE scratch;", on: path)
    let store = try openStore(path)
    #expect(try store.items().isEmpty)
    #expect(try directory.listing().filter { $0.contains("broken") }.isEmpty)
  }

  @Test func manyOpeningANewStoreAtOnceShareOneFile() throws {
    let failures = Mutex<[String]>([])
    let path = path
    DispatchQueue.concurrentPerform(iterations: 8) { n in
      do {
        let (store, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
        if report != OpenReport() { failures.withLock { $0.append("\(report)") } }
        try store.modify { $0.items.append(StoreFixtures.item(n + 1, "Item \(n)")) }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(try openStore(path).items().count == 8)
    #expect(try directory.listing().filter { $0.contains("broken") }.isEmpty)
  }

  @Test func aVersionOneFileOpensWithItsRowsIntact() throws {
    try runSQL(
      Self.v1Schema + """
        INSERT INTO items VALUES
          ('00000000-0000-0000-0000-000000000001', 'Milk', '🥛', 2, 'L',
           1796033700.5, NULL, 1796033700.5, NULL),
          ('00000000-0000-0000-0000-000000000002', 'Eggs', '🥚', NULL, NULL,
           1796033600, 1796033650.25, 1796033640, 1796033660);
        INSERT INTO memory VALUES ('milk', 'Milk', 7, 1796033700.5);
        UPDATE meta SET value = 41 WHERE key = 'revision';
        """, on: path)

    let store = try openStore(path)

    #expect(
      try store.items() == [
        Item(
          id: StoreFixtures.id(1), name: "Milk", emoji: "🥛",
          quantity: Quantity(amount: 2, unit: .liters), addedAt: StoreFixtures.at(0.5)),
        Item(
          id: StoreFixtures.id(2), name: "Eggs", emoji: "🥚", addedAt: StoreFixtures.at(-100),
          checkedAt: StoreFixtures.at(-49.75), listedAt: StoreFixtures.at(-60),
          clearedAt: StoreFixtures.at(-40)),
      ])
    #expect(
      try store.memory() == [
        MemoryEntry(name: "Milk", timesAdded: 7, lastAdded: StoreFixtures.at(0.5))
      ])
    #expect(try store.revision() == 41)
    #expect(try store.pragma("journal_mode") == "wal")
    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
  }

  @Test func migrationsStartAtVersionOne() throws {
    #expect(Schema.latestVersion == Schema.migrations.count)
    #expect(Schema.latestVersion >= 1)
  }

  @Test(arguments: [Schema.latestVersion + 1, 99])
  func aStoreFromANewerBasketIsRefusedAndLeftByteForByte(version: Int) throws {
    _ = try openStore(path)
    try runSQL("PRAGMA user_version = \(version)", on: path)
    let before = try #require(bytes(of: path))
    let listing = try directory.listing()
    #expect(listing == ["basket.sqlite"])

    #expect(
      throws: StoreError.newerSchema(found: version, supported: Schema.latestVersion, path: path)
    ) {
      try SQLiteStore.open(at: path, now: StoreFixtures.now)
    }

    #expect(bytes(of: path) == before)
    #expect(try directory.listing() == listing)
  }

  @Test func aNewerSchemaStillInTheWriteAheadLogIsRefusedToo() throws {
    _ = try openStore(path)
    let newer = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
    let version = Schema.latestVersion + 1
    try newer.execute("PRAGMA wal_autocheckpoint = 0; PRAGMA user_version = \(version);")
    let before = try #require(bytes(of: path))

    #expect(
      throws: StoreError.newerSchema(found: version, supported: Schema.latestVersion, path: path)
    ) {
      try SQLiteStore.open(at: path, now: StoreFixtures.now)
    }

    #expect(bytes(of: path) == before)
    #expect(try directory.listing().filter { $0.contains("broken") }.isEmpty)
  }

  @Test func aDamagedStoreIsMovedAsideWithItsSidecarsUntouched() throws {
    let files = [
      "": damagedStore(count: 5000, seed: 1), "-wal": garbage(count: 777, seed: 2),
      "-shm": garbage(count: 32768, seed: 3),
    ]
    for (suffix, content) in files { writeBytes(content, to: path + suffix) }

    let (store, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)

    #expect(
      report
        == OpenReport(
          movedAsideTo: aside, salvagedItems: 0, salvagedMemory: 0,
          reason: "file is not a database"))
    // NB: the -shm file is SQLite's index of the log, which SQLite may rebuild while checking
    // the store; it moves aside too.
    for (suffix, content) in files where suffix != "-shm" {
      #expect(bytes(of: aside + suffix) == content)
    }
    #expect(bytes(of: aside + "-shm")?.count == 32768)
    try store.modify { $0.items = [StoreFixtures.item(1, "Milk")] }
    #expect(try openStore(path).items().count == 1)
  }

  @Test func aSecondBreakageInTheSameSecondGetsANumberedName() throws {
    writeBytes(damagedStore(count: 100, seed: 1), to: path)
    _ = try SQLiteStore.open(at: path, now: StoreFixtures.now)
    writeBytes(damagedStore(count: 100, seed: 2), to: path)
    writeBytes([], to: path + "-wal")

    let (_, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)

    #expect(report.movedAsideTo == aside + "-2")
    #expect(bytes(of: aside) == damagedStore(count: 100, seed: 1))
    #expect(bytes(of: aside + "-2") == damagedStore(count: 100, seed: 2))
    #expect(bytes(of: aside + "-2-wal") == [])
  }

  @Test func aTinyFileIsNotAStore() throws {
    writeBytes(Array("SQLite format 3\0".utf8), to: path)
    try expectRefusedUntouched("it is a SQLite file cut short inside its header")
  }

  /// Files that are not SQLite databases at all: a shopping list kept as text, random bytes,
  /// and files too short to hold the 16-byte SQLite header (even the start of it).
  @Test(arguments: [
    Array("milk\neggs\nbread\n".utf8), garbage(count: 5000, seed: 4), [0x53],
    Array("SQLite format 3".utf8), Array("SQLite format 4\0 and then some".utf8),
  ])
  func aFileThatIsNotSQLiteIsRefusedAndLeftByteForByte(content: [UInt8]) throws {
    writeBytes(content, to: path)
    writeBytes(garbage(count: 777, seed: 2), to: path + "-wal")
    let listing = try directory.listing()

    #expect {
      try SQLiteStore.open(at: path, now: StoreFixtures.now)
    } throws: { error in
      guard case .cannotOpen(let refused, let reason) = error as? StoreError else { return false }
      return refused == path && reason.hasPrefix("it is not a SQLite database")
        && reason.contains("left untouched")
    }

    #expect(bytes(of: path) == content)
    #expect(bytes(of: path + "-wal") == garbage(count: 777, seed: 2))
    #expect(try directory.listing() == listing)
  }

  /// Opening `path` is refused with a reason naming why it isn't Basket's, and the file and
  /// its folder are exactly as they were.
  func expectRefusedUntouched(_ why: String) throws {
    let before = bytes(of: path)
    let listing = try directory.listing()
    #expect {
      try SQLiteStore.open(at: path, now: StoreFixtures.now)
    } throws: { error in
      guard case .cannotOpen(_, let reason) = error as? StoreError else { return false }
      return reason.hasPrefix(why) && reason.contains("isn't a Basket store; it was left untouched")
    }
    #expect(bytes(of: path) == before)
    #expect(try directory.listing() == listing)
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItIs() throws {
    try runSQL("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello');", on: path)
    try expectRefusedUntouched("it is a SQLite database without Basket's mark or tables")
  }

  @Test func aDatabaseMarkedByAnotherProgramIsRefusedEvenWhenEmpty() throws {
    try runSQL("PRAGMA application_id = 1095779664;", on: path)  // "APPL"
    try expectRefusedUntouched(
      "it is another program's SQLite database (its application id is 1095779664")
  }

  @Test func aVersionedFileWithoutOurTablesIsRefused() throws {
    try runSQL("CREATE TABLE items (id TEXT); PRAGMA user_version = 1;", on: path)
    try expectRefusedUntouched("it is a SQLite database without Basket's mark or tables")
  }

  @Test func anUnmarkedDamagedDatabaseIsRefusedNotSalvaged() throws {
    var bytes = damagedStore(count: 5000, seed: 4)
    bytes.replaceSubrange(68..<72, with: [0, 0, 0, 0])
    writeBytes(bytes, to: path)
    try expectRefusedUntouched("it is a damaged SQLite database without Basket's mark")
  }

  @Test func aStoreFromBeforeTheMarkIsRecognisedByItsTablesAndMarked() throws {
    do {
      let store = try openStore(path)
      try store.modify { $0.items = [StoreFixtures.item(1, "Milk")] }
    }
    try runSQL("PRAGMA application_id = 0;", on: path)
    #expect(bytes(of: path)?[68..<72] == [0, 0, 0, 0])
    #expect(try openStore(path).items().map(\.name) == ["Milk"])
    #expect(bytes(of: path).map { Array($0[68..<72]) } == Array("BSKT".utf8))
  }

  @Test func aMarkedStoreThatLostATableIsMovedAside() throws {
    do { _ = try openStore(path) }
    try runSQL("DROP TABLE memory;", on: path)
    let (_, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)
    #expect(report.movedAsideTo == aside)
    #expect(report.reason == "it has lost Basket's memory table")
  }

  /// Ways to damage a store in place: overwrite a run of bytes at a fraction of the list's
  /// own pages (the items table's leaves, in file order), or cut the file short.
  ///
  /// NB: not a fraction of the whole file, whose layout moves with every table a schema adds:
  /// v12's plan moved 55% of the file off the items and onto an index, whose damage loses no
  /// row, so the test no longer damaged what it meant to.
  enum Damage: CustomTestStringConvertible, Sendable {
    case overwrite(at: Double, count: Int)
    case truncate(to: Double)

    var testDescription: String {
      switch self {
      case .overwrite(let at, let count):
        "\(count) bytes overwritten at \(Int(at * 100))% of the items"
      case .truncate(let to): "truncated to \(Int(to * 100))%"
      }
    }
  }

  /// The byte offset of the items table's leaf page at fraction `at` of them, in file order.
  private func itemsOffset(at fraction: Double) throws -> Int {
    let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
    let pageSize = Int(try #require(try connection.singleInteger("PRAGMA page_size")))
    var pages: [Int] = []
    try connection.runOnce(
      "SELECT pageno FROM dbstat WHERE name = 'items' AND pagetype = 'leaf' ORDER BY pageno"
    ) { row in
      if let page = row.int64(0) { pages.append(Int(page)) }
    }
    try #require(pages.count > 10, "the items fill few pages: \(pages.count)")
    let page = pages[min(pages.count - 1, Int(Double(pages.count) * fraction))]
    return (page - 1) * pageSize
  }

  @Test(arguments: [
    Damage.overwrite(at: 0.35, count: 4096), .overwrite(at: 0.55, count: 3000),
    .overwrite(at: 0.8, count: 10_000), .truncate(to: 0.6),
  ])
  func aDamagedStoreIsMovedAsideAndWhatCanBeReadIsSalvaged(damage: Damage) throws {
    var originals: [UUID: Item] = [:]
    do {
      let store = try openStore(path)
      try store.modify { draft in
        for n in 1...3000 {
          let item = StoreFixtures.item(
            n, "Item number \(n) with a longer name to fill pages",
            quantity: n.isMultiple(of: 3) ? Quantity(amount: Double(n), unit: .grams) : nil)
          draft.items.append(item)
          draft.remember(item.name, key: "key \(n)", at: item.addedAt)
        }
      }
      for item in try store.items() { originals[item.id] = item }
    }
    var damaged = try #require(bytes(of: path))
    switch damage {
    case .overwrite(let at, let count):
      let start = try itemsOffset(at: at)
      damaged.replaceSubrange(start..<start + count, with: garbage(count: count, seed: 9))
    case .truncate(let to):
      damaged.removeLast(damaged.count - Int(Double(damaged.count) * to))
    }
    writeBytes(damaged, to: path)

    let (store, report) = try SQLiteStore.open(at: path, now: StoreFixtures.now)

    #expect(report.movedAsideTo == aside)
    #expect(bytes(of: aside) == damaged)
    #expect(report.salvagedItems > 0)
    #expect(report.salvagedItems + report.salvagedMemory < 6000)
    let salvaged = try store.items()
    #expect(salvaged.count == report.salvagedItems)
    #expect(salvaged.allSatisfy { originals[$0.id] == $0 })
    #expect(try store.memory().count == report.salvagedMemory)
    #expect(try store.revision() == 1)
  }

  @Test func aPathUnderARegularFileCannotBeOpened() throws {
    writeBytes([1, 2, 3], to: directory.file("file"))
    let nested = directory.file("file/basket.sqlite")
    #expect {
      try SQLiteStore.open(at: nested, now: StoreFixtures.now)
    } throws: { error in
      guard case .cannotOpen(let path, let reason) = error as? StoreError else { return false }
      return path == nested && reason.contains("cannot create the directory")
    }
  }

  @Test(.enabled(if: geteuid() != 0, "root may write anywhere"))
  func anUnwritableDirectoryCannotBeOpened() throws {
    let locked = directory.file("locked")
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
    }
    #expect(
      throws: StoreError.cannotOpen(
        path: locked + "/basket.sqlite", reason: "the directory \(locked) is not writable")
    ) {
      try SQLiteStore.open(at: locked + "/basket.sqlite", now: StoreFixtures.now)
    }
  }

  #if os(Linux)
    @Test func aDirectoryEvenRootCannotWriteCannotBeOpened() throws {
      #expect {
        try SQLiteStore.open(at: "/proc/self/basket/basket.sqlite", now: StoreFixtures.now)
      } throws: { error in
        guard case .cannotOpen = error as? StoreError else { return false }
        return true
      }
    }
  #endif

  @Test func aDirectoryInPlaceOfTheFileCannotBeOpened() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: StoreError.cannotOpen(path: path, reason: "it is not a regular file")) {
      try SQLiteStore.open(at: path, now: StoreFixtures.now)
    }
  }

  @Test func theBrokenTimestampIsCompactUTC() {
    #expect(FileSystem.compactTimestamp(StoreFixtures.now) == "20261130T101500Z")
    #expect(FileSystem.compactTimestamp(Date(timeIntervalSince1970: 0.999)) == "19700101T000000Z")
  }
}
