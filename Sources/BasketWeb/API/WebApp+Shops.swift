import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The shop routes, for the list in walking order on the web (every rule is the core's
/// `ShopBook`):
///
/// - `GET /api/v3/shops` → `{"shops": [{"id", "name", "aisles": [{"category", "title"}]}],
///   "current": id | null}` (`aisles`: what the shop has learnt, in walking order)
/// - `POST /api/v3/shops` `{"name"}` → 201 `{"shop"}`: adds one (the first becomes current)
/// - `PUT /api/v3/shops/current` `{"shop": name | null}` → the shops, with that one current
///   (null: none; check-offs then teach no shop)
/// - `PATCH /api/v3/shops/ID` `{"name"}` → `{"shop"}`: renamed, what it learnt kept
/// - `POST /api/v3/shops/ID/aisles` `{"category", "offset"}` → the shops: that learnt aisle
///   moved (-1: one nearer the door), taught to the shop
/// - `DELETE /api/v3/shops/ID` → the shops, without it and what it learnt
/// - `GET /api/v3/walking-order` → `{"shop": {"id", "name"} | null, "stretches": [{"category",
///   "title", "items": [id]}]}`: To get in the current shop's walking order, one stretch per
///   category
/// - `POST /api/v3/walking-order` `{"order": [id]}`: To get as the user left it after moving
///   an item or a category; taught to the current shop as a correction, and answered with the
///   walking order it now gives. Ids no longer To get (changed meanwhile) are passed over.
extension WebApp {
  static let shopRoutes: [APIRoute] = [
    .init("GET", "shops") { app, _, _ in .json(200, try app.shopsJSON(try app.shopBook())) },
    .init("POST", "shops", .change) { app, request, _ in
      let book = try app.shopBook()
      let body = try JSONBody(request, allowed: ["name"])
      guard let name = try body.string("name") else {
        throw RequestError(400, "send the shop's \"name\"")
      }
      let shop = try app.shopAnswer { try book.add(name) }
      return .json(201, .object([("shop", WebApp.shopJSON(shop))]))
    },
    .init("PUT", "shops/current", .change) { app, request, _ in
      let book = try app.shopBook()
      let body = try JSONBody(request, allowed: ["shop"])
      guard body.has("shop") else {
        throw RequestError(400, "send \"shop\": a shop's name, or null for none")
      }
      if body.value("shop") == .null {
        try book.leave()
      } else if let name = try body.string("shop") {
        try app.shopAnswer { try book.use(name) }
      }
      return .json(200, try app.shopsJSON(book))
    },
    .init("PATCH", "shops/*", .change) { app, request, route in
      let book = try app.shopBook()
      let shop = try app.shop(route[1], in: book)
      let body = try JSONBody(request, allowed: ["name"])
      guard let name = try body.string("name") else {
        throw RequestError(400, "send the shop's new \"name\"")
      }
      let renamed = try app.shopAnswer { try book.rename(shop.name, to: name) }
      return .json(200, .object([("shop", WebApp.shopJSON(renamed))]))
    },
    .init("DELETE", "shops/*", .change) { app, _, route in
      let book = try app.shopBook()
      let shop = try app.shop(route[1], in: book)
      _ = try book.store.removeShop(shop.id)
      return .json(200, try app.shopsJSON(book))
    },
    .init("POST", "shops/*/aisles", .change) { app, request, route in
      let book = try app.shopBook()
      let shop = try app.shop(route[1], in: book)
      let body = try JSONBody(request, allowed: ["category", "offset"])
      guard let category = try body.string("category"),
        case .number(let offset)? = body.value("offset"), offset == offset.rounded(),
        abs(offset) <= 100
      else {
        throw RequestError(
          400, "send the aisle's \"category\" and \"offset\", a whole number (-1: up one)")
      }
      do {
        try book.moveAisle(category, of: shop, by: Int(offset))
      } catch let error as ShopError {
        throw RequestError(422, error.description)
      }
      return .json(200, try app.shopsJSON(book))
    },
    .init("GET", "walking-order") { app, request, _ in try app.walkingOrder(request) },
    .init("POST", "walking-order", .change) { app, request, _ in try app.walkingOrder(request) },
  ]

  private func shopBook() throws -> ShopBook {
    guard let book = environment.shops else {
      throw RequestError(503, "this server keeps no shops")
    }
    return book
  }

  func walkingOrder(_ request: Request) throws -> Response {
    guard let book = environment.shops else {
      throw RequestError(503, "this server keeps no shops")
    }
    guard let shop = try book.current() else {
      if request.method == "POST" {
        throw RequestError(409, "choose the shop you are in first")
      }
      return .json(200, .object([("shop", .null), ("stretches", .array([]))]))
    }
    if request.method == "POST" {
      let body = try JSONBody(request, allowed: ["order"])
      guard case .array(let values)? = body.value("order") else {
        throw RequestError(400, "send \"order\": the To get item ids in their new order")
      }
      let ids = try values.map { value -> UUID in
        guard case .string(let text) = value, let id = UUID(uuidString: text) else {
          throw RequestError(400, "\"order\" must hold item ids")
        }
        return id
      }
      let toGet = Dictionary(
        try environment.basket.sections().toGet.map { ($0.id, $0) }
      ) { first, _ in first }
      var seen = Set<UUID>()
      try book.correct(shop, order: ids.compactMap { seen.insert($0).inserted ? toGet[$0] : nil })
    }
    let stretches = try book.toGet(in: shop)
    return .json(
      200,
      .object([
        ("shop", Self.shopJSON(shop)),
        (
          "stretches",
          .array(
            stretches.map { stretch in
              .object([
                ("category", stretch.category.map(JSONValue.string) ?? .null),
                ("title", .string(stretch.title)),
                ("items", .array(stretch.items.map { .string($0.id.uuidString.lowercased()) })),
              ])
            })
        ),
      ]))
  }

  private func shopsJSON(_ book: ShopBook) throws -> JSONValue {
    let (shops, current) = try book.all()
    return .object([
      (
        "shops",
        .array(
          try shops.map { shop in
            var json = Self.shopJSON(shop)
            if case .object(var members) = json {
              // NB: the aisles it has learnt, in walking order, with their headings.
              members.append(
                (
                  "aisles",
                  .array(
                    try book.aisles(of: shop).map {
                      .object([
                        ("category", .string($0)), ("title", .string(ShopBook.title(of: $0))),
                      ])
                    })
                ))
              json = .object(members)
            }
            return json
          })
      ),
      ("current", current.map { .string($0.uuidString.lowercased()) } ?? .null),
    ])
  }

  /// The shop a path names: its id, else its name (or a unique beginning of it).
  private func shop(_ reference: String, in book: ShopBook) throws -> Shop {
    try shopAnswer {
      let id = UUID(uuidString: reference)
      return try book.all().shops.first { $0.id == id } ?? book.find(reference)
    }
  }

  private static func shopJSON(_ shop: Shop) -> JSONValue {
    .object([("id", .string(shop.id.uuidString.lowercased())), ("name", .string(shop.name))])
  }

  /// Runs `body`, answering a shop the user can't have as 400 (a bad name), 404 (no such
  /// shop) or 409 (the name is taken, or it could be two shops).
  @discardableResult
  private func shopAnswer(_ body: () throws -> Shop) throws -> Shop {
    do {
      return try body()
    } catch let error as ShopError {
      switch error {
      case .emptyName, .nameTooLong: throw RequestError(400, error.description)
      case .unknown: throw RequestError(404, error.description)
      case .nameTaken, .ambiguous: throw RequestError(409, error.description)
      case .unknownAisle: throw RequestError(422, error.description)
      }
    }
  }
}
