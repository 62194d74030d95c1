// Fuzz target for the plan of meals' routes (`WebApp+Plan.swift`) and the dates they read
// (`PlanDate.read`): request bodies and week queries sent in sequence through `WebApp.handle`
// over in-memory stores with a frozen clock and two saved recipes.
//
// An input is text, one request a line: the line's first character picks the route, the rest
// is the body (or the query's date). `@1` and `@2` in a body stand for the saved recipes' ids;
// a meal is addressed as the first the plan lists. A body with an `"op"` that applied is sent
// again, which must change nothing.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.

import BasketKit
import BasketTestSupport
import BasketWeb
import SeedReplay

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sends each line as a request and checks what the routes promise: nothing traps; every
/// answer is a 2xx or a 4xx the API uses (never 500), in JSON, an error a short `"error"`; a
/// refusal changes nothing; every planned meal is on a real day, names a saved recipe, has
/// servings in range, a day holds at most `PlanRules.maximumMealsADay` meals and each recipe
/// once; any date the reader takes prints back as itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let clock = TestClock()
  let basket = Fixtures.basket(clock: clock)
  let recipes = RecipeBook(store: InMemoryRecipeStore(), basket: basket)
  let plans = InMemoryPlanStore()
  let book = PlanBook(store: plans, recipes: recipes, timeZone: .gmt)
  let saved = [
    try? recipes.save(
      Recipe(
        title: "Chili", servings: 4,
        ingredientGroups: [IngredientGroup(ingredients: [IngredientLineParser.parse("2 onions")])])),
    try? recipes.save(
      Recipe(
        title: "Toast",
        ingredientGroups: [IngredientGroup(ingredients: [IngredientLineParser.parse("1 loaf")])])),
  ].compactMap { $0?.id?.uuidString.lowercased() }
  let app = WebApp(
    environment: WebEnvironment(
      basket: basket, access: AccessPolicy(mode: .loopbackOnly), timeZone: .gmt,
      randomBytes: { [UInt8](repeating: 7, count: $0) },
      recipes: RecipeServices(
        book: recipes, importBytes: { _ in throw RecipeError.emptyTitle },
        importAddress: { _ in throw RecipeError.emptyTitle }),
      plan: book))
  for line in text.split(separator: "\n", maxSplits: 40, omittingEmptySubsequences: false)
    .prefix(40)
  {
    guard let first = line.unicodeScalars.first else { continue }
    var rest = String(line.unicodeScalars.dropFirst())
    for (index, id) in saved.enumerated() { rest = rest.replacing("@\(index + 1)", with: id) }
    checkDate(rest)
    let before = try? plans.plannedMeals()
    let request = makeRequest(Int(first.value) % routes, rest, meals: before ?? [])
    let response = app.handle(request)
    check(response, request)
    if response.status >= 400 {
      require((try? plans.plannedMeals()) == before, "a refused request changed the plan")
    } else if request.body.contains(UInt8(ascii: "\"")),
      case .object(let members)? = try? JSONValue.parse(request.body),
      members.contains(where: { $0.0 == "op" })
    {
      let state = try? plans.plannedMeals()
      let again = app.handle(request)
      check(again, request)
      require(again.status == 200, "a replayed op answered \(again.status)")
      require((try? plans.plannedMeals()) == state, "a replayed op changed the plan")
    }
    checkPlan(plans, saved: Set(saved))
    clock.advance(by: 7)
  }
  return 0
}

private let routes = 6
private let maximumMessageLength = 600

private func makeRequest(_ route: Int, _ rest: String, meals: [PlannedMeal]) -> Request {
  let meal = meals.first?.id.uuidString ?? "nope"
  var (method, path, body, query) = ("POST", "/api/v1/plan", rest, [String: String]())
  switch route {
  case 0: break
  case 1: (method, path, body) = ("DELETE", "/api/v1/plan/\(meal)", rest)
  case 2: (method, body, query) = ("GET", "", ["week": rest])
  case 3:
    let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
    (method, body, query) = ("GET", "", ["from": parts.first ?? "", "to": parts.last ?? ""])
  case 4: path = "/api/v1/plan/shop/review"
  default: path = "/api/v1/plan/shop/add"
  }
  var headers = ["Host": "127.0.0.1:8080"]
  if method != "GET" {
    headers["Origin"] = "http://127.0.0.1:8080"
    headers["Content-Type"] = "application/json"
  }
  return Request(method: method, path: path, query: query, headers: headers, body: Array(body.utf8))
}

/// A date the reader takes is a real day that prints back as itself, written in the text
/// (or today or tomorrow).
private func checkDate(_ text: String) {
  let today = PlanDate(year: 2026, month: 7, day: 6)!
  guard let date = try? PlanDate.read(text, today: today) else { return }
  require(PlanDate(year: date.year, month: date.month, day: date.day) == date, "an unreal day")
  require(PlanDate(date.description) == date, "\(date) doesn't read back")
  require(
    text.contains(date.description) || [today, today.adding(days: 1)].contains(date),
    "\(text.prefix(40)) read as \(date)")
}

private func check(_ response: Response, _ request: Request) {
  let allowed: Set<Int> = [200, 201, 204, 400, 404, 405, 409, 413, 415, 422]
  require(allowed.contains(response.status), "status \(response.status) for \(request.path)")
  guard response.status != 204 else { return }
  guard let value = try? JSONValue.parse(response.body) else {
    fail("an answer that isn't JSON for \(request.path)")
  }
  if response.status >= 400 {
    guard case .string(let message)? = value["error"] else { fail("an error without a message") }
    require(!message.isEmpty, "an empty error")
    require(
      message.utf8.count <= maximumMessageLength, "an unbounded error: \(message.prefix(300))")
  }
}

private func checkPlan(_ store: InMemoryPlanStore, saved: Set<String>) {
  guard let meals = try? store.plannedMeals() else { fail("the plan can't be read") }
  require(Set(meals.map(\.id)).count == meals.count, "two meals share an id")
  for (date, sameDay) in Dictionary(grouping: meals, by: \.date) {
    require(sameDay.count <= PlanRules.maximumMealsADay, "\(date) holds too many meals")
    require(Set(sameDay.map(\.recipe.id)).count == sameDay.count, "a recipe twice on \(date)")
  }
  for meal in meals {
    require(saved.contains(meal.recipe.id?.uuidString.lowercased() ?? ""), "an unsaved recipe")
    if let servings = meal.servings {
      require((1...PlanRules.maximumServings).contains(servings), "servings out of range")
    }
  }
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("PlanAPI", fuzzOne) }
  }
#endif
