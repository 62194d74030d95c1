import BasketKit

/// A request body that must be a JSON object with known members, read with clear errors.
package struct JSONBody {
  private let members: [(String, JSONValue)]

  /// Parses the body. An empty body counts as `{}`. Unknown members are refused so a typo
  /// ("qty") never passes silently.
  package init(_ request: Request, allowed: [String]) throws {
    if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      members = []
      return
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(request.body)
    } catch {
      throw RequestError(400, error.message)
    }
    guard case .object(let members) = value else {
      throw RequestError(400, "the body must be a JSON object, not \(value.typeName)")
    }
    if let unknown = members.first(where: { !allowed.contains($0.0) }) {
      throw RequestError(400, Self.unknownField(unknown.0, allowed: allowed))
    }
    self.members = members
  }

  /// "unknown field "qty" (expected "name", "quantity")", or that the request takes none.
  package static func unknownField(_ name: String, allowed: [String], within: String = "")
    -> String
  {
    let field = within.isEmpty ? String(name.prefix(40)) : "\(within).\(name.prefix(40))"
    guard !allowed.isEmpty else {
      return "unknown field \"\(field)\" (this request takes no fields)"
    }
    return
      "unknown field \"\(field)\" (expected \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))"
  }

  package func has(_ key: String) -> Bool {
    members.contains { $0.0 == key }
  }

  package func value(_ key: String) -> JSONValue? {
    members.first { $0.0 == key }?.1
  }

  /// The string member `key`, nil when absent; any other type is an error.
  package func string(_ key: String) throws -> String? {
    guard let value = value(key) else { return nil }
    guard case .string(let text) = value else {
      throw RequestError(400, "\"\(key)\" must be a string, not \(value.typeName)")
    }
    return text
  }

  /// The boolean member `key`, nil when absent; any other type is an error.
  package func bool(_ key: String) throws -> Bool? {
    guard let value = value(key) else { return nil }
    guard case .bool(let flag) = value else {
      throw RequestError(400, "\"\(key)\" must be true or false, not \(value.typeName)")
    }
    return flag
  }

  /// The client-made UUID member `key`, nil when absent.
  package func uuid(_ key: String) throws -> UUID? {
    guard let text = try string(key) else { return nil }
    guard let id = UUID(uuidString: text) else {
      throw RequestError(400, "\"\(key)\" must be a UUID such as 6f1c2a4e-…")
    }
    return id
  }

  /// The quantity member: absent → `.absent`, null → `.clear`, or an amount in range and a unit.
  package func quantity(_ key: String = "quantity") throws -> QuantityField {
    guard let value = value(key) else { return .absent }
    switch value {
    case .null:
      return .clear
    case .object(let members):
      if let unknown = members.first(where: { $0.0 != "amount" && $0.0 != "unit" }) {
        throw RequestError(
          400, "unknown field \"quantity.\(unknown.0.prefix(40))\" (expected \"amount\", \"unit\")")
      }
      guard case .number(let amount)? = value["amount"] else {
        throw RequestError(
          400, "\"quantity.amount\" must be a number, not \(value["amount"]?.typeName ?? "missing")"
        )
      }
      guard case .string(let unitText)? = value["unit"] else {
        throw RequestError(
          400, "\"quantity.unit\" must be a string, not \(value["unit"]?.typeName ?? "missing")")
      }
      guard let unit = MeasureUnit(rawValue: unitText) else {
        throw RequestError(
          400,
          "\"\(unitText.prefix(20))\" is not a unit (use \(MeasureUnit.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      // NB: the core's range rule, so a bad amount is refused before any item is looked up;
      // the unit is checked against the item by `QuantityRules.checked` when it is set.
      let quantity = Quantity(amount: amount, unit: unit)
      do {
        try QuantityRules.checkRange(quantity)
      } catch {
        throw RequestError(422, error.description)  // read, but no amount Basket takes
      }
      return .set(quantity)
    default:
      throw RequestError(400, "\"\(key)\" must be an object or null, not \(value.typeName)")
    }
  }

  /// An amount in a kitchen unit, `{"amount", "unit", "packSize"?}` (unit null for a plain
  /// count, packSize `{"amount", "unit"}` a weight or volume): nil when absent. The range is
  /// the rules' to check (`ShoppingLine.check`), when the add applies.
  package func recipeAmount(_ key: String) throws -> ItemAmount? {
    guard let value = value(key) else { return nil }
    guard case .object(let members) = value else {
      throw RequestError(
        400, "\"\(key)\" must be an object such as {\"amount\": 2, \"unit\": \"lb\"}")
    }
    if let unknown = members.first(where: { !["amount", "unit", "packSize"].contains($0.0) }) {
      throw RequestError(
        400,
        "unknown field \"\(key).\(unknown.0.prefix(40))\" (expected \"amount\", \"unit\", \"packSize\")"
      )
    }
    guard case .number(let amount)? = value["amount"] else {
      throw RequestError(400, "\"\(key).amount\" must be a number")
    }
    func unit(_ value: JSONValue?, _ path: String) throws -> KitchenUnit? {
      switch value {
      case nil, .null?: return nil
      case .string(let id)?:
        guard let unit = KitchenUnit(id: id) else {
          throw RequestError(400, "\"\(id.prefix(20))\" is not a unit (such as lb, tin, pint, cup)")
        }
        return unit
      default: throw RequestError(400, "\"\(path)\" must be a unit's name or null")
      }
    }
    var pack: IngredientQuantity?
    if let size = value["packSize"], size != .null {
      guard case .object(let sizeMembers) = size,
        sizeMembers.allSatisfy({ ["amount", "unit"].contains($0.0) }),
        case .number(let packAmount)? = size["amount"],
        let packUnit = try unit(size["unit"], "\(key).packSize.unit")
      else {
        throw RequestError(
          400,
          "\"\(key).packSize\" must be a weight or volume such as {\"amount\": 400, \"unit\": \"g\"}"
        )
      }
      pack = IngredientQuantity(amount: packAmount, unit: packUnit)
    }
    return ItemAmount(amount: amount, unit: try unit(value["unit"], "\(key).unit"), packSize: pack)
  }

  package enum QuantityField: Equatable {
    case absent
    case clear
    case set(Quantity)
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
