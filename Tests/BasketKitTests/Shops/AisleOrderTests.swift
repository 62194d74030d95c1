import BasketKit
import BasketTestSupport
import Testing

@Suite struct AisleOrderTests {
  @Test func aTripTeachesItsOrder() {
    var order = AisleOrder()
    order.learn(trip: ["bread", "milk", "eggs", "milk"])  // milk again: already placed
    #expect(order.position(of: "bread") == 0)
    #expect(order.position(of: "milk") == 0.5)
    #expect(order.position(of: "eggs") == 1)
    #expect(order.position(of: "tea") == nil)
  }

  @Test func aTripOfOneThingTeachesNothing() {
    var order = AisleOrder()
    order.learn(trip: ["bread"])
    order.learn(trip: [])
    #expect(order.isEmpty)
    #expect(order.position(of: "bread") == nil)
  }

  @Test func aRearrangedShopIsRelearntWhereAnOrderWithoutDecayIsNot() {
    var decaying = AisleOrder(decay: 0.5)
    var keeping = AisleOrder(decay: 1)
    for _ in 0..<4 {
      decaying.learn(trip: ["bread", "milk", "eggs"])
      keeping.learn(trip: ["bread", "milk", "eggs"])
    }
    for _ in 0..<2 {
      decaying.learn(trip: ["eggs", "milk", "bread"])
      keeping.learn(trip: ["eggs", "milk", "bread"])
    }
    #expect(decaying.position(of: "eggs")! < decaying.position(of: "bread")!)
    #expect(keeping.position(of: "eggs")! > keeping.position(of: "bread")!)
  }

  @Test func thingsNotBoughtForLongAreForgotten() {
    var order = AisleOrder(decay: 0.5)
    order.learn(trip: ["candles", "cake"])
    for _ in 0..<6 { order.learn(trip: ["bread", "milk"]) }
    #expect(order.position(of: "candles") == nil)
    #expect(order.positions.keys.sorted() == ["bread", "milk"])
  }

  @Test func aCorrectionByHandOutweighsATripOrTwo() {
    var order = AisleOrder(decay: 1)
    order.learn(trip: ["milk", "bread"])
    order.learn(trip: ["milk", "bread"])
    order.learn(trip: ["bread", "milk"], weight: 3)
    #expect(order.position(of: "bread")! < order.position(of: "milk")!)
  }

  @Test func anOrderPutRightByHandOverrulesEveryEarlierTripUntilLaterTripsSayOtherwise() {
    var overruled = AisleOrder()
    var weighed = AisleOrder()
    for _ in 0..<3 {
      overruled.learn(trip: ["bread", "apple"])
      weighed.learn(trip: ["bread", "apple"])
    }
    overruled.learn(trip: ["apple", "bread"], weight: 2, overruling: true)
    weighed.learn(trip: ["apple", "bread"], weight: 2)
    #expect(overruled.position(of: "apple") == 0)
    #expect(weighed.position(of: "apple")! > 0.5)  // outvoted by three trips: the move undone
    // One trip the other way doesn't undo it; a shop rearranged for good is relearnt.
    overruled.learn(trip: ["bread", "apple"])
    #expect(overruled.position(of: "apple")! < 0.5)
    overruled.learn(trip: ["bread", "apple"])
    overruled.learn(trip: ["bread", "apple"])
    #expect(overruled.position(of: "apple")! > 0.5)
  }

  @Test func anUnknownItemTakesItsCategorysPlaceThenAnotherShopsThenTheEnd() {
    var shop = WalkingOrder(items: AisleOrder(), categories: AisleOrder())
    shop.learn(trip: [("apple", "produce"), ("milk", "dairy"), ("bread", "bakery")])
    var elsewhere = AisleOrder()
    elsewhere.learn(trip: ["tea", "soap", "towels", "bin bags"])
    shop.otherShops = [elsewhere]
    let list: [(String, String?)] = [
      ("soap", nil), ("zucchini", "produce"), ("bread", "bakery"), ("mystery", nil),
      ("cheese", "dairy"), ("milk", "dairy"), ("apple", "produce"),
    ]
    let walked = shop.sorted(list, key: { $0.0 }, category: { $0.1 }).map(\.0)
    // zucchini and cheese by their categories; soap from the other shop (early there);
    // mystery, unknown everywhere, at the end.
    #expect(walked == ["zucchini", "apple", "soap", "cheese", "milk", "bread", "mystery"])
  }

  /// One case of a list walked in a shop: what the shop and another shop have learnt, and the
  /// walk expected.
  struct WalkCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// This shop's trips, each as (item, category) in the order checked off.
    var learnt: [[(String, String?)]] = []
    /// Another shop's trips, as items in the order checked off.
    var elsewhere: [[String]] = []
    var list: [(String, String?)]
    var walked: [String]
  }

  @Test(arguments: [
    WalkCase(
      testDescription: "a fresh shop walks a typical supermarket, each category one stretch",
      list: [
        ("frozen peas", "frozen"), ("cheese", "dairy"), ("mystery", nil), ("bread", "bakery"),
        ("milk", "dairy"), ("apples", "produce"),
      ],
      // produce, bakery, dairy (cheese and milk in list order), the freezers; unknown last.
      walked: ["apples", "bread", "cheese", "milk", "frozen peas", "mystery"]),
    WalkCase(
      testDescription: "an item another shop has learnt keeps that shop's place",
      elsewhere: [["tea", "bread", "eggs"]],
      list: [
        ("frozen peas", "frozen"), ("bread", "bakery"), ("milk", "dairy"), ("tea", "drinks"),
        ("apples", "produce"),
      ],
      // tea (0 there) comes in with the produce (0), not with the drinks (0.63); bread (0.5
      // there) after the dairy (0.26), not with the bakery (0.05).
      walked: ["tea", "apples", "milk", "bread", "frozen peas"]),
    WalkCase(
      testDescription: "once the shop has learnt categories, its own learning wins",
      learnt: [[("frozen chips", "frozen"), ("milk", "dairy"), ("apple", "produce")]],
      list: [
        ("apples", "produce"), ("bread", "bakery"), ("milk", "dairy"), ("frozen peas", "frozen"),
      ],
      // The freezers are by the door here and the produce at the back. Bakery, a category
      // this shop hasn't placed, comes where the typical walk puts it among the ones it has:
      // a fifth of the way from the produce (1) to the dairy (0.5), so at 0.9.
      walked: ["frozen peas", "milk", "bread", "apples"]),
  ])
  func aShopWithNoHistoryStartsInATypicalSupermarketWalk(_ walk: WalkCase) {
    var shop = WalkingOrder(items: AisleOrder(), categories: AisleOrder())
    for trip in walk.learnt { shop.learn(trip: trip.map { (key: $0.0, category: $0.1) }) }
    shop.otherShops = walk.elsewhere.map { trip in
      var order = AisleOrder()
      order.learn(trip: trip)
      return order
    }
    #expect(shop.sorted(walk.list, key: { $0.0 }, category: { $0.1 }).map(\.0) == walk.walked)
  }

  @Test func aCategoryAShopHasNotLearntComesWhereTheTypicalWalkPutsItAmongTheLearntOnes() {
    let places = SupermarketWalk.places(around: ["bakery": 0.2, "dairy": 0.6, "pantry": 0.4])
    func at(_ category: String) -> Double { ((places[category] ?? .nan) * 1000).rounded() / 1000 }
    #expect(at("bakery") == 0.2)  // learnt: kept
    #expect(at("dairy") == 0.6)
    #expect(at("produce") == 0.19)  // before every learnt one in the walk: before the first
    #expect(at("proteins") == 0.3)  // a quarter of the way from bakery to dairy
    #expect(at("grains") == 0.5)  // halfway back from dairy to pantry
    #expect(at("frozen") == 0.72)  // after every learnt one: after the last, by its distance
    #expect(SupermarketWalk.places(around: [:])["frozen"] == 1)
  }

  @Test func theSupermarketWalkPlacesEveryCategoryTheVocabularyGivesAndNoOther() {
    let given = Set(GroceryVocabulary.curatedKeywords.map(\.category))
    #expect(given == Set(SupermarketWalk.categories))
    #expect(SupermarketWalk.categories.count == given.count)  // each once
    #expect(SupermarketWalk.place(of: "produce") == 0)
    #expect(SupermarketWalk.place(of: "frozen") == 1)
    #expect(SupermarketWalk.place(of: "baking") == nil)
  }

  @Test func inASimulatedShopTheVotesLearnTheLayoutBetterThanTheLastTrip() {
    let simulation = AisleSimulation()
    let votes = simulation.run(AisleSimulation.Pairwise(decay: 0.9), trips: 40, seed: 7)
    let last = simulation.run(AisleSimulation.LastTrip(), trips: 40, seed: 7)
    let settledVotes = votes[30...].reduce(0, +) / 10
    let settledLast = last[30...].reduce(0, +) / 10
    #expect(votes[0] > 0.2)  // one trip knows little
    #expect(settledVotes < 0.1)
    #expect(settledVotes < settledLast * 0.85)
  }

  @Test func aSimulatedNewShopStartsCloseInTheSupermarketWalkAndFarOffInListOrder() {
    var simulation = AisleSimulation()
    simulation.aisleCategories = AisleSimulation.typicalAisles
    let shop = simulation
    var shape = SeededGenerator(seed: 5)
    let layout = shop.nearlyTypicalLayout(&shape)
    func run(supermarketStart: Bool) -> [Double] {
      shop.run(
        AisleSimulation.Pairwise(
          decay: 0.9, category: { shop.category(of: $0) }, supermarketStart: supermarketStart),
        trips: 3, aisleOrder: layout, fromFresh: true, seed: 5)
    }
    let walk = run(supermarketStart: true)
    let list = run(supermarketStart: false)
    #expect(walk[0] < 0.15)
    #expect(list[0] > 0.35)  // about random
    #expect(walk[1...] == list[1...])  // once a trip is learnt, the same
  }

  @Test func aRearrangedSimulatedShopIsRelearnt() {
    let simulation = AisleSimulation()
    let distances = simulation.run(
      AisleSimulation.Pairwise(decay: 0.9), trips: 70, rearrangeAt: 40, seed: 11)
    #expect(distances[40] > 0.2)  // the first trip after the change
    #expect(distances[60...].reduce(0, +) / 10 < 0.12)
  }

  @Test(arguments: [
    ([0.5, 0.2, 0.04, 0.03], 0, 3), ([0.01, 0.02], 0, 1), ([0.5, 0.5], 0, nil),
    ([0.01, 0.3, 0.04, 0.02], 1, 2),
  ])
  func tripsUntilCountsFromTheFirstTripThatStaysUnderTheGoal(
    distances: [Double], from: Int, expected: Int?
  ) {
    #expect(AisleSimulation.tripsUntil(0.05, in: distances, from: from) == expected)
  }
}
