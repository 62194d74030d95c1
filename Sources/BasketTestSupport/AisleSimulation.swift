import BasketKit

/// Simulated trips through a shop whose layout is known, to measure how fast a walking-order
/// method learns it (the aisle test and `BasketBench aisles`).
///
/// The shop has `aisles` aisles of `perAisle` products; the household buys from them all. A
/// trip buys a random `listSize` of them, walking the aisles in order, but the shopper is
/// noisy: each item is swapped with the next one with probability `swaps`, and with
/// probability `doublingBack` an item is forgotten and fetched at the end of the trip.
///
/// Products are called "a3p7" (aisle 3, shelf 7). With `aisleCategories` each aisle holds one
/// category, so a method can learn categories as the app does and start a shop from the typical
/// supermarket walk (`SupermarketWalk`).
public struct AisleSimulation: Sendable {
  public var aisles = 10
  public var perAisle = 10
  public var listSize = 15
  public var swaps = 0.10
  public var doublingBack = 0.05
  /// Aisle i's category, or none when empty.
  public var aisleCategories: [String] = []

  public init() {}

  /// Ten aisles of categories in `SupermarketWalk`'s order: aisle i is the i-th stretch of a
  /// typical supermarket.
  public static let typicalAisles = SupermarketWalk.categories.filter {
    [
      "produce", "bakery", "proteins", "dairy", "grains", "pantry", "snacks", "drinks",
      "household", "frozen",
    ].contains($0)
  }

  /// The category of `product` ("a3p7": aisle 3's), nil without `aisleCategories`.
  public func category(of product: String) -> String? {
    guard let aisle = Int(product.dropFirst().prefix { $0 != "p" }),
      aisleCategories.indices.contains(aisle)
    else { return nil }
    return aisleCategories[aisle]
  }

  /// A shop laid out close to the typical walk, as `run`'s `aisleOrder`: real supermarkets
  /// mostly follow the pattern with local differences (the bakery before the produce, the
  /// counters or the drinks a little elsewhere), so three times an aisle is taken out and put
  /// back up to two places away. The assumption is ours, not measured in shops.
  public func nearlyTypicalLayout(_ generator: inout SeededGenerator) -> [Int] {
    var walk = Array(0..<aisles)
    for _ in 0..<3 {
      let from = Int.random(in: 0..<aisles, using: &generator)
      let to = min(aisles - 1, max(0, from + Int.random(in: -2...2, using: &generator)))
      walk.insert(walk.remove(at: from), at: to)
    }
    // walk[k] is the aisle walked k-th; `layout` wants each aisle's place in the walk.
    var order = Array(repeating: 0, count: aisles)
    for (place, aisle) in walk.enumerated() { order[aisle] = place }
    return order
  }

  /// A way of predicting the order: learn a trip, then sort a list.
  public protocol Method {
    mutating func learn(_ trip: [String])
    func sorted(_ list: [String]) -> [String]
  }

  /// Basket's method: pairwise votes with decay (`WalkingOrder`), over items and, given
  /// `category`, their categories as the app learns them. `supermarketStart` false hides the
  /// categories until the shop has learnt some, so a fresh shop starts in list order as it did
  /// before `SupermarketWalk`.
  public struct Pairwise: Method {
    var order: WalkingOrder
    let category: @Sendable (String) -> String?
    let supermarketStart: Bool

    public init(
      decay: Double, category: @escaping @Sendable (String) -> String? = { _ in nil },
      supermarketStart: Bool = true
    ) {
      order = WalkingOrder(items: AisleOrder(decay: decay), categories: AisleOrder(decay: decay))
      self.category = category
      self.supermarketStart = supermarketStart
    }

    public mutating func learn(_ trip: [String]) {
      order.learn(trip: trip.map { (key: $0, category: category($0)) })
    }

    public func sorted(_ list: [String]) -> [String] {
      let hidden = !supermarketStart && order.categories.isEmpty
      return order.sorted(list, key: { $0 }, category: { hidden ? nil : category($0) })
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

  /// The mean distance after each trip: `trips` trips through a shop whose aisles are walked
  /// as `aisleOrder` says (each aisle's place; nil: in aisle order), rearranged (its aisles
  /// walked in another order) before trip `rearrangeAt` if given; each figure averages
  /// `probes` fresh lists that are not learnt. `fromFresh` puts first a figure for the shop
  /// before any trip, so `distances[k]` is after k trips.
  public func run<M: Method>(
    _ method: M, trips: Int, aisleOrder: [Int]? = nil, rearrangeAt: Int? = nil,
    probes: Int = 20, fromFresh: Bool = false, seed: UInt64
  ) -> [Double] {
    var method = method
    var generator = SeededGenerator(seed: seed)
    var place = layout(aisleOrder: aisleOrder ?? Array(0..<aisles))
    var distances: [Double] = []
    func probe() {
      var total = 0.0
      for _ in 0..<probes {
        total += distance(method.sorted(list(&generator)), place: place)
      }
      distances.append(total / Double(probes))
    }
    if fromFresh { probe() }
    for trip in 0..<trips {
      if trip == rearrangeAt {
        place = layout(aisleOrder: Array(0..<aisles).shuffled(using: &generator))
      }
      method.learn(self.trip(list(&generator), place: place, &generator))
      probe()
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
