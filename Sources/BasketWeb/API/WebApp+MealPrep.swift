import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The meal prep routes, for the web app's Meal Prep screen, and the pantry coverage the
/// Recipe Ready review shows:
///
/// - `POST /api/v3/mealprep/review` `{"recipes": [{"id", "servings"?}], "answers"?:
///   [{"question", "answer": "merge" | "keepApart"}], "skip"?: [line id], "overrides"?:
///   [{"line": line id, "override": "buyFull" | "skip"}]}` → `{"plan"}` (`MealPlanJSON`:
///   the merged lines with their sources, open questions, coverage, and what adding would
///   do), writing nothing
/// - `POST /api/v3/mealprep/add` (the same body) → `{"plan", "added": true}`: what the
///   pantry leaves to buy goes on the list, each item noting its recipes
///
/// - `GET | PUT | DELETE /api/v3/mealprep/draft`: the screen's choices kept in the store (the
///   review's body, plus `"seen"`: the left-out lines the cook has been shown), so they survive
///   leaving the screen, a reload and another phone. PUT checks them as a review would and
///   answers `{"draft"}`; GET answers `{"draft": draft | null}`; DELETE (after an add) 204.
///
/// A line id is the plan's `lines[].id` ("1.3"); it stays while the chosen recipes do.
extension WebApp {
  static let mealPrepRoutes: [APIRoute] = [
    .init("POST", "mealprep/review") { app, request, _ in
      try app.mealPrep(request, adding: false)
    },
    .init("POST", "mealprep/add", .change) { app, request, _ in
      try app.mealPrep(request, adding: true)
    },
    .init("GET", "mealprep/draft") { app, _, _ in try app.readMealPrepDraft() },
    .init("PUT", "mealprep/draft", .change) { app, request, _ in
      try app.writeMealPrepDraft(request)
    },
    .init("DELETE", "mealprep/draft", .change) { app, request, _ in
      try app.dropMealPrepDraft(request)
    },
  ]

  /// The server's recipe services, which meal prep shops from.
  private func mealPrepServices() throws -> RecipeServices {
    guard let services = environment.recipes else {
      throw RequestError(503, "recipes are not available on this server")
    }
    return services
  }

  /// `POST mealprep/review` and `mealprep/add`.
  private func mealPrep(_ request: Request, adding: Bool) throws -> Response {
    let services = try mealPrepServices()
    let body = try JSONBody(request, allowed: ["recipes", "answers", "skip", "overrides"])
    let choices: MealPrepChoices
    do {
      choices = try MealPrepChoices(body, services: services)
    } catch RecipeError.unknownRecipe(_) {
      return .error(404, "no such recipe (it may have been removed)")
    }
    return .json(200, Self.object(try shop(choices, adding: adding, services)))
  }

  /// The plan `choices` made, with its pantry coverage, reviewed (writing nothing) or, when
  /// `adding`, put on the list: `{"plan"}` (`MealPlanJSON`), and `"added": true` after an add.
  /// Meal prep and a week of meals (`plan/shop/…`) both shop this way.
  func shop(_ choices: MealPrepChoices, adding: Bool, _ services: RecipeServices) throws
    -> [(String, [UInt8])]
  {
    let (plan, skipped, overrides) = (choices.plan, choices.skipped, choices.overrides)
    let coverage = PantryCoverage(
      plan.recipe, selection: plan.selection(skipping: skipped), pantry: try pantryEntries(),
      overrides: plan.overrides(overrides))
    let basket = services.book.basket
    let results =
      adding
      ? try basket.add(plan, coverage: coverage) : try basket.review(coverage).lines.map(\.planned)
    let outcomes = Dictionary(results.map { ($0.index, $0) }) { first, _ in first }
    let json = try Self.encoded(
      MealPlanJSON(plan, coverage: coverage, outcomes: outcomes, staples: staples))
    var members = [("plan", json)]
    if adding { members.append(("added", Array("true".utf8))) }
    return members
  }

  /// The largest draft kept, in bytes of JSON: five recipes and every answer fit many times.
  static let maximumDraftBytes = 64 * 1024

  private func readMealPrepDraft() throws -> Response {
    let store = try mealPrepServices().book.store
    let draft = try store.mealPrepDraft().map { Array($0.utf8) } ?? Array("null".utf8)
    return .json(200, Self.object([("draft", draft)]))
  }

  private func dropMealPrepDraft(_ request: Request) throws -> Response {
    let store = try mealPrepServices().book.store
    _ = try JSONBody(request, allowed: [])
    try store.setMealPrepDraft(nil)
    return .noContent
  }

  private func writeMealPrepDraft(_ request: Request) throws -> Response {
    let services = try mealPrepServices()
    let body = try JSONBody(request, allowed: ["recipes", "answers", "skip", "overrides", "seen"])
    let choices: MealPrepChoices
    do {
      choices = try MealPrepChoices(body, services: services)
    } catch RecipeError.unknownRecipe(_) {
      return .error(404, "no such recipe (it may have been removed)")
    }
    // NB: the draft keeps what was read, written afresh, never the body as it came.
    let members = choices.draftMembers
    let json = JSONValue.object(members).encoded()
    guard json.count <= Self.maximumDraftBytes else {
      return .error(413, "a meal prep draft holds at most \(Self.maximumDraftBytes / 1024) KB")
    }
    try services.book.store.setMealPrepDraft(String(decoding: json, as: UTF8.self))
    return .json(200, Self.object([("draft", json)]))
  }

  /// The body's `overrides`: `[{"line", "override": "buyFull" | "skip"}]`, as (line, override),
  /// each object holding only those two members.
  func overrides(_ body: JSONBody) throws -> [(JSONValue, PantryCoverage.Override)] {
    try MealPrepChoices.overrides(body)
  }

  /// A review's (or a draft's) body as read: the recipes opened, the plan made with the
  /// answers, and the lines skipped, overridden or seen, each a line of that plan. Every
  /// object holds only its own members, and every line id is one of the plan's.
  struct MealPrepChoices {
    let recipes: [(id: UUID, servings: Int?)]
    let answers: [(question: String, answer: MealPlan.Answer)]
    let plan: MealPlan
    let skipped: Set<Int>
    let overrides: [Int: PantryCoverage.Override]
    let seen: [Int]

    init(_ body: JSONBody, services: RecipeServices) throws {
      guard case .array(let values)? = body.value("recipes"), !values.isEmpty else {
        throw RequestError(400, "\"recipes\" must be an array of 1 to 5 {\"id\", \"servings\"}")
      }
      guard values.count <= MealPlan.maximumRecipes else {
        throw RequestError(
          400, MealPlanError.tooManyRecipes(values.count, MealPlan.maximumRecipes).description)
      }
      var recipes: [(id: UUID, servings: Int?)] = []
      var choices: [MealPlanChoice] = []
      for value in values {
        let members = try Self.members(value, of: "recipes", allowed: ["id", "servings"])
        guard case .string(let text)? = members["id"], let id = UUID(uuidString: text) else {
          throw RequestError(400, "each of \"recipes\" needs a recipe \"id\"")
        }
        var servings: Int?
        if let given = members["servings"], given != .null {
          guard case .number(let number) = given, number == number.rounded(),
            (1...1000).contains(number)
          else { throw RequestError(400, "\"servings\" must be a whole number from 1 to 1000") }
          servings = Int(number)
        }
        guard let recipe = try services.book.recipe(id) else {
          throw RecipeError.unknownRecipe(text)
        }
        recipes.append((id, servings))
        choices.append(MealPlanChoice(recipe: recipe, servings: servings))
      }
      try self.init(body, recipes: recipes) { answers in try MealPlan(choices, answers: answers) }
    }

    /// The body's answers, skipped lines and overrides over the plan `makePlan` makes with
    /// the answers (a week of meals makes its own; `recipes` are then none).
    init(
      _ body: JSONBody, recipes: [(id: UUID, servings: Int?)] = [],
      plan makePlan: ([String: MealPlan.Answer]) throws -> MealPlan
    ) throws {
      self.recipes = recipes
      var answers: [(question: String, answer: MealPlan.Answer)] = []
      var byQuestion: [String: MealPlan.Answer] = [:]
      for value in try Self.array(body, "answers") {
        let shape =
          "\"answers\" must be an array of {\"question\", \"answer\": \"merge\" or \"keepApart\"}"
        let members = try Self.members(value, of: "answers", allowed: ["question", "answer"])
        guard case .string(let question)? = members["question"], question.utf8.count <= 200,
          case .string(let text)? = members["answer"], let answer = MealPlan.Answer(rawValue: text)
        else { throw RequestError(400, shape) }
        answers.append((question, answer))
        byQuestion[question] = answer
      }
      self.answers = answers
      do {
        plan = try makePlan(byQuestion)
      } catch let error as MealPlanError {
        throw RequestError(400, error.description)
      }
      let ids = Dictionary(plan.lines.enumerated().map { ($1.id, $0) }) { first, _ in first }
      func line(_ value: JSONValue?, _ key: String) throws -> Int {
        guard case .string(let id)? = value, let index = ids[id] else {
          throw RequestError(400, "\"\(key)\" holds the plan's line ids (\"1.3\")")
        }
        return index
      }
      skipped = Set(try Self.array(body, "skip").map { try line($0, "skip") })
      seen = try Self.array(body, "seen").map { try line($0, "seen") }
      var overrides: [Int: PantryCoverage.Override] = [:]
      for (key, override) in try Self.overrides(body) {
        overrides[try line(key, "overrides")] = override
      }
      self.overrides = overrides
    }

    static func overrides(_ body: JSONBody) throws -> [(JSONValue, PantryCoverage.Override)] {
      try array(body, "overrides").map { value in
        let members = try members(value, of: "overrides", allowed: ["line", "override"])
        guard let line = members["line"], case .string(let text)? = members["override"],
          let override = PantryCoverage.Override(rawValue: text)
        else {
          throw RequestError(
            400,
            "\"overrides\" must be an array of {\"line\", \"override\": \"buyFull\" or \"skip\"}"
          )
        }
        return (line, override)
      }
    }

    /// The draft's members, written from what was read.
    var draftMembers: [(String, JSONValue)] {
      let id = { (index: Int) in JSONValue.string(plan.lines[index].id) }
      var members: [(String, JSONValue)] = [
        (
          "recipes",
          .array(
            recipes.map { recipe in
              .object(
                [("id", .string(recipe.id.uuidString.lowercased()))]
                  + (recipe.servings.map { [("servings", .number(Double($0)))] } ?? []))
            })
        )
      ]
      if !answers.isEmpty {
        members.append(
          (
            "answers",
            .array(
              answers.map {
                .object([
                  ("question", .string($0.question)), ("answer", .string($0.answer.rawValue)),
                ])
              })
          ))
      }
      if !skipped.isEmpty { members.append(("skip", .array(skipped.sorted().map(id)))) }
      if !overrides.isEmpty {
        members.append(
          (
            "overrides",
            .array(
              overrides.sorted { $0.key < $1.key }.map {
                .object([("line", id($0.key)), ("override", .string($0.value.rawValue))])
              })
          ))
      }
      if !seen.isEmpty { members.append(("seen", .array(seen.map(id)))) }
      return members
    }

    /// The array under `key`, or none when it is absent.
    static func array(_ body: JSONBody, _ key: String) throws -> [JSONValue] {
      guard let value = body.value(key) else { return [] }
      guard case .array(let values) = value else {
        throw RequestError(400, "\"\(key)\" must be an array")
      }
      return values
    }

    /// An object's members by name, refusing any but `allowed`.
    static func members(_ value: JSONValue, of key: String, allowed: [String]) throws
      -> [String: JSONValue]
    {
      guard case .object(let members) = value else {
        throw RequestError(400, "each of \"\(key)\" must be an object")
      }
      if let unknown = members.first(where: { !allowed.contains($0.0) }) {
        throw RequestError(400, JSONBody.unknownField(unknown.0, allowed: allowed, within: key))
      }
      return Dictionary(members) { first, _ in first }
    }
  }

  /// What the household has at home, from the store the list uses; none when that store
  /// keeps no pantry.
  func pantryEntries() throws -> [PantryEntry] {
    guard let store = environment.basket.store as? any PantryStore else { return [] }
    return try store.pantry().entries
  }
}
