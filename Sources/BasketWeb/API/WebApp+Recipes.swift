import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the recipe routes need beyond the list: the library, and the importers (an adapter's,
/// passed in, so this target needs neither libxml2 nor libcurl).
public struct RecipeServices: Sendable {
  public var book: RecipeBook
  /// A saved page's or a text file's bytes as a recipe, within `RecipeLimits`; throws
  /// `RecipeLimitError`, or `RecipeError.noRecipe` when they hold none.
  public var importBytes: @Sendable ([UInt8]) throws -> Recipe
  /// Fetches a web address and imports the page; throws `WebFetchError`, `RecipeLimitError` or
  /// `RecipeError.noRecipe`.
  public var importAddress: @Sendable (String) throws -> Recipe
  /// Photos of a recipe card (pages in order, each a photo file's bytes) as a recipe, with
  /// where each ingredient line stands in them, through OCR; throws an error whose description
  /// says why for the user. Nil: no photo import here.
  public var importPhotos: (@Sendable ([[UInt8]]) throws -> PhotoRecipe)?
  /// A recipe library's file (its bytes, to be taken once, and name) imported recipe by
  /// recipe, reporting its progress as it goes; throws `LibraryImportError` when it can't be
  /// read at all. Nil: no library import here.
  public var importLibrary:
    (
      @Sendable (UploadedFile, @escaping @Sendable (LibraryImportProgress) -> Void) throws ->
        LibraryImportSummary
    )?
  /// Runs a library import where the request need not wait for it (a thread of its own);
  /// by default right away, as tests want.
  public var inBackground: @Sendable (@escaping @Sendable () -> Void) -> Void

  public init(
    book: RecipeBook, importBytes: @escaping @Sendable ([UInt8]) throws -> Recipe,
    importAddress: @escaping @Sendable (String) throws -> Recipe,
    importPhotos: (@Sendable ([[UInt8]]) throws -> PhotoRecipe)? = nil,
    importLibrary: (
      @Sendable (UploadedFile, @escaping @Sendable (LibraryImportProgress) -> Void) throws ->
        LibraryImportSummary
    )? = nil,
    inBackground: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() }
  ) {
    self.book = book
    self.importBytes = importBytes
    self.importAddress = importAddress
    self.importPhotos = importPhotos
    self.importLibrary = importLibrary
    self.inBackground = inBackground
  }
}

/// The recipe routes, for the web app's Recipes screen and Recipe Ready review:
///
/// - `POST /api/v3/recipes/import` `{"text"} | {"page": base64} | {"url"} | {"photos":
///   [base64]}` (1–10 photos of a recipe card, pages in order), optional
///   `"save": true` → `{"recipe"}` (201 when saved)
/// - `POST /api/v3/recipes/parse` `{"lines": [text]}` → `{"lines": [line]}`
/// - `GET /api/v3/recipes` (`?q=` searches, `?recent=1&limit=` the recent ones) →
///   `{"recipes": [summary]}`; `POST /api/v3/recipes` `{"recipe"}` saves → `{"recipe"}`
/// - `GET /api/v3/recipes/{id}` (counts as opening) and `DELETE /api/v3/recipes/{id}`
/// - `POST /api/v3/recipes/{id}/add` `{"servings"?, "skip"?: [line index], "choose"?:
///   [{"line", "alternative"}]}`, and `POST /api/v3/recipes/add` `{"recipe", "servings"?,
///   "skip"?, "choose"?}` for one not saved → `{"recipe": {"id", "title"}, "servings", "lines":
///   [{"index", "text", "outcome", "merge", "reason", "before", "item"}]}`
/// - `POST /api/v3/recipes/review` `{"recipe", "servings"?, "skip"?, "choose"?}` → what adding
///   would do, writing nothing (`Basket.review`): `{"servings", "lines": [{"index", "text",
///   "line", "amountText", "flag", "alternative", "outcome", "merge", "reason", "before",
///   "after", "itemName"}]}`
///
/// The add and review bodies may also say `"pantry": true` (leave out what the pantry covers,
/// buy only the rest of what it partly covers) and `"overrides": [{"line", "override":
/// "buyFull" | "skip"}]`; each review line then carries `coverage` (`PantryJSON.Coverage`'s
/// line, null when left out), and the review says `"pantry"`: whether the store keeps one.
///
/// Recipes and lines have the shapes of the core's JSON (`Recipe`'s and `IngredientLine`'s),
/// so the web app and the command line read and write the same recipes.
extension WebApp {
  static let recipeImportRoute: Substring = "recipes/import"
  /// What an add or review body may say beside the recipe.
  static let addMembers = ["servings", "yield", "skip", "choose", "plain", "pantry", "overrides"]

  static let recipeRoutes: [APIRoute] = [
    .init("GET", "recipes") { app, request, _ in
      try app.withRecipes { try app.listRecipes($0, request) }
    },
    .init("POST", "recipes", .change) { app, request, _ in
      try app.withRecipes { try app.saveRecipe($0, request) }
    },
    .init("POST", "recipes/import", .slowChange) { app, request, _ in
      try app.withRecipes { try app.importRecipe($0, request) }
    },
    // NB: no op: a library sent again skips every recipe already there (see WebApp+Library).
    .init("POST", "recipes/library") { app, request, _ in
      try app.withRecipes { try app.startLibraryImport($0, request) }
    },
    .init("GET", "recipes/library/*") { app, _, route in
      try app.withRecipes { _ in try app.libraryJob(route[2]) }
    },
    .init("POST", "recipes/parse") { app, request, _ in
      try app.withRecipes { _ in try app.parseLines(request) }
    },
    .init("POST", "recipes/review") { app, request, _ in
      try app.withRecipes { services in
        let body = try JSONBody(request, allowed: WebApp.addMembers + ["recipe"])
        return try app.review(services, try app.recipe(in: body), body)
      }
    },
    .init("POST", "recipes/add", .change) { app, request, _ in
      try app.withRecipes { services in
        let body = try JSONBody(request, allowed: WebApp.addMembers + ["recipe"])
        return try app.addToList(services, try app.recipe(in: body), body, app.version(request))
      }
    },
    .init("GET", "recipes/*") { app, _, route in
      try app.withRecipes { try app.showRecipe($0, try app.recipeID(route[1])) }
    },
    .init("DELETE", "recipes/*", .change) { app, _, route in
      try app.withRecipes { try app.removeRecipe($0, try app.recipeID(route[1])) }
    },
    .init("POST", "recipes/*/add", .change) { app, request, route in
      try app.withRecipes { services in
        let id = try app.recipeID(route[1])
        let body = try JSONBody(request, allowed: WebApp.addMembers)
        let opened = try services.book.open(id.uuidString)
        return try app.addToList(services, opened, body, app.version(request))
      }
    },
    .init("POST", "recipes/*/cooked", .change) { app, request, route in
      try app.withRecipes { services in
        let id = try app.recipeID(route[1])
        let body = try JSONBody(
          request, allowed: ["servings", "skip", "choose", "apply", "only"])
        return try app.pantryErrors { try app.cooked(try services.book.open(id.uuidString), body) }
      }
    },
  ]

  /// Runs a recipe route's `body` with the server's recipe services (503 without them), its
  /// refusals as the statuses that fit them.
  func withRecipes(_ body: (RecipeServices) throws -> Response) throws -> Response {
    guard let services = environment.recipes else {
      return .error(503, "recipes are not available on this server")
    }
    do {
      return try body(services)
    } catch let error as RecipeError {
      switch error {
      case .unknownRecipe: return .error(404, "no such recipe (it may have been removed)")
      case .noRecipe: return .error(422, error.description)
      default: return .error(400, error.description)
      }
    } catch let error as RecipeLimitError {
      if case .tooLarge = error { return .error(413, error.description) }
      return .error(422, error.description)
    } catch let error as WebFetchError {
      switch error {
      case .notAnAddress, .unsupportedScheme: return .error(400, error.description)
      case .localAddress(let host):
        // NB: the command line's wording names --allow-local, which the server never offers.
        return .error(
          403,
          "Basket won't fetch \(host): the server never fetches from your own network or this machine. Save the page and import the file instead."
        )
      default: return .error(502, error.description)
      }
    }
  }

  // MARK: - Reading

  /// `GET /api/v3/recipes[?q=TEXT | ?recent=1&limit=N]`
  private func listRecipes(_ services: RecipeServices, _ request: Request) throws -> Response {
    let summaries: [RecipeSummary]
    if let query = request.query["q"] {
      guard query.count <= 200 else { throw RequestError(400, "\"q\" is too long") }
      summaries = try services.book.search(query)
    } else if request.query["recent"] != nil {
      var limit = RecipeBook.recentLimit
      if let text = request.query["limit"] {
        guard let value = Int(text), (1...50).contains(value) else {
          throw RequestError(400, "\"limit\" must be a whole number from 1 to 50")
        }
        limit = value
      }
      summaries = try services.book.recent(limit: limit)
    } else {
      summaries = try services.book.all()
    }
    return .json(200, Self.object([("recipes", try Self.encoded(summaries))]))
  }

  /// `GET /api/v3/recipes/{id}`: counts as opening it.
  private func showRecipe(_ services: RecipeServices, _ id: UUID) throws -> Response {
    let recipe = try services.book.open(id.uuidString)
    return .json(200, Self.object([("recipe", try Self.encoded(recipe, staples: staples))]))
  }

  /// `POST /api/v3/recipes/import`: exactly one of `text` (pasted), `page` (a saved page's
  /// or text file's bytes, base64) or `url`; `save` keeps it.
  private func importRecipe(_ services: RecipeServices, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["text", "page", "url", "photos", "save"])
    let save = try body.bool("save") ?? false
    let given = ["text", "page", "url", "photos"].filter(body.has)
    guard given.count == 1 else {
      throw RequestError(
        400, "send one of \"text\", \"page\" (base64), \"url\" or \"photos\" (base64 each)")
    }
    let recipe: Recipe
    var photoSources: [PhotoTextLine?]?
    switch given[0] {
    case "text":
      recipe = try RecipeImporter.importText(try body.string("text") ?? "", from: "the pasted text")
    case "page":
      guard let encoded = try body.string("page"),
        let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters)
      else { throw RequestError(400, "\"page\" must be the file's bytes in base64") }
      recipe = try services.importBytes(Array(data))
    case "photos":
      let read = try importPhotos(services, body)
      recipe = read.recipe
      photoSources = read.ingredientSources.flatMap { $0 }
    default:
      recipe = try services.importAddress(try body.string("url") ?? "")
    }
    func answer(_ status: Int, _ recipe: Recipe) throws -> Response {
      var fields = [("recipe", try Self.encoded(recipe, staples: staples))]
      if let photoSources {
        fields.append(
          ("photoSources", try Self.encoded(photoSources.map { $0.map(PhotoSource.init) })))
      }
      return .json(status, Self.object(fields))
    }
    guard save else { return try answer(200, recipe) }
    // NB: only the save runs once per op id: the fetch or OCR before it holds no transaction.
    return try once(request.operationID) { try answer(201, try services.book.save(recipe)) }
  }

  /// Where an ingredient line stands in the photos, for Recipe Ready to show that part of the
  /// photo beside a doubted line: `{"page", "box": {"left", "top", "width", "height"},
  /// "doubtfulWords"}`, in the photo file's own pixels.
  struct PhotoSource: Encodable {
    var page: Int
    var box: PhotoBox
    var doubtfulWords: [String]

    init(_ line: PhotoTextLine) {
      (page, box, doubtfulWords) = (line.region.page, line.region.box, line.doubtfulWords)
    }
  }

  /// The recipe on `photos` (base64 each, at most 10), read by the injected OCR.
  private func importPhotos(_ services: RecipeServices, _ body: JSONBody) throws -> PhotoRecipe {
    guard let read = services.importPhotos else {
      throw RequestError(503, "this server can't read photos; paste the recipe's text instead")
    }
    guard case .array(let values)? = body.value("photos"), (1...10).contains(values.count) else {
      throw RequestError(400, "\"photos\" must be an array of 1 to 10 photos in base64")
    }
    let photos = try values.map { value -> [UInt8] in
      guard case .string(let encoded) = value,
        let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters), !data.isEmpty
      else { throw RequestError(400, "each photo must be the file's bytes in base64") }
      return Array(data)
    }
    do {
      return try read(photos)
    } catch {
      throw RequestError(422, "\(error)")
    }
  }

  /// `POST /api/v3/recipes/parse` `{"lines": [text]}` (at most 500 lines).
  private func parseLines(_ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["lines"])
    guard case .array(let values)? = body.value("lines"), values.count <= 500 else {
      throw RequestError(400, "\"lines\" must be an array of at most 500 strings")
    }
    let lines = try values.map { value -> IngredientLine in
      guard case .string(let text) = value else {
        throw RequestError(400, "\"lines\" must hold strings, not \(value.typeName)")
      }
      return IngredientLineParser.parse(text)
    }
    return .json(200, Self.object([("lines", try Self.encoded(lines))]))
  }

  // MARK: - Changing

  /// `POST /api/v3/recipes` `{"recipe"}`: 201 for a new recipe, 200 for one saved before.
  private func saveRecipe(_ services: RecipeServices, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["recipe"])
    let recipe = try recipe(in: body)
    let existed = try recipe.id.map { try services.book.recipe($0) != nil } ?? false
    let saved = try services.book.save(recipe)
    return .json(
      existed ? 200 : 201, Self.object([("recipe", try Self.encoded(saved, staples: staples))]))
  }

  /// `DELETE /api/v3/recipes/{id}`
  private func removeRecipe(_ services: RecipeServices, _ id: UUID) throws -> Response {
    try services.book.remove(id.uuidString)
    return .noContent
  }

  /// Puts `recipe` on the list with the body's `servings` and `skip`, answering what became
  /// of each line.
  private func addToList(
    _ services: RecipeServices, _ recipe: Recipe, _ body: JSONBody, _ version: APIVersion
  ) throws -> Response {
    let selection = try selection(for: recipe, body)
    let results =
      if let coverage = try coverage(of: recipe, selection, body), try body.bool("pantry") == true {
        try services.book.basket.add(coverage)
      } else {
        try services.book.basket.add(recipe, selection: selection)
      }
    let lines = results.map { result -> JSONValue in
      .object([
        ("index", .number(Double(result.index))),
        ("text", .string(result.line.text)),
        ("outcome", .string(result.outcome.name)),
        ("merge", result.outcome.merge.map { .string($0.rawValue) } ?? .null),
        ("reason", result.outcome.reason.map(JSONValue.string) ?? .null),
        ("before", result.before.map(JSONValue.string) ?? .null),
        ("item", result.item.map { itemJSON.value($0, version) } ?? .null),
      ])
    }
    let reference = JSONValue.object([
      ("id", recipe.id.map { .string($0.uuidString.lowercased()) } ?? .null),
      ("title", .string(recipe.title)),
    ])
    let scaled = selection.scaled(recipe)
    let servings = (selection.servings ?? scaled.servings).map { JSONValue.number(Double($0)) }
    return .json(
      200,
      .object([
        ("recipe", reference), ("servings", servings ?? .null),
        ("yield", Self.yieldJSON(scaled.yield)), ("lines", .array(lines)),
      ]))
  }

  /// `POST /api/v3/recipes/review`: what adding would do now, nothing written.
  private func review(_ services: RecipeServices, _ recipe: Recipe, _ body: JSONBody) throws
    -> Response
  {
    let selection = try selection(for: recipe, body)
    let coverage = try coverage(of: recipe, selection, body)
    let review =
      if let coverage, try body.bool("pantry") == true {
        try services.book.basket.review(coverage)
      } else {
        try services.book.basket.review(recipe, selection: selection)
      }
    let covered = Dictionary((coverage?.lines ?? []).map { ($0.index, $0) }) { first, _ in first }
    let lines = try review.lines.map { line -> JSONValue in
      let planned = line.planned
      let flag: JSONValue =
        switch line.flag {
        case .uncertain?: .string("uncertain")
        case .rounded?: .string("rounded")
        case nil: .null
        }
      let amountText: JSONValue = line.amountText.map(JSONValue.string) ?? .null
      let alternative: JSONValue = line.alternative.map { .number(Double($0)) } ?? .null
      let merge: JSONValue = planned.outcome.merge.map { .string($0.rawValue) } ?? .null
      let reason: JSONValue = planned.outcome.reason.map(JSONValue.string) ?? .null
      let before: JSONValue = planned.before.map(JSONValue.string) ?? .null
      let after: JSONValue = planned.item?.shownAmount.map(JSONValue.string) ?? .null
      let itemName: JSONValue = planned.item.map { .string($0.name) } ?? .null
      let buy: JSONValue =
        planned.item?.buyable.map { buy in
          .object([("text", .string(buy.text)), ("need", buy.need.map(JSONValue.string) ?? .null)])
        } ?? .null
      let members: [(String, JSONValue)] = [
        ("index", .number(Double(line.index))), ("text", .string(line.original.text)),
        ("line", try JSONValue.parse(Self.encoded(line.line))), ("amountText", amountText),
        ("flag", flag), ("alternative", alternative),
        ("outcome", .string(planned.outcome.name)), ("merge", merge), ("reason", reason),
        ("before", before), ("after", after), ("itemName", itemName), ("buy", buy),
        ("plain", .bool(selection.plainAmounts.contains(line.index))),
        ("coverage", try coverageJSON(covered[line.index])),
      ]
      return .object(members)
    }
    return .json(
      200,
      .object([
        ("servings", review.servings.map { .number(Double($0)) } ?? .null),
        ("yield", Self.yieldJSON(review.yield)), ("pantry", .bool(coverage != nil)),
        ("lines", .array(lines)),
      ]))
  }

  /// What the pantry covers of `recipe` as `selection` chooses it, with the body's
  /// `overrides` (`[{"line": position, "override": "buyFull" | "skip"}]`); nil when the
  /// store keeps no pantry.
  private func coverage(of recipe: Recipe, _ selection: RecipeSelection, _ body: JSONBody)
    throws -> PantryCoverage?
  {
    var overrides: [Int: PantryCoverage.Override] = [:]
    for (line, override) in try self.overrides(body) {
      overrides[try linePosition(line, in: recipe, field: "overrides")] = override
    }
    guard environment.basket.store is any PantryStore else { return nil }
    return PantryCoverage(
      recipe, selection: selection, pantry: try pantryEntries(), overrides: overrides)
  }

  /// One line's coverage as `PantryJSON.Coverage` writes it; null for a line left out.
  private func coverageJSON(_ line: PantryCoverage.Line?) throws -> JSONValue {
    guard let line, !line.leftOut else { return .null }
    return try JSONValue.parse(Self.encoded(PantryJSON.Coverage.Line(line)))
  }

  /// `POST /api/v3/recipes/{id}/cooked` `{"servings", "skip", "choose", "apply", "only"}`: "I
  /// cooked this": what cooking the recipe takes out of the pantry (`PantryJSON.Cooked`),
  /// taken out when `apply` is true (of the lines at the positions in `only`, when given).
  private func cooked(_ recipe: Recipe, _ body: JSONBody) throws -> Response {
    guard let pantry = environment.pantry?.book else {
      throw RequestError(503, "this server keeps no pantry")
    }
    let plan = try pantry.cooked(recipe, selection: try selection(for: recipe, body))
    var only: Set<Int>?
    if let value = body.value("only"), value != .null {
      guard case .array(let positions) = value else {
        throw RequestError(400, "\"only\" must be an array of line positions")
      }
      only = Set(try positions.map { try linePosition($0, in: recipe, field: "only") })
    }
    let apply = try body.bool("apply") ?? false
    let results = apply ? try pantry.apply(plan, only: only) : []
    return .json(
      200, try Self.encoded(PantryJSON.Cooked(plan, applied: apply, results: results)))
  }

  // MARK: - Helpers

  /// `value` as the position of one of `recipe`'s ingredient lines, or a 400 naming `field`.
  private func linePosition(_ value: JSONValue, in recipe: Recipe, field: String) throws -> Int {
    guard case .number(let number) = value, number == number.rounded(), number >= 0,
      number < Double(recipe.ingredients.count)
    else {
      throw RequestError(
        400,
        "\"\(field)\" holds positions of ingredient lines, from 0 to \(recipe.ingredients.count - 1)"
      )
    }
    return Int(number)
  }

  /// A yield that isn't servings as `{"amount", "unit"}`, or null.
  static func yieldJSON(_ yield: RecipeYield?) -> JSONValue {
    yield.map { .object([("amount", .number($0.measure)), ("unit", .string($0.noun ?? ""))]) }
      ?? .null
  }

  /// The body's `servings`, `yield`, `skip`, `choose` and `plain` for `recipe`.
  private func selection(for recipe: Recipe, _ body: JSONBody) throws -> RecipeSelection {
    var selection = RecipeSelection()
    if let value = body.value("yield"), value != .null {
      guard case .number(let number) = value, number > 0, number <= 100_000 else {
        throw RequestError(400, "\"yield\" must be a number above 0")
      }
      guard recipe.yield != nil else {
        throw RequestError(
          400, "\(recipe.title) makes servings, not a yield of its own: send \"servings\"")
      }
      selection.yield = number
    }
    if let value = body.value("plain"), value != .null {
      switch value {
      case .bool(let all): selection.plainAmounts = all ? .all : .none
      case .array(let indexes):
        selection.plainAmounts = .lines(
          Set(try indexes.map { try linePosition($0, in: recipe, field: "plain") }))
      default:
        throw RequestError(400, "\"plain\" must be true, false or an array of line positions")
      }
    }
    if let value = body.value("servings"), value != .null {
      guard case .number(let number) = value, number == number.rounded(),
        (1...1000).contains(number)
      else { throw RequestError(400, "\"servings\" must be a whole number from 1 to 1000") }
      guard recipe.servings != nil else {
        throw RequestError(
          400, "\(recipe.title) doesn't say how many it serves, so it can't be scaled")
      }
      selection.servings = Int(number)
    }
    if let value = body.value("skip") {
      guard case .array(let indexes) = value else {
        throw RequestError(400, "\"skip\" must be an array of line positions")
      }
      for index in indexes {
        selection.skipped.insert(try linePosition(index, in: recipe, field: "skip"))
      }
    }
    if let value = body.value("choose") {
      guard case .array(let choices) = value else {
        throw RequestError(400, "\"choose\" must be an array of {\"line\", \"alternative\"}")
      }
      let lines = recipe.ingredients
      for choice in choices {
        guard case .object(let members) = choice,
          case .number(let line)? = members.first(where: { $0.0 == "line" })?.1,
          case .number(let alternative)? = members.first(where: { $0.0 == "alternative" })?.1,
          line == line.rounded(), alternative == alternative.rounded(), line >= 0,
          line < Double(lines.count), alternative >= 0,
          alternative < Double(lines[Int(line)].alternatives.count)
        else {
          throw RequestError(
            400, "\"choose\" holds {\"line\", \"alternative\"} positions of a line's alternatives")
        }
        selection.alternatives[Int(line)] = Int(alternative)
      }
    }
    return selection
  }

  /// The `recipe` member of a body, read as `Recipe`'s JSON.
  private func recipe(in body: JSONBody) throws -> Recipe {
    guard let value = body.value("recipe") else {
      throw RequestError(400, "send the recipe as \"recipe\"")
    }
    do {
      return try JSONDecoder().decode(Recipe.self, from: Data(value.encoded()))
    } catch {
      throw RequestError(400, "\"recipe\" is not a recipe (it needs at least a \"title\")")
    }
  }

  private func recipeID(_ text: String) throws -> UUID {
    guard let id = UUID(uuidString: text) else {
      throw RequestError(400, "\"\(text.prefix(60))\" is not a recipe id")
    }
    return id
  }

  /// A value in the JSON the core's `Codable` shapes write (keys sorted, so stable).
  static func encoded<T: Encodable>(_ value: T, staples: Staples = .none) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // NB: a recipe's lines say `leftOut` for the household's staples too (`LeftOutLines`).
    encoder.userInfo[.staples] = staples
    return Array(try encoder.encode(value))
  }

  /// `{"key": value, …}` from values already encoded.
  static func object(_ members: [(String, [UInt8])]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "{")]
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONValue.string(key).write(to: &out)
      out.append(UInt8(ascii: ":"))
      out.append(contentsOf: value)
    }
    out.append(UInt8(ascii: "}"))
    return out
  }
}
