import BasketKit
import BasketStore
import Testing

@Suite struct StoreLocationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var flag: String?
    var environment: [String: String]
    var expected: StoreLocation
    var testDescription: String

    init(
      _ testDescription: String, flag: String? = nil, _ environment: [String: String],
      _ path: String, _ source: StoreLocation.Source
    ) {
      self.testDescription = testDescription
      self.flag = flag
      self.environment = environment
      self.expected = StoreLocation(path: path, source: source)
    }
  }

  static let everything = [
    "BASKET_STORE": "/env/store.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/ann",
  ]

  @Test(arguments: [
    Case("the flag wins", flag: "here.sqlite", everything, "here.sqlite", .flag),
    Case("then BASKET_STORE", everything, "/env/store.sqlite", .environment),
    Case(
      "then XDG_DATA_HOME", ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"],
      "/data/basket/basket.sqlite", .dataHome),
    Case(
      "a trailing slash is fine", ["XDG_DATA_HOME": "/data/"], "/data/basket/basket.sqlite",
      .dataHome),
    Case(
      "then HOME", ["HOME": "/home/ann"], "/home/ann/.local/share/basket/basket.sqlite", .home),
    Case(
      "an empty BASKET_STORE is unset", ["BASKET_STORE": "", "HOME": "/home/ann"],
      "/home/ann/.local/share/basket/basket.sqlite", .home),
    Case(
      "a relative XDG_DATA_HOME is ignored", ["XDG_DATA_HOME": "data", "HOME": "/h"],
      "/h/.local/share/basket/basket.sqlite", .home),
  ])
  func resolvesInOrderOfPrecedence(_ test: Case) throws {
    #expect(
      try StoreLocation.resolve(
        flag: test.flag, configuration: BasketConfiguration(environment: test.environment))
        == test.expected)
  }

  @Test func withNoHomeAndNoOverrideThereIsNoPlaceForTheStore() {
    #expect(throws: StoreError.self) {
      try StoreLocation.resolve(
        flag: nil, configuration: BasketConfiguration(environment: ["XDG_DATA_HOME": ""]))
    }
  }

  @Test func anEmptyFlagIsRefused() {
    #expect(throws: StoreError.self) {
      try StoreLocation.resolve(flag: "", configuration: BasketConfiguration(home: "/h"))
    }
  }
}
