import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The operation JSON of OFFLINE-PROTOCOL.md: what a phone sends, read strictly.
@Suite struct OperationJSONTests {
  static let op = "7d1c0e6a-0000-4000-8000-000000000001"
  static let item = "6f1c2a4e-1111-4222-8333-444455556666"
  static let at = "2026-12-01T09:00:00.000Z"

  private func decode(_ json: String) throws -> ListOperation {
    try JSONDecoder().decode(ListOperation.self, from: Data(json.utf8))
  }

  /// `{"op", "at", "type"` then the members given.
  private func json(_ type: String, _ members: String) -> String {
    #"{"op":"\#(Self.op)","at":"\#(Self.at)","type":"\#(type)"\#(members.isEmpty ? "" : ",")\#(members)}"#
  }

  static let cases: [(String, String, ListOperation.Change)] = [
    ("add", #""item":"\#(item)","text":"2 l milk""#, .add(item: id, .text("2 l milk"))),
    ("add", #""item":"\#(item)","name":"Milk""#, .add(item: id, .name("Milk", nil))),
    (
      "add", #""item":"\#(item)","name":"Milk","quantity":{"amount":2,"unit":"L"}"#,
      .add(item: id, .name("Milk", Quantity(amount: 2, unit: .liters)))
    ),
    ("check", #""item":"\#(item)""#, .check(id)),
    ("uncheck", #""item":"\#(item)""#, .uncheck(id)),
    ("rename", #""item":"\#(item)","name":"Oat milk""#, .rename(id, name: "Oat milk")),
    (
      "rename", #""item":"\#(item)","name":"Flour","quantity":{"amount":1,"unit":"kg"}"#,
      .rename(id, name: "Flour", then: .set(Quantity(amount: 1, unit: .kilograms)))
    ),
    (
      "quantity", #""item":"\#(item)","quantity":{"amount":500,"unit":"ml"}"#,
      .quantity(id, Quantity(amount: 500, unit: .ml))
    ),
    ("quantity", #""item":"\#(item)","quantity":null"#, .quantity(id, nil)),
    (
      "amount", #""item":"\#(item)","amount":{"amount":2.5,"unit":"cup"}"#,
      .amount(id, ItemAmount(amount: 2.5, unit: .cup))
    ),
    (
      "amount",
      #""item":"\#(item)","amount":{"amount":3,"unit":"can","packSize":{"amount":14,"unit":"oz"}}"#,
      .amount(
        id,
        ItemAmount(
          amount: 3, unit: KitchenUnit(id: "can"), packSize: .init(amount: 14, unit: .ounce))
      )
    ),
    ("note", #""item":"\#(item)","note":"the big tub""#, .note(id, "the big tub")),
    ("note", #""item":"\#(item)","note":null"#, .note(id, nil)),
    ("remove", #""item":"\#(item)""#, .remove(id)),
    ("clear", #""items":["\#(item)"]"#, .clear(items: [id])),
    ("clear", #""items":[]"#, .clear(items: [])),
    ("undo", #""clear":"\#(op)""#, .undo(clear: UUID(uuidString: op)!)),
  ]
  static let id = UUID(uuidString: item)!

  @Test(arguments: cases)
  func everyTypeReadsAsTheContractSaysAndWritesBackTheSame(
    type: String, members: String, change: ListOperation.Change
  ) throws {
    let operation = try decode(json(type, members))
    #expect(operation.id == UUID(uuidString: Self.op))
    #expect(operation.at == ISO8601.date(Self.at))
    #expect(operation.change == change)
    let written = try JSONEncoder().encode(operation)
    #expect(try decode(String(decoding: written, as: UTF8.self)) == operation)
  }

  @Test(arguments: [
    (#"[]"#, "a change must be a JSON object"),
    (#"{"at":"\#(at)","type":"check","item":"\#(item)"}"#, "\"op\" is missing"),
    (#"{"op":"nope","at":"\#(at)","type":"check","item":"\#(item)"}"#, "\"op\" must be a UUID"),
    (#"{"op":"\#(op)","type":"check","item":"\#(item)"}"#, "\"at\" is missing"),
    (
      #"{"op":"\#(op)","at":"yesterday","type":"check","item":"\#(item)"}"#, "\"at\" must be a time"
    ),
    (#"{"op":"\#(op)","at":5,"type":"check","item":"\#(item)"}"#, "\"at\" must be a string"),
    (#"{"op":"\#(op)","at":"\#(at)","item":"\#(item)"}"#, "\"type\" is missing"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"buy","item":"\#(item)"}"#, "\"buy\" is not a type"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"check"}"#, "\"item\" is missing"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"check","item":7}"#, "\"item\" must be a string"),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"check","item":"\#(item)","name":"x"}"#,
      "\"name\" doesn't go with a check"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"add","item":"\#(item)"}"#, "needs \"text\" or \"name\""
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"add","item":"\#(item)","text":"a","name":"b"}"#,
      "not both"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"add","item":"\#(item)","text":"a","quantity":null}"#,
      "goes with \"name\""
    ),
    (#"{"op":"\#(op)","at":"\#(at)","type":"rename","item":"\#(item)"}"#, "\"name\" is missing"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"note","item":"\#(item)"}"#, "null clears it"),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"note","item":"\#(item)","note":7}"#,
      "\"note\" must be a string"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"note","item":"\#(item)","note":"x","name":"y"}"#,
      "\"name\" doesn't go with a note"
    ),
    (#"{"op":"\#(op)","at":"\#(at)","type":"quantity","item":"\#(item)"}"#, "null unsets it"),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"quantity","item":"\#(item)","quantity":{"amount":1,"unit":"cups"}}"#,
      "\"cups\" is not a unit"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"quantity","item":"\#(item)","quantity":{"amount":"1","unit":"g"}}"#,
      "\"quantity.amount\" must be a number"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"quantity","item":"\#(item)","quantity":{"amount":1,"unit":"g","x":1}}"#,
      "unknown field \"quantity.x\""
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"quantity","item":"\#(item)","quantity":2}"#,
      "an object or null"
    ),
    (#"{"op":"\#(op)","at":"\#(at)","type":"amount","item":"\#(item)"}"#, "\"amount\" is missing"),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"amount","item":"\#(item)","amount":{"amount":1,"unit":"L"}}"#,
      "\"L\" is not a recipe unit"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"amount","item":"\#(item)","amount":{"amount":1,"unit":"cup","text":"1 cup"}}"#,
      "unknown field \"amount.text\""
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"amount","item":"\#(item)","amount":{"amount":1,"unit":"can","packSize":{"amount":14}}}"#,
      "\"amount.packSize\" must be an amount with a unit"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"amount","item":"\#(item)","amount":"2 cups"}"#,
      "\"amount\" must be an object"
    ),
    (
      #"{"op":"\#(op)","at":"\#(at)","type":"amount","item":"\#(item)","quantity":null}"#,
      "\"quantity\" doesn't go with an amount"
    ),
    (#"{"op":"\#(op)","at":"\#(at)","type":"clear"}"#, "\"items\" is missing"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"clear","items":["x"]}"#, "must hold UUIDs"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"clear","items":"\#(item)"}"#, "an array of item ids"),
    (#"{"op":"\#(op)","at":"\#(at)","type":"undo"}"#, "\"clear\" is missing"),
  ])
  func aMalformedChangeIsRefusedWithAReason(json: String, reason: String) {
    #expect {
      try decode(json)
    } throws: { error in
      guard let malformed = error as? ListOperation.Malformed else { return false }
      return malformed.message.contains(reason)
    }
  }

  @Test func aTimeWithAnOffsetReadsAsTheSameInstant() throws {
    let operation = try decode(
      #"{"op":"\#(Self.op)","at":"2026-12-01T10:00:00+01:00","type":"check","item":"\#(Self.item)"}"#
    )
    #expect(operation.at == ISO8601.date(Self.at))
  }
}
