import BasketKit
import BasketTestSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A phone for the offline tests: it makes operations with its own op ids, stamped by its own
/// clock, and keeps them in a queue until it sends them.
struct Phone {
  /// Distinguishes this phone's op ids from another's.
  let number: Int
  private(set) var queue: [ListOperation] = []
  private var made = 0

  init(_ number: Int) {
    self.number = number
  }

  /// The op id this phone gives its `n`th change.
  func opID(_ n: Int) -> UUID {
    UUID(uuidString: String(format: "%08x-0000-4000-8000-%012x", number, n))!
  }

  /// Makes a change at `at` and queues it; returns the operation.
  @discardableResult
  mutating func make(_ change: ListOperation.Change, at: Date) -> ListOperation {
    made += 1
    let operation = ListOperation(id: opID(made), at: at, change: change)
    queue.append(operation)
    return operation
  }

  /// Sends the queue to `basket` as one batch and empties it.
  mutating func send(to basket: Basket) throws -> [OperationResult] {
    defer { queue = [] }
    return try basket.apply(queue)
  }
}

/// Times on the test morning: `minutes` after Monday 10:00 (Fixtures.monday).
func at(_ minutes: Double) -> Date {
  Fixtures.monday.addingTimeInterval(minutes * 60)
}

/// Item ids the tests give new items.
let milkID = Fixtures.id(101)
let eggsID = Fixtures.id(102)
let breadID = Fixtures.id(103)
let teaID = Fixtures.id(104)

extension Basket {
  /// Every stored item by name (hidden ones included).
  func itemsByName() throws -> [String: Item] {
    Dictionary(try store.items().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Names in To get and Got it, as shown now.
  func shown() throws -> (toGet: [String], gotIt: [String]) {
    let sections = try sections()
    return (sections.toGet.map(\.name), sections.gotIt.map(\.name))
  }
}
