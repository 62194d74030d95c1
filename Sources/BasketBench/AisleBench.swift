import BasketKit
import BasketTestSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `BasketBench aisles`: how many trips a shop's walking order takes to learn, and to relearn
/// after the shop is rearranged, for Basket's pairwise votes and for the last trip's order.
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
  }

  static func median(_ values: [Int]) -> String {
    values.isEmpty ? "never" : String(values.sorted()[values.count / 2])
  }
}
