import BasketKit
import BasketTestSupport
import Synchronization
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct TaskSummaryTests {
  @Test(
    arguments: [
      ("Milk", Quantity(amount: 2, unit: .liters), "Milk (2 L)"),
      ("Eggs", Quantity(amount: 12, unit: .units), "Eggs (12)"),
      ("Flour", Quantity(amount: 1.5, unit: .kilograms), "Flour (1.5 kg)"),
      ("Bread", nil, "Bread"),
      ("Pasta (gluten free)", nil, "Pasta (gluten free)"),
    ] as [(String, Quantity?, String)])
  func writesTheNameAndTheChipAndReadsThemBack(name: String, quantity: Quantity?, text: String) {
    #expect(TaskSummary.text(name: name, quantity: quantity) == text)
    let read = TaskSummary.read(text)
    #expect(read.name == name)
    #expect(read.quantity == quantity)
  }

  @Test(
    arguments: [
      ("2 l milk", "milk", Quantity(amount: 2, unit: .liters)),
      ("milk 2l", "milk", Quantity(amount: 2, unit: .liters)),
      ("  Oat milk (500 ml) ", "Oat milk", Quantity(amount: 500, unit: .ml)),
      ("eggs x12", "eggs", Quantity(amount: 12, unit: .units)),
      ("Tea (Earl Grey)", "Tea (Earl Grey)", nil),
      ("(2 L)", "(2 L)", nil),
    ] as [(String, String, Quantity?)])
  func readsWhatAClientTypedAsTheAddBarWould(summary: String, name: String, quantity: Quantity?) {
    let read = TaskSummary.read(summary)
    #expect(read.name == name)
    #expect(read.quantity == quantity)
  }
}

@Suite struct CalDAVBookTests {
  let clock = TestClock()
  let store = InMemoryStore()
  let basket: Basket
  let book: CalDAVBook

  init() {
    basket = Fixtures.basket(clock: clock, store: store)
    book = CalDAVBook(store: store, basket: basket)
  }

  private func task(_ uid: String, _ summary: String, completed: Date? = nil, kept: String = "")
    -> ReminderTask
  {
    ReminderTask(uid: uid, summary: summary, completed: completed, kept: kept)
  }

  @Test func servesEveryItemOnTheListUnderItsIdWithGotItCompleted() throws {
    let milk = try basket.add(text: "2 l milk").item.id
    let eggs = try basket.add(text: "eggs").item.id
    clock.advance(by: 60)
    _ = try basket.check(eggs)
    let entries = try book.entries()
    #expect(Set(entries.map(\.name)) == ["\(milk.uuidString).ics", "\(eggs.uuidString).ics"])
    let byItem = Dictionary(uniqueKeysWithValues: entries.map { ($0.item, $0) })
    #expect(byItem[milk]?.task.summary == "milk (2 L)")
    #expect(byItem[milk]?.task.completed == nil)
    #expect(byItem[milk]?.task.uid == milk.uuidString)
    #expect(byItem[eggs]?.task.completed == clock.now)
    #expect(try book.entry(named: "\(milk.uuidString).ics") == byItem[milk])
    #expect(try book.entry(named: "nothing.ics") == nil)
  }

  @Test func aClientsNewTaskIsAddedAndKeepsItsNameUIDAndProperties() throws {
    let kept = "PRIORITY:1\r\nDESCRIPTION:the blue one\r\n"
    var sent = task("abc@tasks.org", "Oat milk (500 ml)", kept: kept)
    sent.created = clock.now
    sent.lastModified = clock.now
    let written = try book.put(sent, named: "x.ics", ifMatch: nil, ifNoneMatch: true)
    let entry = try #require(try book.entry(named: "x.ics"))
    #expect(written == .created(etag: entry.etag))
    #expect(entry.task.uid == "abc@tasks.org")
    #expect(entry.task.kept == kept)
    #expect(try basket.sections().toGet.map(\.name) == ["Oat milk"])
    #expect(try basket.sections().toGet.first?.quantity == Quantity(amount: 500, unit: .ml))
  }

  @Test func aSummaryBasketTidiesComesBackWithoutAnETag() throws {
    let written = try book.put(
      task("t1", "2 l milk"), named: "x.ics", ifMatch: nil, ifNoneMatch: true)
    #expect(written == .created(etag: nil))
    #expect(try book.entry(named: "x.ics")?.task.summary == "milk (2 L)")
  }

  @Test func aUUIDAsUIDBecomesTheItemsId() throws {
    let uid = "5A0C9E3B-3F7E-4F55-9B43-1D2B7C1E0A11"
    _ = try book.put(task(uid, "Bread"), named: "bread.ics", ifMatch: nil, ifNoneMatch: true)
    #expect(try basket.sections().toGet.map(\.id) == [UUID(uuidString: uid)!])
  }

  @Test func aTaskForWhatIsAlreadyOnTheListJoinsItAndItsNameReadsAsRemoved() throws {
    let milk = try basket.add(text: "Milk").item.id
    let token = try book.token()
    let written = try book.put(
      task("phone-1", "milk"), named: "phone.ics", ifMatch: nil, ifNoneMatch: true)
    #expect(written == .created(etag: nil))
    #expect(try basket.sections().toGet.map(\.id) == [milk])
    #expect(try book.entries().map(\.name) == ["\(milk.uuidString).ics"])
    #expect(try book.entry(named: "phone.ics") == nil)
    let changes = try #require(try book.changes(since: token))
    #expect(changes.removed == ["phone.ics"])
    // A later write to the absorbed name still reaches the item.
    _ = try book.put(
      task("phone-1", "milk", completed: clock.now), named: "phone.ics",
      ifMatch: nil, ifNoneMatch: false)
    #expect(try basket.sections().gotIt.map(\.id) == [milk])
  }

  @Test func completingAndReopeningChecksAndUnchecks() throws {
    let id = try basket.add(text: "Bread").item.id
    let name = "\(id.uuidString).ics"
    var entry = try #require(try book.entry(named: name))
    var task = entry.task
    task.completed = clock.now
    let written = try book.put(task, named: name, ifMatch: entry.etag, ifNoneMatch: false)
    entry = try #require(try book.entry(named: name))
    #expect(try basket.sections().gotIt.map(\.id) == [id])
    #expect(written == .updated(etag: nil) || written == .updated(etag: entry.etag))
    task = entry.task
    task.completed = nil
    _ = try book.put(task, named: name, ifMatch: entry.etag, ifNoneMatch: false)
    #expect(try basket.sections().toGet.map(\.id) == [id])
  }

  @Test func aNewSummaryRenamesOrSetsTheQuantity() throws {
    let id = try basket.add(text: "Milk").item.id
    let name = "\(id.uuidString).ics"
    var task = try #require(try book.entry(named: name)).task
    task.summary = "Milk (2 L)"
    _ = try book.put(task, named: name, ifMatch: nil, ifNoneMatch: false)
    #expect(try basket.sections().toGet.first?.quantity == Quantity(amount: 2, unit: .liters))
    task.summary = "Oat milk"
    _ = try book.put(task, named: name, ifMatch: nil, ifNoneMatch: false)
    #expect(try basket.sections().toGet.map(\.name) == ["Oat milk"])
    #expect(try basket.sections().toGet.first?.quantity == nil)
  }

  @Test func staleETagsAndCreatingWhatExistsAreRefusedWithNothingChanged() throws {
    let id = try basket.add(text: "Milk").item.id
    let name = "\(id.uuidString).ics"
    let entry = try #require(try book.entry(named: name))
    var task = entry.task
    task.summary = "Cream"
    #expect(throws: CalDAVError.self) {
      try book.put(task, named: name, ifMatch: "\"0000000000000000\"", ifNoneMatch: false)
    }
    #expect(throws: CalDAVError.self) {
      try book.put(task, named: name, ifMatch: nil, ifNoneMatch: true)
    }
    #expect(throws: CalDAVError.self) {
      try book.put(task, named: "new.ics", ifMatch: "*", ifNoneMatch: false)
    }
    #expect(throws: CalDAVError.self) {
      try book.delete(named: name, ifMatch: "\"0000000000000000\"")
    }
    #expect(try basket.sections().toGet.map(\.name) == ["Milk"])
    #expect(try book.entry(named: name) == entry)
  }

  @Test func aRefusedTaskIsAClearErrorAndAddsNothing() throws {
    #expect(throws: CalDAVError.self) {
      try book.put(task("t", "   "), named: "x.ics", ifMatch: nil, ifNoneMatch: true)
    }
    #expect(throws: CalDAVError.self) {
      try book.put(
        task("t", "rice (999999999999 kg)"), named: "y.ics", ifMatch: nil,
        ifNoneMatch: true)
    }
    #expect(try basket.sections().toGet.isEmpty)
    #expect(try store.resource(named: "x.ics") == nil)
  }

  @Test func deletingRemovesTheItemForGood() throws {
    let id = try basket.add(text: "Milk").item.id
    let name = "\(id.uuidString).ics"
    let token = try book.token()
    try book.delete(named: name, ifMatch: try book.entry(named: name)?.etag)
    #expect(try basket.sections().toGet.isEmpty)
    #expect(try book.changes(since: token)?.removed == [name])
    #expect(throws: CalDAVError.notFound("\(name) is not on the list")) {
      try book.delete(named: name, ifMatch: nil)
    }
  }

  @Test func changesHoldOnlyWhatChangedAfterTheToken() throws {
    let milk = try basket.add(text: "Milk").item.id
    _ = try basket.add(text: "Eggs")
    let token = try book.token()
    #expect(try book.changes(since: token)?.changed == [])
    clock.advance(by: 5)
    _ = try basket.check(milk)
    let changes = try #require(try book.changes(since: token))
    #expect(changes.changed.map(\.item) == [milk])
    #expect(changes.removed.isEmpty)
    #expect(changes.token > token)
    #expect(try book.changes(since: changes.token)?.changed == [])
  }

  @Test func changingOnlyKeptPropertiesChangesTheETagAndShowsInChanges() throws {
    let id = try basket.add(text: "Milk").item.id
    let name = "\(id.uuidString).ics"
    let before = try #require(try book.entry(named: name))
    let token = try book.token()
    var task = before.task
    task.kept = "PRIORITY:5\r\n"
    let written = try book.put(task, named: name, ifMatch: before.etag, ifNoneMatch: false)
    let after = try #require(try book.entry(named: name))
    #expect(after.etag != before.etag)
    #expect(written == .updated(etag: after.etag))
    #expect(after.task.kept == "PRIORITY:5\r\n")
    #expect(try book.changes(since: token)?.changed.map(\.name) == [name])
  }

  // MARK: - ETags on create (RFC 4791 §5.3.4)

  @Test func aCreatedTaskGetsAnETagOnlyWhenWhatIsStoredIsWhatWasSent() throws {
    let now = clock.now
    let asStored = ReminderTask(uid: "a", summary: "Bread", created: now, lastModified: now)
    #expect(
      try book.put(asStored, named: "a.ics", ifMatch: nil, ifNoneMatch: true)
        == .created(etag: try book.entry(named: "a.ics")?.etag))
    // Without CREATED, the stored task gains the server's: it differs, so no ETag.
    #expect(
      try book.put(task("b", "Eggs"), named: "b.ics", ifMatch: nil, ifNoneMatch: true)
        == .created(etag: nil))
    // COMPLETED before the item was added is stored as now: no ETag.
    var completed = ReminderTask(
      uid: "c", summary: "Jam", completed: now.addingTimeInterval(-600), created: now,
      lastModified: now)
    #expect(
      try book.put(completed, named: "c.ics", ifMatch: nil, ifNoneMatch: true)
        == .created(etag: nil))
    #expect(try book.entry(named: "c.ics")?.task.completed == now)
    completed = ReminderTask(
      uid: "d", summary: "Tea", completed: now, created: now, lastModified: now)
    #expect(
      try book.put(completed, named: "d.ics", ifMatch: nil, ifNoneMatch: true)
        == .created(etag: try book.entry(named: "d.ics")?.etag))
  }

  // MARK: - COMPLETED times

  @Test(
    arguments: [
      (-30.0, -600.0, 0.0, -30.0),  // sane: taken
      (0.0, 0.0, 0.0, 0.0),
      (120.0, 0.0, 0.0, 0.0),  // a little ahead (a fast phone clock): now
      (CalDAVBook.completionSkew + 1, 0.0, 0.0, 0.0),  // far in the future: now
      (-3600.0, -600.0, 0.0, 0.0),  // before the item was added: now
      (-1_783_332_000, -600.0, 0.0, 0.0),  // STATUS:COMPLETED without a time (the epoch): now
    ])
  func aClientsCompletedTimeIsTakenOnlyWhenSane(
    sent: TimeInterval, added: TimeInterval, now: TimeInterval, taken: TimeInterval
  ) {
    let base = Fixtures.monday
    #expect(
      CalDAVBook.completionTime(
        sent: base.addingTimeInterval(sent), added: base.addingTimeInterval(added),
        now: base.addingTimeInterval(now)) == base.addingTimeInterval(taken))
  }

  @Test func aTaskCompletedOfflineIsCheckedAtTheTimeItSays() throws {
    let added = clock.now
    let id = try basket.add(text: "Bread").item.id
    let name = "\(id.uuidString).ics"
    clock.advance(by: 50 * 60)
    var sent = try #require(try book.entry(named: name)).task
    sent.completed = added.addingTimeInterval(20 * 60)
    let written = try book.put(sent, named: name, ifMatch: nil, ifNoneMatch: false)
    let entry = try #require(try book.entry(named: name))
    #expect(entry.task.completed == added.addingTimeInterval(20 * 60))
    #expect(try basket.sections().gotIt.first?.checkedAt == added.addingTimeInterval(20 * 60))
    #expect(written == .updated(etag: nil))  // LAST-MODIFIED moved on: read it back
    // Its Got it hour runs from then: 10 minutes on, it is gone.
    clock.advance(by: 31 * 60)
    #expect(try basket.sections().gotIt.isEmpty)
  }

  @Test(arguments: [3600.0, -3600.0, -1_783_332_000])
  func anInsaneCompletedTimeIsReplacedByNow(offset: TimeInterval) throws {
    let id = try basket.add(text: "Bread").item.id
    let name = "\(id.uuidString).ics"
    clock.advance(by: 60)
    var sent = try #require(try book.entry(named: name)).task
    sent.completed = clock.now.addingTimeInterval(offset)
    let written = try book.put(sent, named: name, ifMatch: nil, ifNoneMatch: false)
    #expect(try book.entry(named: name)?.task.completed == clock.now)
    #expect(written == .updated(etag: nil))
  }

  // MARK: - Merged tasks

  @Test func aMergedTasksNotesAndPriorityAreGivenBackOnTheItemsTask() throws {
    let milk = try basket.add(text: "Milk").item.id
    let kept = "PRIORITY:1\r\nDESCRIPTION:the blue one\r\n"
    let token = try book.token()
    _ = try book.put(
      task("siri-1", "milk", kept: kept), named: "siri.ics", ifMatch: nil, ifNoneMatch: true)
    let entry = try #require(try book.entry(named: "\(milk.uuidString).ics"))
    #expect(entry.task.kept == kept)
    #expect(entry.task.uid == milk.uuidString)
    let changes = try #require(try book.changes(since: token))
    #expect(changes.changed.map(\.name) == [entry.name])
    #expect(changes.removed == ["siri.ics"])
  }

  @Test func aMergedTaskJoinsWhatTheItemKeepsThroughTheMergeRule() throws {
    let joined = Mutex<[String]>([])
    let merging = CalDAVBook(
      store: store, basket: basket,
      mergeKept: { kept, joining in
        joined.withLock { $0.append(kept + "|" + joining) }
        return kept + joining
      })
    _ = try merging.put(
      task("a", "Milk", kept: "PRIORITY:5\r\n"), named: "a.ics", ifMatch: nil,
      ifNoneMatch: true)
    _ = try merging.put(
      task("b", "milk", kept: "DESCRIPTION:x\r\n"), named: "b.ics", ifMatch: nil,
      ifNoneMatch: true)
    #expect(joined.withLock { $0 } == ["PRIORITY:5\r\n|DESCRIPTION:x\r\n"])
    #expect(try merging.entry(named: "a.ics")?.task.kept == "PRIORITY:5\r\nDESCRIPTION:x\r\n")
  }

  // MARK: - The collection tag

  @Test func theCollectionTagChangesExactlyWhenATaskDoes() throws {
    var tags = [try book.collectionTag()]
    func changed() throws -> Bool {
      let tag = try book.collectionTag()
      defer { tags.append(tag) }
      return tag != tags.last
    }
    let milk = try basket.add(text: "Milk").item.id
    #expect(try changed())  // add
    _ = try basket.setQuantity(milk, Quantity(amount: 2, unit: .liters))
    #expect(try changed())  // edit
    #expect(try !changed())  // nothing
    clock.advance(by: 60)
    _ = try basket.check(milk)
    #expect(try changed())  // check
    try basket.tidy()
    #expect(try !changed())  // a tidy with nothing due
    try basket.clearGotIt()
    #expect(try changed())  // Clear all
    try basket.undoClear()
    #expect(try changed())
    #expect(tags.last == tags[tags.count - 3])  // back as it was, so the tag is too
    clock.advance(by: ListTiming.gotItTTL)
    #expect(try changed())  // the Got it hour, before anyone tidies
    try basket.tidy()
    #expect(try !changed())
  }

  // MARK: - Clear all and undo

  @Test func clearAllReadsAsRemovalsAndUndoBringsTheTasksBackWithTheirData() throws {
    let kept = "PRIORITY:1\r\nDESCRIPTION:the blue one\r\n"
    _ = try book.put(
      task("jam@phone", "Jam", kept: kept), named: "jam.ics", ifMatch: nil, ifNoneMatch: true)
    let bread = try basket.add(text: "Bread").item.id
    clock.advance(by: 60)
    let jamItem = try #require(try book.entry(named: "jam.ics"))
    var done = jamItem.task
    done.completed = clock.now
    _ = try book.put(done, named: "jam.ics", ifMatch: jamItem.etag, ifNoneMatch: false)
    _ = try basket.check(bread)
    let before = try book.entries()
    let token = try book.token()

    try basket.clearGotIt()
    let cleared = try #require(try book.changes(since: token))
    #expect(cleared.changed.isEmpty)
    #expect(cleared.removed == ["\(bread.uuidString).ics", "jam.ics"].sorted())
    #expect(try book.entries().isEmpty)

    clock.advance(by: ListTiming.undoWindow / 2)
    try basket.undoClear()
    let back = try #require(try book.changes(since: cleared.token))
    #expect(back.removed.isEmpty)
    let byName: (CalDAVBook.Entry, CalDAVBook.Entry) -> Bool = { $0.name < $1.name }
    #expect(back.changed.sorted(by: byName) == before.sorted(by: byName))
    #expect(back.changed.first { $0.name == "jam.ics" }?.task.kept == kept)
    #expect(try book.entries().sorted(by: byName) == before.sorted(by: byName))
  }

  @Test func aGotItItemThatExpiresReadsAsRemoved() throws {
    let id = try basket.add(text: "Milk").item.id
    _ = try basket.check(id)
    let token = try book.token()
    clock.advance(by: ListTiming.gotItTTL + 60)
    _ = try basket.add(text: "Eggs")  // any write settles what time has expired
    let changes = try #require(try book.changes(since: token))
    #expect(changes.removed == ["\(id.uuidString).ics"])
    #expect(try book.entry(named: "\(id.uuidString).ics") == nil)
  }
}
