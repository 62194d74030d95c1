import BasketKit
import Testing

/// "2 cups" → 2 cup, "3" → a count of 3, "2-3 cloves" → a range.
func kitchenAmount(_ text: String) -> ItemAmount {
  let words = text.split(separator: " ", maxSplits: 1).map(String.init)
  let numbers = words[0].split(separator: "-").compactMap { Double($0) }
  let unit = words.count > 1 ? KitchenUnit.spelled(words[1]) : nil
  return ItemAmount(amount: numbers[0], maxAmount: numbers.dropFirst().first, unit: unit)
}

@Suite struct AmountArithmeticTests {
  @Test(
    arguments: [
      // Same family, exact by the unit table.
      ("500 g", "1 kg", "flour", "1.5 kg"),
      ("250 g", "500 g", "flour", "750 g"),
      ("800 g", "0.5 kg", "flour", "1.3 kg"),
      ("300 g", "0.5 kg", "flour", "800 g"),
      ("250 ml", "1 l", "milk", "1.25 l"),
      ("1 cup", "2 tbsp", "milk", "1⅛ cups"),
      ("1 tbsp", "1 tsp", "oil", "1⅓ tbsp"),
      ("3 tsp", "1 tbsp", "oil", "2 tbsp"),
      ("2 cups", "1 tbsp", "stock", "33 tbsp"),
      ("1 cup", "100 ml", "milk", "337 ml"),
      ("8 oz", "1 lb", "mince", "1.5 lb"),
      ("1 lb", "500 g", "mince", "954 g"),
      ("2", "3", "eggs", "5"),
      ("2 cloves", "3 cloves", "garlic", "5 cloves"),
      ("1 can", "2 tin", "tomatoes", "3 cans"),
      ("2-3 cloves", "1 clove", "garlic", "3–4 cloves"),
      ("1 inch", "2.54 cm", "ginger", "5.08 cm"),
      // Mass and volume only through the food's density, and it says so.
      ("500 g", "1 cup", "flour", "≈ 625 g, converted"),
      ("1 cup", "100 g", "sugar", "≈ 300 g, converted"),
    ] as [(String, String, String, String)])
  func addsAmountsThatMeet(a: String, b: String, food: String, expected: String) throws {
    let (sum, _) = try #require(
      AmountArithmetic.sum(kitchenAmount(a), kitchenAmount(b), food: food))
    #expect(sum.text == expected)
  }

  @Test(
    arguments: [
      ("500 g", "1 cup", "unobtainium"),  // no density
      ("2 cloves", "2", "garlic"),  // cloves and a plain count
      ("1 can", "1 jar", "tomatoes"),  // different kinds of count
      ("1 cup", "1 clove", "garlic"),
      ("2 cm", "1 g", "ginger"),
    ] as [(String, String, String)])
  func keepsApartAmountsThatDontMeet(a: String, b: String, food: String) {
    #expect(AmountArithmetic.sum(kitchenAmount(a), kitchenAmount(b), food: food) == nil)
  }

  @Test func sumsTheDensityConvertedAmountExactly() throws {
    let (sum, converted) = try #require(
      AmountArithmetic.sum(kitchenAmount("500 g"), kitchenAmount("1 cup"), food: "flour"))
    #expect(converted)
    #expect(abs(sum.amount - (500 + 236.5882365 * 0.5283)) < 0.01)
    #expect(sum.unit == .gram)
  }

  @Test func addsPackagesOnlyOfTheSameSize() throws {
    let fourteenOunces = IngredientQuantity(amount: 14, unit: .ounce)
    let cans = ItemAmount(amount: 2, unit: KitchenUnit(id: "can"), packSize: fourteenOunces)
    let more = ItemAmount(amount: 1, unit: KitchenUnit(id: "can"), packSize: fourteenOunces)
    let big = ItemAmount(
      amount: 1, unit: KitchenUnit(id: "can"),
      packSize: IngredientQuantity(amount: 800, unit: .gram))
    #expect(
      try #require(AmountArithmetic.sum(cans, more, food: "tomatoes")).0.text == "3 cans (14 oz)")
    #expect(AmountArithmetic.sum(cans, big, food: "tomatoes") == nil)
    #expect(AmountArithmetic.sum(cans, kitchenAmount("2 can"), food: "tomatoes") == nil)
  }

  /// A weight the line also counts in its container is bought as containers of that size;
  /// twice the recipe is two of them, not one twice as big. A length's piece is no container.
  @Test func aWeightCountedInItsContainerIsBoughtAsContainers() throws {
    let tin = try #require(ItemAmount(IngredientLineParser.parse("400g tin chopped tomatoes")))
    #expect(tin.text == "1 tin (400 g)")
    let doubled = RecipeScaler.scale(
      IngredientLineParser.parse("400g tin chopped tomatoes"), by: 2
    ).line
    #expect(try #require(ItemAmount(doubled)).text == "2 tins (400 g)")
    let ginger = try #require(ItemAmount(IngredientLineParser.parse("4cm piece ginger")))
    #expect(ginger.text == "4 cm")
  }

  @Test func mergesIntoTheAmountOfTheSameFamilyBeforeConverting() {
    let amounts = [kitchenAmount("2 cups"), kitchenAmount("200 g")]
    let (merged, how) = AmountArithmetic.merge(kitchenAmount("50 g"), into: amounts, food: "flour")
    #expect(how == .summed(index: 1))
    #expect(merged.map(\.text) == ["2 cups", "250 g"])
    let (apart, kept) = AmountArithmetic.merge(
      kitchenAmount("2 cloves"), into: amounts, food: "flour")
    #expect(kept == .apart(index: 2))
    #expect(apart.map(\.text) == ["2 cups", "200 g", "2 cloves"])
    let (crossed, converted) = AmountArithmetic.merge(
      kitchenAmount("1 cup"), into: [kitchenAmount("100 g")], food: "flour")
    #expect(converted == .converted(index: 0))
    #expect(crossed.map(\.text) == ["≈ 225 g, converted"])
  }

  @Test(
    arguments: [
      ("500 g", "200 g", "flour", "buy 300 g"),
      ("500 g", "0.5 kg", "flour", "covered"),
      ("1 kg", "1200 g", "flour", "covered"),
      ("2 cups", "1 cup", "milk", "buy 1 cup"),
      ("1 l", "250 ml", "milk", "buy 0.75 l"),
      ("500 g", "2 cups", "flour", "buy ≈ 250 g, converted"),
      ("6", "4", "eggs", "buy 2"),
      ("2-3 cloves", "2 cloves", "garlic", "buy 1 clove"),
      ("500 g", "2 cups", "unobtainium", "incomparable"),
      ("3 cloves", "1 head", "garlic", "incomparable"),
    ] as [(String, String, String, String)])
  func findsWhatIsLeftToBuyForThePantry(need: String, have: String, food: String, expected: String)
  {
    let remainder = AmountArithmetic.remainder(
      of: kitchenAmount(need), after: kitchenAmount(have), food: food)
    let text: String
    switch remainder {
    case .covered: text = "covered"
    case .buy(let amount): text = "buy " + amount.text
    case .incomparable: text = "incomparable"
    }
    #expect(text == expected)
  }
}

@Suite struct WebAddressRulesTests {
  @Test(
    arguments: [
      ([127, 0, 0, 1], true), ([10, 1, 2, 3], true), ([172, 16, 0, 1], true),
      ([172, 31, 255, 255], true), ([172, 32, 0, 1], false), ([192, 168, 1, 20], true),
      ([169, 254, 169, 254], true), ([100, 64, 0, 1], true), ([100, 128, 0, 1], false),
      ([0, 0, 0, 0], true), ([224, 0, 0, 1], true), ([255, 255, 255, 255], true),
      ([93, 184, 216, 34], false), ([8, 8, 8, 8], false), ([1, 2, 3], true),
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], true),
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], true),
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 127, 0, 0, 1], true),
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 8, 8, 8, 8], false),
      ([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0, 192, 168, 0, 1], true),
      ([0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], true),
      ([0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], true),
      ([0xFF, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], true),
      ([0x26, 0x06, 0x47, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x68, 0x1A, 0x0A, 0x2A], false),
      // Every IPv4 form inside IPv6 is judged as IPv4, so none reaches this machine disguised.
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 1], true),  // ::127.0.0.1
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 192, 168, 1, 1], true),  // ::192.168.1.1
      ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8], false),  // ::8.8.8.8
      ([0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 10, 0, 0, 1], true),  // ::ffff:0:10.0.0.1
      ([0, 0x64, 0xFF, 0x9B, 0, 0x01, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8], true),  // 64:ff9b:1::/48
      ([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8], false),  // 64:ff9b::8.8.8.8
      ([0x20, 0x02, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], true),  // 6to4 of 127.0.0.1
      ([0x20, 0x02, 8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], false),  // 6to4 of 8.8.8.8
      // Teredo: the client's address inverted, 192.168.1.1 then 8.8.8.8.
      ([0x20, 0x01, 0, 0, 8, 8, 8, 8, 0, 0, 0, 0, 0x3F, 0x57, 0xFE, 0xFE], true),
      ([0x20, 0x01, 0, 0, 8, 8, 8, 8, 0, 0, 0, 0, 0xF7, 0xF7, 0xF7, 0xF7], false),
      ([0x26, 0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0x5E, 0xFE, 10, 1, 1, 1], true),  // ISATAP 10.1.1.1
      ([0x26, 0x06, 0, 0, 0, 0, 0, 0, 2, 0, 0x5E, 0xFE, 8, 8, 4, 4], false),  // ISATAP 8.8.4.4
    ] as [([UInt8], Bool)])
  func tellsLocalAddressesFromPublicOnes(address: [UInt8], local: Bool) {
    #expect(WebAddressRules.isLocal(address) == local)
  }

  @Test(
    arguments: [
      ("https://www.example.com/pie", "www.example.com"),
      ("http://EXAMPLE.com:8080", "example.com"),
      ("https://user:pw@example.com/x", "example.com"), ("http://[::1]:80/x", "::1"),
      ("  https://example.com?q=1  ", "example.com"),
    ] as [(String, String)])
  func findsTheHostOfAWebAddress(address: String, host: String) throws {
    #expect(try WebAddressRules.host(of: address) == host)
  }

  @Test func refusesWhatIsNotAnHTTPAddress() {
    #expect(throws: WebFetchError.unsupportedScheme("ftp")) {
      try WebAddressRules.host(of: "ftp://example.com/x")
    }
    #expect(throws: WebFetchError.notAnAddress("example.com/pie")) {
      try WebAddressRules.host(of: "example.com/pie")
    }
    #expect(throws: WebFetchError.notAnAddress("https:///pie")) {
      try WebAddressRules.host(of: "https:///pie")
    }
    #expect(WebAddressRules.isWebAddress("https://x.test/a"))
    #expect(!WebAddressRules.isWebAddress("page.html"))
    #expect(!WebAddressRules.isWebAddress("./a://b"))
  }
}
