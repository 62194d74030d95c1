import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

/// The SQLite store answers a draft's queries as `ItemQuery` defines them, through indexes.
@Suite struct ConnectionReaderTests: StoreFileSuite {
  let directory = TemporaryDirectory()

  static func at(_ seconds: Double) -> Date { StoreFixtures.at(seconds) }

  /// Items in every state, with dates on and a fraction of a second beside the bounds the
  /// queries below use.
  static let fixture: [Item] = {
    func item(
      _ n: Int, _ name: String, listed: Double, checked: Double? = nil, cleared: Double? = nil
    ) -> Item {
      Item(
        id: StoreFixtures.id(n), name: name, emoji: "🧺", addedAt: at(-1000),
        checkedAt: checked.map(at), listedAt: at(listed), clearedAt: cleared.map(at))
    }
    return [
      item(1, "Apples", listed: 0.001), item(2, "apple", listed: 0.002, checked: -100),
      item(3, "Crème fraîche", listed: 0.5), item(4, "CRÈME FRAÎCHE", listed: 0.5),
      item(5, "Milk", listed: -3, checked: -3600), item(6, "Bread", listed: -2, checked: -3599.6),
      item(7, "Eggs", listed: -1, checked: -20, cleared: -10),
      item(8, "Jam", listed: 7, checked: -12, cleared: -9.75), item(9, "Tea", listed: 7),
    ]
  }()

  static let queries: [ItemQuery] = [
    .all, .id(StoreFixtures.id(3)), .id(StoreFixtures.id(99)), .nameKey("apple"),
    .nameKey("creme fraiche"), .nameKey("nothing"), .toGet(limit: 1), .toGet(limit: 3),
    .toGet(limit: 100), .checked(.atOrBefore(at(-3600))), .checked(.atOrAfter(at(-3600))),
    .checked(.atOrAfter(at(-20))), .cleared(.atOrBefore(at(-10))),
    .cleared(.atOrAfter(at(-10))), .cleared(.atOrAfter(at(100))),
  ]

  private func storeWithFixture() throws -> SQLiteStore {
    let store = try openStore(path)
    try store.modify { $0.items = Self.fixture }
    return store
  }

  @Test(arguments: queries)
  func everyQueryAnswersAsTheListInMemoryDoes(query: ItemQuery) throws {
    let store = try storeWithFixture()
    let answer = try store.withConnection { try ConnectionReader(connection: $0).items(query) }
    let expected = ListSnapshot(Self.fixture).items(query)
    let kept = answer.filter(query.matches)
    if case .toGet = query {
      #expect(kept.map(\.listedAt) == expected.map(\.listedAt))
      #expect(kept.count == answer.count)
    } else {
      #expect(Set(kept) == Set(expected))
    }
  }

  /// Outside a change, the store answers a query exactly: the extras a date query's slack
  /// reads are left out, and To get comes nearest the top first.
  @Test(arguments: queries)
  func theStoreAnswersEveryQueryExactly(query: ItemQuery) throws {
    let store = try storeWithFixture()
    let answer = try store.items(query)
    let expected = ListSnapshot(Self.fixture).items(query)
    #expect(answer.count == expected.count)
    if case .toGet = query {
      #expect(answer.map(\.listedAt) == expected.map(\.listedAt))
    } else {
      #expect(Set(answer) == Set(expected))
    }
  }

  /// The server asks when the list next tidies after every change: the checked and cleared
  /// items alone give the answer all of them give.
  @Test func theNextTidyFromTheIndexedReadsIsTheOneFromEveryItem() throws {
    let store = try storeWithFixture()
    let ever = ItemQuery.DateBound.atOrAfter(.distantPast)
    let read = try store.items(.checked(ever)) + store.items(.cleared(ever))
    #expect(read.count < Self.fixture.count)
    #expect(ListRules.nextTidy(items: read) == ListRules.nextTidy(items: Self.fixture))
    #expect(ListRules.nextTidy(items: read) == Self.at(-3600 + ListTiming.gotItTTL))
  }

  @Test func aDateQueryMayReturnItemsJustOutsideItsBoundButNeverMissesOne() throws {
    let store = try storeWithFixture()
    let answer = try store.withConnection {
      try ConnectionReader(connection: $0).items(.checked(.atOrBefore(Self.at(-3600))))
    }
    #expect(Set(answer.map(\.name)) == ["Milk", "Bread"])  // Bread is 0.4 s past the bound
  }

  @Test func everyQueryAChangeRunsReadsThroughAnIndex() throws {
    let store = try storeWithFixture()
    for sql in ConnectionReader.indexedQueries + Connection.syncQueries {
      let plan = try store.withConnection { connection in
        var details: [String] = []
        try connection.runOnce("EXPLAIN QUERY PLAN \(sql)") { row in
          details.append(row.text(3) ?? "")
        }
        return details
      }
      #expect(!plan.isEmpty)
      // NB: an item's category is a correlated subquery: its line heads the read under it.
      let reads = plan.filter { !$0.hasPrefix("CORRELATED SCALAR SUBQUERY") }
      #expect(
        reads.allSatisfy { $0.contains("USING") && !$0.contains("TEMP B-TREE") }, "\(sql): \(plan)")
    }
  }

  /// Reading "through an index" isn't enough: the list's own index walks every item of it.
  /// Each query reads through the index holding only the rows it wants.
  @Test func everyItemQueryReadsThroughItsOwnIndex() throws {
    let store = try storeWithFixture()
    for (sql, index) in ConnectionReader.queryIndexes {
      let plan = try store.withConnection { connection in
        var details: [String] = []
        try connection.runOnce("EXPLAIN QUERY PLAN \(sql)") { row in
          details.append(row.text(3) ?? "")
        }
        return details
      }
      let reads = plan.filter { !$0.hasPrefix("CORRELATED SCALAR SUBQUERY") }
      #expect(reads.first?.hasPrefix("SEARCH items USING") == true, "\(sql): \(plan)")
      #expect(reads.first?.contains("INDEX \(index) ") == true, "\(sql): \(plan)")
    }
  }

  @Test func theTopOfToGetSkipsARowThatDoesNotDecode() throws {
    let store = try storeWithFixture()
    try runSQL(
      """
      INSERT INTO items (id, name, emoji, added_at, listed_at, name_key)
      VALUES ('not a uuid', 'Broken', '🧺', 0, \(Self.at(100).timeIntervalSince1970), 'broken')
      """, on: path)
    let top = try store.withConnection {
      try ConnectionReader(connection: $0).items(.toGet(limit: 1))
    }
    #expect(top.map(\.name) == ["Tea"])
  }

  @Test func storedNameKeysFollowAddsAndRenames() throws {
    let store = try openStore(path)
    let basket = Fixtures.basket(
      over: store, clock: .frozen(at: StoreFixtures.now), classifier: EmojiClassifier.shared)
    let added = try basket.add(name: "Tomatoes")
    try basket.add(name: "Crème Fraîche")
    try basket.rename(added.item.id, to: "Cherry tomatoes")
    let keys = try store.withConnection { connection in
      var rows: [String: String] = [:]
      try connection.runOnce("SELECT name, name_key FROM items") { row in
        rows[row.text(0) ?? ""] = row.text(1)
      }
      return rows
    }
    #expect(keys == ["Cherry tomatoes": "cherri tomato", "Crème Fraîche": "creme fraich"])
  }
}
