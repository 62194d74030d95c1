import BasketKit
import BasketStore
import BasketTestSupport
import Foundation

/// Adds per second through `Basket.add` (as the web server calls it: one process, one open
/// store, each add an fsync'd transaction) into an empty list and into one of 2,000 items.
enum AddRate {
  struct Figures {
    /// Per-add wall times in seconds, into the empty list and into the full one.
    var empty: [Double] = []
    var full: [Double] = []
    /// Per-add CPU times of the adding thread in seconds: the work without the wait for the
    /// disk, which dominates the wall time and varies with the machine's other load.
    var emptyCPU: [Double] = []
    var fullCPU: [Double] = []

    var emptyRate: Double { 1 / percentile(empty, 0.5) }
    var fullRate: Double { 1 / percentile(full, 0.5) }
    var ratio: Double { fullRate / emptyRate }
  }

  /// One way of running the store: Basket as built, or the whole-list baseline.
  struct Variant: Sendable {
    var label: String
    var wrap: @Sendable (any ListStore) -> any ListStore
  }

  static let variants = [
    Variant(label: "Basket (reads what it touches)", wrap: { $0 }),
    Variant(label: "baseline (whole list per change)", wrap: { WholeListStore($0) }),
  ]

  /// Measures `rounds` rounds. Each opens fresh stores, an empty one and one of `fill` items
  /// (every tenth in Got it) per variant, then adds `adds` new names to each in turn, one add
  /// at a time, so that the shared machine's load and disk latency fall on every store alike.
  static func measure(
    in directory: URL, rounds: Int, adds: Int, fill: Int = 2000, now: Date
  ) throws -> [Figures] {
    var figures = Array(repeating: Figures(), count: variants.count)
    var generator = SeededGenerator(seed: 7)
    for round in 0..<rounds {
      var baskets: [(variant: Int, full: Bool, basket: Basket)] = []
      for (index, variant) in variants.enumerated() {
        for size in [0, fill] {
          let name = "adds-\(round)-\(index)-\(size).sqlite"
          let (store, _) = try SQLiteStore.open(
            at: directory.appendingPathComponent(name).path, now: now)
          try fillList(store, count: size, now: now)
          let basket = Basket(
            store: variant.wrap(store),
            environment: BasketEnvironment(
              clock: .frozen(at: now), ids: .random, classifier: EmojiClassifier.shared,
              suggestions: { SuggestionEngine(dictionary: [String]()) }))
          baskets.append((index, size > 0, basket))
        }
      }
      for add in 0..<adds {
        // NB: a fresh order each time, so no store always follows the slow baseline's add.
        for (variant, full, basket) in baskets.shuffled(using: &generator) {
          let start = DispatchTime.now().uptimeNanoseconds
          let startCPU = threadCPUTime()
          try basket.add(name: "bench item \(add)")
          let cpu = threadCPUTime() - startCPU
          let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
          if full {
            figures[variant].full.append(seconds)
            figures[variant].fullCPU.append(cpu)
          } else {
            figures[variant].empty.append(seconds)
            figures[variant].emptyCPU.append(cpu)
          }
        }
      }
    }
    return figures
  }

  /// The CPU time this thread has used, in seconds.
  private static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func fillList(_ store: SQLiteStore, count: Int, now: Date) throws {
    guard count > 0 else { return }
    try store.modify { draft in
      for index in 0..<count {
        draft.insert(
          Item(
            id: UUID(), name: "filler \(index)", emoji: "🧺",
            addedAt: now.addingTimeInterval(-Double(count - index)),
            checkedAt: index % 10 == 0 ? now.addingTimeInterval(-Double(index % 3000)) : nil))
      }
    }
  }

  /// Measures and prints the figures.
  static func report(in directory: URL, now: Date, rounds: Int, adds: Int) throws {
    let figures = try measure(in: directory, rounds: rounds, adds: adds, now: now)
    print("")
    print("Adds through Basket.add (one open store, each add its own fsync'd transaction)")
    for (variant, figures) in zip(variants, figures) {
      print(
        "\(variant.label): empty \(Int(figures.emptyRate.rounded())) adds/s (median \(ms(percentile(figures.empty, 0.5)))), 2,000 items \(Int(figures.fullRate.rounded())) adds/s (median \(ms(percentile(figures.full, 0.5)))), ratio \(Int((figures.ratio * 100).rounded()))%"
      )
      print(
        "  CPU per add, median: empty \(ms(percentile(figures.emptyCPU, 0.5))), 2,000 items \(ms(percentile(figures.fullCPU, 0.5)))"
      )
    }
    print("goal: ratio ≥ 70% (\(rounds * adds) adds into each list, interleaved)")
  }
}
