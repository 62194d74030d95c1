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
    @Nullable public var barcode: String? = nil
    @Nullable public var packSize: String? = nil
    @Nullable public var shop: String? = nil
    @Nullable public var page: String? = nil
    /// "1.95": a price as noted, in no currency, with `priceNotedAt`.
    @Nullable public var price: String? = nil
    @Nullable public var priceNotedAt: String? = nil
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
  }

  public struct StopJSON: Encodable, Equatable, Sendable {
    public var item: String
    public var name: String
    public var emoji: String
    @Nullable public var amount: String? = nil
    @Nullable public var product: ProductJSON? = nil
    public var candidates: [ProductJSON]
    public var reason: String
    public var review: String
    public var status: String
    @Nullable public var link: ShoppingLink? = nil
    /// Packs to buy, when they can be counted.
    @Nullable public var packs: Int? = nil
    /// What to buy, with the arithmetic: "Buy 3 packs (need 1.2 kg = 1200 g; …)".
    @Nullable public var buy: String? = nil
    /// The titles of the recipes the item is for.
    public var recipes: [String]
    /// The aisle the walk puts it in ("Dairy"), when known.
    @Nullable public var aisle: String? = nil
    /// For the stop being walked: "for Chili · Dairy · 3 left" (`Trip.facts(of:)`).
    @Nullable public var facts: String? = nil

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
    @Nullable public var resumes: String? = nil
    public var preferences: String
    /// 1-based: the stop shown, of `total`.
    public var position: Int
    public var total: Int
    public var atEnd: Bool
    @Nullable public var exception: StopJSON? = nil
    public var pendingExceptions: Int
    /// Exceptions that are searches for want of a product ("Accept all searches (N)").
    public var searches: Int
    /// Items still waiting to be walked.
    public var left: Int
    @Nullable public var current: StopJSON? = nil
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
  }
}
