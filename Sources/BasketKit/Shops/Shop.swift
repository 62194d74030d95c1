#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A place the household buys things ("Lidl", "the market"). Not the SQLite store: that is
/// `--store`.
public struct Shop: Equatable, Hashable, Sendable, Codable {
  public var id: UUID
  public var name: String
  public var addedAt: Date

  public init(id: UUID, name: String, addedAt: Date) {
    self.id = id
    self.name = name
    self.addedAt = addedAt
  }
}

/// One item checked off in one shop: what the walking order learns from.
public struct CheckOff: Equatable, Sendable {
  public var shop: UUID
  /// `NameKey.of(name)` of the item checked off.
  public var key: String
  /// The item's name as it was then, so its category can be looked up later.
  public var name: String
  public var at: Date

  public init(shop: UUID, key: String, name: String, at: Date) {
    self.shop = shop
    self.key = key
    self.name = name
    self.at = at
  }
}

/// An order the user put right by hand (moving an item in the walking order): learnt like a
/// trip, counting `ShopRules.correctionWeight` times, and overruling what earlier trips said
/// about the pairs it orders (later trips can still move them again).
public struct ShopCorrection: Equatable, Sendable, Codable {
  public var shop: UUID
  /// `NameKey.of(name)` of each item, in the order the user left them.
  public var keys: [String]
  /// The items' names, for their categories.
  public var names: [String]
  public var at: Date
  /// The shop's aisles (categories) in the order the user put them on the Shops screen; nil
  /// for a correction of items (`keys`).
  public var categories: [String]?

  public init(
    shop: UUID, keys: [String], names: [String], at: Date, categories: [String]? = nil
  ) {
    self.shop = shop
    self.keys = keys
    self.names = names
    self.at = at
    self.categories = categories
  }
}

/// What shops need from a store. The SQLite store records a `CheckOff` for the current shop
/// whenever an item goes from To get to Got it, whichever face checked it.
public protocol ShopStore: Sendable {
  /// Every shop, in the order they were added.
  func shops() throws -> [Shop]
  /// Adds `shop`; throws `ShopError.nameTaken` when a shop with the same folded name exists.
  func addShop(_ shop: Shop) throws
  /// Removes the shop with `id` and what it learnt; false when there was none.
  func removeShop(_ id: UUID) throws -> Bool
  /// Renames the shop with `id` (its name checked and free: `ShopBook.rename`); false when
  /// there was none.
  func renameShop(_ id: UUID, to name: String) throws -> Bool
  /// The household's current shop, or nil for none.
  func currentShopID() throws -> UUID?
  /// Makes the shop with `id` current (nil: no shop), for every face.
  func setCurrentShop(_ id: UUID?) throws
  /// The check-offs made from `date` on, oldest first, in every shop.
  func checkOffs(since date: Date) throws -> [CheckOff]
  /// Keeps an order the user put right.
  func addCorrection(_ correction: ShopCorrection) throws
  /// The corrections made from `date` on, oldest first, in every shop.
  func corrections(since date: Date) throws -> [ShopCorrection]
}

/// A shop name or reference that can't be used, said so a person can act on it.
public enum ShopError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyName
  case nameTooLong(limit: Int)
  case nameTaken(String)
  case unknown(String, known: [String])
  case ambiguous(String, candidates: [String])
  /// The shop hasn't learnt that aisle, or it can't move that far.
  case unknownAisle(String, shop: String)

  public var description: String {
    switch self {
    case .emptyName: "a shop needs a name"
    case .nameTooLong(let limit): "a shop's name is at most \(limit) characters"
    case .nameTaken(let name): "there is already a shop called \(name)"
    case .unknown(let reference, let known):
      known.isEmpty
        ? "there is no shop called \(reference); add one with `basket shop add NAME`"
        : "there is no shop called \(reference) (shops: \(known.joined(separator: ", ")))"
    case .ambiguous(let reference, let candidates):
      "\(reference) could be \(candidates.joined(separator: " or ")); say which"
    case .unknownAisle(let category, let shop):
      "\(shop) has no aisle \(category.prefix(60)) that can move that way"
    }
  }
}

/// The rules about shops: names, finding one by what the user typed, cutting check-offs into
/// trips and learning each shop's walking order from them.
public enum ShopRules {
  /// Check-offs further apart than this belong to different trips.
  public static let tripGap: TimeInterval = 2 * 60 * 60
  /// How far back check-offs are read when learning: older trips have decayed to nothing
  /// (`AisleOrder` keeps 0.9ⁿ of a trip n trips ago; it forgets below 0.02, after ~37 trips).
  public static let memory: TimeInterval = 365 * 24 * 60 * 60
  public static let maxNameLength = 60
  /// A check-off taken back within this long was a slip, and teaches nothing.
  public static let slip: TimeInterval = 60
  /// How many trips an order put right by hand counts as.
  public static let correctionWeight = 2.0

  /// `raw` tidied into a shop name (`NameText.cleaned`).
  public static func name(_ raw: String) throws -> String {
    let name = NameText.cleaned(raw)
    guard !name.isEmpty else { throw ShopError.emptyName }
    guard name.count <= maxNameLength else { throw ShopError.nameTooLong(limit: maxNameLength) }
    return name
  }

  /// The shop `reference` names: the one whose folded name equals it, else the only one it
  /// begins (as items are found by a unique prefix).
  public static func find(_ reference: String, in shops: [Shop]) throws -> Shop {
    let key = NameKey.of(reference)
    if let exact = shops.first(where: { NameKey.of($0.name) == key }) { return exact }
    let folded = reference.lowercased()
    let starting = shops.filter { $0.name.lowercased().hasPrefix(folded) }
    guard !folded.isEmpty, let only = starting.first else {
      throw ShopError.unknown(reference, known: shops.map(\.name))
    }
    guard starting.count == 1 else {
      throw ShopError.ambiguous(reference, candidates: starting.map(\.name))
    }
    return only
  }

  /// Whether `name` would clash with a shop already in `shops`.
  public static func clash(_ name: String, in shops: [Shop]) -> Shop? {
    let key = NameKey.of(name)
    return shops.first { NameKey.of($0.name) == key }
  }

  /// `checkOffs` of one shop cut into trips: in time order, a new trip whenever two check-offs
  /// are more than `tripGap` apart.
  public static func trips(_ checkOffs: [CheckOff], in shop: UUID) -> [[CheckOff]] {
    var trips: [[CheckOff]] = []
    var last: Date?
    for checkOff in checkOffs.filter({ $0.shop == shop }).sorted(by: { $0.at < $1.at }) {
      if let last, checkOff.at.timeIntervalSince(last) <= tripGap {
        trips[trips.count - 1].append(checkOff)
      } else {
        trips.append([checkOff])
      }
      last = checkOff.at
    }
    return trips
  }

  /// The walking order for `shop`, learnt from every trip there and every order put right by
  /// hand (oldest first, so the latest counts most), with the other shops' orders to fall back
  /// on. `category` gives an item's category from its name (the emoji engine's curated one).
  public static func walkingOrder(
    for shop: UUID, among shops: [Shop], checkOffs: [CheckOff],
    corrections: [ShopCorrection] = [], category: (String) -> String?
  ) -> WalkingOrder {
    func learnt(_ id: UUID) -> WalkingOrder {
      typealias Lesson = (
        at: Date, things: [(key: String, category: String?)], weight: Double, byHand: Bool,
        aisles: [String]?
      )
      var lessons: [Lesson] = trips(checkOffs, in: id).map { trip in
        (trip[0].at, trip.map { ($0.key, category($0.name)) }, 1, false, nil)
      }
      for correction in corrections where correction.shop == id {
        let things = zip(correction.keys, correction.names).map { ($0, category($1)) }
        lessons.append((correction.at, things, correctionWeight, true, correction.categories))
      }
      var order = WalkingOrder(items: AisleOrder(), categories: AisleOrder())
      for lesson in lessons.sorted(by: { $0.at < $1.at }) {
        if let aisles = lesson.aisles {
          // NB: the aisles alone, put in order by hand: no item learns a place from it.
          order.categories.learn(trip: aisles, weight: lesson.weight, overruling: true)
          continue
        }
        order.learn(trip: lesson.things, weight: lesson.weight, overruling: lesson.byHand)
      }
      return order
    }
    var order = learnt(shop)
    order.otherShops = shops.filter { $0.id != shop }.map { learnt($0.id).items }
    return order
  }
}
