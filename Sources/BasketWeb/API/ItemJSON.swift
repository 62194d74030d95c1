import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes items and lists in the API's JSON shapes (`APIVersion`).
///
/// v2 (`value`) writes what the phone needs and leaves out every member at its default:
/// `{"id", "name", "emoji"?, "quantity"?, "chip"?, "addedAt", "listedAt"?, "checkedAt"?,
/// "clearedAt"?, "measure"?, "amountText"?, "quantityConverted"?, "recipeAmounts"?, "recipes"?,
/// "editAmount"?, "buy"?, "note"?, "category"?}`: no emoji is 🧺, no `listedAt` is `addedAt`, no `measure` offers
/// every unit pill (`QuantityRules.allowedUnits`), no `amountText` reads as `chip`, no
/// `quantityConverted` is false, no `category` is none known ("Elsewhere"), no list is empty,
/// no other member is null. v1 (`legacyValue`) writes every member, nulls included, with
/// `units` and `defaultUnit` spelt out, as `basket list --json` does.
final class ItemJSON: Sendable {
  private let classify: @Sendable (String) -> Classification
  /// Classifications by name: classifying is not free and names repeat on every list read.
  private let classifications = Mutex<[String: Classification]>([:])
  /// The emoji an item gets when nothing fits, left out of v2's items.
  static let defaultEmoji = Classification.fallback.emoji

  init(classify: @escaping @Sendable (String) -> Classification) {
    self.classify = classify
  }

  private func classification(of name: String) -> Classification {
    if let known = classifications.withLock({ $0[name] }) { return known }
    let classification = classify(name)
    classifications.withLock { cache in
      if cache.count >= 10_000 { cache.removeAll(keepingCapacity: true) }
      cache[name] = classification
    }
    return classification
  }

  /// An item as every face shows it (`ItemView`), its name's classification cached.
  func view(_ item: Item) -> ItemView {
    ItemView(item, classify: classification(of:))
  }

  /// An item in `version`'s shape.
  func value(_ item: Item, _ version: APIVersion) -> JSONValue {
    version == .v1 ? legacyValue(view(item)) : value(view(item))
  }

  /// An item in v2's shape.
  func value(_ item: Item) -> JSONValue { value(view(item)) }

  /// An item in v1's shape.
  func legacyValue(_ item: Item) -> JSONValue { legacyValue(view(item)) }

  /// An item in v2's shape: only what differs from the defaults.
  func value(_ item: ItemView) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(item.id.uuidString.lowercased())), ("name", .string(item.name)),
    ]
    if item.emoji != Self.defaultEmoji { members.append(("emoji", .string(item.emoji))) }
    if let quantity = item.quantity { members.append(("quantity", Self.quantity(quantity))) }
    if let chip = item.chip { members.append(("chip", .string(chip))) }
    members.append(("addedAt", .string(ISO8601.string(item.addedAt))))
    if item.listedAt != item.addedAt {
      members.append(("listedAt", .string(ISO8601.string(item.listedAt))))
    }
    if let checked = item.checkedAt {
      members.append(("checkedAt", .string(ISO8601.string(checked))))
    }
    if let cleared = item.clearedAt {
      members.append(("clearedAt", .string(ISO8601.string(cleared))))
    }
    // NB: a counted item and an unknown one offer the same pills and start in units.
    switch item.measure {
    case .poured: members.append(("measure", .string(MeasureKind.poured.rawValue)))
    case .weighed: members.append(("measure", .string(MeasureKind.weighed.rawValue)))
    case .counted, nil: break
    }
    // NB: an item with only a quantity shows it as its chip: the same text.
    if let text = item.amountText, text != item.chip {
      members.append(("amountText", .string(text)))
    }
    if item.quantityConverted { members.append(("quantityConverted", .bool(true))) }
    if !item.recipeAmounts.isEmpty {
      members.append(("recipeAmounts", .array(item.recipeAmounts.map(Self.amount))))
    }
    if !item.recipes.isEmpty {
      members.append(("recipes", .array(item.recipes.map(Self.recipe))))
    }
    if let editable = item.editAmount { members.append(("editAmount", Self.amount(editable))) }
    if let buy = item.buy { members.append(("buy", Self.buy(buy))) }
    if let note = item.note { members.append(("note", .string(note))) }
    if let category = item.category { members.append(("category", .string(category))) }
    return .object(members)
  }

  /// An item in v1's shape: every member, nulls included.
  func legacyValue(_ item: ItemView) -> JSONValue {
    .object([
      ("id", .string(item.id.uuidString.lowercased())),
      ("name", .string(item.name)),
      ("emoji", .string(item.emoji)),
      ("quantity", item.quantity.map(Self.quantity) ?? .null),
      ("addedAt", .string(ISO8601.string(item.addedAt))),
      ("checkedAt", item.checkedAt.map { .string(ISO8601.string($0)) } ?? .null),
      ("listedAt", .string(ISO8601.string(item.listedAt))),
      ("clearedAt", item.clearedAt.map { .string(ISO8601.string($0)) } ?? .null),
      ("chip", item.chip.map(JSONValue.string) ?? .null),
      ("units", .array(QuantityRules.allowedUnits(for: item.measure).map { .string($0.rawValue) })),
      ("defaultUnit", .string(QuantityRules.defaultUnit(for: item.measure).rawValue)),
      ("amountText", item.amountText.map(JSONValue.string) ?? .null),
      ("quantityConverted", .bool(item.quantityConverted)),
      ("recipeAmounts", .array(item.recipeAmounts.map(Self.amount))),
      ("recipes", .array(item.recipes.map(Self.recipe))),
      ("editAmount", item.editAmount.map(Self.amount) ?? .null),
      ("buy", item.buy.map(Self.buy) ?? .null),
      ("note", item.note.map(JSONValue.string) ?? .null),
      ("category", item.category.map(JSONValue.string) ?? .null),
    ])
  }

  static func quantity(_ quantity: Quantity) -> JSONValue {
    .object([("amount", .number(quantity.amount)), ("unit", .string(quantity.unit.rawValue))])
  }

  static func buy(_ buy: BuyableAmount) -> JSONValue {
    .object([("text", .string(buy.text)), ("need", buy.need.map(JSONValue.string) ?? .null)])
  }

  /// A recipe amount as `ItemAmount` encodes it.
  static func amount(_ amount: ItemAmount) -> JSONValue {
    func quantity(_ value: Double, _ top: Double?, _ unit: KitchenUnit?) -> [(String, JSONValue)] {
      [
        ("amount", .number(value)), ("maxAmount", top.map(JSONValue.number) ?? .null),
        ("unit", unit.map { .string($0.id) } ?? .null),
      ]
    }
    var members = quantity(amount.amount, amount.maxAmount, amount.unit)
    if let pack = amount.packSize {
      members.append(("packSize", .object(quantity(pack.amount, pack.maxAmount, pack.unit))))
    }
    members += [("converted", .bool(amount.converted)), ("text", .string(amount.text))]
    return .object(members)
  }

  static func recipe(_ reference: RecipeReference) -> JSONValue {
    .object([
      ("id", reference.id.map { .string($0.uuidString.lowercased()) } ?? .null),
      ("title", .string(reference.title)),
    ])
  }

  /// A JSON array of items in `version`'s shape.
  func array(_ items: [Item], _ version: APIVersion) -> [UInt8] {
    var out: [UInt8] = []
    write(items, version, to: &out)
    return out
  }

  /// Appends a JSON array of items in `version`'s shape to `out`.
  func write(_ items: [Item], _ version: APIVersion, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, item) in items.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      value(item, version).write(to: &out)
    }
    out.append(UInt8(ascii: "]"))
  }
}
