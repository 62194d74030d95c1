import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Shopping Trip routes, for the web app's trip screen (`#/trip`):
///
/// - `GET /api/v3/trip` → `{"trip": trip | null, "shops": [name], "currentShop": name | null,
///   "retailers": [name]}`
/// - `POST /api/v3/trip/start` `{"shop"? | "retailer"?, "organic"?, "diets"?: [tag],
///   "cheapest"?, "storeBrand"?}` (neither shop nor retailer: the current shop) → 201 `{"trip"}`
/// - `POST /api/v3/trip/step` `{"step": "next" | "got" | "skip" | "accept" |
///   "acceptSearches" | "pause" | "resume", "at"?: item id}` → `{"trip"}` ("acceptSearches"
///   settles every search for want of a product at once). With `at`, a step meant for another item than the
///   one being settled or shown (a double tap, a retry, another phone) is refused with 409 and
///   changes nothing.
/// - `POST /api/v3/trip/replace` `{"product": id | name}` or `{"make": {"name", "size"?}}`
///   (a new product, bought where the trip is), with `"at"?` → `{"trip"}`
/// - `POST /api/v3/trip/end` → `{"trip", "summary", "summaryText", "offers": [offer]}`
/// - `GET /api/v3/products` → `{"products": [product]}`
/// - `POST /api/v3/products` `{"name", "size"?, "shop"?, "price"?, "page"?, "organic"?,
///   "storeBrand"?, "diets"?: [tag]}` → 201 `{"product"}`
/// - `PATCH /api/v3/products/{id}` with any of those (null clears size, shop, price, page;
///   `diets` is the whole new set) → `{"product"}`; `DELETE /api/v3/products/{id}` → 204
///
/// A trip is `TripJSON.TripView`; Basket claims no price, stock, cart or purchase.
extension WebApp {
  static let tripRoutes: [APIRoute] = [
    .init("GET", "trip") { app, _, _ in try app.withTrips { try app.showTrip($0) } },
    .init("POST", "trip/start", .change) { app, request, _ in
      try app.withTrips { try app.startTrip($0, request) }
    },
    .init("POST", "trip/step", .change) { app, request, _ in
      try app.withTrips { try app.stepTrip($0, request) }
    },
    .init("POST", "trip/replace", .change) { app, request, _ in
      try app.withTrips { try app.replaceOnTrip($0, request) }
    },
    .init("POST", "trip/end", .change) { app, request, _ in
      try app.withTrips { try app.endTrip($0, request) }
    },
    .init("GET", "products") { app, _, _ in
      try app.withTrips { book in
        let products = try book.products.list().map(TripJSON.ProductJSON.init)
        return .json(200, WebApp.object([("products", try WebApp.encoded(products))]))
      }
    },
    .init("POST", "products", .change) { app, request, _ in
      try app.withTrips { book in
        let body = try JSONBody(request, allowed: WebApp.productFields)
        guard let name = try body.string("name") else {
          throw RequestError(400, "a product needs a \"name\"")
        }
        let product = try book.products.add(name, try WebApp.productChange(body, from: nil))
        return try app.productAnswer(201, product)
      }
    },
    .init("PATCH", "products/*", .change) { app, request, route in
      try app.withProduct(route[1]) { book, product in
        let body = try JSONBody(request, allowed: WebApp.productFields)
        let change = try WebApp.productChange(body, from: product)
        guard !change.isEmpty else {
          throw RequestError(
            400, "send a change: \(WebApp.productFields.joined(separator: ", "))")
        }
        return try app.productAnswer(200, try book.products.edit(product.id.uuidString, change))
      }
    },
    .init("DELETE", "products/*", .change) { app, request, route in
      try app.withProduct(route[1]) { book, product in
        _ = try JSONBody(request, allowed: [])
        try book.products.remove(product.id.uuidString)
        return .noContent
      }
    },
  ]

  /// Runs a trip or product route's `body` with the server's trips (503 without them), its
  /// refusals as the statuses that fit them.
  private func withTrips(_ body: (TripBook) throws -> Response) throws -> Response {
    guard let book = environment.trips else {
      return .error(503, "shopping trips are not available on this server")
    }
    do {
      return try body(book)
    } catch let error as TripError {
      switch error {
      case .noTrip: return .error(404, error.description)
      case .noPlace, .nothingToGet: return .error(400, error.description)
      default: return .error(409, error.description)
      }
    } catch let error as ProductError {
      return Self.refusal(error)
    } catch let error as ShopError {
      switch error {
      case .unknown: return .error(404, error.description)
      default: return .error(400, error.description)
      }
    }
  }

  /// Runs `body` with the product the path names: 404 for an id that isn't one.
  private func withProduct(
    _ segment: String, _ body: (TripBook, Product) throws -> Response
  ) throws -> Response {
    try withTrips { book in
      guard let id = UUID(uuidString: segment),
        let product = try book.products.list().first(where: { $0.id == id })
      else { return .error(404, "no such product") }
      return try body(book, product)
    }
  }

  static let productFields = [
    "name", "size", "shop", "price", "page", "organic", "storeBrand", "diets",
  ]

  private func productAnswer(_ status: Int, _ product: Product) throws -> Response {
    .json(
      status, Self.object([("product", try Self.encoded(TripJSON.ProductJSON(product)))]))
  }

  /// A product's refusals as the trip routes give them: 404 for what isn't there, else 400.
  private static func refusal(_ error: ProductError) -> Response {
    switch error {
    case .unknownProduct, .unknownRetailer, .unknownPlace: .error(404, error.description)
    default: .error(400, error.description)
    }
  }

  /// What a product body asks to change; `current` is the product edited (nil for a new one),
  /// against which the whole new set of `diets` becomes what to add and remove.
  static func productChange(_ body: JSONBody, from current: Product?) throws -> ProductChange {
    func text<T>(_ key: String, _ read: (String) throws -> T) throws -> PantryField<T> {
      guard let value = body.value(key) else { return .keep }
      if value == .null { return .clear }
      guard case .string(let text) = value else {
        throw RequestError(400, "\"\(key)\" must be a string or null, not \(value.typeName)")
      }
      if text.allSatisfy(\.isWhitespace) { return .clear }
      return .set(try read(text))
    }
    var change = ProductChange(
      name: try body.string("name"),
      packSize: try text("size") { try ProductRules.packSize($0) },
      shop: try text("shop") { $0 }, page: try text("page") { $0 },
      price: try text("price") { try ProductRules.price($0) },
      organic: try body.bool("organic"), storeBrand: try body.bool("storeBrand"))
    if let diets = try diets(body) {
      let had = current?.diets ?? []
      change.addDiets = diets.subtracting(had)
      change.removeDiets = had.subtracting(diets)
    }
    return change
  }

  /// A body's `"diets": ["vegan", …]`; nil when it sends none.
  static func diets(_ body: JSONBody) throws -> Set<Diet>? {
    guard let value = body.value("diets") else { return nil }
    guard case .array(let words) = value else {
      throw RequestError(400, "\"diets\" must be a list of dietary tags")
    }
    var diets: Set<Diet> = []
    for word in words {
      guard case .string(let text) = word else {
        throw RequestError(400, "\"diets\" must be a list of dietary tags")
      }
      guard let diet = Diet(word: text) else {
        throw ProductError.badDiet(String(text.prefix(40)))
      }
      diets.insert(diet)
    }
    return diets
  }

  // MARK: - Routes

  private func showTrip(_ book: TripBook) throws -> Response {
    let trip = try book.current()
    let (shops, current) = try book.shops.all()
    return .json(
      200,
      Self.object([
        ("trip", try trip.map { try Self.encoded(TripJSON.TripView($0)) } ?? Array("null".utf8)),
        ("shops", try Self.encoded(shops.map(\.name))),
        ("currentShop", try Self.encoded(shops.first { $0.id == current }?.name)),
        ("retailers", try Self.encoded(try book.products.retailers().map(\.name))),
      ]))
  }

  private func startTrip(_ book: TripBook, _ request: Request) throws -> Response {
    let body = try JSONBody(
      request, allowed: ["shop", "retailer", "organic", "diets", "cheapest", "storeBrand"])
    let destination: TripBook.Destination
    switch (try body.string("shop"), try body.string("retailer")) {
    case (_?, _?): throw RequestError(400, "give \"shop\" or \"retailer\", not both")
    case (let shop?, nil): destination = .shop(shop)
    case (nil, let retailer?): destination = .retailer(retailer)
    case (nil, nil): destination = .currentShop
    }
    let preferences = ShoppingPreferences(
      organicOnly: try body.bool("organic") ?? false, diets: try Self.diets(body) ?? [],
      cheapestFirst: try body.bool("cheapest") ?? false,
      storeBrandFirst: try body.bool("storeBrand") ?? false)
    let trip = try book.start(destination, preferences: preferences)
    return .json(201, Self.object([("trip", try Self.encoded(TripJSON.TripView(trip)))]))
  }

  private func stepTrip(_ book: TripBook, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["step", "at"])
    guard let name = try body.string("step") else {
      throw RequestError(400, "say which step: next, got, skip, accept, pause or resume")
    }
    let step: TripStep
    switch name {
    case "next": step = .next
    case "got": step = .got
    case "skip": step = .skip
    case "accept": step = .accept
    case "acceptSearches": step = .acceptSearches
    case "pause": step = .pause
    case "resume": step = .resume
    default:
      throw RequestError(
        400,
        "\"\(name.prefix(20))\" isn't a step: next, got, skip, accept, acceptSearches, pause or resume"
      )
    }
    if step != .pause, step != .resume { try expect(try body.uuid("at"), in: book) }
    let trip = step == .got ? try book.got() : try book.step(step)
    return .json(200, Self.object([("trip", try Self.encoded(TripJSON.TripView(trip)))]))
  }

  private func replaceOnTrip(_ book: TripBook, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["product", "make", "at"])
    try expect(try body.uuid("at"), in: book)
    let reference: String
    if let product = try body.string("product") {
      reference = product
    } else if case .object(let members)? = body.value("make") {
      var name: String?
      var size: IngredientQuantity?
      for (key, value) in members {
        switch (key, value) {
        case ("name", .string(let text)): name = text
        case ("size", .string(let text)) where !text.isEmpty:
          size = try ProductRules.packSize(text)
        case ("size", .null): break
        default:
          throw RequestError(400, "\"make\" takes \"name\" and \"size\", not \"\(key.prefix(20))\"")
        }
      }
      guard let name else { throw RequestError(400, "\"make\" needs a \"name\"") }
      let place = try book.current()?.place.name
      let product = try book.products.add(
        name,
        ProductChange(
          packSize: size.map { .set($0) } ?? .keep, shop: place.map { .set($0) } ?? .keep))
      reference = product.id.uuidString
    } else {
      throw RequestError(400, "say which product: {\"product\"} or {\"make\": {\"name\"}}")
    }
    let trip = try book.replace(with: reference)
    return .json(200, Self.object([("trip", try Self.encoded(TripJSON.TripView(trip)))]))
  }

  private func endTrip(_ book: TripBook, _ request: Request) throws -> Response {
    _ = try JSONBody(request, allowed: [])
    let (trip, summary, offers) = try book.end()
    let pantry = try book.pantry.store.pantry()
    let shown = offers.map { PantryJSON.Offer($0, joins: CheckinRules.entry(for: $0, in: pantry)) }
    return .json(
      200,
      Self.object([
        ("trip", try Self.encoded(TripJSON.TripView(trip))),
        ("summary", try Self.encoded(summary)),
        ("summaryText", try Self.encoded(summary.text)),
        ("offers", try Self.encoded(shown)),
      ]))
  }

  /// Refuses a step meant for another item than the one being settled or shown.
  private func expect(_ item: UUID?, in book: TripBook) throws {
    guard let item else { return }
    guard let trip = try book.current() else { throw TripError.noTrip }
    let now = trip.currentException ?? trip.currentStop
    guard now?.item == item else {
      throw RequestError(409, "the trip has moved on: this was meant for another item")
    }
  }
}
