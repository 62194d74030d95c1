import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WebApp {
  // MARK: - Reading

  /// GET /api/v1/list: `{"toGet", "gotIt", "undoUntil", "now", "mood"}`.
  func list() throws -> Response {
    let now = basket.now
    let writes = localWrites.load(ordering: .acquiring)
    let reported = reportedRevision.load(ordering: .acquiring)
    let current: ListSnapshot
    if reported != .min, let cached = snapshot.read(), cached.revision == reported,
      cached.localWrites == writes, now < cached.validUntil
    {
      current = cached
    } else {
      let revision = try basket.store.revision()
      if reported == .min, let cached = snapshot.read(), cached.revision == revision,
        cached.localWrites == writes, now < cached.validUntil
      {
        current = cached
      } else {
        current = ListSnapshot(
          revision: revision, localWrites: writes, items: try basket.store.items(), now: now,
          timeZone: environment.timeZone, json: itemJSON)
        snapshot.write(current)
      }
    }
    let mood = current.mood
    var out: [UInt8] = []
    out.reserveCapacity(current.toGet.count + current.gotIt.count + 256)
    out.append(contentsOf: #"{"toGet":"#.utf8)
    out.append(contentsOf: current.toGet)
    out.append(contentsOf: #","gotIt":"#.utf8)
    out.append(contentsOf: current.gotIt)
    out.append(contentsOf: #","undoUntil":"#.utf8)
    let undo: JSONValue = current.undoDeadline.map { .string(ISO8601.string($0)) } ?? .null
    undo.write(to: &out)
    out.append(contentsOf: #","now":"#.utf8)
    JSONValue.string(ISO8601.string(now)).write(to: &out)
    out.append(contentsOf: #","mood":"#.utf8)
    JSONValue.object([
      ("tint", .string(mood.tint.rawValue)),
      ("accent", mood.seasonalAccent.map(JSONValue.string) ?? .null),
      ("emptyLine", .string(mood.emptyLine)),
    ]).write(to: &out)
    out.append(UInt8(ascii: "}"))
    return .json(200, out)
  }

  /// GET /api/v1/suggestions?q=…
  func suggestions(_ request: Request) throws -> Response {
    let query = request.query["q"] ?? ""
    guard query.count <= ListTiming.maxNameLength else {
      throw RequestError(400, "\"q\" is too long")
    }
    return chips(try basket.suggestions(for: query, limit: try limit(request)))
  }

  /// GET /api/v1/usuals
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

  /// GET /api/v1/quantity-rules: the stepper's step, starting amount and maximum per unit, and
  /// the words that name each unit (for the typed-amount rule).
  func quantityRules() -> Response {
    let units = MeasureUnit.allCases.map { unit -> (String, JSONValue) in
      let start = QuantityRules.switching(Quantity(amount: 0, unit: .units), to: unit)
      let startAmount =
        unit == .units ? QuantityRules.startingQuantity(for: .counted).amount : start.amount
      return (
        unit.rawValue,
        .object([
          ("step", .number(QuantityRules.step(for: unit))),
          ("start", .number(startAmount)),
          ("max", .number(QuantityRules.maximum(for: unit))),
          ("dimension", .string("\(unit.dimension)")),
          ("words", .array(unit.words.map(JSONValue.string))),
        ])
      )
    }
    return .json(200, .object([("units", .object(units))]))
  }

  // MARK: - Changing

  /// POST /api/v1/items `{"name" | "text", "id"?, "quantity"?}`.
  ///
  /// `name` is taken as it is; `text` is what someone typed in the add bar, so a quantity in it
  /// is understood ("2 l milk"). Replaying the same `id` changes nothing.
  func add(_ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["name", "text", "id", "quantity"])
    let name = try body.string("name")
    let text = try body.string("text")
    let id = try body.uuid("id")
    let quantity = try body.quantity()
    let result: Basket.AddResult
    switch (name, text) {
    case (let name?, nil):
      var given: Quantity?
      if case .set(let value) = quantity { given = value }
      result = try basket.add(name: name, quantity: given, id: id)
    case (nil, let text?):
      guard quantity == .absent else {
        throw RequestError(400, "\"quantity\" goes with \"name\", not with \"text\"")
      }
      result = try basket.add(text: text, id: id)
    case (nil, nil):
      throw RequestError(400, "say what to add: \"name\" (or \"text\")")
    case (_?, _?):
      throw RequestError(400, "send either \"name\" or \"text\", not both")
    }
    let outcome: String
    switch result.outcome {
    case .added: outcome = "added"
    case .bumped: outcome = "bumped"
    case .restored: outcome = "restored"
    case .replayed: outcome = "replayed"
    }
    let status = if case .added = result.outcome { 201 } else { 200 }
    return .json(
      status, .object([("outcome", .string(outcome)), ("item", itemJSON.value(result.item))]))
  }

  /// POST /api/v1/items/{id}/check: idempotent. Says whether To get just became empty.
  func check(_ id: UUID) throws -> Response {
    let outcome = try basket.check(id)
    return .json(200, .object([("allDone", .bool(outcome.allDone))]))
  }

  /// POST /api/v1/items/{id}/uncheck: idempotent.
  func uncheck(_ id: UUID) throws -> Response {
    try basket.uncheck(id)
    return try itemResponse(id)
  }

  /// PATCH /api/v1/items/{id} `{"name"?, "quantity"?: {"amount", "unit"} | null}`.
  ///
  /// Both may be sent: one transaction renames first (it resets the quantity), then sets the
  /// quantity, checked against the new name. If either is refused, neither happens.
  func update(_ id: UUID, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["name", "quantity"])
    let name = try body.string("name")
    let change: Basket.QuantityChange
    switch try body.quantity() {
    case .absent: change = .keep
    case .clear: change = .clear
    case .set(let value): change = .set(value)
    }
    guard name != nil || change != .keep else {
      throw RequestError(400, "nothing to change: send \"name\" and/or \"quantity\"")
    }
    let item = try basket.update(id, name: name, quantity: change)
    return .json(200, .object([("item", itemJSON.value(item))]))
  }

  /// DELETE /api/v1/items/{id}. A second delete of the same id gets 404: the item is gone
  /// either way, so a replaying client can treat 404 as done.
  func remove(_ id: UUID) throws -> Response {
    try basket.remove(id)
    return .noContent
  }

  /// POST /api/v1/clear: Clear all. `undoUntil` is the token for a matching undo.
  func clear(_ request: Request) throws -> Response {
    _ = try JSONBody(request, allowed: [])
    let count = try basket.clearGotIt()
    let deadline = try basket.undoDeadline()
    return .json(
      200,
      .object([
        ("cleared", .number(Double(count))),
        ("undoUntil", deadline.map { .string(ISO8601.string($0)) } ?? .null),
      ]))
  }

  /// POST /api/v1/undo `{"until"?}`: brings back the latest clear. With `until` (the clear's
  /// `undoUntil`) it only undoes that clear, so a replay can never undo a later one.
  func undo(_ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["until"])
    if let until = try body.string("until") {
      guard let wanted = ISO8601.date(until) else {
        throw RequestError(400, "\"until\" must be the undoUntil time a clear returned")
      }
      guard let deadline = try basket.undoDeadline(),
        ISO8601.string(deadline) == ISO8601.string(wanted)
      else { throw ListError.nothingToUndo }
    }
    let count = try basket.undoClear()
    return .json(200, .object([("restored", .number(Double(count)))]))
  }

  // MARK: - Helpers

  private func visibleItem(_ id: UUID) throws -> Item? {
    let sections = try basket.sections()
    return sections.toGet.first { $0.id == id } ?? sections.gotIt.first { $0.id == id }
  }

  private func itemResponse(_ id: UUID) throws -> Response {
    guard let item = try visibleItem(id) else { throw ListError.unknownItem(id.uuidString) }
    return .json(200, .object([("item", itemJSON.value(item))]))
  }
}
