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
    version == .v1 ? legacyValue(view(item)) : value(view(item), version)
  }

  /// An item in the current version's shape.
  func value(_ item: Item) -> JSONValue { value(view(item), .current) }

  /// An item in v1's shape.
  func legacyValue(_ item: Item) -> JSONValue { legacyValue(view(item)) }

  /// An item in v2's or v3's shape: only what differs from the defaults.
  func value(_ view: ItemView, _ version: APIVersion = .current) -> JSONValue {
    let stored = view.item
    let time = version.writesTimesAsNumbers ? Self.milliseconds : Self.iso
    var members: [(String, JSONValue)] = [
      ("id", .string(stored.id.uuidString.lowercased())), ("name", .string(stored.name)),
    ]
    if stored.emoji != Self.defaultEmoji { members.append(("emoji", .string(stored.emoji))) }
    if let quantity = stored.quantity { members.append(("quantity", Self.quantity(quantity))) }
    if let chip = view.chip { members.append(("chip", .string(chip))) }
    members.append(("addedAt", time(stored.addedAt)))
    if stored.listedAt != stored.addedAt {
      members.append(("listedAt", time(stored.listedAt)))
    }
    if let checked = stored.checkedAt {
      members.append(("checkedAt", time(checked)))
    }
    if let cleared = stored.clearedAt {
      members.append(("clearedAt", time(cleared)))
    }
    // NB: a counted item and an unknown one offer the same pills and start in units.
    switch view.measure {
    case .poured: members.append(("measure", .string(MeasureKind.poured.rawValue)))
    case .weighed: members.append(("measure", .string(MeasureKind.weighed.rawValue)))
    case .counted, nil: break
    }
    // NB: an item with only a quantity shows it as its chip: the same text.
    if let text = view.amountText, text != view.chip {
      members.append(("amountText", .string(text)))
    }
    if view.quantityConverted { members.append(("quantityConverted", .bool(true))) }
    if !view.recipeAmounts.isEmpty {
      members.append(("recipeAmounts", .array(view.recipeAmounts.map(Self.amount))))
    }
    if !view.recipes.isEmpty {
      members.append(("recipes", .array(view.recipes.map(Self.recipe))))
    }
    if let editable = view.editAmount { members.append(("editAmount", Self.amount(editable))) }
    if let buy = view.buy { members.append(("buy", Self.buy(buy))) }
    if let note = stored.note { members.append(("note", .string(note))) }
    if let category = view.category { members.append(("category", .string(category))) }
    return .object(members)
  }

  /// An item in v1's shape: every member, nulls included.
  func legacyValue(_ view: ItemView) -> JSONValue {
    let stored = view.item
    return .object([
      ("id", .string(stored.id.uuidString.lowercased())),
      ("name", .string(stored.name)),
      ("emoji", .string(stored.emoji)),
      ("quantity", stored.quantity.map(Self.quantity) ?? .null),
      ("addedAt", .string(ISO8601.string(stored.addedAt))),
      ("checkedAt", stored.checkedAt.map { .string(ISO8601.string($0)) } ?? .null),
      ("listedAt", .string(ISO8601.string(stored.listedAt))),
      ("clearedAt", stored.clearedAt.map { .string(ISO8601.string($0)) } ?? .null),
      ("chip", view.chip.map(JSONValue.string) ?? .null),
      ("units", .array(QuantityRules.allowedUnits(for: view.measure).map { .string($0.rawValue) })),
      ("defaultUnit", .string(QuantityRules.defaultUnit(for: view.measure).rawValue)),
      ("amountText", view.amountText.map(JSONValue.string) ?? .null),
      ("quantityConverted", .bool(view.quantityConverted)),
      ("recipeAmounts", .array(view.recipeAmounts.map(Self.amount))),
      ("recipes", .array(view.recipes.map(Self.recipe))),
      ("editAmount", view.editAmount.map(Self.amount) ?? .null),
      ("buy", view.buy.map(Self.buy) ?? .null),
      ("note", stored.note.map(JSONValue.string) ?? .null),
      ("category", view.category.map(JSONValue.string) ?? .null),
    ])
  }

  /// A time as v2 writes it: ISO 8601 text ("2026-12-07T05:54:12.276Z").
  static func iso(_ date: Date) -> JSONValue { .string(ISO8601.string(date)) }

  /// A time as v3 writes it: whole milliseconds since 1970 (1796622852276).
  static func milliseconds(_ date: Date) -> JSONValue {
    .number((date.timeIntervalSince1970 * 1000).rounded())
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
