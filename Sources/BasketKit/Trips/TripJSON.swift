#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON shapes of products and trips, shared by `basket … --json` and the web API.
public enum TripJSON {
  public struct ProductJSON: Encodable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var aliases: [String]
    public var barcode: String?
    public var packSize: String?
    public var shop: String?
    public var page: String?
    /// "1.95": a price as noted, in no currency, with `priceNotedAt`.
    public var price: String?
    public var priceNotedAt: String?
    public var organic: Bool
    public var diets: [String]
    public var storeBrand: Bool

    public init(_ product: Product) {
      id = product.id.uuidString.lowercased()
      name = product.name
      aliases = product.aliases
      barcode = product.barcode?.digits
      packSize = product.packSize.map(KitchenAmountFormat.text)
      shop = product.shop
      page = product.page
      price = product.price?.text
      priceNotedAt = product.price.map { ISO8601.string($0.notedAt) }
      organic = product.organic
      diets = Diet.allCases.filter(product.diets.contains).map(\.rawValue)
      storeBrand = product.storeBrand
    }

    private enum CodingKeys: String, CodingKey {
      case id, name, aliases, barcode, packSize, shop, page, price, priceNotedAt, organic, diets
      case storeBrand
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(aliases, forKey: .aliases)
      try container.encode(barcode, forKey: .barcode)
      try container.encode(packSize, forKey: .packSize)
      try container.encode(shop, forKey: .shop)
      try container.encode(page, forKey: .page)
      try container.encode(price, forKey: .price)
      try container.encode(priceNotedAt, forKey: .priceNotedAt)
      try container.encode(organic, forKey: .organic)
      try container.encode(diets, forKey: .diets)
      try container.encode(storeBrand, forKey: .storeBrand)
    }
  }

  public struct StopJSON: Encodable, Equatable, Sendable {
    public var item: String
    public var name: String
    public var emoji: String
    public var amount: String?
    public var product: ProductJSON?
    public var candidates: [ProductJSON]
    public var reason: String
    public var review: String
    public var status: String
    public var link: ShoppingLink?
    /// Packs to buy, when they can be counted.
    public var packs: Int?
    /// What to buy, with the arithmetic: "Buy 3 packs (need 1.2 kg = 1200 g; …)".
    public var buy: String?
    /// The titles of the recipes the item is for.
    public var recipes: [String]
    /// The aisle the walk puts it in ("Dairy"), when known.
    public var aisle: String?
    /// For the stop being walked: "for Chili · Dairy · 3 left" (`Trip.facts(of:)`).
    public var facts: String?

    public init(_ stop: TripStop, place: Trip.Place) {
      item = stop.item.uuidString.lowercased()
      name = stop.name
      emoji = stop.emoji
      amount = stop.amountText
      product = stop.product.map(ProductJSON.init)
      candidates = stop.candidates.map(ProductJSON.init)
      reason = stop.reason
      review = stop.review.rawValue
      status = stop.status.rawValue
      link = stop.link(at: place)
      packs = stop.packs?.packs
      buy = stop.buyText
      recipes = stop.recipes ?? []
      aisle = stop.aisle
    }

    private enum CodingKeys: String, CodingKey {
      case item, name, emoji, amount, product, candidates, reason, review, status, link, packs
      case buy, recipes, aisle, facts
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(item, forKey: .item)
      try container.encode(name, forKey: .name)
      try container.encode(emoji, forKey: .emoji)
      try container.encode(amount, forKey: .amount)
      try container.encode(product, forKey: .product)
      try container.encode(candidates, forKey: .candidates)
      try container.encode(reason, forKey: .reason)
      try container.encode(review, forKey: .review)
      try container.encode(status, forKey: .status)
      try container.encode(link, forKey: .link)
      try container.encode(packs, forKey: .packs)
      try container.encode(buy, forKey: .buy)
      try container.encode(recipes, forKey: .recipes)
      try container.encode(aisle, forKey: .aisle)
      try container.encode(facts, forKey: .facts)
    }
  }

  /// A trip: where, its phase, the exception being settled or the stop being shown, and
  /// every stop.
  public struct TripView: Encodable, Equatable, Sendable {
    public var id: String
    public var place: String
    /// "shop" or "retailer".
    public var kind: String
    public var phase: String
    /// The phase a paused trip resumes in.
    public var resumes: String?
    public var preferences: String
    /// 1-based: the stop shown, of `total`.
    public var position: Int
    public var total: Int
    public var atEnd: Bool
    public var exception: StopJSON?
    public var pendingExceptions: Int
    /// Exceptions that are searches for want of a product ("Accept all searches (N)").
    public var searches: Int
    /// Items still waiting to be walked.
    public var left: Int
    public var current: StopJSON?
    public var stops: [StopJSON]
    public var startedAt: String

    public init(_ trip: Trip) {
      id = trip.id.uuidString.lowercased()
      place = trip.place.name
      kind = trip.place.isRetailer ? "retailer" : "shop"
      phase = trip.phase.rawValue
      resumes = trip.resumePhase?.rawValue
      preferences = trip.preferences.text
      position = trip.progress.at
      total = trip.progress.of
      atEnd = trip.isAtEnd
      exception = trip.currentException.map { StopJSON($0, place: trip.place) }
      pendingExceptions = trip.pendingExceptions.count
      searches = trip.searchFallbacks
      left = trip.waiting
      current = trip.currentStop.map { stop in
        var shown = StopJSON(stop, place: trip.place)
        shown.facts = trip.facts(of: stop)
        return shown
      }
      stops = trip.stops.map { StopJSON($0, place: trip.place) }
      startedAt = ISO8601.string(trip.startedAt)
    }

    private enum CodingKeys: String, CodingKey {
      case id, place, kind, phase, resumes, preferences, position, total, atEnd, exception
      case pendingExceptions, searches, left, current, stops, startedAt
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(place, forKey: .place)
      try container.encode(kind, forKey: .kind)
      try container.encode(phase, forKey: .phase)
      try container.encode(resumes, forKey: .resumes)
      try container.encode(preferences, forKey: .preferences)
      try container.encode(position, forKey: .position)
      try container.encode(total, forKey: .total)
      try container.encode(atEnd, forKey: .atEnd)
      try container.encode(exception, forKey: .exception)
      try container.encode(pendingExceptions, forKey: .pendingExceptions)
      try container.encode(searches, forKey: .searches)
      try container.encode(left, forKey: .left)
      try container.encode(current, forKey: .current)
      try container.encode(stops, forKey: .stops)
      try container.encode(startedAt, forKey: .startedAt)
    }
  }
}
