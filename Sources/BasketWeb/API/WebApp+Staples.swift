import BasketKit

/// The always-have list's routes, for the Pantry screen (every rule is the core's
/// `StapleBook`):
///
/// - `GET /api/v3/staples` → `{"staples": [name], "suggested": bool}` (`suggested`: the list
///   was never changed, so it is the suggestion)
/// - `POST /api/v3/staples` `{"name"}` → 201 and the list, with it added
/// - `POST /api/v3/staples/remove` `{"name"}` → the list, without it
extension WebApp {
  static let stapleRoutes: [APIRoute] = [
    .init("GET", "staples") { app, _, _ in
      .json(200, WebApp.staplesJSON(try app.stapleBook().list()))
    },
    .init("POST", "staples", .change) { app, request, _ in
      let book = try app.stapleBook()
      let name = try WebApp.stapleName(request)
      return .json(201, WebApp.staplesJSON(try app.stapleAnswer { try book.add(name) }))
    },
    .init("POST", "staples/remove", .change) { app, request, _ in
      let book = try app.stapleBook()
      let name = try WebApp.stapleName(request)
      return .json(200, WebApp.staplesJSON(try app.stapleAnswer { try book.remove(name) }))
    },
  ]

  private func stapleBook() throws -> StapleBook {
    guard let book = environment.staples else {
      throw RequestError(503, "this server keeps no always-have list")
    }
    return book
  }

  /// The household's staples for encoding recipes; none when the server keeps no list.
  var staples: Staples { (try? environment.staples?.list()) ?? .none }

  private static func stapleName(_ request: Request) throws -> String {
    let body = try JSONBody(request, allowed: ["name"])
    guard let name = try body.string("name") else {
      throw RequestError(400, "send the staple's \"name\"")
    }
    return name
  }

  private func stapleAnswer(_ body: () throws -> Staples) throws -> Staples {
    do {
      return try body()
    } catch let error as StapleError {
      switch error {
      case .alreadyThere: throw RequestError(409, error.description)
      case .notThere: throw RequestError(404, error.description)
      default: throw RequestError(422, error.description)
      }
    }
  }

  static func staplesJSON(_ staples: Staples) -> JSONValue {
    .object([
      ("staples", .array(staples.names.map(JSONValue.string))),
      ("suggested", .bool(!staples.chosen)),
    ])
  }
}
