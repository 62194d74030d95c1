#if !hasFeature(Embedded)
  import BasketRules
#endif

/// The phone's copy of the list: a change (ListOperation's JSON) worked out at once, as the
/// server will apply it, for the page to show until the server's list comes back.
///
/// The page finds the items a change names and keeps To get and Got it in the order the API
/// writes them (offline.js); what the change does to those items is worked out here, by the
/// core's own rules: names cleaned and keyed, typed text read, a quantity's chip, an amount's
/// words, a note's limit, where an item goes in To get. Items are the API's item JSON; only
/// what the page shows is worked out, and the server's answer replaces it.
enum PhoneList {
  /// What an add or a rename names, for the page to find the item of the same name:
  /// `{"name", "key"}` (an add's text read as the add bar reads it), or `{"refused": reason}`.
  static func naming(_ op: JSONValue) -> JSONValue {
    do {
      let named = try name(of: op)
      return .object([("name", .string(named.name)), ("key", .string(NameKey.of(named.name)))])
    } catch {
      return .object([("refused", .string(error.reason))])
    }
  }

  /// The change `op` applied to what the page found for it (`given`):
  /// - `item`: the item the change names (after the phone's aliases), or null; `checked`:
  ///   whether it is in Got it;
  /// - for an add, `same`: an item of the same name (`naming`'s key), To get's first, and
  ///   `sameChecked`; `replayed`: whether the add's own item is on the copy already;
  /// - `at`: when the change was made, and `top`: when To get's first item, other than the
  ///   one changed, was listed (or null), both in milliseconds since 1970;
  /// - `look`: what the phone knows of the new name (`emoji`, `units`, `defaultUnit`), or null;
  /// - `toGet`: how many items To get holds.
  ///
  /// Answers `{"effect", "item", "checked", "removed", "listedAt"}`: `item` is the item after
  /// the change (null when removed or unchanged), `checked` whether it belongs in Got it,
  /// `listedAt` (milliseconds) where it is listed anew, if it is; `effect` holds the
  /// `outcome` of an add ("added", "bumped", "restored", "replayed") and the `item` it landed
  /// on, `allDone` for a check that emptied To get, `missing` for an item not on the copy, or
  /// `refused` with the reason.
  static func change(_ op: JSONValue, _ given: JSONValue) -> JSONValue {
    let type = text(op["type"]) ?? ""
    let at = milliseconds(given["at"]) ?? 0
    let top = milliseconds(given["top"])
    let found = object(given["item"])
    let checked = flag(given["checked"])
    func answer(
      _ effect: [(String, JSONValue)], _ item: JSONValue?, checked: Bool = checked,
      removed: Bool = false, listed: Bool = false
    ) -> JSONValue {
      .object([
        ("effect", .object(effect)), ("item", item ?? .null), ("checked", .bool(checked)),
        ("removed", .bool(removed)),
        ("listedAt", listed ? .number(Double(place(at, below: top))) : .null),
      ])
    }
    func refused(_ reason: String) -> JSONValue { answer([("refused", .string(reason))], nil) }
    let itemID = op["item"] ?? .null
    if type == "add" {
      let named: Named
      do { named = try name(of: op) } catch { return refused(error.reason) }
      if flag(given["replayed"]) {
        return answer([("outcome", .string("replayed")), ("item", itemID)], nil)
      }
      if let same = object(given["same"]) {
        let restoring = flag(given["sameChecked"])
        var item = same.setting("checkedAt", .null)
        if let quantity = named.quantity { item = withQuantity(item, quantity) }
        if let amount = named.amount { item = withAmount(item, amount) }
        return answer(
          [
            ("outcome", .string(restoring ? "restored" : "bumped")),
            ("item", same["id"] ?? .null),
          ], item, checked: false, listed: true)
      }
      let look = object(given["look"])
      var item = newItem.setting("id", itemID).setting("name", .string(named.name))
        .setting("emoji", look?["emoji"] ?? .string(defaultEmoji))
        .setting("addedAt", op["at"] ?? .null).setting("units", look?["units"] ?? allUnits)
        .setting("defaultUnit", look?["defaultUnit"] ?? .string(MeasureUnit.units.rawValue))
      item = withQuantity(item, named.quantity)
      if let amount = named.amount { item = withAmount(item, amount) }
      return answer(
        [("outcome", .string("added")), ("item", itemID)], item, checked: false, listed: true)
    }
    guard let found else { return answer([("missing", .bool(true))], nil) }
    let id = found["id"] ?? .null
    let done: [(String, JSONValue)] = [("item", id)]
    switch type {
    case "check":
      let toGet = RulesBridge.Arguments.number(given["toGet"]) ?? 0
      guard !checked else { return answer(done + [("allDone", .bool(toGet == 0))], nil) }
      return answer(
        done + [("allDone", .bool(toGet <= 1))],
        found.setting("checkedAt", op["at"] ?? .null), checked: true)
    case "uncheck":
      guard checked else { return answer(done, nil) }
      return answer(done, found.setting("checkedAt", .null), checked: false, listed: true)
    case "rename":
      let named: Named
      do { named = try name(of: op) } catch { return refused(error.reason) }
      guard text(found["name"]) != named.name else { return answer(done, nil) }
      let look = object(given["look"])
      var item = found.setting("name", .string(named.name))
        .setting("emoji", look?["emoji"] ?? found["emoji"] ?? .string(defaultEmoji))
        .setting("units", look?["units"] ?? allUnits)
        .setting("defaultUnit", look?["defaultUnit"] ?? .string(MeasureUnit.units.rawValue))
      item = withQuantity(item, quantity(op["quantity"]))
      return answer(done, item)
    case "quantity":
      return answer(done, withQuantity(found, quantity(op["quantity"])))
    case "amount":
      guard let amount = object(op["amount"]) else {
        return refused("An amount is {\"amount\", \"unit\"}.")
      }
      return answer(done, withAmount(found, amount))
    case "note":
      do {
        let note = try ItemNote.cleaned(text(op["note"]))
        return answer(done, found.setting("note", note.map { .string($0) } ?? .null))
      } catch {
        return refused(error.description)
      }
    case "remove":
      return answer(done, nil, removed: true)
    default:
      return answer([], nil)
    }
  }

  // MARK: - The rules' parts

  /// The emoji of a name the phone has never seen.
  static let defaultEmoji = "🧺"

  /// A new item's fields before the add fills them in: one text, which the module keeps as
  /// data rather than as code that makes each member.
  static let newItem: JSONValue =
    (try? JSONValue.parse(
      Array(
        """
        {"id":null,"name":"","emoji":null,"quantity":null,"addedAt":null,"checkedAt":null,\
        "listedAt":null,"clearedAt":null,"chip":null,"units":[],"defaultUnit":"units",\
        "amountText":null,"quantityConverted":false,"recipeAmounts":[],"recipes":[],\
        "buy":null,"note":null}
        """.utf8))) ?? .object([])

  static var allUnits: JSONValue {
    .array(QuantityRules.allowedUnits(for: nil).map { .string($0.rawValue) })
  }

  /// Where a change made at `at` lists an item: on top of To get, whose first item (the one
  /// changed aside) was listed at `top`, as `ListRules` places it on the server.
  static func place(_ at: Int64, below top: Int64?) -> Int64 {
    guard let top, top >= at else { return at }
    return top + 1
  }

  /// A quantity of its own replaces what the recipes' amounts would buy (`Item.buyable`);
  /// nil or zero takes it off.
  static func withQuantity(_ item: JSONValue, _ quantity: Quantity?) -> JSONValue {
    let kept = quantity.flatMap { $0.amount == 0 ? nil : $0 }
    return item.setting("quantity", RulesBridge.json(kept))
      .setting("chip", kept.map { .string($0.chipText) } ?? .null)
      .setting("amountText", .null).setting("quantityConverted", .bool(false))
      .setting("buy", kept == nil ? (item["buy"] ?? .null) : .null)
  }

  /// An amount in a recipe unit (its JSON: `{"amount", "unit", "packSize"?}`) as the item's
  /// one amount (`ListRules.setRecipeAmount`); zero takes it off. What it buys is the server's
  /// to say (`BuyingRules`): until it answers, the amount itself.
  static func withAmount(_ item: JSONValue, _ amount: JSONValue) -> JSONValue {
    var kept: JSONValue = .null
    var words: JSONValue = .null
    if let read = RulesBridge.amount(amount), read.amount > 0 {
      let unit = text(amount["unit"])
      // NB: a unit the phone doesn't know is written as it came, after the number.
      let text =
        read.unit == nil && unit != nil
        ? "\(Quantity.format(read.amount)) \(unit ?? "")" : read.text
      var members: [(String, JSONValue)] = [
        ("amount", .number(read.amount)), ("maxAmount", .null), ("unit", amount["unit"] ?? .null),
      ]
      if let pack = object(amount["packSize"]) { members.append(("packSize", pack)) }
      members += [("converted", .bool(false)), ("text", .string(text))]
      kept = .object(members)
      words = .string(text)
    }
    return item.setting("quantity", .null).setting("chip", .null)
      .setting("amountText", words).setting("quantityConverted", .bool(false))
      .setting("recipeAmounts", kept.isNull ? .array([]) : .array([kept]))
      .setting("editAmount", kept)
      .setting("buy", kept.isNull ? .null : .object([("text", words), ("need", .null)]))
  }

  // MARK: - Reading a change

  struct Named {
    var name: String
    var quantity: Quantity?
    /// An amount in a recipe unit, as its JSON.
    var amount: JSONValue?
  }

  /// The name an add or a rename gives, cleaned, with an add's typed amount.
  static func name(of op: JSONValue) throws(RulesBridge.Refusal) -> Named {
    var named = Named(name: "")
    if case .string(let typed)? = op["text"] {
      // NB: an older phone's queued add: its text read as the add bar reads it, one item.
      guard let items = try? ShoppingLine.read(typed), items.count == 1 else {
        throw RulesBridge.Refusal("The server reads this one.")
      }
      named.name = items[0].name
      named.quantity = items[0].quantity
      named.amount = items[0].kitchenAmount.map(RulesBridge.json)
    } else {
      named.name = text(op["name"]) ?? ""
      named.quantity = quantity(op["quantity"])
      named.amount = object(op["amount"])
    }
    named.name = NameText.cleaned(named.name)
    guard !named.name.isEmpty else { throw RulesBridge.Refusal("A name can't be empty.") }
    return named
  }

  static func quantity(_ value: JSONValue?) -> Quantity? {
    guard let value, !value.isNull else { return nil }
    return RulesBridge.quantity(value)
  }

  static func text(_ value: JSONValue?) -> String? {
    guard case .string(let text)? = value else { return nil }
    return text
  }

  /// A time in milliseconds since 1970, within the range a page's `Date` holds (±8.64e15).
  static func milliseconds(_ value: JSONValue?) -> Int64? {
    guard case .number(let number)? = value, abs(number) <= 8.64e15 else { return nil }
    return Int64(number)
  }

  static func flag(_ value: JSONValue?) -> Bool {
    guard case .bool(let flag)? = value else { return false }
    return flag
  }

  static func object(_ value: JSONValue?) -> JSONValue? {
    guard let value, case .object = value else { return nil }
    return value
  }
}

extension JSONValue {
  /// The object with member `key` set to `value`: replaced in its place, or added at the end.
  func setting(_ key: String, _ value: JSONValue) -> JSONValue {
    guard case .object(var members) = self else { return self }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
    return .object(members)
  }
}
