import BasketTestSupport
import Foundation
import Testing

@testable import BasketKit

/// The faces' JSON writes every key, an unknown value as `null` (`Nullable`): these are the
/// exact bytes (keys sorted, as JSONEncoder's order is a dictionary's) the faces wrote before
/// `Nullable` replaced the hand-written `encode(to:)` blocks.
@Suite struct EveryKeyJSONTests {
  private func text(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func writesUnknownValuesAsNull() throws {
    #expect(
      try text(IngredientQuantity(amount: 2)) == #"{"amount":2,"maxAmount":null,"unit":null}"#)
    #expect(try text(IngredientGroup(ingredients: [])) == #"{"heading":null,"ingredients":[]}"#)
    #expect(try text(BuyableAmount(text: "4 cans")) == #"{"need":null,"text":"4 cans"}"#)
    #expect(
      try text(PantryJSON.Amount(IngredientQuantity(amount: 3)))
        == #"{"amount":3,"text":"3","unit":null}"#)
    #expect(
      try text(PantryJSON.Coverage.Line.Choice(override: nil, label: "Buy"))
        == #"{"label":"Buy","override":null}"#)
    #expect(
      try text(MealPlanJSON.Question(id: "q", doubt: "same", answer: nil, lines: [1], names: []))
        == #"{"answer":null,"doubt":"same","id":"q","lines":[1],"names":[]}"#)
  }

  @Test func writesKnownValuesInPlace() throws {
    let quantity = IngredientQuantity(amount: 2, maxAmount: 3, unit: KitchenUnit(id: "clove"))
    #expect(try text(quantity) == #"{"amount":2,"maxAmount":3,"unit":"clove"}"#)
    #expect(
      try text(BuyableAmount(text: "4 cans", need: "recipes need 3½"))
        == #"{"need":"recipes need 3½","text":"4 cans"}"#)
  }

  @Test func writesAListItemWithEveryKey() throws {
    let item = Item(id: Fixtures.id(1), name: "Milk", emoji: "🥛", addedAt: Fixtures.monday)
    #expect(
      try text(ListJSON.ItemJSON(item, category: nil))
        == #"{"addedAt":"2026-07-06T10:00:00.000Z","amountText":null,"buy":null,"category":null,"#
        + #""checkedAt":null,"emoji":"🥛","id":"00000000-0000-0000-0000-000000000001","#
        + #""name":"Milk","note":null,"quantity":null,"quantityConverted":false,"recipeAmounts":[],"#
        + #""recipes":[]}"#)
  }

  @Test func writesAPantryEntryAndAProductWithEveryKey() throws {
    let entry = PantryEntry(id: Fixtures.id(2), name: "Rice", updatedAt: Fixtures.monday)
    #expect(
      try text(PantryJSON.Entry(entry))
        == #"{"barcode":null,"barcodeFormat":null,"countedAs":null,"emoji":"🍚","#
        + #""id":"00000000-0000-0000-0000-000000000002","left":null,"name":"Rice","note":null,"#
        + #""onHand":null,"packageSize":null,"packages":1,"stock":"1 package","#
        + #""updatedAt":"2026-07-06T10:00:00.000Z","usedUp":false}"#)
    let product = Product(id: Fixtures.id(3), name: "Oats", updatedAt: Fixtures.monday)
    #expect(
      try text(TripJSON.ProductJSON(product))
        == #"{"aliases":[],"barcode":null,"diets":[],"#
        + #""id":"00000000-0000-0000-0000-000000000003","name":"Oats","organic":false,"#
        + #""packSize":null,"page":null,"price":null,"priceNotedAt":null,"shop":null,"#
        + #""storeBrand":false}"#)
  }

  @Test func writesAMealPlanLineAndACookedLineWithEveryKey() throws {
    let line = IngredientLine(text: "2 onions", name: "onion")
    let part = MealPlanJSON.Part(position: 0, text: "2 onions", line: line)
    let planLine = MealPlanJSON.Line(
      number: 1, id: "onion", name: "onion", merged: false, uncertain: false, questions: [],
      converted: false, optional: false, sources: [], sourcesText: "", skipped: false,
      parts: [part])
    #expect(
      try text(planLine)
        == #"{"amountText":null,"converted":false,"flag":null,"id":"onion","leftOut":null,"#
        + #""merged":false,"name":"onion","number":1,"optional":false,"parts":[{"after":null,"#
        + #""before":null,"coverage":null,"itemName":null,"line":{"alternatives":[],"#
        + #""name":"onion","note":null,"optional":false,"preparation":null,"quantity":null,"#
        + #""text":"2 onions","uncertain":false},"merge":null,"outcome":null,"position":0,"#
        + #""reason":null,"text":"2 onions"}],"questions":[],"skipped":false,"sources":[],"#
        + #""sourcesText":"","uncertain":false}"#)
    let cooked = PantryJSON.Cooked.Line(
      index: 0, name: "onion", action: "notInPantry", usesUp: false, summary: "not in the pantry")
    #expect(
      try text(cooked)
        == #"{"action":"notInPantry","amount":null,"index":0,"name":"onion","reason":null,"#
        + #""summary":"not in the pantry","usesUp":false}"#)
  }

  @Test func readsAMissingKeyOrNullAsNil() throws {
    let decoder = JSONDecoder()
    let bare = try decoder.decode(IngredientQuantity.self, from: Data(#"{"amount":1}"#.utf8))
    #expect(bare == IngredientQuantity(amount: 1))
    let nulls = try decoder.decode(
      IngredientQuantity.self, from: Data(#"{"amount":1,"maxAmount":null,"unit":null}"#.utf8))
    #expect(nulls == IngredientQuantity(amount: 1))
    let full = try decoder.decode(
      IngredientQuantity.self, from: Data(#"{"amount":1,"maxAmount":2,"unit":"g"}"#.utf8))
    #expect(full == IngredientQuantity(amount: 1, maxAmount: 2, unit: KitchenUnit(id: "g")))
    let buy = try decoder.decode(BuyableAmount.self, from: Data(#"{"text":"1 jar"}"#.utf8))
    #expect(buy == BuyableAmount(text: "1 jar"))
    #expect(throws: DecodingError.self) {
      try decoder.decode(IngredientQuantity.self, from: Data(#"{"amount":1,"unit":3}"#.utf8))
    }
  }
}
