import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct CheckOffChoreographyTests {
  let start = Fixtures.monday

  @Test func aCheckedItemHoldsItsPlaceUntilTheDelayEnds() {
    var choreography = CheckOffChoreography()
    let milk = Fixtures.id(1)
    choreography.checkOff(milk, now: start)
    #expect(choreography.isPending(milk))
    #expect(choreography.advance(to: start.addingTimeInterval(0.54)).isEmpty)
    #expect(choreography.advance(to: start.addingTimeInterval(0.55)) == [milk])
    #expect(!choreography.isPending(milk))
    #expect(choreography.deadline == nil)
  }

  @Test func quickSuccessiveCheckOffsMoveTogetherAfterTheLastDelay() {
    var choreography = CheckOffChoreography()
    let (a, b, c) = (Fixtures.id(1), Fixtures.id(2), Fixtures.id(3))
    choreography.checkOff(a, now: start)
    choreography.checkOff(b, now: start.addingTimeInterval(0.3))
    #expect(choreography.advance(to: start.addingTimeInterval(0.6)).isEmpty)
    choreography.checkOff(c, now: start.addingTimeInterval(0.7))
    #expect(choreography.advance(to: start.addingTimeInterval(1.2)).isEmpty)
    #expect(choreography.advance(to: start.addingTimeInterval(1.25)) == [a, b, c])
  }

  @Test func cancellingThePendingItemsClearsTheDeadline() {
    var choreography = CheckOffChoreography()
    choreography.checkOff(Fixtures.id(1), now: start)
    choreography.cancel(Fixtures.id(1))
    #expect(choreography.deadline == nil)
    #expect(choreography.advance(to: start.addingTimeInterval(5)).isEmpty)
  }

  @Test func arrangeDrawsPendingItemsInTheirOldPlace() {
    let items = [
      Item(id: Fixtures.id(1), name: "Milk", emoji: "🥛", addedAt: start),
      Item(
        id: Fixtures.id(2), name: "Bread", emoji: "🍞", addedAt: start.addingTimeInterval(1),
        checkedAt: start.addingTimeInterval(5)),
      Item(id: Fixtures.id(3), name: "Eggs", emoji: "🥚", addedAt: start.addingTimeInterval(2)),
    ]
    var choreography = CheckOffChoreography()
    choreography.checkOff(Fixtures.id(2), now: start.addingTimeInterval(5))
    let held = choreography.arrange(items, now: start.addingTimeInterval(5.2))
    #expect(held.toGet.map(\.name) == ["Eggs", "Bread", "Milk"])
    #expect(held.toGet[1].checkedAt != nil)  // drawn struck through
    #expect(held.gotIt.isEmpty)
    _ = choreography.advance(to: start.addingTimeInterval(6))
    let moved = choreography.arrange(items, now: start.addingTimeInterval(6))
    #expect(moved.toGet.map(\.name) == ["Eggs", "Milk"])
    #expect(moved.gotIt.map(\.name) == ["Bread"])
  }
}
