#if !hasFeature(Embedded)
  import BasketRules
#endif

/// The core's rules as the web app calls them: one request in, one answer out, both JSON, so
/// the phone runs the same Swift code the server does (built for WebAssembly with
/// `Tools/wasm/build.sh`; `Web/app/rules.js` is the page's side).
///
/// A request is `{"fn": NAME, "args": [...]}`; the answer is `{"ok": value}` or
/// `{"error": reason}`. Quantities are `{"amount", "unit"}` (the list's units), recipe amounts
/// `{"amount", "maxAmount"?, "unit", "packSize"?}` (kitchen unit ids), as the API writes them.
///
/// Cost: one JSON parse and one encode per call, microseconds for the sizes the page sends.
public enum RulesBridge {
  /// Answers one request, as JSON text.
  public static func call(_ request: [UInt8]) -> [UInt8] {
    answer(request).encoded()
  }

  private static func answer(_ request: [UInt8]) -> JSONValue {
    let value: JSONValue
    do {
      value = try JSONValue.parse(request)
    } catch {
      return .object([("error", .string(error.message))])
    }
    guard case .string(let name)? = value["fn"] else {
      return .object([("error", .string("a request names its \"fn\""))])
    }
    var args: [JSONValue] = []
    if case .array(let given)? = value["args"] { args = given }
    do {
      return .object([("ok", try run(name, Arguments(values: args)))])
    } catch {
      return .object([("error", .string(error.reason))])
    }
  }

  struct Refusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private static func run(_ name: String, _ args: Arguments) throws(Refusal) -> JSONValue {
    switch name {
    case "nameKey": return .string(NameKey.of(try args.string(0)))
    case "nameText": return .string(NameText.cleaned(try args.string(0)))
    case "quantity.table": return QuantityRules.table()
    case "typingLine":
      let typing = ShoppingLine.typing(try args.string(0))
      return .object([
        ("done", .array(typing.done.map(json))),
        ("quantity", json(typing.amount?.stepperQuantity)),
        ("amount", typing.amount.flatMap { $0.stepperQuantity == nil ? json($0) : nil } ?? .null),
        ("query", .string(typing.query)),
      ])
    case "readLine":
      // What the add bar reads: {"items": [{"name", "amount"}]}, or {"refused", "message"}
      // for a line it won't add (a refusal is an answer, not a failed call).
      let text = try args.string(0)
      do {
        let items = try ShoppingLine.read(text)
        return .object([("items", .array(items.map(json)))])
      } catch {
        return .object([
          ("refused", .string(error.kind)), ("message", .string(error.description)),
        ])
      }
    case "parseAmount":
      return AmountParser.number(in: try args.string(0)).map { .number($0) } ?? .null
    case "unitWord":
      return AmountParser.unitWord(in: try args.string(0)).map { .string($0) } ?? .null
    case "formatAmount": return .string(Quantity.format(try args.number(0)))
    case "chipText": return .string(try args.quantity(0).chipText)
    case "quantity.switching":
      return json(QuantityRules.switching(try args.quantity(0), to: try args.unit(1)))
    case "quantity.increment": return json(QuantityRules.increment(try args.quantity(0)))
    case "quantity.decrement": return json(QuantityRules.decrement(try args.quantity(0)))
    case "quantity.typed":
      var allowed: [MeasureUnit] = []
      for value in try args.array(2) {
        guard case .string(let text) = value, let unit = MeasureUnit(rawValue: text) else {
          throw Refusal("allowed units are unit names")
        }
        allowed.append(unit)
      }
      return json(
        QuantityRules.typed(try args.string(0), current: try args.quantity(1), allowed: allowed))
    case "quantity.unitNamed":
      return MeasureUnit(word: try args.string(0)).map { .string($0.rawValue) } ?? .null
    case "quantity.allowedUnits":
      return .array(
        QuantityRules.allowedUnits(for: try args.measure(0)).map { .string($0.rawValue) })
    case "quantity.defaultUnit":
      return .string(QuantityRules.defaultUnit(for: try args.measure(0)).rawValue)
    case "recipe.text": return .string(try args.amount(0).text)
    case "recipe.number":
      return .string(
        KitchenAmountFormat.number(try args.number(0), unit: KitchenUnit(id: try args.string(1))))
    case "recipe.word":
      let unit = try args.kitchenUnit(0)
      return .string(unit.label(for: try args.number(1)))
    case "recipe.step":
      let amount = try args.amount(0)
      return json(
        try args.number(1) > 0
          ? RecipeAmountRules.increment(amount) : RecipeAmountRules.decrement(amount))
    case "recipe.parse":
      return RecipeAmountRules.number(in: try args.string(0)).map { .number($0) } ?? .null
    case "recipe.typed":
      return json(RecipeAmountRules.typed(try args.string(0), current: try args.amount(1)))
    case "list.naming": return PhoneList.naming(try args.value(0))
    case "list.change": return PhoneList.change(try args.value(0), try args.value(1))
    case "list.timing":
      // How long Got it keeps an item and a Clear all can be undone, in milliseconds.
      return .object([
        ("gotIt", .number(ListTiming.gotItTTL * 1000)),
        ("undo", .number(ListTiming.undoWindow * 1000)),
      ])
    case "note.cleaned":
      let raw = try args.string(0)
      do {
        let note = try ItemNote.cleaned(raw)
        return .object([("note", note.map { .string($0) } ?? .null)])
      } catch {
        return .object([("refused", .string(error.description))])
      }
    case "suggestions.offline":
      // The positions of the chips offered, in the usuals, the history and the dictionary.
      let picked = OfflineSuggestions.chips(
        for: try args.string(0), usuals: try args.strings(1), history: try args.strings(2),
        dictionary: try args.strings(3), onList: try args.strings(4), limit: try args.count(5))
      var positions: [JSONValue] = []
      for position in picked { positions.append(.number(Double(position))) }
      return .array(positions)
    case "trip.step":
      guard let step = WalkStep(rawValue: try args.string(1)) else {
        throw Refusal("argument 2 is a walk step")
      }
      var walk = try args.walk(0)
      do {
        try walk.take(step)
      } catch {
        return .object([("refused", .string(error.rawValue))])
      }
      return json(walk)
    default: throw Refusal("no rule is called \(name)")
    }
  }

  // MARK: - Values

  /// An item the add bar read, as an add sends it: `{"name", "quantity", "amount"}`, the
  /// quantity when the stepper holds the amount exactly, else the amount in its own unit.
  static func json(_ item: TypedItem) -> JSONValue {
    .object([
      ("name", .string(item.name)), ("quantity", json(item.quantity)),
      ("amount", item.kitchenAmount.map(json) ?? .null),
    ])
  }

  static func json(_ quantity: Quantity?) -> JSONValue {
    guard let quantity else { return .null }
    return .object([
      ("amount", .number(quantity.amount)), ("unit", .string(quantity.unit.rawValue)),
    ])
  }

  static func json(_ amount: ItemAmount) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("amount", .number(amount.amount)),
      ("maxAmount", amount.maxAmount.map { .number($0) } ?? .null),
      ("unit", amount.unit.map { .string($0.id) } ?? .null),
    ]
    if let pack = amount.packSize {
      members.append(
        (
          "packSize",
          .object([
            ("amount", .number(pack.amount)),
            ("maxAmount", pack.maxAmount.map { .number($0) } ?? .null),
            ("unit", pack.unit.map { .string($0.id) } ?? .null),
          ])
        ))
    }
    return .object(members)
  }

  /// A trip's walk with what the trip's JSON derives from it: the 1-based `position`, the
  /// index of the stop `shown` (null past the end or off the walk) and `atEnd`.
  static func json(_ walk: TripWalk) -> JSONValue {
    .object([
      ("phase", .string(walk.phase.rawValue)),
      ("resumes", walk.resumePhase.map { .string($0.rawValue) } ?? .null),
      ("statuses", .array(walk.statuses.map { .string($0.rawValue) })),
      ("position", .number(Double(walk.progress.at))),
      ("shown", walk.shown.map { .number(Double($0)) } ?? .null),
      ("atEnd", .bool(walk.isAtEnd)),
    ])
  }

  /// A request's arguments, read by position.
  struct Arguments {
    var values: [JSONValue]

    func value(_ index: Int) throws(Refusal) -> JSONValue {
      guard index < values.count else { throw Refusal("argument \(index + 1) is missing") }
      return values[index]
    }

    func string(_ index: Int) throws(Refusal) -> String {
      guard case .string(let text) = try value(index) else {
        throw Refusal("argument \(index + 1) is text")
      }
      return text
    }

    func number(_ index: Int) throws(Refusal) -> Double {
      guard let number = Self.number(try value(index)) else {
        throw Refusal("argument \(index + 1) is a number")
      }
      return number
    }

    /// A number, or (JSON having none of them) "NaN", "Infinity" or "-Infinity".
    static func number(_ value: JSONValue?) -> Double? {
      switch value {
      case .number(let number)?: number
      case .string("NaN")?: .nan
      case .string("Infinity")?: .infinity
      case .string("-Infinity")?: -.infinity
      default: nil
      }
    }

    func array(_ index: Int) throws(Refusal) -> [JSONValue] {
      guard case .array(let array) = try value(index) else {
        throw Refusal("argument \(index + 1) is a list")
      }
      return array
    }

    /// A whole number of things, at least 0: a number's whole part.
    func count(_ index: Int) throws(Refusal) -> Int {
      let number = try number(index)
      guard number >= 0, number < 1_000_000 else {
        throw Refusal("argument \(index + 1) is a count")
      }
      return Int(number)
    }

    /// A list of texts.
    func strings(_ index: Int) throws(Refusal) -> [String] {
      var texts: [String] = []
      for value in try array(index) {
        guard case .string(let text) = value else {
          throw Refusal("argument \(index + 1) is a list of texts")
        }
        texts.append(text)
      }
      return texts
    }

    func unit(_ index: Int) throws(Refusal) -> MeasureUnit {
      guard let unit = MeasureUnit(rawValue: try string(index)) else {
        throw Refusal("argument \(index + 1) is a unit (ml, L, g, kg, units)")
      }
      return unit
    }

    func measure(_ index: Int) throws(Refusal) -> MeasureKind? {
      guard case .string(let text) = try value(index) else { return nil }
      return MeasureKind(rawValue: text)
    }

    func kitchenUnit(_ index: Int) throws(Refusal) -> KitchenUnit {
      guard let unit = KitchenUnit(id: try string(index)) else {
        throw Refusal("argument \(index + 1) is a recipe unit")
      }
      return unit
    }

    /// `{"amount", "unit"}` in the list's units.
    func quantity(_ index: Int) throws(Refusal) -> Quantity {
      guard let quantity = RulesBridge.quantity(try value(index)) else {
        throw Refusal("argument \(index + 1) is a quantity {\"amount\", \"unit\"}")
      }
      return quantity
    }

    /// A trip as its JSON gives it (`phase`, `resumes`, the 1-based `position`, `current`
    /// when a stop is shown, and `stops` with their `status`) as its walk.
    func walk(_ index: Int) throws(Refusal) -> TripWalk {
      let trip = try value(index)
      guard case .string(let phaseName)? = trip["phase"], let phase = TripPhase(rawValue: phaseName)
      else { throw Refusal("a trip has a phase") }
      var resumes: TripPhase?
      if case .string(let name)? = trip["resumes"] { resumes = TripPhase(rawValue: name) }
      guard case .array(let stops)? = trip["stops"] else { throw Refusal("a trip has stops") }
      var statuses: [StopStatus] = []
      for stop in stops {
        guard case .string(let name)? = stop["status"], let status = StopStatus(rawValue: name)
        else { throw Refusal("a trip's stop has a status") }
        statuses.append(status)
      }
      var position = statuses.count
      if let shown = trip["current"], !shown.isNull, let at = Self.number(trip["position"]),
        at >= 1, at <= Double(statuses.count)
      {
        position = Int(at) - 1
      }
      return TripWalk(phase: phase, resumePhase: resumes, position: position, statuses: statuses)
    }

    /// `{"amount", "maxAmount"?, "unit", "packSize"?}` in a recipe unit.
    func amount(_ index: Int) throws(Refusal) -> ItemAmount {
      guard let amount = RulesBridge.amount(try value(index)) else {
        throw Refusal("argument \(index + 1) is a recipe amount {\"amount\", \"unit\"}")
      }
      return amount
    }
  }

  /// A quantity's JSON, `{"amount", "unit"}` in the list's units, as a quantity.
  static func quantity(_ given: JSONValue) -> Quantity? {
    guard let amount = Arguments.number(given["amount"]), case .string(let text)? = given["unit"],
      let unit = MeasureUnit(rawValue: text)
    else { return nil }
    return Quantity(amount: amount, unit: unit)
  }

  /// A recipe amount's JSON, `{"amount", "maxAmount"?, "unit", "packSize"?}`, as an amount; a
  /// unit it doesn't know is read as none.
  static func amount(_ given: JSONValue) -> ItemAmount? {
    guard let amount = Arguments.number(given["amount"]) else { return nil }
    var unit: KitchenUnit?
    if case .string(let id)? = given["unit"] { unit = KitchenUnit(id: id) }
    var top: Double?
    if case .number(let value)? = given["maxAmount"] { top = value }
    var pack: IngredientQuantity?
    if let size = given["packSize"], case .number(let packAmount)? = size["amount"] {
      var packUnit: KitchenUnit?
      if case .string(let id)? = size["unit"] { packUnit = KitchenUnit(id: id) }
      pack = IngredientQuantity(amount: packAmount, unit: packUnit)
    }
    return ItemAmount(amount: amount, maxAmount: top, unit: unit, packSize: pack)
  }
}
