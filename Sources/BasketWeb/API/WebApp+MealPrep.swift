import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The meal prep routes, for the web app's Meal Prep screen, and the pantry coverage the
/// Recipe Ready review shows:
///
/// - `POST /api/v1/mealprep/review` `{"recipes": [{"id", "servings"?}], "answers"?:
///   [{"question", "answer": "merge" | "keepApart"}], "skip"?: [line id], "overrides"?:
///   [{"line": line id, "override": "buyFull" | "skip"}]}` → `{"plan"}` (`MealPlanJSON`:
///   the merged lines with their sources, open questions, coverage, and what adding would
///   do), writing nothing
/// - `POST /api/v1/mealprep/add` (the same body) → `{"plan", "added": true}`: what the
///   pantry leaves to buy goes on the list, each item noting its recipes
///
/// - `GET | PUT | DELETE /api/v1/mealprep/draft`: the screen's choices kept in the store (the
///   review's body, plus `"seen"`: the left-out lines the cook has been shown), so they survive
///   leaving the screen, a reload and another phone. PUT checks them as a review would and
///   answers `{"draft"}`; GET answers `{"draft": draft | null}`; DELETE (after an add) 204.
///
/// A line id is the plan's `lines[].id` ("1.3"); it stays while the chosen recipes do.
extension WebApp {
  func mealPrep(_ route: [String], _ request: Request) throws -> Response {
    guard let services = environment.recipes else {
      return .error(503, "recipes are not available on this server")
    }
    if route == ["draft"] { return try mealPrepDraft(services, request) }
    guard route.count == 1, route[0] == "review" || route[0] == "add" else {
      return .error(404, "no such API route")
    }
    guard request.method == "POST" else {
      return .error(405, "use POST here", headers: [.init("Allow", "POST")])
    }
    let body = try JSONBody(request, allowed: ["recipes", "answers", "skip", "overrides"])
    let choices: [MealPlanChoice]
    do {
      choices = try mealPlanChoices(services, body)
    } catch RecipeError.unknownRecipe(_) {
      return .error(404, "no such recipe (it may have been removed)")
    }
    let answers = try self.answers(body)
    let plan: MealPlan
    do {
      plan = try MealPlan(choices, answers: answers)
    } catch {
      return .error(400, error.description)
    }
    let ids = Dictionary(plan.lines.enumerated().map { ($1.id, $0) }) { first, _ in first }
    func line(_ value: JSONValue, _ key: String) throws -> Int {
      guard case .string(let id) = value, let index = ids[id] else {
        throw RequestError(400, "\"\(key)\" holds the plan's line ids (\"1.3\")")
      }
      return index
    }
    var skipped = Set<Int>()
    if let value = body.value("skip") {
      guard case .array(let values) = value else {
        throw RequestError(400, "\"skip\" must be an array of line ids")
      }
      for value in values { skipped.insert(try line(value, "skip")) }
    }
    var overrides: [Int: PantryCoverage.Override] = [:]
    for (key, override) in try self.overrides(body) {
      overrides[try line(key, "overrides")] = override
    }
    let coverage = PantryCoverage(
      plan.recipe, selection: plan.selection(skipping: skipped), pantry: try pantryEntries(),
      overrides: plan.overrides(overrides))
    let basket = services.book.basket
    let adding = route[0] == "add"
    let results =
      adding
      ? try basket.add(plan, coverage: coverage) : try basket.review(coverage).lines.map(\.planned)
    let outcomes = Dictionary(results.map { ($0.index, $0) }) { first, _ in first }
    let json = try Self.encoded(
      MealPlanJSON(plan, coverage: coverage, outcomes: outcomes, staples: staples))
    var members = [("plan", json)]
    if adding { members.append(("added", Array("true".utf8))) }
    return .json(200, Self.object(members))
  }

  /// The largest draft kept, in bytes of JSON: five recipes and every answer fit many times.
  static let maximumDraftBytes = 64 * 1024

  private func mealPrepDraft(_ services: RecipeServices, _ request: Request) throws -> Response {
    let store = services.book.store
    switch request.method {
    case "GET":
      let draft = try store.mealPrepDraft().map { Array($0.utf8) } ?? Array("null".utf8)
      return .json(200, Self.object([("draft", draft)]))
    case "DELETE":
      _ = try JSONBody(request, allowed: [])
      try store.setMealPrepDraft(nil)
      return .noContent
    case "PUT":
      let body = try JSONBody(
        request, allowed: ["recipes", "answers", "skip", "overrides", "seen"])
      do {
        _ = try mealPlanChoices(services, body)
      } catch RecipeError.unknownRecipe(_) {
        return .error(404, "no such recipe (it may have been removed)")
      }
      _ = try answers(body)
      _ = try overrides(body)
      var members: [(String, JSONValue)] = []
      for key in ["recipes", "answers", "skip", "overrides", "seen"] {
        guard let value = body.value(key) else { continue }
        if key == "skip" || key == "seen" {
          guard case .array(let ids) = value,
            ids.allSatisfy({ if case .string(let id) = $0 { id.utf8.count <= 16 } else { false } })
          else { throw RequestError(400, "\"\(key)\" must be an array of the plan's line ids") }
        }
        members.append((key, value))
      }
      let json = JSONValue.object(members).encoded()
      guard json.count <= Self.maximumDraftBytes else {
        return .error(413, "a meal prep draft holds at most \(Self.maximumDraftBytes / 1024) KB")
      }
      try store.setMealPrepDraft(String(decoding: json, as: UTF8.self))
      return .json(200, Self.object([("draft", json)]))
    default:
      return .error(
        405, "use GET, PUT or DELETE here", headers: [.init("Allow", "GET, PUT, DELETE")])
    }
  }

  /// The body's `recipes`: one to five `{"id", "servings"?}`, opened from the library.
  private func mealPlanChoices(_ services: RecipeServices, _ body: JSONBody) throws
    -> [MealPlanChoice]
  {
    guard case .array(let values)? = body.value("recipes"), !values.isEmpty else {
      throw RequestError(400, "\"recipes\" must be an array of 1 to 5 {\"id\", \"servings\"}")
    }
    guard values.count <= MealPlan.maximumRecipes else {
      throw RequestError(400, MealPlanError.tooManyRecipes(values.count).description)
    }
    return try values.map { value in
      guard case .object(let members) = value,
        case .string(let text)? = members.first(where: { $0.0 == "id" })?.1,
        let id = UUID(uuidString: text)
      else { throw RequestError(400, "each of \"recipes\" needs a recipe \"id\"") }
      var servings: Int?
      if let given = members.first(where: { $0.0 == "servings" })?.1, given != .null {
        guard case .number(let number) = given, number == number.rounded(),
          (1...1000).contains(number)
        else { throw RequestError(400, "\"servings\" must be a whole number from 1 to 1000") }
        servings = Int(number)
      }
      guard let recipe = try services.book.recipe(id) else {
        throw RecipeError.unknownRecipe(text)
      }
      return MealPlanChoice(recipe: recipe, servings: servings)
    }
  }

  /// The body's `answers` by question id.
  private func answers(_ body: JSONBody) throws -> [String: MealPlan.Answer] {
    guard let value = body.value("answers") else { return [:] }
    let shape =
      "\"answers\" must be an array of {\"question\", \"answer\": \"merge\" or \"keepApart\"}"
    guard case .array(let values) = value else { throw RequestError(400, shape) }
    var out: [String: MealPlan.Answer] = [:]
    for value in values {
      guard case .object(let members) = value,
        case .string(let question)? = members.first(where: { $0.0 == "question" })?.1,
        case .string(let text)? = members.first(where: { $0.0 == "answer" })?.1,
        let answer = MealPlan.Answer(rawValue: text)
      else { throw RequestError(400, shape) }
      out[question] = answer
    }
    return out
  }

  /// The body's `overrides`: `[{"line", "override": "buyFull" | "skip"}]`, as (line, override).
  func overrides(_ body: JSONBody) throws -> [(JSONValue, PantryCoverage.Override)] {
    guard let value = body.value("overrides") else { return [] }
    let shape =
      "\"overrides\" must be an array of {\"line\", \"override\": \"buyFull\" or \"skip\"}"
    guard case .array(let values) = value else { throw RequestError(400, shape) }
    return try values.map { value in
      guard case .object(let members) = value,
        let line = members.first(where: { $0.0 == "line" })?.1,
        case .string(let text)? = members.first(where: { $0.0 == "override" })?.1,
        let override = PantryCoverage.Override(rawValue: text)
      else { throw RequestError(400, shape) }
      return (line, override)
    }
  }

  /// What the household has at home, from the store the list uses; none when that store
  /// keeps no pantry.
  func pantryEntries() throws -> [PantryEntry] {
    guard let store = environment.basket.store as? any PantryStore else { return [] }
    return try store.pantry().entries
  }
}
