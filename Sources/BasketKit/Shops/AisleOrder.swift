/// What one shop has taught Basket about where things are: the order in which they get
/// checked off there.
///
/// The method: for every two things checked off on the same trip, the one checked first
/// gains a "found before" vote over the other. Before each trip is learnt, every vote so far is
/// multiplied by `decay`, so a trip counts less the older it is and a shop that was rearranged
/// is relearnt within a few trips. A thing's position is the share of its comparisons in which
/// the other thing came first (0: found before everything it was seen with; 1: after): a
/// Borda count over the pairwise votes, which copes with every trip holding a different few
/// things and with a shopper who now and then doubles back.
///
/// Keys are whatever the caller identifies things by (`NameKey.of(name)` for items, a category
/// for categories). Cost: learning a trip of n things is O(n²) (n is a shopping list, tens);
/// a position is O(things compared with it).
public struct AisleOrder: Equatable, Sendable, Codable {
  /// How much each earlier trip's votes keep when a new trip is learnt.
  public var decay: Double
  /// votes[a][b]: the decayed number of trips on which `a` was checked before `b`.
  private var votes: [String: [String: Double]] = [:]

  /// Votes this small are forgotten, so a shop's table doesn't grow with every trip ever made.
  static let forgetBelow = 0.02

  public init(decay: Double = 0.9) {
    self.decay = decay
  }

  /// Whether nothing has been learnt yet.
  public var isEmpty: Bool { votes.isEmpty }

  /// Learns one trip: `keys` in the order they were checked off (a key seen again is ignored
  /// after its first time). `weight` is how much the trip counts: 1 for a trip, more for an
  /// order the user put right by hand. `overruling` (an order put right by hand) also drops
  /// every vote against it, so for the pairs it orders the user's word stands until later
  /// trips say otherwise.
  public mutating func learn(trip keys: [String], weight: Double = 1, overruling: Bool = false) {
    var seen: Set<String> = []
    let order = keys.filter { seen.insert($0).inserted }
    guard order.count > 1 else { return }
    for (first, row) in votes {
      var kept: [String: Double] = [:]
      for (second, count) in row where count * decay >= Self.forgetBelow {
        kept[second] = count * decay
      }
      votes[first] = kept.isEmpty ? nil : kept
    }
    for (index, earlier) in order.enumerated() {
      for later in order[(index + 1)...] {
        votes[earlier, default: [:]][later, default: 0] += weight
        if overruling {
          votes[later]?[earlier] = nil
          if votes[later]?.isEmpty == true { votes[later] = nil }
        }
      }
    }
  }

  /// Where `key` is found, from 0 (first) to 1 (last), or nil when it was never checked off
  /// with anything else here. Computes every position: call `positions` for more than one.
  public func position(of key: String) -> Double? { positions[key] }

  /// Where each thing learnt is found, from 0 (first) to 1 (last): the share of its
  /// comparisons in which the other thing came first (a Borda count over the votes). Cost:
  /// O(votes).
  public var positions: [String: Double] {
    var shares: [String: (total: Double, compared: Int)] = [:]
    for (first, row) in votes {
      for (second, count) in row {
        let back = votes[second]?[first] ?? 0
        // NB: each unordered pair once: from the side whose key sorts first, or the only side.
        guard back == 0 || first < second else { continue }
        let firstAfter = back / (count + back)
        shares[first, default: (0, 0)].total += firstAfter
        shares[first, default: (0, 0)].compared += 1
        shares[second, default: (0, 0)].total += 1 - firstAfter
        shares[second, default: (0, 0)].compared += 1
      }
    }
    return shares.mapValues { $0.total / Double($0.compared) }
  }
}

/// A typical supermarket's walk, the order a shop with no history starts in: in by the fresh
/// produce and bakery, round the counters (meat, fish, deli), the chilled dairy, then the
/// aisles of dry food, drinks and household goods, and the freezers last before the tills, so
/// frozen food is picked up last and stays cold. The order is our own choice (the common
/// layout of UK and US supermarkets), one stretch per category; a shop corrects it as it is
/// walked.
///
/// `categories` holds every category the curated emoji tables give an item (the third column
/// of `Data/emoji/curated/*.tsv` and `Data/emoji/anchors.tsv`; a file's name is not always its
/// rows' category: brands.tsv and the cuisines files hold rows of the categories here).
public enum SupermarketWalk {
  public static let categories = [
    "produce", "bakery", "proteins", "seafood", "prepared", "dairy", "grains", "pantry",
    "spices", "condiments", "snacks", "sweets", "drinks", "baby", "pet", "pharmacy",
    "toiletries", "cleaning", "household", "frozen",
  ]

  /// Where `category` comes in the walk, from 0 (first) to 1 (last); nil for one it doesn't
  /// place.
  public static func place(of category: String) -> Double? {
    places[category]
  }

  /// Where each category comes in a shop that has placed the categories in `learnt` (each at
  /// its position there, from 0 to 1): with nothing learnt, the walk's own places; otherwise
  /// a category not learnt goes where the walk puts it among the learnt ones, on a straight
  /// line between the nearest learnt category before it in the walk and the nearest after
  /// (bakery halfway between the learnt produce and proteins), or, before or after every
  /// learnt one in the walk, just before the first place learnt or just after the last.
  /// Learnt categories keep their positions.
  public static func places(around learnt: [String: Double]) -> [String: Double] {
    // The learnt categories, in the walk's order: (their index in the walk, their position).
    let anchors = categories.indices.compactMap { index in
      learnt[categories[index]].map { (index: index, position: $0) }
    }
    guard let first = anchors.first, let last = anchors.last else { return places }
    let lowest = anchors.map(\.position).min() ?? 0
    let highest = anchors.map(\.position).max() ?? 1
    let step = 0.01
    var result = learnt
    for (index, category) in categories.enumerated() where learnt[category] == nil {
      if index < first.index {
        result[category] = lowest - step * Double(first.index - index)
      } else if index > last.index {
        result[category] = highest + step * Double(index - last.index)
      } else if let before = anchors.last(where: { $0.index < index }),
        let after = anchors.first(where: { $0.index > index })
      {
        let share = Double(index - before.index) / Double(after.index - before.index)
        result[category] = before.position + (after.position - before.position) * share
      }
    }
    return result
  }

  private static let places: [String: Double] = Dictionary(
    uniqueKeysWithValues: categories.enumerated().map {
      ($1, Double($0) / Double(categories.count - 1))
    })
}

/// The list in walking order for one shop.
///
/// An item takes its place from what this shop learnt about it; an item never checked off
/// here, from its category's place in this shop; failing that, from the first other shop that
/// knows it; failing that, from its category's place in a typical supermarket
/// (`SupermarketWalk`): the walk itself while this shop has learnt no categories, then among
/// the categories it has learnt (`SupermarketWalk.places(around:)`); failing everything (no
/// category), it goes to the end (in list order), where the shopper will look last and, once
/// checked off, teach its place.
public struct WalkingOrder: Sendable {
  public var items: AisleOrder
  public var categories: AisleOrder
  public var otherShops: [AisleOrder]

  public init(items: AisleOrder, categories: AisleOrder, otherShops: [AisleOrder] = []) {
    self.items = items
    self.categories = categories
    self.otherShops = otherShops
  }

  /// Learns a trip from the items checked off, in order, each with its category (if known).
  public mutating func learn(
    trip: [(key: String, category: String?)], weight: Double = 1, overruling: Bool = false
  ) {
    items.learn(trip: trip.map(\.key), weight: weight, overruling: overruling)
    categories.learn(trip: trip.compactMap(\.category), weight: weight, overruling: overruling)
  }

  /// `things` in walking order; the sort is stable, so equal places keep the list's order.
  public func sorted<Thing>(
    _ things: [Thing], key: (Thing) -> String, category: (Thing) -> String?
  ) -> [Thing] {
    let known = items.positions
    let byCategory = categories.positions
    let typical = SupermarketWalk.places(around: byCategory)
    let elsewhere = otherShops.map(\.positions)
    let places = things.map { thing in
      let key = key(thing)
      let kind = category(thing)
      return known[key] ?? kind.flatMap { byCategory[$0] }
        ?? elsewhere.lazy.compactMap { $0[key] }.first ?? kind.flatMap { typical[$0] } ?? 2
    }
    return things.indices.sorted { places[$0] != places[$1] ? places[$0] < places[$1] : $0 < $1 }
      .map { things[$0] }
  }
}
