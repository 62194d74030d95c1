import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item's note as its task's DESCRIPTION, both ways: served with the task, and a client's
/// DESCRIPTION (set, changed, taken away) becomes the note, cleaned and bounded as on every face.
@Suite struct CalDAVNoteTests {
  let clock = TestClock()
  let store = InMemoryStore()
  let basket: Basket
  let book: CalDAVBook

  init() {
    basket = Fixtures.basket(clock: clock, store: store)
    book = CalDAVBook(store: store, basket: basket)
  }

  private func name(_ id: UUID) -> String { "\(id.uuidString).ics" }

  @Test func aNoteIsServedAsTheDescriptionAndChangesTheETag() throws {
    let yoghurt = try basket.add(text: "yoghurt").item.id
    let before = try #require(try book.entry(named: name(yoghurt)))
    #expect(before.task.note == nil)
    clock.advance(by: 5)
    try basket.setNote(yoghurt, "the big tub")
    let after = try #require(try book.entry(named: name(yoghurt)))
    #expect(after.task.note == "the big tub")
    #expect(after.etag != before.etag)
    #expect(after.task.lastModified == clock.now)
  }

  @Test func aClientsDescriptionSetsChangesAndClearsTheNote() throws {
    let yoghurt = try basket.add(text: "yoghurt").item.id
    var task = try #require(try book.entry(named: name(yoghurt))).task
    task.note = "for Sam's\nlunch\u{7}"
    clock.advance(by: 5)
    let written = try book.put(task, named: name(yoghurt), ifMatch: nil, ifNoneMatch: false)
    #expect(written == .updated(etag: nil), "the note was cleaned: the client reads it back")
    #expect(try basket.sections().toGet.first?.note == "for Sam's lunch")
    task.note = nil
    clock.advance(by: 5)
    _ = try book.put(task, named: name(yoghurt), ifMatch: nil, ifNoneMatch: false)
    #expect(try basket.sections().toGet.first?.note == nil)
  }

  @Test func aNewTaskBringsItsNoteAndAMergedOneKeepsTheItemsUnlessItBringsOne() throws {
    _ = try book.put(
      ReminderTask(uid: "a@phone", summary: "Jam", note: "the apricot one"), named: "a.ics",
      ifMatch: nil, ifNoneMatch: true)
    #expect(try basket.sections().toGet.first?.note == "the apricot one")
    _ = try book.put(
      ReminderTask(uid: "b@phone", summary: "jam"), named: "b.ics", ifMatch: nil,
      ifNoneMatch: true)
    #expect(try basket.sections().toGet.map(\.note) == ["the apricot one"])
    _ = try book.put(
      ReminderTask(uid: "c@phone", summary: "jam", note: "the cherry one"), named: "c.ics",
      ifMatch: nil, ifNoneMatch: true)
    #expect(try basket.sections().toGet.map(\.note) == ["the cherry one"])
  }

  @Test func aDescriptionTooLongRefusesTheWholeTaskAndChangesNothing() throws {
    let yoghurt = try basket.add(text: "yoghurt").item.id
    try basket.setNote(yoghurt, "the big tub")
    let revision = try store.revision()
    var task = try #require(try book.entry(named: name(yoghurt))).task
    task.summary = "Skyr"
    task.completed = clock.now
    task.note = String(repeating: "a", count: ItemNote.maxLength + 1)
    #expect(
      throws: CalDAVError.refused("a note can be at most 500 characters (this one has 501)")
    ) {
      try book.put(task, named: name(yoghurt), ifMatch: nil, ifNoneMatch: false)
    }
    #expect(throws: CalDAVError.self) {
      try book.put(
        ReminderTask(uid: "n@phone", summary: "Bread", note: task.note), named: "n.ics",
        ifMatch: nil, ifNoneMatch: true)
    }
    #expect(try store.revision() == revision)
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.name == "yoghurt" && item.note == "the big tub" && item.checkedAt == nil)
  }
}
