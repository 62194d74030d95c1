import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan of meals' routes, for the web app's Week screen (every rule is the core's
/// `PlanBook` and `PlanRules`):
///
/// - `GET /api/v1/plan` (`?week=DATE`, or `?from=DATE&to=DATE`; this week by default) →
///   `PlanJSON`
/// - `POST /api/v1/plan` `{"recipe": id, "date", "servings"?}` → 201 `{"meal"}`
/// - `DELETE /api/v1/plan/{id}` → 200 `{"meal"}` (what was taken off)
/// - `POST /api/v1/plan/shop/review` `{"from", "to", "answers"?, "skip"?, "overrides"?}` →
///   `{"plan", "missing": [meal]}`: the days' meals merged as meal prep merges (`MealPlanJSON`),
///   writing nothing; `missing` are meals whose recipe is no longer saved
/// - `POST /api/v1/plan/shop/add` (the same body) → `{"plan", "added": true, "missing"}`
extension WebApp {
  static let planRoutes: [APIRoute] = [
    .init("GET", "plan") { app, request, _ in try app.week(try app.planBook().book, request) },
    .init("POST", "plan", .change) { app, request, _ in
      try app.planMeal(try app.planBook().book, request)
    },
    .init("DELETE", "plan/*", .change) { app, request, route in
      let book = try app.planBook().book
      _ = try JSONBody(request, allowed: [])
      guard let id = UUID(uuidString: route[1]) else {
        throw RequestError(400, "\"\(route[1].prefix(60))\" is not a planned meal's id")
      }
      let meal = try app.answer { try book.remove(id: id) }
      return .json(200, WebApp.object([("meal", try WebApp.encoded(PlanJSON.Meal(meal)))]))
    },
    .init("POST", "plan/shop/review") { app, request, _ in
      let (book, services) = try app.planBook()
      return try app.shopDays(book, services, request, adding: false)
    },
    .init("POST", "plan/shop/add", .change) { app, request, _ in
      let (book, services) = try app.planBook()
      return try app.shopDays(book, services, request, adding: true)
    },
  ]

  /// The server's plan of meals and the recipes it plans from (503 without them).
  private func planBook() throws -> (book: PlanBook, services: RecipeServices) {
    guard let book = environment.plan, let services = environment.recipes else {
      throw RequestError(503, "this server keeps no plan of meals")
    }
    return (book, services)
  }

  private func week(_ book: PlanBook, _ request: Request) throws -> Response {
    let days: ClosedRange<PlanDate>
    switch (request.query["week"], request.query["from"], request.query["to"]) {
    case (nil, nil, nil): days = book.today.week
    case (let week?, nil, nil): days = try answer { try book.date(week).week }
    case (nil, let from?, let to?):
      days = try answer {
        try PlanRules.shopDays(from: try book.date(from), through: try book.date(to))
      }
    default:
      throw RequestError(400, "ask for ?week=DATE, or ?from=DATE&to=DATE")
    }
    return .json(200, try Self.encoded(PlanJSON(try book.days(days))))
  }

  private func planMeal(_ book: PlanBook, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["recipe", "date", "servings"])
    guard let recipe = try body.uuid("recipe") else {
      throw RequestError(400, "send the saved recipe's \"recipe\" id")
    }
    guard let text = try body.string("date") else {
      throw RequestError(400, "send the day as \"date\": \"2026-03-02\"")
    }
    var servings: Int?
    if let given = body.value("servings"), given != .null {
      guard case .number(let number) = given, number == number.rounded(), abs(number) < 1e9
      else {
        throw RequestError(
          400, "\"servings\" must be a whole number from 1 to \(PlanRules.maximumServings)")
      }
      servings = Int(number)
    }
    let meal = try answer {
      try book.add(recipe: recipe, on: try book.date(text), servings: servings)
    }
    return .json(201, Self.object([("meal", try Self.encoded(PlanJSON.Meal(meal)))]))
  }

  private func shopDays(
    _ book: PlanBook, _ services: RecipeServices, _ request: Request, adding: Bool
  ) throws -> Response {
    let body = try JSONBody(request, allowed: ["from", "to", "answers", "skip", "overrides"])
    guard let from = try body.string("from"), let to = try body.string("to") else {
      throw RequestError(400, "send the days to shop for as \"from\" and \"to\" dates")
    }
    let days = try answer {
      try PlanRules.shopDays(from: try book.date(from), through: try book.date(to))
    }
    var missing: [PlannedMeal] = []
    let choices = try answer {
      try MealPrepChoices(body) { answers in
        let shopping = try book.shopping(days, answers: answers)
        missing = shopping.missing
        return shopping.plan
      }
    }
    var members = try shop(choices, adding: adding, services)
    members.append(("missing", try Self.encoded(missing.map { PlanJSON.Meal($0, saved: false) })))
    return .json(200, Self.object(members))
  }

  /// Runs `body`, answering the plan's refusals with their status: an unknown recipe or meal
  /// 404, a day already full or holding the recipe 409, anything else that can't be 400.
  private func answer<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as PlanError {
      switch error {
      case .unknownMeal, .notPlanned: throw RequestError(404, error.description)
      case .dayFull, .alreadyPlanned: throw RequestError(409, error.description)
      case .nothingPlanned: throw RequestError(422, error.description)
      default: throw RequestError(400, error.description)
      }
    } catch let error as RecipeError {
      switch error {
      case .unknownRecipe: throw RequestError(404, "no such recipe (it may have been removed)")
      default: throw RequestError(400, error.description)
      }
    } catch let error as MealPlanError {
      throw RequestError(400, error.description)
    }
  }
}
