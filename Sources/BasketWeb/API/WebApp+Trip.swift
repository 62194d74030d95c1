import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Shopping Trip routes, for the web app's trip screen (`#/trip`):
///
/// - `GET /api/v1/trip` → `{"trip": trip | null, "shops": [name], "currentShop": name | null,
///   "retailers": [name]}`
/// - `POST /api/v1/trip/start` `{"shop"? | "retailer"?, "organic"?, "diets"?: [tag],
///   "cheapest"?, "storeBrand"?}` (neither shop nor retailer: the current shop) → 201 `{"trip"}`
/// - `POST /api/v1/trip/step` `{"step": "next" | "got" | "skip" | "accept" |
///   "acceptSearches" | "pause" | "resume", "at"?: item id}` → `{"trip"}` ("acceptSearches"
///   settles every search for want of a product at once). With `at`, a step meant for another item than the
///   one being settled or shown (a double tap, a retry, another phone) is refused with 409 and
///   changes nothing.
/// - `POST /api/v1/trip/replace` `{"product": id | name}` or `{"make": {"name", "size"?}}`
///   (a new product, bought where the trip is), with `"at"?` → `{"trip"}`
/// - `POST /api/v1/trip/end` → `{"trip", "summary", "summaryText", "offers": [offer]}`
/// - `GET /api/v1/products` → `{"products": [product]}`
///
/// A trip is `TripJSON.TripView`; Basket claims no price, stock, cart or purchase.
extension WebApp {
  func trip(_ route: [String], _ request: Request) throws -> Response {
    guard let book = environment.trips else {
      return .error(503, "shopping trips are not available on this server")
    }
    do {
      switch route.first {
      case nil:
        return try only(["GET"], request) { try showTrip(book) }
      case "start" where route.count == 1:
        return try only(["POST"], request) { try startTrip(book, request) }
      case "step" where route.count == 1:
        return try only(["POST"], request) { try stepTrip(book, request) }
      case "replace" where route.count == 1:
        return try only(["POST"], request) { try replaceOnTrip(book, request) }
      case "end" where route.count == 1:
        return try only(["POST"], request) { try endTrip(book, request) }
      default:
        return .error(404, "no such API route")
      }
    } catch let error as TripError {
      switch error {
      case .noTrip: return .error(404, error.description)
      case .noPlace, .nothingToGet: return .error(400, error.description)
      default: return .error(409, error.description)
      }
    } catch let error as ProductError {
      switch error {
      case .unknownProduct, .unknownRetailer, .unknownPlace: return .error(404, error.description)
      default: return .error(400, error.description)
      }
    } catch let error as ShopError {
      switch error {
      case .unknown: return .error(404, error.description)
      default: return .error(400, error.description)
      }
    }
  }

  func products(_ request: Request) throws -> Response {
    guard let book = environment.trips else {
      return .error(503, "shopping trips are not available on this server")
    }
    return try only(["GET"], request) {
      let products = try book.products.list().map(TripJSON.ProductJSON.init)
      return .json(200, Self.object([("products", try Self.encoded(products))]))
    }
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
    var diets: Set<Diet> = []
    if let value = body.value("diets") {
      guard case .array(let words) = value else {
        throw RequestError(400, "\"diets\" must be a list of dietary tags")
      }
      for word in words {
        guard case .string(let text) = word else {
          throw RequestError(400, "\"diets\" must be a list of dietary tags")
        }
        guard let diet = Diet(word: text) else {
          throw ProductError.badDiet(String(text.prefix(40)))
        }
        diets.insert(diet)
      }
    }
    let preferences = ShoppingPreferences(
      organicOnly: try body.bool("organic") ?? false, diets: diets,
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
          do {
            size = try PantryAmount.read(text)
          } catch {
            throw ProductError.badPackSize(String(text.prefix(40)))
          }
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
