import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WebApp {
  // MARK: - Reading

  /// GET /api/v3/suggestions?q=…
  func suggestions(_ request: Request) throws -> Response {
    let query = request.query["q"] ?? ""
    guard query.count <= ListTiming.maxNameLength else {
      throw RequestError(400, "\"q\" is too long")
    }
    return chips(try basket.suggestions(for: query, limit: try limit(request)))
  }

  /// GET /api/v3/usuals
  func usuals(_ request: Request) throws -> Response {
    chips(try basket.usuals(limit: try limit(request)))
  }

  private func limit(_ request: Request) throws -> Int {
    guard let text = request.query["limit"] else { return SuggestionEngine.defaultLimit }
    guard let limit = Int(text), (1...20).contains(limit) else {
      throw RequestError(400, "\"limit\" must be a whole number from 1 to 20")
    }
    return limit
  }

  private func chips(_ suggestions: [Suggestion]) -> Response {
    .json(
      200,
      .object([
        (
          "suggestions",
          .array(
            suggestions.map { suggestion in
              .object([
                ("name", .string(suggestion.name)),
                ("emoji", .string(basket.classify(suggestion.name).emoji)),
                ("source", .string(suggestion.source.rawValue)),
              ])
            })
        )
      ]))
  }

  /// GET /api/v3/quantity-rules: the stepper's step, starting amount and maximum per unit, and
  /// the words that name each unit (for the typed-amount rule); and for each recipe unit
  /// (`recipeUnits`: cup, tbsp, can…) its step, maximum, words for one and many, and whether
  /// it is written in decimals, for editing an amount in a recipe's own unit.
  func quantityRules() -> Response {
    .json(200, QuantityRules.table())
  }

  // MARK: - Changing

  // Every route below takes an optional `op` (a UUID the client made for this change) and
  // `at` (when the user made it) and runs as a batch of one operation (`Basket.apply`): a
  // retried request with the same `op` never applies twice. Each answer carries `revision`.

  /// POST /api/v3/items `{"name" | "text", "id"?, "quantity"? | "amount"?, "op"?, "at"?}`.
  ///
  /// `name` is taken as it is, with a stepper `quantity` or an `amount` in any kitchen unit
  /// (`{"amount": 2, "unit": "lb"}`); `text` is what someone typed in the add bar, read as the
  /// add bar reads it ("2 tins chopped tomatoes"), one item per add. Replaying the same `id`
  /// (or `op`) changes nothing.
  func add(_ request: Request) throws -> Response {
    let body = try JSONBody(
      request, allowed: ["name", "text", "id", "quantity", "amount"] + Self.opFields)
    let name = try body.string("name")
    let text = try body.string("text")
    let id = try body.uuid("id") ?? basket.environment.ids()
    let quantity = try body.quantity()
    let amount = try body.recipeAmount("amount")
    let entry: ListOperation.Entry
    switch (name, text) {
    case (let name?, nil):
      if let amount {
        guard quantity == .absent else {
          throw RequestError(400, "send \"quantity\" or \"amount\", not both")
        }
        entry = .measured(name, amount)
      } else {
        var given: Quantity?
        if case .set(let value) = quantity { given = value }
        entry = .name(name, given)
      }
    case (nil, let text?):
      guard quantity == .absent, amount == nil else {
        let other = amount == nil ? "quantity" : "amount"
        throw RequestError(400, "\"\(other)\" goes with \"name\", not with \"text\"")
      }
      entry = .text(text)
    case (nil, nil):
      throw RequestError(400, "say what to add: \"name\" (or \"text\")")
    case (_?, _?):
      throw RequestError(400, "send either \"name\" or \"text\", not both")
    }
    let result: OperationResult
    do {
      result = try apply(.add(item: id, entry), body)
    } catch Refusal.gone(let tombstone) {
      throw RequestError(409, Refusal.gone(tombstone).description)
    }
    guard let item = result.touched else { throw ListError.unknownItem(id.uuidString) }
    var outcome = "replayed"
    var status = 200
    if case .added(let added) = result.effect {
      outcome = added.word
      if case .added = added { status = 201 }
    }
    return try answer(
      status, [("outcome", .string(outcome)), ("item", itemJSON.value(item, version(request)))])
  }

  /// POST /api/v3/items/{id}/check `{"op"?, "at"?}`: idempotent. Says whether To get just
  /// became empty.
  func check(_ id: UUID, _ request: Request) throws -> Response {
    let result = try apply(.check(id), try JSONBody(request, allowed: Self.opFields))
    var allDone = false
    if case .checked(let done) = result.effect { allDone = done }
    return try answer(200, [("allDone", .bool(allDone))])
  }

  /// POST /api/v3/items/{id}/uncheck `{"op"?, "at"?}`: idempotent.
  func uncheck(_ id: UUID, _ request: Request) throws -> Response {
    try itemAnswer(
      apply(.uncheck(id), try JSONBody(request, allowed: Self.opFields)), id, version(request))
  }

  /// PATCH /api/v3/items/{id} `{"name"?, "quantity"?: {"amount", "unit"} | null, "note"?: text |
  /// null, "op"?, "at"?}`.
  ///
  /// Name and quantity may be sent together: one operation renames first (it resets the
  /// quantity), then sets the quantity, checked against the new name. If either is refused,
  /// neither happens. A note ("" or null clears it) is a change of its own, sent alone.
  func update(_ id: UUID, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["name", "quantity", "note"] + Self.opFields)
    if let value = body.value("note") {
      guard body.value("name") == nil, body.value("quantity") == nil else {
        throw RequestError(400, "send \"note\" on its own, not with \"name\" or \"quantity\"")
      }
      let note: String?
      switch value {
      case .null: note = nil
      case .string(let text): note = text
      default: throw RequestError(400, "\"note\" must be text or null")
      }
      return try itemAnswer(apply(.note(id, note), body), id, version(request))
    }
    let name = try body.string("name")
    let change: Basket.QuantityChange
    switch try body.quantity() {
    case .absent: change = .keep
    case .clear: change = .clear
    case .set(let value): change = .set(value)
    }
    let operation: ListOperation.Change
    switch (name, change) {
    case (let name?, _): operation = .rename(id, name: name, then: change)
    case (nil, .set(let quantity)): operation = .quantity(id, quantity)
    case (nil, .clear): operation = .quantity(id, nil)
    case (nil, .keep):
      throw RequestError(400, "nothing to change: send \"name\", \"quantity\" or \"note\"")
    }
    return try itemAnswer(apply(operation, body), id, version(request))
  }

  /// DELETE /api/v3/items/{id} `{"op"?, "at"?}`. A second delete of the same id gets 404 (the
  /// item is gone either way, so a replaying client can treat 404 as done); with the same
  /// `op` it gets 204 again.
  func remove(_ id: UUID, _ request: Request) throws -> Response {
    _ = try apply(.remove(id), try JSONBody(request, allowed: Self.opFields))
    var response = Response.noContent
    response.headers.append(.init("Basket-Revision", String(try basket.store.revision())))
    return response
  }

  /// POST /api/v3/clear `{"items"?, "op"?, "at"?}`: Clear all (of `items` only, when sent: the
  /// Got it items the page showed). `undoUntil` is the token for a matching undo.
  func clear(_ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["items"] + Self.opFields)
    var ids: [UUID]?
    if let value = body.value("items") {
      let problem = RequestError(400, "\"items\" must be an array of item ids")
      guard case .array(let members) = value else { throw problem }
      ids = try members.map { member in
        guard case .string(let text) = member, let id = UUID(uuidString: text) else {
          throw problem
        }
        return id
      }
    }
    let result = try apply(.clear(items: ids), body)
    var count = 0
    var deadline: Date?
    if case .cleared(let hidden, let until) = result.effect {
      count = hidden.count
      deadline = result.status == .applied ? try basket.undoDeadline() : until
    }
    return try answer(
      200,
      [
        ("cleared", .number(Double(count))),
        ("undoUntil", deadline.map { .string(ISO8601.string($0)) } ?? .null),
      ])
  }

  /// POST /api/v3/undo `{"clear"? | "until"?, "op"?, "at"?}`: brings back a clear. `clear` (the
  /// clear's `op`) names the clear to undo; `until` (the clear's `undoUntil`) undoes the latest
  /// clear only if it is that one, so a replay can never undo a later one; with neither, the
  /// latest clear.
  func undo(_ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["until", "clear"] + Self.opFields)
    let clear = try body.uuid("clear")
    if let until = try body.string("until") {
      guard clear == nil else {
        throw RequestError(400, "send either \"clear\" or \"until\", not both")
      }
      guard let wanted = ISO8601.date(until) else {
        throw RequestError(400, "\"until\" must be the undoUntil time a clear returned")
      }
      guard let deadline = try basket.undoDeadline(),
        ISO8601.string(deadline) == ISO8601.string(wanted)
      else { throw ListError.nothingToUndo }
    }
    let result = try apply(.undo(clear: clear), body)
    var count = 0
    if case .restored(let restored) = result.effect { count = restored.count }
    return try answer(200, [("restored", .number(Double(count)))])
  }

  // MARK: - Helpers

  /// The members every changing route accepts besides its own.
  static let opFields = ["op", "at"]

  /// Applies `change` as a batch of one, with the body's `op` and `at`; a refusal is thrown.
  private func apply(_ change: ListOperation.Change, _ body: JSONBody) throws -> OperationResult {
    let op = try body.uuid("op")
    var at: Date?
    if let text = try body.string("at") {
      guard let date = ISO8601.date(text) else {
        throw RequestError(400, "\"at\" must be a time such as 2026-12-01T09:00:00.000Z")
      }
      at = date
    }
    let result = try basket.apply(change, at: at, recordingAs: op)
    if result.status == .applied { wrote() }
    if let refusal = result.refusal { throw refusal }
    return result
  }

  private func answer(_ status: Int, _ members: [(String, JSONValue)]) throws -> Response {
    .json(status, .object(members + [("revision", .number(Double(try basket.store.revision())))]))
  }

  /// The API version a request speaks (its path's); the current one for a path without.
  func version(_ request: Request) -> APIVersion {
    APIVersion(path: request.path) ?? .current
  }

  private func itemAnswer(_ result: OperationResult, _ id: UUID, _ version: APIVersion) throws
    -> Response
  {
    guard let item = result.touched, item.clearedAt == nil else {
      throw ListError.unknownItem(id.uuidString)
    }
    return try answer(200, [("item", itemJSON.value(item, version))])
  }
}
