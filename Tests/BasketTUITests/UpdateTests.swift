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
  private let start = AppState.mondayMorning

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
    #expect(effects == [.change(.check(Fixtures.id(1)))])
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

  /// Items 1…count, the last one newest (so on top).
  private func listed(_ count: Int) -> AppState {
    let items = (1...count).map { item($0, "Item \($0)") }
    return update(start, .storeChanged(items: items, undoDeadline: nil)).0
  }

  @Test func upFromTheAddBarSelectsTheItemNearestIt() {
    let state = listed(3)
    #expect(Layout(state.size).addBarRow > Layout(state.size).listTop)
    #expect(update(state, .key(.up)).0.selection == .item(Fixtures.id(1)))
  }

  @Test func upFromTheAddBarSelectsTheBottomMostVisibleItemOfALongList() {
    let state = listed(40)
    let height = Layout(state.size).listHeight
    // The header, then items 40, 39, …: the last row shows item 40 − (height − 2).
    let next = update(state, .key(.up)).0
    #expect(next.selection == .item(Fixtures.id(40 - (height - 2))))
    #expect(next.scroll == 0)
  }

  @Test func upFromTheAddBarSelectsAGotItItemWhenThatIsLowest() {
    var items = (1...3).map { item($0, "Item \($0)") }
    items[0].checkedAt = Fixtures.monday.addingTimeInterval(10)
    let state = update(start, .storeChanged(items: items, undoDeadline: nil)).0
    #expect(update(state, .key(.up)).0.selection == .item(Fixtures.id(1)))
  }

  @Test func downFromTheAddBarStillSelectsTheTopItemAndEndTheLast() {
    let state = listed(3)
    #expect(update(state, .key(.down)).0.selection == .item(Fixtures.id(3)))
    #expect(update(state, .key(.end)).0.selection == .item(Fixtures.id(1)))
    #expect(update(state, .key(.home)).0.selection == .item(Fixtures.id(3)))
  }

  @Test func theWalkingOrderReordersToGetAndAnAltMoveTeachesTheNewOrder() {
    let items = [item(1, "Milk"), item(2, "Bread"), item(3, "Apples")]
    var state = update(start, .storeChanged(items: items, undoDeadline: nil)).0
    let (asked, effects) = update(state, .key(.control("g")))
    #expect(effects == [.showWalkingOrder(true)])
    let walk = WalkingView(shop: "Lidl", order: [Fixtures.id(2), Fixtures.id(1)])
    state = update(asked, .walkingOrder(walk, reason: nil)).0
    // Apples was never placed: it goes last.
    #expect(state.sections.toGet.map(\.name) == ["Bread", "Milk", "Apples"])
    state.selection = .item(Fixtures.id(3))
    let (moved, taught) = update(state, .key(.moveUp))
    #expect(moved.sections.toGet.map(\.name) == ["Bread", "Apples", "Milk"])
    #expect(taught == [.correctWalkingOrder([Fixtures.id(2), Fixtures.id(3), Fixtures.id(1)])])
    #expect(update(moved, .key(.moveUp)).0.sections.toGet.first?.name == "Apples")
    // At the top nothing moves and nothing is taught.
    var top = moved
    top.selection = .item(Fixtures.id(2))
    #expect(update(top, .key(.moveUp)).1.isEmpty)

    let (off, stop) = update(moved, .key(.control("g")))
    #expect(stop == [.showWalkingOrder(false)])
    #expect(off.sections.toGet.map(\.name) == ["Apples", "Bread", "Milk"])
  }

  @Test func aShiftAltMoveMovesTheWholeCategoryAndTeachesTheNewOrder() {
    let items = [item(1, "Milk"), item(2, "Cheese"), item(3, "Apples"), item(4, "Pears")]
    var state = update(start, .storeChanged(items: items, undoDeadline: nil)).0
    let ids = (1...4).map(Fixtures.id)
    let walk = WalkingView(
      shop: "Lidl", order: ids,
      category: [ids[0]: "dairy", ids[1]: "dairy", ids[2]: "produce", ids[3]: "produce"])
    state = update(state, .walkingOrder(walk, reason: nil)).0
    state.selection = .item(ids[3])
    let (moved, taught) = update(state, .key(.moveGroupUp))
    #expect(moved.sections.toGet.map(\.name) == ["Apples", "Pears", "Milk", "Cheese"])
    #expect(taught == [.correctWalkingOrder([ids[2], ids[3], ids[0], ids[1]])])
    // The first stretch can't go further up; the last one can't go further down.
    #expect(update(moved, .key(.moveGroupUp)).1.isEmpty)
    var last = moved
    last.selection = .item(ids[0])
    #expect(update(last, .key(.moveGroupDown)).1.isEmpty)
    // An item whose category is unknown says so and stays.
    let unknown = update(state, .walkingOrder(WalkingView(shop: "Lidl", order: ids), reason: nil)).0
    let (stayed, nothing) = update(unknown, .key(.moveGroupUp))
    #expect(nothing.isEmpty)
    #expect(stayed.toast?.text.contains("aisle") == true)
  }

  @Test func withoutAShopTheWalkingOrderSaysWhyAndAltMovesSelect() {
    let items = [item(1, "Milk"), item(2, "Bread")]
    var state = update(start, .storeChanged(items: items, undoDeadline: nil)).0
    state = update(state, .walkingOrder(nil, reason: "No shop chosen: basket shop add NAME")).0
    #expect(state.walking == nil)
    #expect(state.toast?.text == "No shop chosen: basket shop add NAME")
    state.selection = .item(Fixtures.id(2))
    let (next, effects) = update(state, .key(.moveDown))
    #expect(effects.isEmpty)
    #expect(next.selection == .item(Fixtures.id(1)))
  }
}

/// Several lists in the terminal app: ^T (or F9) asks for the next list, and the list on show
/// is named in the header once the household has more than one.
@Suite struct ListSwitchTests {
  @Test func controlTAndF9AskForTheNextList() {
    let state = AppState.mondayMorning
    #expect(update(state, .key(.control("t"))).1 == [.nextList])
    #expect(update(state, .key(.function(9))).1 == [.nextList])
  }

  @Test func movingToAnotherListSaysSoAndForgetsTheSelection() {
    var state = AppState.mondayMorning
    state = update(state, .listShown(name: "Groceries", lists: 2)).0
    #expect(state.toast == nil)
    state.scroll = 3
    state = update(state, .listShown(name: "Hardware", lists: 2)).0
    #expect(state.listName == "Hardware")
    #expect(state.scroll == 0)
    #expect(state.toast?.text.contains("Now on Hardware") == true)
  }
}
