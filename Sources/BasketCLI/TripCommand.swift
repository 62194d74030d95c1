import BasketKit
import BasketStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket trip …`: the Shopping Trip, one item at a time.
enum TripCommand {
  /// The trips over the store `context` opens.
  static func book(_ context: CommandContext) throws -> TripBook {
    try book(over: try context.openBasket(.existing))
  }

  /// The trips over the store `basket` uses: Got it on a trip is noted in the trip's shop
  /// (a retailer trip teaches no shop).
  static func book(over basket: Basket) throws -> TripBook {
    guard let store = basket.store as? SQLiteStore else {
      throw StoreError.failed("this store keeps no trips")
    }
    let shops = ShopBook(store: store, basket: basket)
    let pantry = PantryBook(
      store: store, clock: basket.environment.clock, ids: basket.environment.ids)
    return TripBook(
      trips: store, products: try ProductCommand.book(over: basket), shops: shops,
      pantry: pantry, checkingOff: { shop, body in try store.checkingOff(in: shop, body) })
  }

  // MARK: - Commands

  /// `trip start [--shop NAME | --retailer NAME] [--organic] [--diet D,E] [--cheapest]
  /// [--store-brand] [--json]`
  static func start(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.tripStart)
    guard options.words.isEmpty else {
      throw UsageError(message: "trip start takes no names: --shop NAME or --retailer NAME")
    }
    let destination: TripBook.Destination
    switch (context.shop, options["--retailer"]) {
    case (_?, _?): throw UsageError(message: "trip start takes --shop or --retailer, not both")
    case (let shop?, nil): destination = .shop(shop)
    case (nil, let retailer?): destination = .retailer(retailer)
    case (nil, nil): destination = .currentShop
    }
    let preferences = ShoppingPreferences(
      organicOnly: options.has("--organic"), diets: try ProductCommand.diets(options["--diet"]),
      cheapestFirst: options.has("--cheapest"), storeBrandFirst: options.has("--store-brand"))
    let trip = try book(context).start(destination, preferences: preferences)
    if options.has("--json") { return try json(trip, context) }
    let style = Style(context: context)
    let order = trip.place.isRetailer ? "in list order" : "in walking order"
    var out =
      "Started a trip at \(trip.place.name): \(trip.stops.count) \(trip.stops.count == 1 ? "item" : "items") \(order)"
    if trip.preferences != ShoppingPreferences() { out += " (\(trip.preferences.text))" }
    out += ".\n"
    context.out(out + describe(trip, style: style))
    return 0
  }

  /// `trip [status] [--json]`
  static func status(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.tripStatus)
    let trip: Trip? = try readStore(orFresh: nil) { try book(context).current() }
    guard let trip else {
      if flags.has("--json") {
        context.out("null\n")
      } else {
        context.out(
          "No trip under way. Start one: basket trip start (in the current shop), or --shop NAME or --retailer NAME.\n"
        )
      }
      return 0
    }
    if flags.has("--json") { return try json(trip, context) }
    context.out(describe(trip, style: Style(context: context)))
    return 0
  }

  /// `trip next|got|skip|accept|pause|resume [--json]`, as `spec` names it.
  static func simple(_ spec: CommandSpec, _ arguments: [String], _ context: CommandContext) throws
    -> Int32
  {
    let name = spec.name
    let flags = try Flags(arguments, spec: spec)
    let book = try book(context)
    let before = try book.current()
    let trip: Trip
    switch name {
    case "got": trip = try book.got()
    case "next": trip = try book.step(.next)
    case "skip": trip = try book.step(.skip)
    case "accept": trip = try book.step(flags.has("--searches") ? .acceptSearches : .accept)
    case "pause": trip = try book.step(.pause)
    default: trip = try book.step(.resume)
    }
    if flags.has("--json") { return try json(trip, context) }
    let style = Style(context: context)
    var out = ""
    let shown = before?.phase == .review ? before?.currentException : before?.currentStop
    switch name {
    case "got": out += shown.map { "Got \($0.name): checked off.\n" } ?? ""
    case "next": out += shown.map { "Moved on from \($0.name) (not checked off).\n" } ?? ""
    case "skip":
      out +=
        shown.map {
          before?.phase == .review
            ? "Left \($0.name) out of this trip.\n" : "Skipped \($0.name): it stays on the list.\n"
        } ?? ""
    case "accept" where flags.has("--searches"):
      let count = before?.searchFallbacks ?? 0
      out += "Accepted \(count) \(count == 1 ? "search" : "searches"): shopped by name.\n"
    case "accept":
      if let stop = shown {
        out +=
          stop.product.map { "\(stop.name): \($0.name) (remembered for next time).\n" }
          ?? "\(stop.name): no product, \(trip.place.isRetailer ? "a search" : "just the name").\n"
      }
    case "pause":
      out += "Paused. 'basket trip resume' carries on exactly here, even after a restart.\n"
      context.out(out)
      return 0
    default: out += "Resumed.\n"
    }
    context.out(out + describe(trip, style: style))
    return 0
  }

  /// `trip replace PRODUCT [--json]`, or `trip replace --make [NAME...] [--size AMOUNT]`: a new
  /// product (called NAME, else the item's name), bought where the trip is.
  static func replace(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.tripReplace)
    guard !options.words.isEmpty || options.has("--make") else {
      throw UsageError(
        message:
          "trip replace needs a product, or --make to make one (basket trip replace --make --size 500g)"
      )
    }
    if options["--size"] != nil && !options.has("--make") {
      throw UsageError(message: "trip replace takes --size only with --make")
    }
    let book = try book(context)
    guard let before = try book.current() else { throw TripError.noTrip }
    let stop = before.phase == .review ? before.currentException : before.currentStop
    let reference: String
    var made: Product?
    if options.has("--make") {
      guard let stop else {
        throw before.phase == .paused ? TripError.paused : TripError.atEnd
      }
      let name = options.words.isEmpty ? stop.name : options.words.joined(separator: " ")
      let product = try book.products.add(
        name,
        ProductChange(
          packSize: try options["--size"].map { .set(try ProductCommand.packSize($0)) } ?? .keep,
          shop: .set(before.place.name)))
      made = product
      reference = product.id.uuidString
    } else {
      reference = options.words.joined(separator: " ")
    }
    let trip = try book.replace(with: reference)
    if options.has("--json") { return try json(trip, context) }
    let product = try book.products.find(reference)
    var out = ""
    if let made { out += "Made \(made.name)\(ProductCommand.summary(made)).\n" }
    if let stop {
      out += "\(stop.name): \(product.name) (remembered for next time).\n"
    }
    context.out(out + describe(trip, style: Style(context: context)))
    return 0
  }

  /// `trip end [--json]`: the summary, then the pantry check-in offers.
  static func end(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.tripEnd)
    let (trip, summary, offers) = try book(context).end()
    if flags.has("--json") {
      struct Out: Encodable {
        var trip: TripJSON.TripView
        var summary: TripSummary
        var summaryText: String
        var offers: [PantryJSON.Offer]
      }
      context.out(
        try JSONText.encode(
          Out(
            trip: TripJSON.TripView(trip), summary: summary, summaryText: summary.text,
            offers: offers.map { PantryJSON.Offer($0, joins: nil) })) + "\n")
      return 0
    }
    var out = summary.text + "\n"
    if offers.isEmpty {
      out += "Nothing to check in to the pantry.\n"
    } else {
      out += "Check in to the pantry (basket checkin asks about each):\n"
      for offer in offers { out += "  \(offer.name): \(offer.amountText)\n" }
    }
    context.out(out)
    return 0
  }

  // MARK: - Printing

  private static func json(_ trip: Trip, _ context: CommandContext) throws -> Int32 {
    context.out(try JSONText.encode(TripJSON.TripView(trip)) + "\n")
    return 0
  }

  /// The trip as it stands: the exception to settle, or the item to get, with what to do.
  static func describe(_ trip: Trip, style: Style) -> String {
    let kind = trip.place.isRetailer ? "retailer" : "shop"
    let head = "Trip at \(trip.place.name) (\(kind))"
    if trip.phase == .paused {
      let at =
        trip.currentException.map { "settling \($0.name)" }
        ?? trip.currentStop.map { "\(trip.progress.at) of \(trip.progress.of), \($0.name)" }
        ?? "the end"
      return
        "\(head) is paused at \(at).\n'basket trip resume' carries on there; 'basket trip end' finishes it.\n"
    }
    if let stop = trip.currentException {
      let count = trip.pendingExceptions.count
      var out =
        style.heading(
          "\(head) · \(count) \(count == 1 ? "exception" : "exceptions") to settle first") + "\n"
      out += "? \(stop.emoji) \(stop.name)\(stop.amountText.map { " · \($0)" } ?? "")\n"
      out += "  \(stop.reason)\n"
      if let product = stop.product {
        out += "  Suggested: \(product.name)\(ProductCommand.summary(product))\n"
      } else {
        out +=
          trip.place.isRetailer
          ? "  No product to suggest: accepting shops it with a search.\n"
          : "  No product to suggest: accepting shops it by name.\n"
      }
      for other in stop.candidates.dropFirst().prefix(5) {
        out += "  Or: \(other.name)\(ProductCommand.summary(other))\n"
      }
      out +=
        style.dim(
          "  basket trip accept | replace PRODUCT | replace --make [NAME] [--size AMOUNT] | skip"
        ) + "\n"
      if stop.isSearchFallback, trip.searchFallbacks > 1 {
        out +=
          style.dim("  basket trip accept --searches accepts all \(trip.searchFallbacks) searches")
          + "\n"
      }
      return out
    }
    guard let stop = trip.currentStop else {
      return "That was the last item. 'basket trip end' finishes the trip.\n"
    }
    var out = style.heading("\(head) · \(trip.progress.at) of \(trip.progress.of)") + "\n"
    out += "→ \(stop.emoji) \(stop.name)\(stop.amountText.map { " · \($0)" } ?? "")\n"
    if let product = stop.product {
      out += "  Product: \(product.name)\(ProductCommand.summary(product))\n"
    }
    if let link = stop.link(at: trip.place) {
      out +=
        link.kind == .productPage
        ? "  Product page: \(link.address)\n" : "  \(link.label): \(link.address)\n"
    }
    if let buy = stop.buyText { out += "  \(buy)\n" }
    out += style.dim("  " + trip.facts(of: stop)) + "\n"
    out += style.dim("  basket trip got | next | skip | pause") + "\n"
    return out
  }
}
