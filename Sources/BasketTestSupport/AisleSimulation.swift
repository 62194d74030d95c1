import BasketKit

/// Simulated trips through a shop whose layout is known, to measure how fast a walking-order
/// method learns it (the aisle test and `BasketBench aisles`).
///
/// The shop has `aisles` aisles of `perAisle` products; the household buys from them all. A
/// trip buys a random `listSize` of them, walking the aisles in order, but the shopper is
/// noisy: each item is swapped with the next one with probability `swaps`, and with
/// probability `doublingBack` an item is forgotten and fetched at the end of the trip.
public struct AisleSimulation: Sendable {
  public var aisles = 10
  public var perAisle = 10
  public var listSize = 15
  public var swaps = 0.10
  public var doublingBack = 0.05

  public init() {}

  /// A way of predicting the order: learn a trip, then sort a list.
  public protocol Method {
    mutating func learn(_ trip: [String])
    func sorted(_ list: [String]) -> [String]
  }

  /// Basket's method: pairwise votes with decay (`AisleOrder`).
  public struct Pairwise: Method {
    var order: AisleOrder
    public init(decay: Double) { order = AisleOrder(decay: decay) }
    public mutating func learn(_ trip: [String]) { order.learn(trip: trip) }
    public func sorted(_ list: [String]) -> [String] {
      WalkingOrder(items: order, categories: AisleOrder()).sorted(
        list, key: { $0 }, category: { _ in nil })
    }
  }

  /// The baseline: each item where it was on the last trip that had it (its index there,
  /// as a share of the trip); items never seen go last.
  public struct LastTrip: Method {
    var places: [String: Double] = [:]
    public init() {}
    public mutating func learn(_ trip: [String]) {
      for (index, key) in trip.enumerated() {
        places[key] = Double(index) / Double(max(1, trip.count - 1))
      }
    }
    public func sorted(_ list: [String]) -> [String] {
      list.indices.sorted {
        let (a, b) = (places[list[$0]] ?? 2, places[list[$1]] ?? 2)
        return a != b ? a < b : $0 < $1
      }.map { list[$0] }
    }
  }

  /// Each product's true place: its aisle (in the walking order `aisleOrder`), then its shelf.
  public func layout(aisleOrder: [Int]) -> [String: Int] {
    var place: [String: Int] = [:]
    for aisle in 0..<aisles {
      for shelf in 0..<perAisle {
        place["a\(aisle)p\(shelf)"] = aisleOrder[aisle] * perAisle + shelf
      }
    }
    return place
  }

  /// A random list from the shop's products.
  public func list(_ generator: inout SeededGenerator) -> [String] {
    Array(
      (0..<aisles).flatMap { aisle in (0..<perAisle).map { "a\(aisle)p\($0)" } }
        .shuffled(using: &generator).prefix(listSize))
  }

  /// The order a noisy shopper checks `list` off in a shop laid out as `place` says.
  public func trip(
    _ list: [String], place: [String: Int], _ generator: inout SeededGenerator
  ) -> [String] {
    var walked = list.sorted { place[$0]! < place[$1]! }
    var index = 0
    while index + 1 < walked.count {
      if Double.random(in: 0..<1, using: &generator) < swaps {
        walked.swapAt(index, index + 1)
        index += 1
      }
      index += 1
    }
    var forgotten: [String] = []
    walked.removeAll { item in
      let forget = Double.random(in: 0..<1, using: &generator) < doublingBack
      if forget { forgotten.append(item) }
      return forget
    }
    return walked + forgotten
  }

  /// How far `predicted` is from the true walking order: the share of pairs of items in
  /// different aisles that it puts the wrong way round (Kendall's tau distance; pairs in one
  /// aisle are skipped, since any order within an aisle is as good).
  public func distance(_ predicted: [String], place: [String: Int]) -> Double {
    var wrong = 0
    var pairs = 0
    for (index, first) in predicted.enumerated() {
      for second in predicted[(index + 1)...] {
        let (a, b) = (place[first]!, place[second]!)
        guard a / perAisle != b / perAisle else { continue }
        pairs += 1
        if a > b { wrong += 1 }
      }
    }
    return pairs == 0 ? 0 : Double(wrong) / Double(pairs)
  }

  /// The mean distance after each trip: `trips` trips, the shop rearranged (its aisles walked
  /// in another order) before trip `rearrangeAt` if given; each figure averages `probes`
  /// fresh lists that are not learnt.
  public func run<M: Method>(
    _ method: M, trips: Int, rearrangeAt: Int? = nil, probes: Int = 20, seed: UInt64
  ) -> [Double] {
    var method = method
    var generator = SeededGenerator(seed: seed)
    var place = layout(aisleOrder: Array(0..<aisles))
    var distances: [Double] = []
    for trip in 0..<trips {
      if trip == rearrangeAt {
        place = layout(aisleOrder: Array(0..<aisles).shuffled(using: &generator))
      }
      method.learn(self.trip(list(&generator), place: place, &generator))
      var total = 0.0
      for _ in 0..<probes {
        total += distance(method.sorted(list(&generator)), place: place)
      }
      distances.append(total / Double(probes))
    }
    return distances
  }

  /// The first trip (1-based, counted from `from`) after which every distance stays at or
  /// under `goal`; nil if it never does.
  public static func tripsUntil(_ goal: Double, in distances: [Double], from: Int = 0) -> Int? {
    let tail = distances[from...]
    guard let last = tail.lastIndex(where: { $0 > goal }) else { return 1 }
    return last + 1 < distances.count ? last + 2 - from : nil
  }
}
