import BasketKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes items and lists in the API's JSON shape.
///
/// An item is `{"id", "name", "emoji", "quantity": {"amount", "unit"} | null, "addedAt",
/// "checkedAt", "amountText", "quantityConverted", "recipeAmounts", "recipes", "buy"}` as in `basket
/// list --json`, plus `listedAt` (its place in To get: the greater, the nearer the top),
/// `clearedAt` (set while a Clear all hides it) and what the web app's editor needs: `chip` (the
/// amount as shown on the row), `units` (the unit pills offered) and `defaultUnit`.
final class ItemJSON: Sendable {
  private let classify: @Sendable (String) -> Classification
  /// Measure kinds by name: classifying is not free and names repeat on every list read.
  private let measures = Mutex<[String: MeasureKind?]>([:])

  init(classify: @escaping @Sendable (String) -> Classification) {
    self.classify = classify
  }

  func measure(of name: String) -> MeasureKind? {
    if let known = measures.withLock({ $0[name] }) { return known }
    let measure = classify(name).measure
    measures.withLock { cache in
      if cache.count >= 10_000 { cache.removeAll(keepingCapacity: true) }
      cache[name] = .some(measure)
    }
    return measure
  }

  func value(_ item: Item) -> JSONValue {
    let measure = measure(of: item.name)
    let quantity: JSONValue =
      item.quantity.map { quantity in
        .object([("amount", .number(quantity.amount)), ("unit", .string(quantity.unit.rawValue))])
      } ?? .null
    return .object([
      ("id", .string(item.id.uuidString.lowercased())),
      ("name", .string(item.name)),
      ("emoji", .string(item.emoji)),
      ("quantity", quantity),
      ("addedAt", .string(ISO8601.string(item.addedAt))),
      ("checkedAt", item.checkedAt.map { .string(ISO8601.string($0)) } ?? .null),
      ("listedAt", .string(ISO8601.string(item.listedAt))),
      ("clearedAt", item.clearedAt.map { .string(ISO8601.string($0)) } ?? .null),
      ("chip", item.quantity.map { .string($0.chipText) } ?? .null),
      ("units", .array(QuantityRules.allowedUnits(for: measure).map { .string($0.rawValue) })),
      ("defaultUnit", .string(QuantityRules.defaultUnit(for: measure).rawValue)),
      ("amountText", item.amountText.map(JSONValue.string) ?? .null),
      ("quantityConverted", .bool(item.isQuantityConverted)),
      ("recipeAmounts", .array(item.recipeNeeds.amounts.map(Self.amount))),
      ("recipes", .array(item.recipeNeeds.recipes.map(Self.recipe))),
      // The amount the quantity editor edits in its recipe unit (`RecipeAmountRules.editable`).
      ("editAmount", RecipeAmountRules.editable(item).map(Self.amount) ?? .null),
      (
        "buy",
        item.buyable.map { buy in
          .object([("text", .string(buy.text)), ("need", buy.need.map(JSONValue.string) ?? .null)])
        } ?? .null
      ),
    ])
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

  /// A JSON array of items.
  func array(_ items: [Item]) -> [UInt8] {
    JSONValue.array(items.map(value)).encoded()
  }
}

/// The last list read, reused while the store's revision and the visible sections can't have
/// changed: list reads are the hot path.
struct ListSnapshot: Sendable {
  var revision: Int64
  /// `WebApp.localWrites` when the snapshot was taken.
  var localWrites: Int
  var mood: DayMood
  /// The first moment the sections or the undo deadline could change by time alone.
  var validUntil: Date
  var toGet: [UInt8]
  var gotIt: [UInt8]
  var toGetCount: Int
  var undoDeadline: Date?

  init(
    revision: Int64, localWrites: Int, items: [Item], now: Date, timeZone: TimeZone,
    json: ItemJSON
  ) {
    let sections = ListSections(items: items, now: now)
    self.revision = revision
    self.localWrites = localWrites
    mood = DayMood(date: now, timeZone: timeZone)
    toGet = json.array(sections.toGet)
    gotIt = json.array(sections.gotIt)
    toGetCount = sections.toGet.count
    undoDeadline = ListRules.undoDeadline(items: items, now: now)
    var until = now.addingTimeInterval(60)
    for item in sections.gotIt {
      if let checked = item.checkedAt {
        until = min(until, checked.addingTimeInterval(ListTiming.gotItTTL))
      }
    }
    for item in items {
      if let cleared = item.clearedAt {
        let end = cleared.addingTimeInterval(ListTiming.undoWindow)
        if end > now { until = min(until, end) }
      }
    }
    validUntil = until
  }
}
