import BasketKit
import BasketTestSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `BasketBench aisles`: how many trips a shop's walking order takes to learn, and to relearn
/// after the shop is rearranged, for Basket's pairwise votes and for the last trip's order;
/// then, for a shop whose aisles hold categories, how many a new shop takes from the typical
/// supermarket walk and from list order.
enum AisleBench {
  static func report(runs: Int) {
    let simulation = AisleSimulation()
    print(
      "walking order: \(simulation.aisles) aisles × \(simulation.perAisle) products, lists of "
        + "\(simulation.listSize), \(Int(simulation.swaps * 100)) % swapped with the next, "
        + "\(Int(simulation.doublingBack * 100)) % fetched at the end; \(runs) seeded shops; "
        + "distance = share of cross-aisle pairs the wrong way round, mean of 20 fresh lists")
    let methods: [(String, (UInt64) -> [Double])] = [
      (
        "pairwise votes, decay 0.85",
        {
          simulation.run(
            AisleSimulation.Pairwise(decay: 0.85), trips: 80, rearrangeAt: 40, seed: $0)
        }
      ),
      (
        "pairwise votes, decay 0.9 (the default)",
        {
          simulation.run(
            AisleSimulation.Pairwise(decay: 0.9), trips: 80, rearrangeAt: 40, seed: $0)
        }
      ),
      (
        "baseline: the last trip's order",
        { simulation.run(AisleSimulation.LastTrip(), trips: 80, rearrangeAt: 40, seed: $0) }
      ),
    ]
    for (name, run) in methods {
      var learn5: [Int] = []
      var learn10: [Int] = []
      var relearn10: [Int] = []
      var settled: [Double] = []
      var never = 0
      for seed in 1...UInt64(runs) {
        let distances = run(seed)
        let before = Array(distances[..<40])
        if let trips = AisleSimulation.tripsUntil(0.05, in: before) {
          learn5.append(trips)
        } else {
          never += 1
        }
        if let trips = AisleSimulation.tripsUntil(0.10, in: before) { learn10.append(trips) }
        if let trips = AisleSimulation.tripsUntil(0.10, in: distances, from: 40) {
          relearn10.append(trips)
        }
        settled.append(distances[30..<40].reduce(0, +) / 10)
      }
      print(
        "  \(name): trips to ≤ 10 %: median \(median(learn10)); to ≤ 5 %: median "
          + "\(median(learn5)) (never in 40 trips: \(never) of \(runs)); distance after 30–40 trips "
          + String(format: "%.3f", settled.sorted()[settled.count / 2])
          + "; after a rearrangement, trips to ≤ 10 % again: median \(median(relearn10))")
    }
    newShop(runs: runs)
  }

  /// A new shop whose aisles hold one category each, laid out close to the typical walk
  /// (`AisleSimulation.nearlyTypicalLayout`, an assumption: three aisles each moved up to two
  /// places), learnt as the app learns (items and categories, decay 0.9): trips until the
  /// order stays within 10 % (and 5 %), and until it is first within 10 %, when it starts from
  /// the typical supermarket walk and from list order (the order before `SupermarketWalk`;
  /// the two differ only until the first trip is learnt), over the same shops, trips and
  /// lists. 0 trips: the new shop already is.
  static func newShop(runs: Int) {
    var simulation = AisleSimulation()
    simulation.aisleCategories = AisleSimulation.typicalAisles
    let shop = simulation
    print(
      "new shop, one category an aisle (\(shop.aisleCategories.joined(separator: ", "))), laid "
        + "out as a typical supermarket with 3 aisles each moved up to 2 places; items and "
        + "categories learnt, decay 0.9")
    for (name, supermarketStart) in [
      ("from the typical supermarket walk", true), ("from list order", false),
    ] {
      var learn10: [Int] = []
      var learn5: [Int] = []
      var first10: [Int] = []
      var fresh: [Double] = []
      var afterOne: [Double] = []
      var never = 0
      for seed in 1...UInt64(runs) {
        var shape = SeededGenerator(seed: seed &+ 0x5EED)
        let distances = shop.run(
          AisleSimulation.Pairwise(
            decay: 0.9, category: { shop.category(of: $0) }, supermarketStart: supermarketStart),
          trips: 40, aisleOrder: shop.nearlyTypicalLayout(&shape), fromFresh: true, seed: seed)
        // distances[k] is after k trips, so tripsUntil's count (from distances[0]) is one more.
        if let trips = AisleSimulation.tripsUntil(0.10, in: distances) {
          learn10.append(trips - 1)
        } else {
          never += 1
        }
        if let trips = AisleSimulation.tripsUntil(0.05, in: distances) { learn5.append(trips - 1) }
        if let trips = distances.firstIndex(where: { $0 <= 0.10 }) { first10.append(trips) }
        fresh.append(distances[0])
        afterOne.append(distances[1])
      }
      print(
        "  \(name): trips to ≤ 10 % for good: median \(median(learn10)) (never in 40 trips: "
          + "\(never) of \(runs)), first within 10 %: median \(median(first10)); to ≤ 5 % for "
          + "good: median \(median(learn5)); distance before the first trip "
          + String(format: "%.3f", fresh.sorted()[fresh.count / 2]) + ", after it "
          + String(format: "%.3f", afterOne.sorted()[afterOne.count / 2]))
    }
  }

  static func median(_ values: [Int]) -> String {
    values.isEmpty ? "never" : String(values.sorted()[values.count / 2])
  }
}
