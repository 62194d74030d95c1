import Foundation
import Testing

@Suite struct TripCommandTests {
  let basket = BasketBinary()

  @discardableResult
  private func ok(_ arguments: [String], at minutes: Int = 0) throws -> String {
    let result = try basket.run(arguments, at: minutes)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout
  }

  private func json(_ arguments: [String], at minutes: Int = 0) throws -> [String: Any] {
    let text = try ok(arguments + ["--json"], at: minutes)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func productsAreAddedShownEditedAndRemoved() throws {
    try ok(["shop", "add", "Lidl"])
    #expect(
      try ok([
        "product", "add", "Oat", "drink", "--alias", "oat milk, oatmilk", "--size", "1 l",
        "--at", "lidl", "--price", "1,95", "--organic", "--diet", "vegan,gluten free",
        "--code", "036000291452", "--page", "https://lidl.example/oat?a=1&b=2",
      ])
        == "Added Oat drink · 1 l · at Lidl · 1.95 (noted 2026-07-06) · organic · vegan · gluten-free · aka oat milk, oatmilk.\n"
    )
    let shown = try ok(["product", "show", "oat milk"])
    #expect(shown.contains("Price: 1.95, noted 2026-07-06 (not a current price)\n"))
    #expect(shown.contains("Barcode: 036000291452 (UPC-A)\n"))
    let product = try json(["product", "show", "0036000291452"])
    #expect(product["page"] as? String == "https://lidl.example/oat?a=1&b=2")
    #expect(product["diets"] as? [String] == ["vegan", "gluten-free"])
    #expect(product["storeBrand"] as? Bool == false)

    let edited = try ok(
      ["product", "edit", "oat", "--no-alias", "oatmilk", "--store-brand", "--no-price"], at: 60)
    #expect(
      edited
        == "Changed Oat drink · 1 l · at Lidl · organic · vegan · gluten-free · store brand · aka oat milk.\n"
    )
    #expect(try ok(["product", "list"]).contains("Oat drink · 1 l"))
    #expect(try ok(["product", "rm", "Oat drink"]) == "Removed Oat drink from your products.\n")
    #expect(try ok(["product"]).hasPrefix("No products yet."))
  }

  @Test(
    arguments: [
      (["product", "add", "Milk", "--page", "lidl.example/milk"], 1, "isn't a web address"),
      (["product", "add", "Milk", "--page", "javascript:alert(1)"], 1, "isn't a web address"),
      (["product", "add", "Milk", "--price", "€2"], 1, "isn't a price"),
      (["product", "add", "Milk", "--diet", "paleo"], 1, "isn't a dietary tag"),
      (["product", "add", "Milk", "--size", "lots"], 1, "isn't a pack size"),
      (["product", "add", "Milk", "--at", "Aldi"], 1, "no shop or retailer called Aldi"),
      (["product", "add", "Milk", "--code", "036000291453"], 1, "check digit"),
      (["product", "add"], 2, "needs a name"),
      (["product", "edit", "Milk"], 2, "needs a change"),
      (["product", "frob"], 2, "no command"),
      (["trip", "start", "--retailer", "Kroger"], 1, "no retailer called Kroger"),
      (["trip", "next"], 1, "no trip under way"),
      (["trip", "fly"], 2, "no command"),
      (["retailer", "add", "Kroger", "https://kroger.example/search"], 1, "needs {query}"),
    ] as [([String], Int32, String)])
  func badInputIsAClearErrorAndChangesNothing(
    arguments: [String], status: Int32, message: String
  ) throws {
    try ok(["add", "milk"])
    try ok(["shop", "add", "Lidl"])
    let result = try basket.run(arguments)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    let products = try JSONSerialization.jsonObject(
      with: Data(try ok(["product", "list", "--json"]).utf8))
    #expect((products as? [Any])?.isEmpty == true)
    #expect(try ok(["trip", "status", "--json"]) == "null\n")
  }

  @Test func aWholeTripWithAnExceptionAPauseAndTheCheckInAtTheEnd() throws {
    try ok(["shop", "add", "Lidl"])
    try ok(["add", "2 l milk"])
    try ok(["add", "flour 1.2 kg"], at: 1)
    try ok(["add", "Salt & Pepper"], at: 2)
    try ok(["product", "add", "Whole milk", "--alias", "milk", "--size", "1 l", "--at", "Lidl"])
    try ok(["product", "add", "Plain flour", "--size", "500 g", "--at", "Lidl", "--price", "0.50"])
    try ok(["product", "add", "Spelt flour", "--size", "1 kg", "--at", "Lidl", "--price", "1.20"])

    // Lidl has no history, so the trip walks a typical supermarket (`SupermarketWalk`): salt &
    // pepper first (its "pepper" reads as produce), then milk (dairy), then flour (grains).
    // At a shop nothing waits to be settled: Salt & Pepper (no product) and flour (two could
    // do) are walked by their names.
    let started = try ok(["trip", "start", "--cheapest"], at: 10)
    #expect(
      started.hasPrefix("Started a trip at Lidl: 3 items in walking order (cheapest per unit).\n"))
    #expect(started.contains("→ 🫑 Salt & Pepper\n"), "\(started)")
    #expect(started.contains("  Produce · 3 left\n"), "\(started)")
    #expect(
      try basket.run(["trip", "accept"], at: 11).stderr.contains("there is no exception to settle"))
    var trip = try json(["trip"], at: 11)
    #expect(trip["phase"] as? String == "walking")
    #expect(trip["pendingExceptions"] as? Int == 0)
    #expect(trip["left"] as? Int == 3)
    let first = try #require(trip["current"] as? [String: Any])
    #expect(first["review"] as? String == "sure")
    #expect(
      first["reason"] as? String
        == "by name: no product for Salt & Pepper at Lidl in your catalogue")
    #expect(
      try ok(["trip", "next"], at: 13).hasPrefix("Moved on from Salt & Pepper (not checked off).\n")
    )
    let milk = try ok(["trip"], at: 13)
    #expect(milk.contains("→ 🥛 milk · 2 L\n"))
    #expect(milk.contains("Buy 2 packs (need 2 l; 2 l ÷ 1 l = 2)\n"))
    #expect(milk.contains("  Dairy · 2 left\n"), "\(milk)")
    #expect(try ok(["trip", "pause"], at: 14).hasPrefix("Paused."))
    #expect(try ok(["trip"], at: 30).contains("is paused at 2 of 3, milk"))
    #expect(try basket.run(["trip", "got"], at: 30).stderr.contains("the trip is paused"))
    #expect(try ok(["trip", "resume"], at: 31).contains("→ 🥛 milk"))
    #expect(try ok(["trip", "got"], at: 32).hasPrefix("Got milk: checked off.\n"))
    trip = try json(["trip"], at: 32)
    let flourStop = try #require(trip["current"] as? [String: Any])
    #expect(flourStop["name"] as? String == "flour")
    #expect(flourStop["product"] is NSNull)
    let candidates = flourStop["candidates"] as? [[String: Any]] ?? []
    #expect(candidates.compactMap { $0["name"] as? String } == ["Plain flour", "Spelt flour"])
    // Choosing a product on the walk is remembered for next time.
    #expect(
      try ok(["trip", "replace", "spelt"], at: 32).hasPrefix("flour: Spelt flour (remembered"))
    let flour = try json(["trip"], at: 32)
    let current = try #require(flour["current"] as? [String: Any])
    #expect(current["name"] as? String == "flour")
    #expect(current["packs"] as? Int == 2)
    #expect(current["link"] is NSNull)
    #expect(try ok(["trip", "got"], at: 33).contains("That was the last item."))

    let list =
      try JSONSerialization.jsonObject(
        with: Data(try ok(["list", "--json"], at: 33).utf8)) as? [String: Any]
    #expect(
      (list?["toGet"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == [
        "Salt & Pepper"
      ])
    let end = try ok(["trip", "end"], at: 34)
    #expect(
      end.hasPrefix(
        "Trip at Lidl: got 2 of 3; moved on from 1 without checking it off. 24 min.\n"
      ))
    #expect(end.contains("Check in to the pantry (basket checkin asks about each):\n"))
    #expect(end.contains("  milk: 2 l\n"))
    #expect(end.contains("  flour: 1.2 kg\n"))
    #expect(try ok(["trip"], at: 35).hasPrefix("No trip under way."))
    // The next trip knows flour as Spelt flour.
    try ok(["add", "flour"], at: 36)
    let again = try json(["trip", "start"], at: 36)
    let stops = again["stops"] as? [[String: Any]] ?? []
    let next = stops.first { $0["name"] as? String == "flour" }
    #expect(next?["review"] as? String == "sure")
  }

  @Test func aRetailerTripLinksToSearchesLabelledAsSearches() throws {
    try ok(["add", "oat milk"])
    try ok(["add", "#1 coffee"], at: 1)
    try ok([
      "retailer", "add", "Corner", "Shop", "https://corner.example/find?q={query}&sort=new",
    ])
    #expect(
      try ok(["retailer"]).contains("Corner Shop: https://corner.example/find?q={query}&sort=new\n")
    )
    try ok([
      "product", "add", "Oatly", "--alias", "oat milk", "--page", "https://corner.example/p/1",
    ])
    let trip = try json(["trip", "start", "--retailer", "corner"])
    #expect(trip["kind"] as? String == "retailer")
    let stops = trip["stops"] as? [[String: Any]] ?? []
    #expect(stops.compactMap { $0["name"] as? String } == ["#1 coffee", "oat milk"])
    let coffee = stops[0]["link"] as? [String: Any]
    #expect(coffee?["kind"] as? String == "search")
    #expect(coffee?["address"] as? String == "https://corner.example/find?q=%231%20coffee&sort=new")
    #expect(
      coffee?["label"] as? String
        == "Search Corner Shop for “#1 coffee” (a search, not a product page)")
    let oat = stops[1]["link"] as? [String: Any]
    #expect(oat?["kind"] as? String == "product-page")
    #expect(oat?["address"] as? String == "https://corner.example/p/1")
    let text = try ok(["trip"])
    #expect(text.contains("no product for #1 coffee at Corner Shop"))
    let status = try ok(["trip", "accept"])
    #expect(
      status.contains(
        "Search Corner Shop for “#1 coffee” (a search, not a product page): https://corner.example/find?q=%231%20coffee&sort=new\n"
      ))
    for word in ["price", "in stock", "cart", "purchased", "ordered"] {
      #expect(!status.lowercased().contains(word))
    }
    #expect(
      try basket.run(["trip", "start", "--retailer", "Walmart"]).stderr.contains("under way"))
    #expect(try basket.run(["retailer", "rm", "walmart"]).stderr.contains("built in"))
  }

  @Test func aRetailersSearchesAreAcceptedInOneStep() throws {
    try ok(["add", "saffron"])
    try ok(["add", "sumac"], at: 1)
    try ok(["add", "rice"], at: 2)
    try ok(["product", "add", "Jasmine rice"])
    try ok(["product", "add", "Basmati rice"])
    let started = try ok(["trip", "start", "--retailer", "walmart"], at: 3)
    #expect(started.contains("basket trip accept --searches accepts all 2 searches") == false)
    #expect(started.contains("? 🍚 rice"), "\(started)")
    // Rice first: a real choice; it doesn't offer to accept the searches for it.
    #expect(try ok(["trip", "replace", "basmati"], at: 4).contains("sumac"))
    let searching = try ok(["trip"], at: 4)
    #expect(
      searching.contains("basket trip accept --searches accepts all 2 searches"), "\(searching)")
    let accepted = try ok(["trip", "accept", "--searches"], at: 5)
    #expect(accepted.hasPrefix("Accepted 2 searches: shopped by name.\n"), "\(accepted)")
    let trip = try json(["trip"], at: 5)
    #expect(trip["phase"] as? String == "walking")
    #expect(trip["searches"] as? Int == 0)
    #expect(
      try basket.run(["trip", "accept", "--searches"], at: 6).stderr.contains("no exception"))
    #expect(try basket.run(["trip", "next", "--searches"], at: 6).status == 2)
  }

  @Test func aProductIsMadeOnTheSpotDuringTheWalk() throws {
    try ok(["shop", "add", "Lidl"])
    try ok(["add", "saffron"])
    try ok(["trip", "start"])
    #expect(try basket.run(["trip", "replace", "--size", "1 g"]).status == 2)
    let made = try ok(["trip", "replace", "--make", "Saffron", "threads", "--size", "1 g"])
    #expect(
      made.hasPrefix(
        "Made Saffron threads · 1 g · at Lidl.\nsaffron: Saffron threads (remembered for next time).\n"
      ))
    #expect(
      made.contains(
        " saffron\n  Product: Saffron threads · 1 g · at Lidl\n  Buy 1 pack (the list gives no amount)\n"
      ))
    let product = try json(["product", "show", "saffron threads"])
    #expect(product["aliases"] as? [String] == ["saffron"])
    #expect(product["shop"] as? String == "Lidl")
    let end = try ok(["trip", "end"])
    #expect(end.hasPrefix("Trip at Lidl: got 0 of 1; 1 not reached."), "\(end)")
    #expect(!end.contains("exception"), "made on the walk, nothing was settled first")
  }

  @Test func helpTextsNameEveryCommand() throws {
    let trip = try ok(["trip", "--help"])
    for word in ["start", "next", "got", "skip", "pause", "resume", "end", "accept", "replace"] {
      #expect(trip.contains("  \(word)"), "\(word)")
    }
    #expect(try ok(["product", "--help"]).contains("--store-brand"))
    #expect(try ok(["retailer", "--help"]).contains("{query}"))
    let overview = try ok(["--help"])
    #expect(overview.contains("trip [COMMAND]") && overview.contains("product [COMMAND]"))
  }
}
