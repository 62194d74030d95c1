import BasketKit
import BasketTestSupport
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
    let written = try book.put(
      task("abc@tasks.org", "Oat milk (500 ml)", kept: kept), named: "x.ics", ifMatch: nil,
      ifNoneMatch: true)
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
