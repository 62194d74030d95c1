import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plan routes over one SQLite store, the clock at Monday 6 July 2026, 10:00 UTC.
@Suite struct PlanAPITests {
  let web: StoreHarness

  init() throws {
    web = try StoreHarness()
  }

  /// Saves a recipe serving `servings` and returns its id.
  private func recipe(_ title: String, serves servings: Int, _ lines: [String]) -> String {
    web.saveRecipe(title, ["Serves \(servings)", ""] + lines)["id"]?.string ?? ""
  }

  private func plan(_ recipe: String, _ date: String, servings: Int? = nil) -> Response {
    let extra = servings.map { #","servings":\#($0)"# } ?? ""
    return web.send(
      "POST", "/api/v1/plan", json: #"{"recipe":"\#(recipe)","date":"\#(date)"\#(extra)}"#)
  }

  private func week(_ query: [String: String] = [:]) -> JSONValue {
    web.body(web.app.sameOrigin("GET", "/api/v1/plan", query: query))
  }

  private func meals(_ week: JSONValue) -> [String] {
    (week["days"]?.elements ?? []).flatMap { day in
      (day["meals"]?.elements ?? []).map { meal in
        "\(meal["date"]?.string ?? "") \(meal["recipe"]?["title"]?.string ?? "") \(meal["servingsText"]?.string ?? "")"
      }
    }
  }

  @Test func aMealGoesOnADayAndTheWeekShowsIt() throws {
    let chili = recipe("Chili", serves: 4, ["2 onions", "500 g minced beef"])
    let added = plan(chili, "2026-07-08", servings: 6)
    #expect(added.status == 201, "\(added.text)")
    let meal = web.body(added)["meal"]
    #expect(meal?["recipe"]?["id"]?.string == chili)
    #expect(meal?["servings"]?.number == 6)
    #expect(meal?["saved"] == .bool(true))

    let this = week()
    #expect(this["from"]?.string == "2026-07-06")
    #expect(this["to"]?.string == "2026-07-12")
    #expect(this["today"]?.string == "2026-07-06")
    #expect(this["days"]?.elements.count == 7)
    #expect(this["days"]?[0]?["isToday"] == .bool(true))
    #expect(this["days"]?[2]?["label"]?.string == "Wed 8 Jul")
    #expect(meals(this) == ["2026-07-08 Chili for 6"])
    #expect(meals(week(["week": "2026-07-13"])).isEmpty)
    #expect(meals(week(["from": "2026-07-08", "to": "2026-07-08"])) == ["2026-07-08 Chili for 6"])
  }

  @Test(arguments: [
    (#""date":"2026-02-30""#, 400, "2026-02-30 isn't a day"),
    (#""date":"30/02/2026""#, 400, "isn't a date"),
    (#""date":"2026-07-08","servings":0"#, 400, "servings must be a whole number from 1 to 1000"),
    (#""date":"2026-07-08","servings":10000"#, 400, "not 10000"),
    (#""date":"2026-07-08","servings":2.5"#, 400, "whole number"),
    (#""date":"2026-07-08","servings":"4""#, 400, "whole number"),
    (#""date":7"#, 400, "must be a string"),
    (#""date":"2026-07-08","when":"dinner""#, 400, "unknown field \"when\""),
  ])
  func badInputIsRefusedAndNothingIsPlanned(members: String, status: Int, message: String) throws {
    let chili = recipe("Chili", serves: 4, ["2 onions"])
    let before = try web.everything()
    let response = web.send(
      "POST", "/api/v1/plan", json: #"{"recipe":"\#(chili)",\#(members)}"#)
    #expect(response.status == status, "\(response.text)")
    #expect(web.body(response)["error"]?.string?.contains(message) == true, "\(response.text)")
    #expect(try web.everything() == before)
  }

  @Test func anUnknownRecipeIs404AndARecipeTwiceOnADayIs409() throws {
    let unknown = plan("00000000-0000-0000-0000-0000000000ff", "2026-07-08")
    #expect(unknown.status == 404, "\(unknown.text)")
    let chili = recipe("Chili", serves: 4, ["2 onions"])
    #expect(plan(chili, "2026-07-08").status == 201)
    let twice = plan(chili, "2026-07-08", servings: 8)
    #expect(twice.status == 409)
    #expect(
      web.body(twice)["error"]?.string
        == "Chili is already planned on Wednesday 8 July 2026: remove it to plan other servings")
    let toast = web.saveRecipe("Toast", ["2 slices bread"])["id"]?.string ?? ""
    let scaled = plan(toast, "2026-07-08", servings: 2)
    #expect(scaled.status == 400)
    #expect(
      web.body(scaled)["error"]?.string?.hasPrefix("Toast doesn't say how many it serves") == true)
    #expect(meals(week()) == ["2026-07-08 Chili as written"])
  }

  @Test func aMealComesOffByItsId() throws {
    let chili = recipe("Chili", serves: 4, ["2 onions"])
    let id = web.body(plan(chili, "2026-07-08"))["meal"]?["id"]?.string ?? ""
    let removed = web.send("DELETE", "/api/v1/plan/\(id)", json: "{}")
    #expect(removed.status == 200)
    #expect(web.body(removed)["meal"]?["id"]?.string == id)
    #expect(web.send("DELETE", "/api/v1/plan/\(id)", json: "{}").status == 404)
    #expect(web.send("DELETE", "/api/v1/plan/nope", json: "{}").status == 400)
    #expect(meals(week()).isEmpty)
  }

  @Test func shoppingTheWeekReviewsThenAddsAsMealPrepDoes() throws {
    let chili = recipe("Chili", serves: 4, ["2 onions", "500 g minced beef"])
    let soup = recipe("Soup", serves: 2, ["1 onion", "200 g onion"])
    #expect(plan(chili, "2026-07-06", servings: 6).status == 201)
    #expect(plan(chili, "2026-07-09").status == 201)
    #expect(plan(soup, "2026-07-08").status == 201)
    #expect(plan(soup, "2026-07-14").status == 201)  // next week
    let body = #"{"from":"2026-07-06","to":"2026-07-12"}"#

    let review = web.must("POST", "/api/v1/plan/shop/review", json: body)
    #expect(review["plan"]?["title"]?.string == "Meals of Mon 6 Jul to Sun 12 Jul 2026")
    #expect(review["plan"]?["recipes"]?.elements.map { $0["servings"]?.number } == [10, 2])
    let lines = review["plan"]?["lines"]?.elements ?? []
    #expect(lines.first?["sourcesText"]?.string == "Chili ×5, Soup ×1")
    let question = review["plan"]?["questions"]?[0]?["id"]?.string ?? ""
    #expect(!question.isEmpty, "onions and 200 g onion may be one food")
    #expect(review["missing"]?.elements.isEmpty == true)
    #expect(try web.basket.sections().toGet.isEmpty, "a review adds nothing")

    let answered =
      #"{"from":"2026-07-06","to":"2026-07-12","answers":[{"question":"\#(question)","answer":"keepApart"}]}"#
    let added = web.must("POST", "/api/v1/plan/shop/add", json: answered)
    #expect(added["added"] == .bool(true))
    #expect(added["plan"]?["questions"]?[0]?["answer"]?.string == "keepApart")
    let names = try web.basket.sections().toGet.map(\.name)
    #expect(Set(names) == ["onions", "beef"], "\(names)")  // the list merges onion into onions
  }

  @Test func shoppingDaysWithNothingOrTooManyIsRefused() throws {
    let empty = web.send(
      "POST", "/api/v1/plan/shop/review", json: #"{"from":"2026-07-06","to":"2026-07-12"}"#)
    #expect(empty.status == 422)
    let long = web.send(
      "POST", "/api/v1/plan/shop/review", json: #"{"from":"2026-07-01","to":"2026-09-01"}"#)
    #expect(long.status == 400)
    #expect(web.body(long)["error"]?.string == "shop for at most 31 days at a time, not 63")
    let backwards = web.send(
      "POST", "/api/v1/plan/shop/add", json: #"{"from":"2026-07-09","to":"2026-07-01"}"#)
    #expect(backwards.status == 400)
    #expect(web.app.sameOrigin("GET", "/api/v1/plan", query: ["week": "2026-02-30"]).status == 400)
    #expect(web.app.sameOrigin("GET", "/api/v1/plan", query: ["from": "2026-07-06"]).status == 400)
  }

  @Test func aRemovedRecipeIsShownButLeftOutOfTheShop() throws {
    let chili = recipe("Chili", serves: 4, ["2 onions"])
    let soup = recipe("Soup", serves: 2, ["1 l stock"])
    #expect(plan(chili, "2026-07-06").status == 201)
    #expect(plan(soup, "2026-07-07").status == 201)
    web.must("DELETE", "/api/v1/recipes/\(chili)", json: "{}")
    #expect(week()["days"]?[0]?["meals"]?[0]?["saved"] == .bool(false))
    let review = web.must(
      "POST", "/api/v1/plan/shop/review", json: #"{"from":"2026-07-06","to":"2026-07-12"}"#)
    #expect(review["missing"]?.elements.map { $0["recipe"]?["title"]?.string } == ["Chili"])
    #expect(review["plan"]?["recipes"]?.elements.map { $0["title"]?.string } == ["Soup"])
  }
}
