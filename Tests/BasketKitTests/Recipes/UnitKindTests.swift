import Testing

@testable import BasketKit
@testable import BasketRules

/// The word lists that name units by what they count take them from the unit table's kind
/// column. Each is pinned here twice: to the column (the units of a kind, with the exceptions
/// the list states) and to the words it holds, so a row whose kind changes, or a list that
/// drifts from the table, fails.
@Suite struct UnitKindTests {
  /// The ids of the table's units of `kind`, read through the public `kind`.
  func ids(_ kind: KitchenUnit.Kind) -> Set<String> {
    Set(KitchenUnit.all.filter { $0.kind == kind }.map(\.id))
  }

  /// Every spelling of the units with these ids, as the readers' lower-case words.
  func words(_ ids: Set<String>) -> Set<String> {
    Set(KitchenUnit.spellings.filter { ids.contains($0.value) }.keys)
  }

  @Test func onlyTheMeasuredFamiliesAreMeasures() {
    for unit in KitchenUnit.all {
      #expect((unit.family == .count) == (unit.kind != .measure), "\(unit)")
    }
  }

  @Test func unitsThatAddUpShareAKind() {
    let counts = KitchenUnit.all.filter { $0.family == .count }
    for unit in counts {
      for other in counts where unit.isCompatible(with: other) {
        #expect(unit.kind == other.kind, "\(unit) adds up with \(other)")
      }
    }
  }

  @Test func theKindsHoldTheirUnits() {
    #expect(
      ids(.pack) == [
        "can", "tin", "pack", "packet", "package", "jar", "bottle", "bag", "box", "carton",
        "container", "tub", "envelope", "sachet", "punnet", "pot",
      ])
    #expect(ids(.bundle) == ["case", "crate", "tray"])
    #expect(ids(.part) == ["clove", "stalk", "sprig", "stick", "slice", "bulb", "head"])
    #expect(ids(.foodWord) == ["fillet", "leaf", "cube"])
    #expect(ids(.smidgen) == ["pinch", "dash", "drop", "splash", "drizzle"])
    #expect(KitchenUnit.ids(of: .other) == ids(.other))
    #expect(ids(.other).contains("bunch") && ids(.other).contains("handful"))
  }

  @Test func packUnitsAreThePacksButATubAndASachet() {
    #expect(PantryCoverage.packUnits == ids(.pack).subtracting(["tub", "sachet"]))
    #expect(
      PantryCoverage.packUnits == [
        "can", "tin", "pack", "packet", "package", "jar", "bottle", "bag", "box", "carton",
        "container", "envelope", "punnet", "pot",
      ])
  }

  @Test func smidgensAreTheSmidgenUnits() {
    #expect(BuyingRules.smidgens == ids(.smidgen))
    #expect(BuyingRules.smidgens == ["pinch", "dash", "drop", "splash", "drizzle"])
  }

  @Test func trailingUnitsAreThePartsInEitherNumber() {
    #expect(
      IngredientVocabulary.trailingUnits
        == words(ids(.part)).subtracting(["branch", "branches"]))
    #expect(
      IngredientVocabulary.trailingUnits == [
        "clove", "cloves", "stalk", "stalks", "sprig", "sprigs", "stick", "sticks", "slice",
        "slices", "rib", "ribs", "bulb", "bulbs", "head", "heads",
      ])
  }

  @Test func unstatedUnitsArePartsButSlicesHeadsAndBulbs() {
    #expect(
      IngredientVocabulary.unstatedUnits
        == words(ids(.part).subtracting(["slice", "head", "bulb"])).subtracting(["rib", "ribs"]))
    #expect(
      IngredientVocabulary.unstatedUnits == [
        "sprig", "sprigs", "branch", "branches", "stick", "sticks", "stalk", "stalks", "clove",
        "cloves",
      ])
  }

  @Test func foodUnitsAreTheFoodWordsAndPot() {
    #expect(IngredientVocabulary.foodUnits == ids(.foodWord).union(["pot"]))
    #expect(IngredientVocabulary.foodUnits == ["fillet", "leaf", "pot", "cube"])
  }

  @Test func containersAndSoldInStartFromThePacks() {
    #expect(
      IngredientVocabulary.containers
        == ids(.pack).subtracting(["sachet"]).union([
          "ball", "block", "bunch", "bar", "loaf", "sheet",
        ]))
    #expect(
      IngredientVocabulary.containers == [
        "can", "tin", "jar", "bag", "box", "pack", "packet", "bottle", "carton", "container",
        "envelope", "pot", "punnet", "ball", "block", "bunch", "bar", "loaf", "package", "tub",
        "sheet",
      ])
    #expect(
      IngredientVocabulary.soldIn == ids(.pack).subtracting(["punnet", "pot", "tub", "sachet"]))
    #expect(
      IngredientVocabulary.soldIn == [
        "can", "tin", "jar", "bag", "box", "pack", "packet", "package", "carton", "container",
        "bottle", "envelope",
      ])
  }

  @Test func packsOfSomeArePacksAndBundles() {
    #expect(
      ShoppingVocabulary.packsOfSome
        == ids(.pack).union(ids(.bundle)).subtracting(["container", "envelope", "sachet", "pot"]))
    #expect(
      ShoppingVocabulary.packsOfSome == [
        "pack", "packet", "package", "box", "case", "crate", "tray", "carton", "bag", "tub", "jar",
        "bottle", "tin", "can", "punnet",
      ])
  }

  @Test func addBarMeasuresHoldTheSmidgens() {
    #expect(BasketRules.Words.measures.isSuperset(of: ids(.smidgen)))
    #expect(BasketRules.Words.measures.isDisjoint(with: ids(.pack).union(ids(.bundle))))
    #expect(
      BasketRules.Words.measures == [
        "pinch", "dash", "drop", "splash", "drizzle", "handful", "sprig", "knob", "glug",
        "squeeze", "clove", "scoop", "slice", "piece", "leaf", "stem", "strip", "fillet", "chunk",
      ])
  }
}
