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
    let data = try JSONEncoder().encode(ListJSON(sections))
    let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let item = (object["toGet"] as! [[String: Any]])[0]
    #expect(item["id"] as? String == "00000000-0000-0000-0000-000000000001")
    #expect(item["addedAt"] as? String == "2026-07-06T10:00:00.000Z")
    #expect(item["checkedAt"] is NSNull)
    #expect((item["quantity"] as? [String: Any])?["unit"] as? String == "L")
    #expect(object["gotIt"] as? [Any] != nil)
  }
}
