import BasketKit
import BasketTestSupport
import Testing

@testable import BasketStore

@Suite struct CalDAVStoreTests: StoreFileSuite {
  let directory = TemporaryDirectory()
  let clock = TestClock(StoreFixtures.now)

  private func book(_ store: SQLiteStore) -> CalDAVBook {
    let basket = Fixtures.basket(over: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
    return CalDAVBook(store: store, basket: basket)
  }

  @Test func aClientsTaskKeepsItsNameUIDAndPropertiesAcrossReopening() throws {
    let kept = "PRIORITY:1\r\nX-APPLE-SORT-ORDER:12\r\n"
    _ = try book(try openStore(path)).put(
      ReminderTask(uid: "abc@tasks.org", summary: "Bread", kept: kept), named: "x.ics",
      ifMatch: nil, ifNoneMatch: true)
    let reopened = book(try openStore(path))
    let entry = try #require(try reopened.entry(named: "x.ics"))
    #expect(entry.task.uid == "abc@tasks.org")
    #expect(entry.task.kept == kept)
    #expect(entry.task.summary == "Bread")
  }

  @Test func eachWriteOfARecordMovesTheRevisionOnAndIsFoundAfterIt() throws {
    let store = try openStore(path)
    let before = try store.revision()
    let item = UUID()
    let written = try store.saveResource(CalDAVResource(name: "a.ics", item: item, uid: "a"))
    #expect(written == before + 1)
    #expect(try store.revision() == written)
    #expect(try store.resources(changedAfter: before).map(\.name) == ["a.ics"])
    #expect(try store.resources(changedAfter: written).isEmpty)
    var record = try #require(try store.resource(named: "a.ics"))
    record.kept = "PRIORITY:9\r\n"
    record.absorbed = true
    try store.saveResource(record)
    let again = try #require(try store.resource(named: "a.ics"))
    #expect(again.kept == "PRIORITY:9\r\n" && again.absorbed && again.revision == written + 1)
    #expect(try store.resources(item: item) == [again])
  }

  @Test func aVersionFiveStoreGainsTheTableAndKeepsItsList() throws {
    let five = Schema.migrations.prefix(5).map(\.sql).joined(separator: "\n")
    try runSQL(
      five + """
        INSERT INTO items (id, name, emoji, added_at, listed_at, name_key)
          VALUES ('\(Fixtures.id(1).uuidString)', 'Milk', '🥛', 0, 0, 'milk');
        PRAGMA user_version = 5;
        """, on: path)
    let store = try openStore(path)
    #expect(try store.pragma("user_version") == String(Schema.latestVersion))
    #expect(try store.items().map(\.name) == ["Milk"])
    #expect(try book(store).entries().map(\.name) == ["\(Fixtures.id(1).uuidString).ics"])
  }

  /// The collection tag is the tasks' content, not the store's revision: a pantry or recipe
  /// write (which moves the revision) leaves it, and a sync from before finds no change.
  @Test func pantryAndRecipeWritesLeaveTheCollectionTagAndFindNoChanges() throws {
    let store = try openStore(path)
    let calDAV = book(store)
    _ = try calDAV.basket.add(text: "Milk")
    let tag = try calDAV.collectionTag()
    let token = try calDAV.token()

    let pantry = PantryBook(store: store, clock: clock.appClock, ids: Fixtures.sequentialIDs())
    _ = try pantry.add(PantryAddition(name: "Flour", amount: try PantryAmount.read("1 kg")))
    try store.saveRecipe(
      Recipe(
        id: StoreFixtures.id(9), title: "Apple pie",
        ingredientGroups: [IngredientGroup(ingredients: [IngredientLineParser.parse("6 apples")])],
        savedAt: StoreFixtures.now, lastOpenedAt: StoreFixtures.now))

    #expect(try store.revision() > token)
    #expect(try calDAV.collectionTag() == tag)
    let changes = try #require(try calDAV.changes(since: token))
    #expect(changes.changed.isEmpty && changes.removed.isEmpty)
    #expect(changes.token == (try store.revision()))

    _ = try calDAV.basket.add(text: "Eggs")
    #expect(try calDAV.collectionTag() != tag)
  }
}
