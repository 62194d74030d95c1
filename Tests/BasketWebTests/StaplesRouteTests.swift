import BasketKit
import Testing

@testable import BasketWeb

/// The always-have list on the web, as on the command line, over a real SQLite store: the
/// suggestion until changed, adds and removes with clear refusals, and recipes that say which
/// lines it covers.
@Suite struct StaplesRouteTests {
  @Test func theListStartsAsTheSuggestionAndChangesStick() throws {
    let web = try StoreHarness()
    let start = web.must("GET", "/api/v2/staples")
    #expect(start["staples"] == .array(["salt", "pepper", "oil"].map(JSONValue.string)))
    #expect(start["suggested"] == .bool(true))

    let added = web.send("POST", "/api/v2/staples", json: #"{"name":"  cumin "}"#)
    #expect(added.status == 201, "\(added.text)")
    #expect(web.body(added)["staples"]?.elements.last == .string("cumin"))
    #expect(web.body(added)["suggested"] == .bool(false))
    let again = web.send("POST", "/api/v2/staples", json: #"{"name":"Cumin"}"#)
    #expect(again.status == 409)
    #expect(web.body(again)["error"] == .string("cumin is already on the always-have list"))
    #expect(web.send("POST", "/api/v2/staples", json: #"{"name":" "}"#).status == 422)
    #expect(web.send("POST", "/api/v2/staples", json: #"{"nom":"x"}"#).status == 400)

    web.must("POST", "/api/v2/staples/remove", json: #"{"name":"PEPPER"}"#)
    let missing = web.send("POST", "/api/v2/staples/remove", json: #"{"name":"saffron"}"#)
    #expect(missing.status == 404)
    #expect(
      web.must("GET", "/api/v2/staples")["staples"]
        == .array(["salt", "oil", "cumin"].map(JSONValue.string)))
    #expect(try web.store.staples() == ["salt", "oil", "cumin"], "kept in the store")
  }

  @Test func aRecipesLinesSayWhichTheHouseholdAlwaysHas() throws {
    let web = try StoreHarness()
    let recipe = web.saveRecipe("Soup", ["2 onions", "1 tsp sea salt", "4 cups water"])
    let lines = recipe["ingredientGroups"]?[0]?["ingredients"]?.elements ?? []
    #expect(
      lines.map { $0["leftOut"] ?? .null } == [
        .null, .string("you always have this"), .string("tap water"),
      ])
    web.must("POST", "/api/v2/staples/remove", json: #"{"name":"salt"}"#)
    let id = recipe["id"]?.string ?? ""
    let shown = web.must("GET", "/api/v2/recipes/\(id)")["recipe"]
    let now = shown?["ingredientGroups"]?[0]?["ingredients"]?.elements ?? []
    #expect(now.map { $0["leftOut"] ?? .null } == [.null, .null, .string("tap water")])
  }
}
