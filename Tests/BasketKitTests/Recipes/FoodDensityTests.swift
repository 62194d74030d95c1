import BasketKit
import Testing

@Suite struct FoodDensityTests {
  @Test(
    arguments: [
      ("flour", 1.0, "cup", 125.0, "g"), ("all-purpose flour", 2, "cup", 250, "g"),
      ("sugar", 1, "cup", 200, "g"), ("brown sugar", 1, "cup", 220, "g"),
      ("Unsalted Butter", 1, "tbsp", 14.2, "g"), ("honey", 339, "g", 1, "cup"),
      ("milk", 1, "cup", 244, "g"),
    ] as [(String, Double, String, Double, String)])
  func convertsBetweenMassAndVolumeThroughTheFoodsDensity(
    food: String, amount: Double, from: String, expected: Double, to: String
  ) throws {
    let converted = try #require(
      FoodDensity.convert(
        amount, from: KitchenUnit(id: from)!, to: KitchenUnit(id: to)!, food: food))
    #expect(abs(converted - expected) / expected < 0.02, "\(converted)")
  }

  @Test func findsAFoodUnderExtraLeadingWords() {
    #expect(FoodDensity.gramsPerMilliliter(for: "organic plain flour") != nil)
    #expect(
      FoodDensity.gramsPerMilliliter(for: "Caster Sugar")
        == FoodDensity.gramsPerMilliliter(for: "sugar"))
  }

  @Test func refusesUnknownFoodsAndCountsAcrossFamilies() {
    #expect(FoodDensity.gramsPerMilliliter(for: "unobtainium") == nil)
    #expect(FoodDensity.convert(1, from: .cup, to: .gram, food: "unobtainium") == nil)
    #expect(
      FoodDensity.convert(1, from: KitchenUnit(id: "clove")!, to: .gram, food: "garlic") == nil)
    #expect(
      FoodDensity.convert(2, from: .cup, to: .milliliter, food: "anything") == 2 * 236.5882365)
  }
}
