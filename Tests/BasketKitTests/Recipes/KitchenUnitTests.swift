import BasketKit
import Foundation
import Testing

@Suite struct KitchenUnitTests {
  @Test(
    arguments: [
      ("tbsp", "tbsp"), ("Tbs", "tbsp"), ("T", "tbsp"), ("tablespoons", "tbsp"),
      ("TBSP", "tbsp"), ("t", "tsp"), ("tsp.", "tsp"), ("teaspoon", "tsp"), ("g", "g"),
      ("gr", "g"), ("grams", "g"), ("Grammes", "g"), ("kg", "kg"), ("kilos", "kg"),
      ("c", "cup"), ("C", "cup"), ("cups", "cup"), ("fl. oz.", "fl oz"), ("fluid ounces", "fl oz"),
      ("oz", "oz"), ("ounces", "oz"), ("lbs", "lb"), ("pound", "lb"), ("mL", "ml"), ("L", "l"),
      ("litres", "l"), ("pt", "pint"), ("qt", "quart"), ("gal", "gallon"), ("cloves", "clove"),
      ("tins", "tin"), ("pinches", "pinch"), ("sprigs", "sprig"), ("handfuls", "handful"),
    ] as [(String, String)])
  func readsSpellingsAndAbbreviations(spelling: String, id: String) {
    #expect(KitchenUnit.spelled(spelling)?.id == id)
  }

  @Test(arguments: ["grams sesame", "rams", "tablespoonx", "", "each", "large"])
  func refusesWordsThatAreNotUnits(word: String) {
    #expect(KitchenUnit.spelled(word) == nil)
  }

  /// NIST Handbook 44, Appendix C: 16 tablespoons make a cup, 3 teaspoons a tablespoon, 2 cups
  /// a pint, 4 quarts a gallon, 16 ounces a pound. (Foundation's UnitVolume fails the first.)
  @Test(
    arguments: [
      (16.0, "tbsp", 1.0, "cup"), (3, "tsp", 1, "tbsp"), (2, "cup", 1, "pint"),
      (2, "pint", 1, "quart"), (4, "quart", 1, "gallon"), (8, "fl oz", 1, "cup"),
      (16, "oz", 1, "lb"), (1000, "g", 1, "kg"), (1000, "ml", 1, "l"),
      (1, "cup", 236.5882365, "ml"),
      (1, "lb", 453.59237, "g"), (1, "uk pint", 568.26125, "ml"), (1, "metric cup", 250, "ml"),
      (1, "metric tbsp", 15, "ml"), (1, "inch", 2.54, "cm"),
    ] as [(Double, String, Double, String)])
  func convertsWithinAFamilyByTheCitedStandards(
    amount: Double, from: String, expected: Double, to: String
  ) throws {
    let source = try #require(KitchenUnit(id: from))
    let target = try #require(KitchenUnit(id: to))
    let converted = try #require(source.convert(amount, to: target))
    #expect(abs(converted - expected) < 1e-9 * max(1, expected))
  }

  @Test func neverConvertsAcrossFamiliesWithoutADensity() {
    #expect(KitchenUnit.cup.convert(1, to: .gram) == nil)
    #expect(KitchenUnit.gram.convert(1, to: .milliliter) == nil)
    #expect(KitchenUnit(id: "clove")!.convert(1, to: .gram) == nil)
  }

  @Test func addsCountsOnlyWithinTheirOwnGroup() {
    let can = KitchenUnit(id: "can")!
    let tin = KitchenUnit(id: "tin")!
    let jar = KitchenUnit(id: "jar")!
    #expect(can.isCompatible(with: tin))
    #expect(tin.convert(2, to: can) == 2)
    #expect(!can.isCompatible(with: jar))
    #expect(!can.isCompatible(with: .gram))
  }

  @Test func encodesAsItsIdAndRefusesUnknownIds() throws {
    let data = try JSONEncoder().encode([KitchenUnit.tablespoon])
    #expect(String(decoding: data, as: UTF8.self) == #"["tbsp"]"#)
    #expect(
      try JSONDecoder().decode([KitchenUnit].self, from: Data(#"["tablespoons"]"#.utf8)) == [
        .tablespoon
      ])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([KitchenUnit].self, from: Data(#"["furlong"]"#.utf8))
    }
  }

  @Test func everyUnitHasAUniqueIdAndSpellsItself() {
    let ids = KitchenUnit.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for unit in KitchenUnit.all {
      #expect(KitchenUnit.spelled(unit.id) == unit || unit.id.count <= 1)
      #expect(unit.baseFactor > 0)
    }
  }
}
