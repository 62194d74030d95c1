import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's lists (every rule is the core's `ListsRules`):
///
/// - `GET /api/v3/lists` → `{"lists": [{"id", "name", "toGet", "gotIt"}], "removed": [{"id",
///   "name", "removedAt"}]}`, the first list being the one used without `?list=`
/// - `POST /api/v3/lists` `{"name"}` → 201 and the new list
/// - `PATCH /api/v3/lists/ID` `{"name"?, "position"?}` → the list (position from 0)
/// - `DELETE /api/v3/lists/ID` → the list, its items waiting with it
/// - `POST /api/v3/lists/ID/restore` → the list, back last in the order
///
/// Every other route reads and changes the list `?list=ID` names (else the first): 404 for a
/// list that doesn't exist, 410 for one that was removed.
extension WebApp {
  /// The id of the list the request being handled names (`?list=`), on its thread.
  @TaskLocal static var requestList: UUID?

  /// Runs `body` on the list `request` names in `?list=`, or on the household's first.
  func onRequestList(_ request: Request, _ body: () throws -> Response) throws -> Response {
    guard let text = request.query["list"] else { return try body() }
    guard let id = UUID(uuidString: text) else {
      throw RequestError(400, "\"\(text.prefix(60))\" is not a list id")
    }
    guard let lists = basket.lists else {
      throw RequestError(404, "this server keeps one list")
    }
    return try Self.$requestList.withValue(id) {
      try listsAnswer { try lists.store.onList(id, body) }
    }
  }

  static let listsRoutes: [APIRoute] = [
    .init("GET", "lists") { app, _, _ in
      .json(200, try WebApp.listsJSON(try app.householdLists()))
    },
    .init("POST", "lists", .change) { app, request, _ in try app.addList(request) },
    .init("PATCH", "lists/*", .change) { app, request, route in
      try app.changeList(route[1], request)
    },
    .init("DELETE", "lists/*", .change) { app, _, route in
      let lists = try app.householdLists()
      let list = try app.listsAnswer { try lists.named(route[1]) }
      let removed = try app.listsAnswer { try lists.remove(list.id.uuidString) }
      app.wrote()
      return .json(200, try WebApp.listJSON(removed, lists))
    },
    .init("POST", "lists/*/restore", .change) { app, _, route in
      let lists = try app.householdLists()
      guard let id = UUID(uuidString: route[1]) else {
        throw RequestError(400, "\"\(route[1].prefix(60))\" is not a list id")
      }
      let list = try app.listsAnswer { try lists.restore(id.uuidString) }
      app.wrote()
      return .json(200, try WebApp.listJSON(list, lists))
    },
  ]

  /// The household's lists, when this server keeps more than one.
  private func householdLists() throws -> HouseholdLists {
    guard let lists = basket.lists else {
      throw RequestError(503, "this server keeps one list")
    }
    return lists
  }

  private func addList(_ request: Request) throws -> Response {
    let lists = try householdLists()
    let body = try JSONBody(request, allowed: ["name"])
    guard let name = try body.string("name") else {
      throw RequestError(400, "send the list's \"name\"")
    }
    let list = try listsAnswer { try lists.add(name) }
    wrote()
    return .json(201, try Self.listJSON(list, lists))
  }

  private func changeList(_ reference: String, _ request: Request) throws -> Response {
    let lists = try householdLists()
    let list = try listsAnswer { try lists.named(reference) }
    let body = try JSONBody(request, allowed: ["name", "position"])
    let name = try body.string("name")
    var position: Int?
    if let value = body.value("position") {
      guard case .number(let number) = value, number == number.rounded(),
        number >= 0, number < Double(ListsRules.maxLists)
      else {
        throw RequestError(
          422, "\"position\" is a whole number from 0 to \(ListsRules.maxLists - 1)")
      }
      position = Int(number)
    }
    guard name != nil || position != nil else {
      throw RequestError(400, "send the list's new \"name\" or \"position\"")
    }
    var changed = list
    try listsAnswer {
      if let name { changed = try lists.rename(list.id.uuidString, to: name) }
      if let position { changed = try lists.move(list.id.uuidString, to: position) }
    }
    wrote()
    return .json(200, try Self.listJSON(changed, lists))
  }

  /// `body`, its `ListsError` as the status that fits it.
  @discardableResult
  func listsAnswer<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ListsError {
      switch error {
      case .noSuchList: throw RequestError(404, error.description)
      case .removed: throw RequestError(410, error.description)
      case .duplicate, .lastList, .notRemoved: throw RequestError(409, error.description)
      case .badName: throw RequestError(422, error.description)
      }
    }
  }

  static func listsJSON(_ lists: HouseholdLists) throws -> JSONValue {
    .object([
      ("lists", .array(try lists.all().map { try listJSON($0, lists) })),
      (
        "removed",
        .array(
          try lists.removed().map {
            .object([
              ("id", .string($0.id.uuidString)), ("name", .string($0.name)),
              ("removedAt", .string(ISO8601.string($0.removedAt ?? .distantPast))),
            ])
          })
      ),
    ])
  }

  static func listJSON(_ list: ShoppingList, _ lists: HouseholdLists) throws -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(list.id.uuidString)), ("name", .string(list.name)),
      ("position", .number(Double(list.position))),
    ]
    if let removed = list.removedAt {
      // NB: a removed list's items can't be read until it is restored.
      members.append(("removedAt", .string(ISO8601.string(removed))))
      return .object(members)
    }
    let counts = try lists.counts(of: list)
    members += [("toGet", .number(Double(counts.toGet))), ("gotIt", .number(Double(counts.gotIt)))]
    return .object(members)
  }
}
