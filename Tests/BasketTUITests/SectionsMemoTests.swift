import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sections a frame draws are kept between frames; they must still follow the items, the
/// walking order, pending check-offs and the hour Got it keeps an item.
@Suite struct SectionsMemoTests {
  private let start = AppState.mondayMorning

  private func item(_ n: Int, _ name: String, checkedAgo: TimeInterval? = nil) -> Item {
    var item = Item(
      id: Fixtures.id(n), name: name, emoji: "🧺",
      addedAt: Fixtures.monday.addingTimeInterval(Double(n) - 7_200))
    item.checkedAt = checkedAgo.map { Fixtures.monday.addingTimeInterval(-$0) }
    return item
  }

  @Test func anItemLeavesGotItWhenItsHourIsUpThoughNothingElseChanged() {
    var state = update(
      start,
      .storeChanged(
        items: [item(1, "Milk"), item(2, "Eggs", checkedAgo: ListTiming.gotItTTL - 5)],
        undoDeadline: nil)
    ).0
    #expect(state.sections.gotIt.map(\.name) == ["Eggs"])
    state = update(state, .tick(Fixtures.monday.addingTimeInterval(4))).0
    #expect(state.sections.gotIt.map(\.name) == ["Eggs"])
    state = update(state, .tick(Fixtures.monday.addingTimeInterval(6))).0
    #expect(state.sections.gotIt.isEmpty)
    #expect(state.sections.toGet.map(\.name) == ["Milk"])
  }

  @Test func aCopyWithOtherItemsArrangesItsOwn() {
    let first = update(start, .storeChanged(items: [item(1, "Milk")], undoDeadline: nil)).0
    #expect(first.sections.toGet.map(\.name) == ["Milk"])
    var second = first
    second.items = [item(1, "Milk"), item(2, "Bread")]
    var third = first
    third.items = [item(3, "Jam")]
    #expect(second.sections.toGet.map(\.name) == ["Bread", "Milk"])
    #expect(third.sections.toGet.map(\.name) == ["Jam"])
    #expect(first.sections.toGet.map(\.name) == ["Milk"])
    #expect(second.sections.toGet.map(\.name) == ["Bread", "Milk"])
  }

  @Test func aPendingCheckOffKeepsItsPlaceAndMovesWhenItIsDone() {
    var state = update(
      start, .storeChanged(items: [item(1, "Milk"), item(2, "Bread")], undoDeadline: nil)
    ).0
    state.choreography.checkOff(Fixtures.id(1), now: Fixtures.monday)
    var checked = state.items
    checked[0].checkedAt = Fixtures.monday
    state.items = checked
    #expect(state.sections.toGet.map(\.name) == ["Bread", "Milk"])
    state.choreography.cancel(Fixtures.id(1))
    #expect(state.sections.toGet.map(\.name) == ["Bread"])
    #expect(state.sections.gotIt.map(\.name) == ["Milk"])
  }
}
