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

  @Test func anAddMadeHereIsTheListsAddChangeAndLeavesNoAlias() throws {
    // NB: one basket, so its ids go on from one add to the next.
    let basket = self.basket
    let bread = try basket.add(name: "Bread").item.id
    // Typed again here: merged into the bread listed, under an id nobody else knows.
    let again = try basket.add(text: "2 bread")
    #expect(again.outcome == .bumped(bread))
    #expect(again.item.id == bread)
    #expect(again.item.quantity == Quantity(amount: 2, unit: .units))
    #expect(store.sync.aliases.isEmpty)
    // A phone's add merged the same way keeps its id as an alias (it may name it later).
    _ = try basket.apply(.add(item: Fixtures.id(78), .name("bread", nil)))
    #expect(store.sync.aliases[Fixtures.id(78)]?.item == bread)
  }

  @Test func severalAddsMadeHereTakeTheirPlacesInOrderWithOneTimeEach() throws {
    let basket = self.basket
    let entries = try AddEntry.entries(typed: "bread, eggs", classifier: Fixtures.TinyClassifier())
    let added = try basket.add(entries)
    #expect(added.map(\.item.name) == ["bread", "eggs"])
    // One time each, the moment it took its place: a millisecond apart, none written twice.
    #expect(added.allSatisfy { $0.item.addedAt == $0.item.listedAt })
    #expect(added[1].item.listedAt > added[0].item.listedAt)
  }
}
