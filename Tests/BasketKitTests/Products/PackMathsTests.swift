import BasketKit
import Testing

@Suite struct PackMathsTests {
  static func amount(_ value: Double, _ unit: KitchenUnit? = nil, max: Double? = nil)
    -> ItemAmount
  {
    ItemAmount(amount: value, maxAmount: max, unit: unit)
  }

  static let cup = KitchenUnit.cup
  static let can = KitchenUnit(id: "can")!

  @Test(
    arguments: [
      // needed, pack, packs, arithmetic
      ([amount(1.2, .kilogram)], "500 g", 3, "need 1.2 kg = 1200 g; 1200 g ÷ 500 g = 2.4 → 3"),
      ([amount(1000, .gram)], "500 g", 2, "need 1000 g; 1000 g ÷ 500 g = 2"),
      ([amount(2, .liter)], "1 l", 2, "need 2 l; 2 l ÷ 1 l = 2"),
      ([amount(1500, .milliliter)], "1 l", 2, "need 1500 ml = 1.5 l; 1.5 l ÷ 1 l = 1.5 → 2"),
      ([amount(12)], "6", 2, "need 12; 12 ÷ 6 = 2"),
      ([amount(7)], "6", 2, "need 7; 7 ÷ 6 = 1.167 → 2"),
      ([amount(2, cup)], "500 ml", 1, "need 2 cups = 473.176 ml; 473.176 ml ÷ 500 ml = 0.946 → 1"),
      ([amount(2, max: 3)], "2", 2, "need 2–3 = 3; 3 ÷ 2 = 1.5 → 2"),
      ([amount(100, .gram)], "1 kg", 1, "need 100 g = 0.1 kg; 0.1 kg ÷ 1 kg = 0.1 → 1"),
      (
        [amount(500, .gram), amount(1, .kilogram)], "500 g", 3,
        "need 500 g + 1 kg = 1500 g; 1500 g ÷ 500 g = 3"
      ),
    ] as [([ItemAmount], String, Int, String)])
  func packsAreTheNeedDividedByThePackRoundedUp(
    needed: [ItemAmount], pack: String, packs: Int, arithmetic: String
  ) throws {
    let outcome = PackMaths.packs(for: needed, pack: try PantryAmount.read(pack))
    #expect(outcome == .packs(packs, arithmetic: arithmetic))
    #expect(outcome.packs == packs)
  }

  @Test func aPackageCountMultipliesOutItsSize() throws {
    let cans = ItemAmount(
      amount: 2, unit: Self.can, packSize: IngredientQuantity(amount: 400, unit: .gram))
    #expect(
      PackMaths.packs(for: [cans], pack: try PantryAmount.read("800 g"))
        == .packs(1, arithmetic: "need 2 cans (400 g) = 800 g; 800 g ÷ 800 g = 1"))
    #expect(
      PackMaths.packs(for: [cans], pack: IngredientQuantity(amount: 1, unit: Self.can))
        == .packs(2, arithmetic: "need 2 cans (400 g) = 2 cans; 2 cans ÷ 1 can = 2"))
  }

  @Test(
    arguments: [
      (
        [amount(2, cup)], "500 g",
        "need 2 cups but a pack is 500 g: a volume and a weight don't convert"
      ),
      ([amount(3)], "1 kg", "need 3 but a pack is 1 kg: a count and a weight don't convert"),
      ([amount(500, .gram)], "6", "need 500 g but a pack is 6: a weight and a count don't convert"),
      ([amount(2, .liter)], "2 cloves", "a volume and a count of cloves don't convert"),
    ] as [([ItemAmount], String, String)])
  func unitsOfDifferentKindsSayWhyNot(needed: [ItemAmount], pack: String, reason: String) throws {
    let outcome = PackMaths.packs(for: needed, pack: try PantryAmount.read(pack))
    guard case .cannot(let why) = outcome else {
      Issue.record("expected a refusal, got \(outcome)")
      return
    }
    #expect(why.contains(reason), "\(why)")
    #expect(outcome.packs == nil)
    #expect(outcome.text.hasPrefix("Packs not counted: "))
  }

  @Test func amountsOfAnotherKindAreNamedAsNotCounted() throws {
    let outcome = PackMaths.packs(
      for: [Self.amount(600, .gram), Self.amount(2, Self.cup)], pack: try PantryAmount.read("500 g")
    )
    #expect(outcome.packs == 2)
    guard case .packs(_, let arithmetic) = outcome else { return }
    #expect(arithmetic.hasPrefix("need 600 g; 600 g ÷ 500 g = 1.2 → 2; 2 cups not counted: "))
  }

  @Test func noAmountIsOnePackAndNoPackSizeIsSaid() throws {
    #expect(
      PackMaths.packs(for: [], pack: try PantryAmount.read("1 l"))
        == .onePack(reason: "the list gives no amount"))
    #expect(PackMaths.packs(for: [Self.amount(2, .liter)], pack: nil) == .noPackSize)
    #expect(
      PackMaths.Outcome.onePack(reason: "the list gives no amount").text
        == "Buy 1 pack (the list gives no amount)")
  }

  @Test func anAbsurdNumberOfPacksIsRefused() throws {
    let outcome = PackMaths.packs(
      for: [Self.amount(1_000_000, .kilogram)], pack: try PantryAmount.read("1 g"))
    #expect(outcome.packs == nil)
  }
}
