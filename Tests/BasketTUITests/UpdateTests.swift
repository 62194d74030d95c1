import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `update` on its own: effects out, no store.
@Suite struct UpdateTests {
  private let start = AppState(
    settings: Settings(colorMode: .monochrome, timeZone: .gmt), now: Fixtures.monday,
    size: Size(width: 60, height: 20), flourish: false)

  private func item(_ n: Int, _ name: String) -> Item {
    Item(
      id: Fixtures.id(n), name: name, emoji: "🧺",
      addedAt: Fixtures.monday.addingTimeInterval(Double(n)))
  }

  @Test func enterAsksToAddWhatWasTyped() {
    var state = start
    for character in "2 l milk" { state = update(state, .key(.character(character))).0 }
    let (next, effects) = update(state, .key(.enter))
    #expect(effects == [.add("2 l milk"), .suggest("")])
    #expect(next.text.isEmpty)
  }

  @Test func aCheckOffAsksTheStoreAtOnceAndHoldsTheItem() {
    var state = update(start, .storeChanged(items: [item(1, "Milk")], undoDeadline: nil)).0
    state = update(state, .key(.down)).0
    let (next, effects) = update(state, .key(.character(" ")))
    #expect(effects == [.check(Fixtures.id(1))])
    #expect(next.choreography.isPending(Fixtures.id(1)))
    #expect(next.nextWake() == Fixtures.monday.addingTimeInterval(TUITiming.frame))
  }

  @Test func theSameStateAndEventAlwaysGiveTheSameResult() {
    let state = update(start, .storeChanged(items: [item(1, "Milk")], undoDeadline: nil)).0
    let first = update(state, .key(.down))
    let second = update(state, .key(.down))
    #expect(first.0 == second.0)
    #expect(first.1 == second.1)
  }

  @Test func controlCAndControlDOnAnEmptyBarQuit() {
    #expect(update(start, .key(.control("c"))).1 == [.quit])
    #expect(update(start, .key(.control("d"))).1 == [.quit])
    let typed = update(start, .key(.character("a"))).0
    #expect(update(typed, .key(.control("d"))).1.isEmpty)
  }

  @Test func staleSuggestionsAreIgnored() {
    let typed = update(start, .key(.character("m"))).0
    let next = update(typed, .suggestions(query: "", [Suggestion(name: "Tea", source: .history)]))
    #expect(next.0.chips.isEmpty)
  }

  @Test func controlLAsksForAFullRedraw() {
    #expect(update(start, .key(.control("l"))).1 == [.redraw])
  }
}
