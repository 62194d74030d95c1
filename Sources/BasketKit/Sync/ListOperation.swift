#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One change a user made, as a phone sends it: made offline, queued, and applied by the
/// server exactly once (see `SyncRules`). ("ListOperation", not "Operation": Foundation has an
/// `Operation` of its own, and a face importing both would have to spell it out everywhere.)
///
/// Its JSON (`Codable`) is the contract between the phone and the server:
/// `{"op": uuid, "at": ISO 8601, "type", "item"?, "text"?, "name"?, "quantity"?, "amount"?,
/// "note"?, "items"?, "clear"?}`; an amount is `{"amount", "unit", "packSize"?}` in a recipe unit. Decoding is strict: a missing or unexpected member, a bad uuid or time, or a
/// member of the wrong type throws `ListOperation.Malformed` with a reason for the user.
public struct ListOperation: Equatable, Sendable {
  /// Made on the phone, unique per change.
  public var id: UUID
  /// When the user made it, by the phone's clock.
  public var at: Date
  public var change: Change

  public init(id: UUID, at: Date, change: Change) {
    self.id = id
    self.at = at
    self.change = change
  }

  public enum Kind: String, CaseIterable, Sendable {
    case add, check, uncheck, rename, quantity, amount, note, remove, clear, undo
  }

  public enum Change: Equatable, Sendable {
    /// Adds, duplicate-aware; `item` is the id the phone gave the new item.
    case add(item: UUID, Entry)
    case check(UUID)
    case uncheck(UUID)
    /// Renames; the quantity resets unless `then` sets one (checked against the new name).
    case rename(UUID, name: String, then: Basket.QuantityChange = .keep)
    /// Sets (or, nil, unsets) the quantity.
    case quantity(UUID, Quantity?)
    /// Sets the amount in a recipe's own unit ("2½ cups"; see `ListRules.setRecipeAmount`).
    case amount(UUID, ItemAmount)
    /// Sets the note (nil, or text with nothing visible, clears it; see `ListRules.setNote`).
    case note(UUID, String?)
    case remove(UUID)
    /// Clear all of the Got it items the phone showed; nil (only for changes made on the
    /// server) clears whatever is in Got it.
    case clear(items: [UUID]?)
    /// Undoes the clear with this operation id; nil (only for changes made on the server)
    /// undoes the latest clear.
    case undo(clear: UUID?)

    public var kind: Kind {
      switch self {
      case .add: .add
      case .check: .check
      case .uncheck: .uncheck
      case .rename: .rename
      case .quantity: .quantity
      case .amount: .amount
      case .note: .note
      case .remove: .remove
      case .clear: .clear
      case .undo: .undo
      }
    }

    /// The item the change names, as sent.
    public var item: UUID? {
      switch self {
      case .add(let id, _), .check(let id), .uncheck(let id), .rename(let id, _, _),
        .quantity(let id, _), .amount(let id, _), .note(let id, _), .remove(let id):
        id
      case .clear, .undo: nil
      }
    }
  }

  /// What an add carries.
  public enum Entry: Equatable, Sendable {
    /// Typed text; a quantity in it is understood ("2 l milk").
    case text(String)
    /// A name taken as it is (a chip), with an optional quantity.
    case name(String, Quantity?)
    /// A name taken as it is with an amount in a kitchen unit the stepper can't hold exactly,
    /// as the add bar read it ("2 lb", "2 tins (400 g)").
    case measured(String, ItemAmount)

    /// An entry understood and checked on this machine (`AddEntry`), as an add carries it.
    public init(_ entry: AddEntry) {
      if let amount = entry.amount {
        self = .measured(entry.name, amount)
      } else {
        self = .name(entry.name, entry.quantity)
      }
    }

    /// What the add bar read (`ShoppingLine`), as an add carries it.
    public init(_ typed: TypedItem) {
      if let amount = typed.kitchenAmount {
        self = .measured(typed.name, amount)
      } else {
        self = .name(typed.name, typed.quantity)
      }
    }
  }

  /// Why an operation's JSON can't be read.
  public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
      self.message = message
    }

    public var description: String { message }
  }
}

// MARK: - JSON

extension ListOperation: Codable {
  struct Key: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let op = Key("op")
    static let at = Key("at")
    static let type = Key("type")
    static let item = Key("item")
    static let text = Key("text")
    static let name = Key("name")
    static let quantity = Key("quantity")
    static let amount = Key("amount")
    static let note = Key("note")
    static let items = Key("items")
    static let clear = Key("clear")
  }

  /// The members each type takes besides `op`, `at` and `type`.
  static func members(of kind: Kind) -> [String] {
    switch kind {
    case .add: ["item", "text", "name", "quantity", "amount"]
    case .check, .uncheck, .remove: ["item"]
    case .rename: ["item", "name", "quantity"]
    case .quantity: ["item", "quantity"]
    case .amount: ["item", "amount"]
    case .note: ["item", "note"]
    case .clear: ["items"]
    case .undo: ["clear"]
    }
  }

  public init(from decoder: any Decoder) throws {
    let json: KeyedDecodingContainer<Key>
    do {
      json = try decoder.container(keyedBy: Key.self)
    } catch {
      throw Malformed("a change must be a JSON object")
    }
    let reader = MemberReader(json: json)
    guard let id = try reader.uuid(.op) else { throw Malformed("\"op\" is missing") }
    guard let atText = try reader.string(.at) else { throw Malformed("\"at\" is missing") }
    guard let at = ISO8601.date(atText) else {
      throw Malformed("\"at\" must be a time such as 2026-12-01T09:00:00.000Z")
    }
    guard let typeText = try reader.string(.type) else { throw Malformed("\"type\" is missing") }
    guard let kind = Kind(rawValue: typeText) else {
      throw Malformed(
        "\"\(typeText.prefix(20))\" is not a type of change (expected \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    let allowed = ["op", "at", "type"] + Self.members(of: kind)
    if let unknown = json.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
      let article = kind.rawValue.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      throw Malformed(
        "\"\(unknown.stringValue.prefix(40))\" doesn't go with \(article) \(kind.rawValue)")
    }
    func item() throws -> UUID {
      guard let item = try reader.uuid(.item) else { throw Malformed("\"item\" is missing") }
      return item
    }
    let change: Change
    switch kind {
    case .add:
      let item = try item()
      switch (try reader.string(.text), try reader.string(.name)) {
      case (let text?, nil):
        if let other = [Key.quantity, .amount].first(where: json.contains) {
          throw Malformed("\"\(other.stringValue)\" goes with \"name\", not with \"text\"")
        }
        change = .add(item: item, .text(text))
      case (nil, let name?):
        if json.contains(.amount) {
          guard !json.contains(.quantity) else {
            throw Malformed("an add takes \"quantity\" or \"amount\", not both")
          }
          guard let amount = try reader.recipeAmount(.amount) else {
            throw Malformed("\"amount\" is missing")
          }
          change = .add(item: item, .measured(name, amount))
        } else {
          change = .add(item: item, .name(name, try reader.quantity(.quantity) ?? nil))
        }
      case (nil, nil): throw Malformed("an add needs \"text\" or \"name\"")
      case (_?, _?): throw Malformed("an add takes \"text\" or \"name\", not both")
      }
    case .check: change = .check(try item())
    case .uncheck: change = .uncheck(try item())
    case .remove: change = .remove(try item())
    case .rename:
      let item = try item()
      guard let name = try reader.string(.name) else { throw Malformed("\"name\" is missing") }
      let then: Basket.QuantityChange =
        switch try reader.quantity(.quantity) {
        case nil: .keep
        case .some(nil): .clear
        case .some(let quantity?): .set(quantity)
        }
      change = .rename(item, name: name, then: then)
    case .quantity:
      let item = try item()
      guard let quantity = try reader.quantity(.quantity) else {
        throw Malformed("\"quantity\" is missing (null unsets it)")
      }
      change = .quantity(item, quantity)
    case .amount:
      let item = try item()
      guard let amount = try reader.recipeAmount(.amount) else {
        throw Malformed("\"amount\" is missing")
      }
      change = .amount(item, amount)
    case .note:
      let item = try item()
      guard json.contains(.note) else { throw Malformed("\"note\" is missing (null clears it)") }
      change = .note(
        item, (try? json.decodeNil(forKey: .note)) == true ? nil : try reader.string(.note))
    case .clear:
      guard let items = try reader.uuids(.items) else { throw Malformed("\"items\" is missing") }
      change = .clear(items: items)
    case .undo:
      guard let clear = try reader.uuid(.clear) else { throw Malformed("\"clear\" is missing") }
      change = .undo(clear: clear)
    }
    self.init(id: id, at: at, change: change)
  }

  public func encode(to encoder: any Encoder) throws {
    var json = encoder.container(keyedBy: Key.self)
    try json.encode(id.uuidString.lowercased(), forKey: .op)
    try json.encode(ISO8601.string(at), forKey: .at)
    try json.encode(change.kind.rawValue, forKey: .type)
    if let item = change.item { try json.encode(item.uuidString.lowercased(), forKey: .item) }
    switch change {
    case .add(_, .text(let text)):
      try json.encode(text, forKey: .text)
    case .add(_, .name(let name, let quantity)):
      try json.encode(name, forKey: .name)
      if let quantity { try json.encode(quantity, forKey: .quantity) }
    case .add(_, .measured(let name, let amount)):
      try json.encode(name, forKey: .name)
      try json.encode(AmountJSON(amount), forKey: .amount)
    case .rename(_, let name, let then):
      try json.encode(name, forKey: .name)
      switch then {
      case .keep: break
      case .clear: try json.encodeNil(forKey: .quantity)
      case .set(let quantity): try json.encode(quantity, forKey: .quantity)
      }
    case .quantity(_, let quantity):
      if let quantity {
        try json.encode(quantity, forKey: .quantity)
      } else {
        try json.encodeNil(forKey: .quantity)
      }
    case .amount(_, let amount):
      try json.encode(AmountJSON(amount), forKey: .amount)
    case .note(_, let note):
      if let note {
        try json.encode(note, forKey: .note)
      } else {
        try json.encodeNil(forKey: .note)
      }
    case .clear(let items):
      if let items { try json.encode(items.map { $0.uuidString.lowercased() }, forKey: .items) }
    case .undo(let clear):
      if let clear { try json.encode(clear.uuidString.lowercased(), forKey: .clear) }
    case .check, .uncheck, .remove:
      break
    }
  }

  /// Reads members with a reason for the user when one has the wrong type.
  private struct MemberReader {
    let json: KeyedDecodingContainer<Key>

    func string(_ key: Key) throws -> String? {
      guard json.contains(key) else { return nil }
      guard let value = try? json.decode(String.self, forKey: key) else {
        throw Malformed("\"\(key.stringValue)\" must be a string")
      }
      return value
    }

    func uuid(_ key: Key) throws -> UUID? {
      guard let text = try string(key) else { return nil }
      guard let id = UUID(uuidString: text) else {
        throw Malformed("\"\(key.stringValue)\" must be a UUID such as 6f1c2a4e-…")
      }
      return id
    }

    func uuids(_ key: Key) throws -> [UUID]? {
      guard json.contains(key) else { return nil }
      guard let texts = try? json.decode([String].self, forKey: key) else {
        throw Malformed("\"\(key.stringValue)\" must be an array of item ids")
      }
      return try texts.map { text in
        guard let id = UUID(uuidString: text) else {
          throw Malformed("\"\(key.stringValue)\" must hold UUIDs such as 6f1c2a4e-…")
        }
        return id
      }
    }

    /// An amount in a recipe unit, strictly: `{"amount": 2.5, "unit": "cup", "packSize"?:
    /// {"amount": 14, "unit": "oz"}}`; nil when absent.
    func recipeAmount(_ key: Key) throws -> ItemAmount? {
      guard json.contains(key) else { return nil }
      guard let members = try? json.nestedContainer(keyedBy: Key.self, forKey: key) else {
        throw Malformed("\"amount\" must be an object")
      }
      if let unknown = members.allKeys.first(where: {
        !["amount", "unit", "packSize"].contains($0.stringValue)
      }) {
        throw Malformed(
          "unknown field \"amount.\(unknown.stringValue.prefix(40))\" (expected \"amount\", \"unit\", \"packSize\")"
        )
      }
      guard let value = try? members.decode(Double.self, forKey: Key("amount")) else {
        throw Malformed("\"amount.amount\" must be a number")
      }
      // NB: null is a plain count, for an add ("half a cabbage"); a recipe amount's change
      // needs a unit, and its rule says so.
      var unit: KitchenUnit?
      if (try? members.decodeNil(forKey: Key("unit"))) != true {
        guard let unitText = try? members.decode(String.self, forKey: Key("unit")) else {
          throw Malformed("\"amount.unit\" must be a string")
        }
        guard let known = KitchenUnit(id: unitText) else {
          throw Malformed(
            "\"\(unitText.prefix(20))\" is not a recipe unit (such as cup, tbsp, can, clove)")
        }
        unit = known
      }
      var pack: IngredientQuantity?
      if members.contains(Key("packSize")),
        (try? members.decodeNil(forKey: Key("packSize"))) != true
      {
        let shape = Malformed(
          "\"amount.packSize\" must be an amount with a unit, such as {\"amount\": 14, \"unit\": \"oz\"}"
        )
        guard let size = try? members.nestedContainer(keyedBy: Key.self, forKey: Key("packSize"))
        else { throw shape }
        if let unknown = size.allKeys.first(where: {
          !["amount", "maxAmount", "unit"].contains($0.stringValue)
        }) {
          throw Malformed(
            "unknown field \"amount.packSize.\(unknown.stringValue.prefix(40))\" (expected \"amount\", \"maxAmount\", \"unit\")"
          )
        }
        guard let amount = try? size.decode(Double.self, forKey: Key("amount")),
          let unitText = try? size.decode(String.self, forKey: Key("unit")),
          let unit = KitchenUnit(id: unitText)
        else { throw shape }
        var top: Double?
        if size.contains(Key("maxAmount")), (try? size.decodeNil(forKey: Key("maxAmount"))) != true
        {
          guard let value = try? size.decode(Double.self, forKey: Key("maxAmount")) else {
            throw shape
          }
          top = value
        }
        pack = IngredientQuantity(amount: amount, maxAmount: top, unit: unit)
      }
      return ItemAmount(amount: value, unit: unit, packSize: pack)
    }

    /// nil when absent, `.some(nil)` when null, else the amount and unit (range unchecked:
    /// the rules check it when it applies).
    func quantity(_ key: Key) throws -> Quantity?? {
      guard json.contains(key) else { return nil }
      if (try? json.decodeNil(forKey: key)) == true { return .some(nil) }
      let members: KeyedDecodingContainer<Key>
      do {
        members = try json.nestedContainer(keyedBy: Key.self, forKey: key)
      } catch {
        throw Malformed("\"quantity\" must be an object or null")
      }
      if let unknown = members.allKeys.first(where: {
        $0.stringValue != "amount" && $0.stringValue != "unit"
      }) {
        throw Malformed(
          "unknown field \"quantity.\(unknown.stringValue.prefix(40))\" (expected \"amount\", \"unit\")"
        )
      }
      guard let amount = try? members.decode(Double.self, forKey: Key("amount")) else {
        throw Malformed("\"quantity.amount\" must be a number")
      }
      guard let unitText = try? members.decode(String.self, forKey: Key("unit")) else {
        throw Malformed("\"quantity.unit\" must be a string")
      }
      guard let unit = MeasureUnit(rawValue: unitText) else {
        throw Malformed(
          "\"\(unitText.prefix(20))\" is not a unit (use \(MeasureUnit.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      return .some(Quantity(amount: amount, unit: unit))
    }
  }
}

/// An amount in an `amount` change, as sent: only the members the change reads.
private struct AmountJSON: Encodable {
  var amount: Double
  /// null for a plain count (an add's "half a cabbage").
  @Nullable var unit: KitchenUnit? = nil
  var packSize: IngredientQuantity?

  init(_ amount: ItemAmount) {
    self.amount = amount.amount
    unit = amount.unit
    packSize = amount.packSize
  }
}
