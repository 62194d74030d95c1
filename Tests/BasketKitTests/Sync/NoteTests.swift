import BasketKit
import BasketTestSupport
import Testing

/// Notes on items ("the big tub"): set and cleared, cleaned as names are, bounded, and the
/// later edit winning when two phones change one offline.
@Suite struct NoteTests {
  let clock = TestClock(at(0))
  let store = InMemoryStore()
  var basket: Basket { Fixtures.basket(clock: clock, store: store) }

  @Test func aNoteIsSetShownWithTheItemAndClearedByNothingOrEmptyText() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    let set = try basket.setNote(milkID, "the big tub")
    #expect(set.note == "the big tub")
    #expect(try basket.sections().toGet.first?.note == "the big tub")
    #expect(set.name == "Yoghurt")
    for nothing in ["", "   ", "\u{7}\n", nil] as [String?] {
      try basket.setNote(milkID, "for Sam's lunch")
      #expect(try basket.setNote(milkID, nothing).note == nil, "\(String(describing: nothing))")
    }
  }

  @Test func aNoteIsCleanedAsANameIs() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    let item = try basket.setNote(milkID, "  the\u{1B}[31m big\t\ttub\u{2028}for\u{0} Sam  ")
    #expect(item.note == "the[31m big tub for Sam")
    #expect(try ItemNote.cleaned("👨‍👩‍👧 lunch") == "👨‍👩‍👧 lunch", "emoji keep their joiners")
  }

  @Test func aNoteTooLongIsRefusedWholeAndTheOneBeforeKept() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    try basket.setNote(milkID, "the big tub")
    let revision = try store.revision()
    let fits = String(repeating: "é", count: ItemNote.maxLength)
    #expect(try ItemNote.cleaned(fits) == fits)
    let megabyte = String(repeating: "a", count: 1 << 20)
    #expect(throws: NoteError.tooLong(1 << 20)) { try basket.setNote(milkID, megabyte) }
    #expect(throws: NoteError.tooLong(ItemNote.maxLength + 1)) {
      try basket.setNote(milkID, fits + "!")
    }
    #expect(try store.revision() == revision)
    #expect(try basket.sections().toGet.first?.note == "the big tub")
    #expect(
      NoteError.tooLong(501).description
        == "a note can be at most 500 characters (this one has 501)")
  }

  @Test func aNoteOutlivesARenameAndAQuantityAndARenameOutlivesANote() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    try basket.setNote(milkID, "the big tub")
    try basket.rename(milkID, to: "Greek yoghurt")
    try basket.setQuantity(milkID, Quantity(amount: 2, unit: .units))
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.note == "the big tub")
    #expect(item.name == "Greek yoghurt")
  }

  @Test func theLaterNoteWinsWhicheverArrivesFirst() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    clock.advance(by: 600)
    var early = Phone(1)
    var late = Phone(2)
    early.make(.note(milkID, "the small pot"), at: at(2))
    late.make(.note(milkID, "the big tub"), at: at(5))
    #expect(try late.send(to: basket).map(\.status) == [.applied])
    #expect(try early.send(to: basket).map(\.status) == [.applied])
    #expect(try basket.sections().toGet.first?.note == "the big tub")

    // A clear made later wins over a note made earlier, sent after it.
    var clearing = Phone(3)
    clearing.make(.note(milkID, nil), at: at(7))
    var stale = Phone(4)
    stale.make(.note(milkID, "for Sam's lunch"), at: at(6))
    _ = try clearing.send(to: basket)
    _ = try stale.send(to: basket)
    #expect(try basket.sections().toGet.first?.note == nil)
  }

  @Test func aNoteMadeOfflineOnARenamedItemKeepsBoth() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    clock.advance(by: 600)
    var phone = Phone(1)
    var other = Phone(2)
    phone.make(.note(milkID, "the big tub"), at: at(3))
    other.make(.rename(milkID, name: "Skyr"), at: at(4))
    _ = try other.send(to: basket)
    _ = try phone.send(to: basket)
    let item = try #require(try basket.sections().toGet.first)
    #expect(item.name == "Skyr")
    #expect(item.note == "the big tub")
  }

  @Test func aNoteTooLongFromAPhoneIsRefusedWithAReasonAndChangesNothing() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    try basket.setNote(milkID, "the big tub")
    var phone = Phone(1)
    phone.make(.note(milkID, String(repeating: "a", count: 1 << 20)), at: at(0))
    let result = try #require(try phone.send(to: basket).first)
    #expect(result.status == .refused)
    #expect(result.reason == "A note can be at most 500 characters (this one has 1048576)")
    #expect(try basket.sections().toGet.first?.note == "the big tub")
    #expect(try store.items().count == 1)
  }

  @Test func aNoteOnAnItemGoneIsRefused() throws {
    try basket.add(name: "Yoghurt", id: milkID)
    try basket.remove(milkID)
    var phone = Phone(1)
    phone.make(.note(milkID, "the big tub"), at: at(0))
    #expect(try phone.send(to: basket).first?.status == .refused)
    #expect(throws: ListError.self) { try basket.setNote(eggsID, "x") }
  }
}
