#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The check-off choreography: a checked item holds its place (struck through) for a short
/// delay before it moves to Got it. Checking more items off while others wait pushes the
/// deadline back, so they all hold, then move together when the last one's delay ends.
///
/// The check itself is saved at once; this only decides where the faces draw the item.
public struct CheckOffChoreography: Equatable, Sendable {
  /// Items checked off but still drawn in To get, in the order they were checked.
  public private(set) var pending: [UUID] = []
  /// When the pending items move together; nil when nothing is pending.
  public private(set) var deadline: Date?
  public let delay: TimeInterval

  public init(delay: TimeInterval = ListTiming.checkOffDelay) {
    self.delay = delay
  }

  /// Records a check-off at `now`; the deadline becomes `now + delay`.
  public mutating func checkOff(_ id: UUID, now: Date) {
    if !pending.contains(id) { pending.append(id) }
    deadline = now.addingTimeInterval(delay)
  }

  /// Forgets a pending item (it was unchecked or removed before it moved).
  public mutating func cancel(_ id: UUID) {
    pending.removeAll { $0 == id }
    if pending.isEmpty { deadline = nil }
  }

  public func isPending(_ id: UUID) -> Bool { pending.contains(id) }

  /// Moves time on. When the deadline has passed, returns every pending item (they move
  /// together now) and empties the set; otherwise returns nothing.
  public mutating func advance(to now: Date) -> [UUID] {
    guard let deadline, now >= deadline else { return [] }
    defer {
      pending = []
      self.deadline = nil
    }
    return pending
  }

  /// The sections to draw: pending items stay in To get, in their place, until they move.
  public func arrange(_ items: [Item], now: Date) -> ListSections {
    guard !pending.isEmpty else { return ListSections(items: items, now: now) }
    let held = Set(pending)
    let shown = items.map { item -> Item in
      guard held.contains(item.id) else { return item }
      var copy = item
      copy.checkedAt = nil
      return copy
    }
    let sections = ListSections(items: shown, now: now)
    let original = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    return ListSections(
      toGet: sections.toGet.map { held.contains($0.id) ? original[$0.id]! : $0 },
      gotIt: sections.gotIt)
  }
}
