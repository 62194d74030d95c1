import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The small item contract (API v2 and v3, docs/api.md): every member at its default is left
/// out, and filling the defaults back in gives v1's item exactly, so nothing is lost; v3 is v2
/// with the item's times in milliseconds since 1970.
@Suite struct ItemShapeTests {
  static let json = ItemJSON(classify: { Fixtures.TinyClassifier().classify($0) })
  static let added = Date(timeIntervalSince1970: 1_796_000_000)

  static func item(_ name: String, _ change: (inout Item) -> Void = { _ in }) -> Item {
    var item = Item(
      id: UUID(uuidString: "6F1C0000-0000-4000-8000-000000000001")!, name: name,
      emoji: Fixtures.TinyClassifier().classify(name).emoji, addedAt: added)
    change(&item)
    return item
  }

  /// An item in v2's shape.
  static func v2(_ item: Item) -> JSONValue { json.value(json.view(item), .v2) }

  static let items: [Item] = [
    item("Bread"),
    item("Socks"),
    item("Milk") { $0.quantity = Quantity(amount: 1.5, unit: .liters) },
    item("Flour") { $0.quantity = Quantity(amount: 500, unit: .grams) },
    item("Eggs") { $0.quantity = Quantity(amount: 6, unit: .units) },
    item("Apples") { $0.checkedAt = added.addingTimeInterval(60) },
    item("Cheese") {
      $0.checkedAt = added.addingTimeInterval(60)
      $0.clearedAt = added.addingTimeInterval(120)
    },
    item("Juice") { $0.listedAt = added.addingTimeInterval(300) },
    item("Bread") { $0.note = "the big tub, for Sam's lunch" },
    item("Socks") { $0.category = "household" },
  ]

  @Test func aPlainItemIsItsIdNameEmojiAndWhenItWasAdded() {
    guard case .object(let members) = Self.v2(Self.item("Bread")) else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == ["id", "name", "emoji", "addedAt"])
    #expect(Self.v2(Self.item("Socks"))["emoji"] == nil)  // 🧺, the default
  }

  /// The command line's `list --json` and the API write the same view of an item
  /// (`ItemView`): every member the command line writes reads the same in v1's item.
  @Test(arguments: items)
  func theCommandLineWritesTheSameViewAsTheAPI(item: Item) throws {
    let view = Self.json.view(item)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let line = try JSONValue.parse(Array(encoder.encode(ListJSON.ItemJSON(view))))
    let api = Self.json.legacyValue(item)
    guard case .object(let members) = line else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 13)
    for (key, value) in members {
      #expect(api[key] == value, "\(key)")
    }
  }

  @Test(arguments: items)
  func v2LeavesOutOnlyDefaultsAndFillingThemInGivesV1(item: Item) {
    let small = Self.v2(item)
    let full = Self.json.legacyValue(item)
    #expect(small.encoded().count < full.encoded().count)
    #expect(!String(decoding: small.encoded(), as: UTF8.self).contains("null"))
    #expect(Self.expanded(small) == Self.sorted(full))
  }

  @Test func aPlainItemIsLessThanAThirdOfV1s() {
    let item = Self.item("Bread")
    #expect(Self.v2(item).encoded().count * 3 < Self.json.legacyValue(item).encoded().count)
  }

  /// v3 writes an item as v2 does but for its times, whole milliseconds since 1970.
  @Test(arguments: items)
  func v3IsV2WithTheTimesInMilliseconds(item: Item) {
    let v3 = Self.json.value(item)
    guard case .object(let members) = v3, case .object(let older) = Self.v2(item) else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == older.map(\.0))
    let times: Set = ["addedAt", "listedAt", "checkedAt", "clearedAt"]
    for ((name, value), (_, before)) in zip(members, older) {
      guard times.contains(name) else {
        #expect(value == before, "\(name)")
        continue
      }
      guard case .number(let milliseconds) = value, case .string(let text) = before else {
        Issue.record("\(name): \(value) beside \(before)")
        continue
      }
      #expect(milliseconds == milliseconds.rounded())
      #expect(ISO8601.string(Date(timeIntervalSince1970: milliseconds / 1000)) == text, "\(name)")
    }
    #expect(v3.encoded().count < Self.v2(item).encoded().count)
  }

  @Test func aRecipeItemKeepsWhatOnlyRecipesGive() throws {
    let harness = RecipeHarness()
    let id = harness.save("Soup\n\nIngredients\n2 cups stock\n1 onion\n\nMethod\nCook.")
    let added = harness.send("POST", "/api/v2/recipes/\(id)/add", json: "{}")
    #expect(added.status == 200)
    for version in ["v3", "v2", "v1"] {
      let list = harness.body(harness.send("GET", "/api/\(version)/list"))
      let stock = list["toGet"]?.elements.first { $0["name"]?.string == "stock" }
      #expect(stock?["recipes"]?[0]?["title"]?.string == "Soup", "\(version)")
      #expect(stock?["recipeAmounts"]?[0]?["text"]?.string == "2 cups", "\(version)")
    }
    let items = try harness.store.items()
    for item in items {
      #expect(
        Self.expanded(Self.v2(item)) == Self.sorted(Self.json.legacyValue(item)),
        "\(item.name)")
    }
  }

  /// A v2 item with the documented defaults filled in, members sorted by name.
  static func expanded(_ small: JSONValue) -> JSONValue {
    guard case .object(let given) = small else { return small }
    var members = Dictionary(given, uniquingKeysWith: { $1 })
    let measure = members.removeValue(forKey: "measure").flatMap { value -> MeasureKind? in
      if case .string(let text) = value { return MeasureKind(rawValue: text) }
      return nil
    }
    let defaults: [String: JSONValue] = [
      "emoji": .string("🧺"), "quantity": .null, "chip": .null, "checkedAt": .null,
      "clearedAt": .null, "amountText": members["chip"] ?? .null,
      "quantityConverted": .bool(false), "recipeAmounts": .array([]), "recipes": .array([]),
      "editAmount": .null, "buy": .null, "note": .null, "category": .null,
      "listedAt": members["addedAt"] ?? .null,
      "units": .array(QuantityRules.allowedUnits(for: measure).map { .string($0.rawValue) }),
      "defaultUnit": .string(QuantityRules.defaultUnit(for: measure).rawValue),
    ]
    for (name, value) in defaults where members[name] == nil { members[name] = value }
    return .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  static func sorted(_ value: JSONValue) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.sorted { $0.0 < $1.0 })
  }

  @Test func theSharedCasesAreWhatTheServerWrites() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("cases/item-shapes.json")
    let cases = try JSONValue.parse(Array(try Data(contentsOf: file)))
    let rows = cases["items"]?.elements ?? []
    #expect(rows.count == Self.items.count)
    for (row, item) in zip(rows, Self.items) {
      #expect(row["v3"].map(Self.sorted) == Self.sorted(Self.json.value(item)), "\(item.name)")
      #expect(row["v2"].map(Self.sorted) == Self.sorted(Self.v2(item)), "\(item.name)")
      #expect(row["v1"].map(Self.sorted) == Self.sorted(Self.json.legacyValue(item)))
    }
  }
}
