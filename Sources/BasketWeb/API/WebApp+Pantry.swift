import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the pantry routes need: the pantry, and a barcode reader for photos (an adapter's,
/// passed in, so this target needs no zbar and route tests need no photos).
public struct PantryServices: Sendable {
  public var book: PantryBook
  /// The product codes on a photo (the file's bytes, and the name its messages use), through
  /// zbar; throws an error whose description says why for the user. Nil: no photo scanning.
  public var readBarcodes: (@Sendable ([UInt8], String) throws -> ScannedCodes)?

  public init(
    book: PantryBook, readBarcodes: (@Sendable ([UInt8], String) throws -> ScannedCodes)? = nil
  ) {
    self.book = book
    self.readBarcodes = readBarcodes
  }
}

/// The pantry and check-in routes, for the web app's Pantry screen and the check-in card.
/// Every rule is the core's (`PantryBook`, `PantryRules`, `CheckinRules`); amounts are text
/// the core reads ("500 g", "1,5 l", "2 cups", "6"), entries have `PantryJSON.Entry`'s shape
/// and offers `PantryJSON.Offer`'s.
///
/// - `GET /api/v3/pantry` (`?q=` searches) → `{"entries"}`
/// - `POST /api/v3/pantry` `{"name"?, "barcode"?, "packages"?, "packageSize"?, "left"?,
///   "note"?}` → `{"outcome": "added"|"merged", "entry", "before"}` (201 when added)
/// - `GET | PATCH | DELETE /api/v3/pantry/{id}` → `{"entry"}`; PATCH takes `"name"`,
///   `"packages"`, and `"barcode"`, `"packageSize"`, `"left"`, `"note"` (null clears them)
/// - `POST /api/v3/pantry/{id}/use` `{"amount"} | {"all": true}` → `{"entry", "taken",
///   "ranOut"}`
/// - `GET /api/v3/pantry/barcodes/{code}` → `{"code", "format", "key", "status": "inPantry" |
///   "named" | "unknown", "entry", "name"}`; an invalid code is 400 saying which check failed
/// - `POST /api/v3/pantry/scan` `{"photo": base64, "name"?}` → the same as a typed code
/// - `GET /api/v3/checkin` → `{"offers"}` (those waiting); `POST /api/v3/checkin`
///   `{"everything"?}` offers what was checked off first
/// - `POST /api/v3/checkin/{id}/accept` `{"amount"?}` → `{"outcome", "entry", "before",
///   "offers"}`; `POST /api/v3/checkin/{id}/skip` → `{"offers"}`. "Not yet" is no request:
///   the offer waits.
extension WebApp {
  static let pantryScanRoute: Substring = "pantry/scan"

  static let pantryRoutes: [APIRoute] = [
    .init("GET", "pantry") { app, request, _ in
      try app.withPantry { try app.listPantry($0, request) }
    },
    .init("POST", "pantry", .change) { app, request, _ in
      try app.withPantry { try app.addToPantry($0, request) }
    },
    .init("POST", "pantry/scan") { app, request, _ in
      try app.withPantry { try app.scanPhoto($0, request) }
    },
    .init("GET", "pantry/barcodes/*") { app, _, route in
      try app.withPantry { try app.lookUp($0, try WebApp.barcode(route[2])) }
    },
    .init("GET", "pantry/*") { app, _, route in
      try app.withEntry(route) { services, id in
        try app.entryResponse(200, try services.book.entry(id: id))
      }
    },
    .init("PATCH", "pantry/*", .change) { app, request, route in
      try app.withEntry(route) { try app.editEntry($0, $1, request) }
    },
    .init("DELETE", "pantry/*", .change) { app, _, route in
      try app.withEntry(route) { services, id in
        try app.entryResponse(200, try services.book.remove(id: id))
      }
    },
    .init("POST", "pantry/*/use", .change) { app, request, route in
      try app.withEntry(route) { try app.useEntry($0, $1, request) }
    },
    .init("GET", "checkin") { app, _, _ in
      try app.withPantry { try app.offers($0.book, []) }
    },
    .init("POST", "checkin", .change) { app, request, _ in
      try app.withPantry { services in
        let body = try JSONBody(request, allowed: ["everything"])
        let checked = try app.basket.sections().gotIt
        _ = try services.book.checkin(checked, everything: try body.bool("everything") ?? false)
        return try app.offers(services.book, [])
      }
    },
    .init("POST", "checkin/*/accept", .change) { app, request, route in
      try app.withPantry { services in
        let id = try WebApp.pantryID(route[1], "an offer id")
        let body = try JSONBody(request, allowed: ["amount"])
        let amount = try WebApp.amount(body, "amount").map { PantryField.set($0) } ?? .keep
        let result = try services.book.accept(id, amount: amount)
        return try app.offers(services.book, WebApp.added(result))
      }
    },
    .init("POST", "checkin/*/skip", .change) { app, request, route in
      try app.withPantry { services in
        let id = try WebApp.pantryID(route[1], "an offer id")
        _ = try JSONBody(request, allowed: [])
        try services.book.skip(id)
        return try app.offers(services.book, [])
      }
    },
  ]

  /// Runs a pantry or check-in route's `body` with the server's pantry (503 without one), its
  /// refusals as the statuses that fit them (`pantryErrors`).
  private func withPantry(_ body: (PantryServices) throws -> Response) throws -> Response {
    guard let services = environment.pantry else {
      return .error(503, "the pantry is not available on this server")
    }
    return try pantryErrors { try body(services) }
  }

  /// Runs `body` with the pantry and the id of the entry the route names (`pantry/ID…`).
  private func withEntry(_ route: [String], _ body: (PantryServices, UUID) throws -> Response)
    throws -> Response
  {
    try withPantry { services in try body(services, try Self.pantryID(route[1], "an entry id")) }
  }

  // MARK: - Entries

  /// `GET /api/v3/pantry[?q=TEXT]`
  private func listPantry(_ services: PantryServices, _ request: Request) throws -> Response {
    let entries: [PantryEntry]
    if let query = request.query["q"] {
      guard query.count <= 200 else { throw RequestError(400, "\"q\" is too long") }
      entries = try services.book.search(query)
    } else {
      entries = try services.book.list()
    }
    return .json(
      200, Self.object([("entries", try Self.encoded(entries.map(PantryJSON.Entry.init)))]))
  }

  /// `POST /api/v3/pantry`: a name or a code already there gets the stock (`PantryRules.add`).
  /// `"text"` is what was typed, read as the list reads it ("3 onions",
  /// `PantryAddition(typed:)`); `"name"` is taken as it is; the other members override.
  private func addToPantry(_ services: PantryServices, _ request: Request) throws -> Response {
    let body = try JSONBody(
      request, allowed: ["text", "name", "barcode", "packages", "packageSize", "left", "note"])
    let text = try body.string("text").flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    let name = try body.string("name")
    let code = try body.string("barcode").map(Self.barcode)
    guard text != nil || name != nil || code != nil else {
      throw RequestError(400, "send a \"text\" or \"name\", or a \"barcode\" named before")
    }
    let note = try body.string("note")
    var addition =
      text.map { PantryAddition(typed: $0, barcode: code, note: note) }
      ?? PantryAddition(name: name, barcode: code, note: note)
    if let packages = try Self.packages(body) { addition.packages = packages }
    if let size = try Self.amount(body, "packageSize") { addition.packageSize = size }
    if let left = try Self.amount(body, "left") { addition.amount = left }
    let result = try services.book.add(addition)
    return .json(result.outcome == .added ? 201 : 200, Self.object(try Self.added(result)))
  }

  /// `PATCH /api/v3/pantry/{id}`
  private func editEntry(_ services: PantryServices, _ id: UUID, _ request: Request) throws
    -> Response
  {
    let body = try JSONBody(
      request, allowed: ["name", "barcode", "packages", "packageSize", "left", "note"])
    func field<T>(_ key: String, _ read: (String) throws -> T) throws -> PantryField<T> {
      guard let value = body.value(key) else { return .keep }
      if value == .null { return .clear }
      guard case .string(let text) = value else {
        throw RequestError(400, "\"\(key)\" must be a string or null, not \(value.typeName)")
      }
      return .set(try read(text))
    }
    let edit = PantryEdit(
      name: try body.string("name"), barcode: try field("barcode", Self.barcode),
      packages: try Self.packages(body), packageSize: try field("packageSize", PantryAmount.read),
      left: try field("left", PantryAmount.read), note: try field("note") { $0 })
    guard edit != PantryEdit() else {
      throw RequestError(
        400,
        "send a change: \"name\", \"barcode\", \"packages\", \"packageSize\", \"left\" or \"note\"")
    }
    return try entryResponse(200, try services.book.edit(id: id, edit))
  }

  /// `POST /api/v3/pantry/{id}/use` `{"amount": "200 g"}` or `{"all": true}`.
  private func useEntry(_ services: PantryServices, _ id: UUID, _ request: Request) throws
    -> Response
  {
    let body = try JSONBody(request, allowed: ["amount", "all"])
    let all = try body.bool("all") ?? false
    let amount = try Self.amount(body, "amount")
    guard all != (amount != nil) else {
      throw RequestError(400, "send an \"amount\" to take (such as \"200 g\"), or \"all\": true")
    }
    let result = try services.book.use(id: id, amount: amount)
    return .json(
      200,
      Self.object([
        ("entry", try Self.encoded(PantryJSON.Entry(result.entry))),
        ("taken", try Self.nullable(result.taken.map(PantryJSON.Amount.init))),
        ("ranOut", Array((result.ranOut ? "true" : "false").utf8)),
      ]))
  }

  // MARK: - Barcodes

  /// What `code` is to this pantry: an entry ("add a package to" it), a name given before,
  /// or unknown (the household names it).
  private func lookUp(_ services: PantryServices, _ code: Barcode) throws -> Response {
    var status = "unknown"
    var entry: PantryEntry?
    var name: String?
    switch try services.book.scan(code) {
    case .inPantry(let found):
      (status, entry, name) = ("inPantry", found, found.name)
    case .named(let given):
      (status, name) = ("named", given)
    case .unknown:
      break
    }
    return .json(
      200,
      Self.object([
        ("code", JSONValue.string(code.digits).encoded()),
        ("format", JSONValue.string(code.format.rawValue).encoded()),
        ("key", JSONValue.string(code.key).encoded()),
        ("status", JSONValue.string(status).encoded()),
        ("entry", try Self.nullable(entry.map(PantryJSON.Entry.init))),
        ("name", (name.map(JSONValue.string) ?? .null).encoded()),
      ]))
  }

  /// `POST /api/v3/pantry/scan` `{"photo": base64, "name"?}`: the one product code on the
  /// photo, read by the injected reader, looked up as a typed code is.
  private func scanPhoto(_ services: PantryServices, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["photo", "name"])
    guard let read = services.readBarcodes else {
      throw RequestError(503, "this server can't read photos of barcodes; type the code instead")
    }
    guard let encoded = try body.string("photo"),
      let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters), !data.isEmpty
    else { throw RequestError(400, "\"photo\" must be the photo file's bytes in base64") }
    let name = Self.photoName(try body.string("name"))
    let scanned: ScannedCodes
    do {
      scanned = try read(Array(data), name)
    } catch {
      throw RequestError(422, "\(error)")
    }
    do {
      return try lookUp(services, try scanned.onlyCode(onPhoto: name))
    } catch let error as ScanError {
      throw RequestError(422, error.description)
    }
  }

  /// The name a photo's messages use: the file name the browser sent (its last part, printable
  /// characters only, at most 80), or "the photo".
  static func photoName(_ sent: String?) -> String {
    let last = sent?.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
    let kept = last.unicodeScalars.filter {
      $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
    }
    let name = String(String.UnicodeScalarView(kept)).split(separator: " ").joined(separator: " ")
    return name.isEmpty ? "the photo" : String(name.prefix(80))
  }

  // MARK: - Helpers

  /// The pending check-in offers, each with the entry it would join, after `members`.
  private func offers(_ book: PantryBook, _ members: [(String, [UInt8])]) throws -> Response {
    let state = try book.store.pantry()
    let offers = CheckinRules.pending(state).map {
      PantryJSON.Offer($0, joins: CheckinRules.entry(for: $0, in: state))
    }
    return .json(200, Self.object(members + [("offers", try Self.encoded(offers))]))
  }

  private func entryResponse(_ status: Int, _ entry: PantryEntry) throws -> Response {
    .json(status, Self.object([("entry", try Self.encoded(PantryJSON.Entry(entry)))]))
  }

  /// `{"outcome", "entry", "before"}` of an add.
  static func added(_ result: PantryAddResult) throws -> [(String, [UInt8])] {
    [
      ("outcome", JSONValue.string(result.outcome.rawValue).encoded()),
      ("entry", try encoded(PantryJSON.Entry(result.entry))),
      ("before", try nullable(result.before.map(PantryJSON.Entry.init))),
    ]
  }

  /// `value` encoded, or `null`.
  static func nullable<T: Encodable>(_ value: T?) throws -> [UInt8] {
    guard let value else { return Array("null".utf8) }
    return try encoded(value)
  }

  /// Pantry refusals as responses: what isn't there 404, what clashes with another entry 409,
  /// the rest 400, each with the core's message.
  func pantryErrors(_ body: () throws -> Response) throws -> Response {
    do {
      return try body()
    } catch let error as PantryError {
      switch error {
      case .unknownEntry: return .error(404, "no such pantry entry (it may have been removed)")
      case .unknownOffer:
        return .error(404, "nothing waiting to check in has that id (it may have been decided)")
      case .nameTaken, .barcodeTaken, .otherCode: return .error(409, error.description)
      default: return .error(400, error.description)
      }
    }
  }

  static func barcode(_ text: String) throws -> Barcode {
    do {
      return try Barcode(text)
    } catch {
      throw RequestError(400, "\"\(text.prefix(40))\" isn't a barcode: \(error)")
    }
  }

  /// The amount member `key` ("500 g"), read by `PantryAmount`; nil when absent or null.
  static func amount(_ body: JSONBody, _ key: String) throws -> IngredientQuantity? {
    guard let value = body.value(key), value != .null else { return nil }
    guard case .string(let text) = value else {
      throw RequestError(
        400, "\"\(key)\" must be an amount as text, such as \"500 g\", not \(value.typeName)")
    }
    return try PantryAmount.read(text)
  }

  static func packages(_ body: JSONBody) throws -> Int? {
    guard let value = body.value("packages") else { return nil }
    guard case .number(let number) = value, number == number.rounded(),
      (0...Double(PantryRules.maxPackages)).contains(number)
    else {
      // NB: a form sends what was typed, as text; anything else is shown as its JSON.
      var shown = String(decoding: value.encoded(), as: UTF8.self)
      if case .string(let typed) = value { shown = typed }
      throw PantryError.badPackages(String(shown.prefix(20)))
    }
    return Int(number)
  }

  static func pantryID(_ text: String, _ what: String) throws -> UUID {
    guard let id = UUID(uuidString: text) else {
      throw RequestError(400, "\"\(text.prefix(60))\" is not \(what)")
    }
    return id
  }
}
