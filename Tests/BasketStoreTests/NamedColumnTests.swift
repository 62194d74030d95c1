import BasketKit
import Testing

@testable import BasketStore

/// Statements that write many columns bind each value by its column's name (`:name`), so a
/// value can't land in its neighbour's column when one is added or moved.
@Suite struct NamedColumnTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("named.sqlite") }

  private func table() throws -> Connection {
    let connection = try Connection(
      path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try connection.execute("CREATE TABLE t (id TEXT PRIMARY KEY, a INTEGER, b TEXT)")
    return connection
  }

  @Test func valuesLandInTheColumnsTheyNameWhateverTheirOrder() throws {
    let connection = try table()
    let insert = Connection.insertSQL("t", ["id", "a", "b"], upsertOn: "id")
    #expect(
      insert
        == "INSERT INTO t (id, a, b) VALUES (:id, :a, :b) ON CONFLICT (id) DO UPDATE SET a = excluded.a, b = excluded.b"
    )
    try connection.run(
      insert, named: [("b", .text("beta")), ("id", .text("x")), ("a", .integer(7))])
    try connection.run(
      Connection.updateSQL("t", ["id", "b", "a"], key: "id"),
      named: [("a", .integer(8)), ("id", .text("x")), ("b", .text("gamma"))])
    var rows: [String] = []
    try connection.run("SELECT id, a, b FROM t") { row in
      rows.append("\(row.text(0) ?? "") \(row.int64(1) ?? 0) \(row.text(2) ?? "")")
    }
    #expect(rows == ["x 8 gamma"])
  }

  @Test func aNameTheStatementDoesNotHaveIsAMistakeNotASilentNull() throws {
    let connection = try table()
    #expect(throws: SQLiteError.self) {
      try connection.run(
        Connection.insertSQL("t", ["id", "a"]), named: [("id", .text("x")), ("c", .integer(1))])
    }
    #expect(try connection.singleInteger("SELECT count(*) FROM t") == 0)
  }

  @Test func anItemAndAPantryEntryWriteEveryColumnTheirTablesHave() throws {
    _ = try openStore(path)
    let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
    var itemColumns: Set<String> = []
    try connection.run("SELECT name FROM pragma_table_info('items')") { row in
      if let name = row.text(0) { itemColumns.insert(name) }
    }
    #expect(itemColumns == Set(Connection.writtenItemColumns + ["list"]))
    var pantryColumns: Set<String> = []
    try connection.run("SELECT name FROM pragma_table_info('pantry_entries')") { row in
      if let name = row.text(0) { pantryColumns.insert(name) }
    }
    let entry = PantryEntry(id: UUID(), name: "Tea", updatedAt: Date(timeIntervalSince1970: 0))
    #expect(pantryColumns == Set(Connection.fields(of: entry).map(\.0)))
  }
}
