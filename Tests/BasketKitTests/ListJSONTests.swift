import BasketKit
import BasketTestSupport
import Foundation
import Testing

@Suite struct ListJSONTests {
  @Test func encodesTheContractShape() throws {
    let start = Fixtures.monday
    let sections = ListSections(
      toGet: [
        Item(
          id: Fixtures.id(1), name: "Milk", emoji: "🥛",
          quantity: Quantity(amount: 2, unit: .liters),
          addedAt: start)
      ],
      gotIt: [])
    let data = try JSONEncoder().encode(
      ListJSON(sections, category: { $0.name == "Milk" ? "dairy" : nil }))
    let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let item = (object["toGet"] as! [[String: Any]])[0]
    #expect(item["id"] as? String == "00000000-0000-0000-0000-000000000001")
    #expect(item["addedAt"] as? String == "2026-07-06T10:00:00.000Z")
    #expect(item["checkedAt"] is NSNull)
    #expect((item["quantity"] as? [String: Any])?["unit"] as? String == "L")
    #expect(object["gotIt"] as? [Any] != nil)
    #expect(item["amountText"] as? String == "2 L")
    #expect(item["quantityConverted"] as? Bool == false)
    #expect((item["recipes"] as? [Any])?.isEmpty == true)
    #expect(item["category"] as? String == "dairy")
  }

  @Test func showsWhatRecipesAskedOfAnItem() throws {
    var flour = Item(
      id: Fixtures.id(2), name: "Flour", emoji: "🌾",
      quantity: Quantity(amount: 625, unit: .grams), addedAt: Fixtures.monday)
    flour.recipeNeeds = RecipeNeeds(
      amounts: [ItemAmount(amount: 3, unit: KitchenUnit(id: "tbsp"))],
      recipes: [
        RecipeReference(id: Fixtures.id(9), title: "Bread"),
        RecipeReference(id: nil, title: "Scones"),
      ],
      convertedQuantity: Quantity(amount: 625, unit: .grams))
    let data = try JSONEncoder().encode(
      ListJSON(ListSections(toGet: [flour], gotIt: []), category: { _ in nil }))
    let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let item = (object["toGet"] as! [[String: Any]])[0]
    #expect(item["amountText"] as? String == "≈ 625 g, converted + 3 tbsp")
    #expect(item["quantityConverted"] as? Bool == true)
    let amounts = try #require(item["recipeAmounts"] as? [[String: Any]])
    #expect(amounts.first?["unit"] as? String == "tbsp")
    #expect(amounts.first?["text"] as? String == "3 tbsp")
    let recipes = try #require(item["recipes"] as? [[String: Any]])
    #expect(recipes.map { $0["title"] as? String } == ["Bread", "Scones"])
    #expect(recipes[0]["id"] as? String == "00000000-0000-0000-0000-000000000009")
    #expect(recipes[1]["id"] is NSNull)
    #expect(item["category"] is NSNull)
  }
}
