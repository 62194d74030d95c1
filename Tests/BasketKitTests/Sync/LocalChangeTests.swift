import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A change made at this machine (the command line, the terminal app: `Basket.check`,
/// `setNote`, …) goes the one way every change goes (`Basket.change`, `SyncRules`), as a
/// phone's queue and the web's routes do.
@Suite struct LocalChangeTests {
  let clock = TestClock(Fixtures.monday)
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  @Test func anItemAPhoneKnowsByItsOwnIdIsChangedHereByThatIdToo() throws {
    let milk = try basket.add(name: "Milk").item.id
    let phoneID = Fixtures.id(77)
    // The phone added milk offline; the server merged it into the milk it had.
    let added = try basket.apply(.add(item: phoneID, .name("milk", nil)))
    #expect(added.item == milk)

    let outcome = try basket.check(phoneID)
    #expect(outcome.id == milk)
    #expect(outcome.allDone)
    let note = try basket.setNote(phoneID, "the big one")
    #expect(note.id == milk)
    #expect(note.note == "the big one")
  }

  @Test func aRefusalIsTheRulesOwnError() throws {
    let milk = try basket.add(name: "Milk").item.id
    #expect(throws: NoteError.tooLong(501)) {
      try basket.setNote(milk, String(repeating: "x", count: 501))
    }
    #expect(throws: ListError.emptyName) { try basket.rename(milk, to: "   ") }
    try basket.remove(milk)
    #expect(throws: ListError.unknownItem(milk.uuidString)) { try basket.check(milk) }
  }
}
