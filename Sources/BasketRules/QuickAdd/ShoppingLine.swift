/// One thing typed into the add bar, read as the person means it: "chopped tomatoes" with 2
/// tins, "eggs" with 12, "2% milk" with no amount.
public struct TypedItem: Equatable, Sendable {
  /// What goes on the list, as typed (not yet cleaned: `ListRules.cleanName` does that).
  public var name: String
  /// The amount typed, nil when none was: a plain count has no unit, and a container may
  /// carry the size of one ("2 tins (400 g)").
  public var amount: ItemAmount?

  public init(name: String, amount: ItemAmount? = nil) {
    self.name = name
    self.amount = amount
  }

  /// The amount as the stepper holds it, when it can exactly (a whole count, g, kg, ml, L).
  public var quantity: Quantity? { amount?.stepperQuantity }

  /// The amount in the unit it was typed in, when the stepper can't hold it ("2 lb", "2
  /// tins (400 g)", "½").
  public var kitchenAmount: ItemAmount? { quantity == nil ? amount : nil }
}

/// What is being typed into the add bar, read so far: the items before the last part, and of
/// the last part its amount and the start of its name, for suggestions that keep the amount
/// ("2 l ora" → orange juice, 2 L).
public struct TypingLine: Equatable, Sendable {
  /// The items the parts before the last one name (those that can be added as typed).
  public var done: [TypedItem]
  /// The last part's amount, when it has one.
  public var amount: ItemAmount?
  /// The last part's name so far ("ora"); empty while only an amount is typed ("2 l ").
  public var query: String
}

/// Reads a line typed into the add bar, `basket add`, the terminal app or the phone: one reader
/// for every face, built on the recipe side's ingredient line reader so that amounts read the
/// same everywhere (pack and container words, dozens, numbers in words, fractions, decimal
/// commas, every kitchen unit), with the rules a shopping list adds:
///
/// - several items in one line: commas, semicolons, new lines and a lone "and"/"&" between
///   two things ("milk, eggs and bread"); a bare amount after a comma belongs to the item
///   before it ("apples, 6"); a part that says how ("onions, chopped") is dropped;
/// - the amount after the name: "milk 2l", "eggs x12", "mangoes (2)", "peppers: 3", "eggs 6";
/// - numbers that belong to the name stay in it (`NameNumbers`): "2% milk", "7up", "WD-40",
///   "size 4 nappies", "4 cheese pizza", "vitamin C 1000mg";
/// - the size of a pack counts the item ("4 pack AA batteries": 4), packs counted in the
///   plural count packs ("2 packs of sausages": 2 packs), and a container with its size
///   counts containers ("2 x 400g tins chopped tomatoes": 2 tins (400 g));
/// - refusals: a negative, zero, absurd or unreadable amount, and an amount with no name,
///   refuse the whole line, so nothing is added that wasn't meant.
///
/// Cost: one ingredient line read per item; about 15 µs a line natively (see
/// `ShoppingLineTests`).
public enum ShoppingLine {
  /// The most items one line may add.
  public static let maxItems = 50

  /// The items `text` asks for, in order; none for blank text.
  ///
  /// - Throws: `ListError` when any part can't be added as typed (the message names it);
  ///   then none is.
  public static func read(_ text: String) throws(ListError) -> [TypedItem] {
    let parts = LineSplit.items(in: text)
    guard parts.count <= maxItems else { throw ListError.tooManyItems(parts.count) }
    var items: [TypedItem] = []
    for part in parts {
      if let item = try item(part) { items.append(item) }
    }
    return items
  }

  /// What is being typed (`TypingLine`): never refused, as the line isn't finished.
  public static func typing(_ text: String) -> TypingLine {
    let parts = LineSplit.items(in: text)
    guard let last = parts.last else { return TypingLine(done: [], amount: nil, query: "") }
    let done = parts.dropLast().prefix(maxItems).compactMap { try? item($0) ?? nil }
    do {
      let read = try item(last)
      return TypingLine(done: done, amount: read?.amount, query: read?.name ?? "")
    } catch .amountWithoutName {
      // "2 l ", "2 tins": the amount is typed, the name not yet; read it as it will be read
      // before one.
      let amount = (try? item(last + " " + pendingName))?.amount
      return TypingLine(done: done, amount: amount, query: "")
    } catch {
      return TypingLine(done: done, amount: nil, query: String(last.trimmingCharacters()))
    }
  }

  /// A stand-in for a name not typed yet, read as a plain word.
  private static let pendingName = "zqqxpending"

  /// `text` read as one item, without splitting it (a reminder's title, a renamed item): nil
  /// for blank text.
  ///
  /// - Throws: `ListError` as `read` does.
  public static func item(_ text: String) throws(ListError) -> TypedItem? {
    var words = Words.tidy(text)
    guard !words.isEmpty else { return nil }
    try Words.refuseOtherSpellings(words)
    Words.normalise(&words)
    guard !words.isEmpty else { return nil }
    var marks = NameNumbers.marks(words)

    // A count read here, outside the ingredient reader: "x3 limes", "eggs x12", "4 pack AA
    // batteries", "pack of 6 eggs", "mangoes (2)".
    var count: Double?
    var packsCounted = false
    if let (value, used) = Counts.packSize(words, marks) {
      count = value
      words.removeFirst(used)
      marks.removeFirst(used)
    } else if let (value, used) = Counts.packOfSome(words) {
      count = value
      words.removeFirst(used)
      marks.removeFirst(used)
    } else if let (value, used) = Counts.leadingTimes(words) {
      count = value
      words.removeFirst(used)
      marks.removeFirst(used)
      if let (_, size) = Counts.packSize(words, marks) {
        // "2 x 12pk Pepsi": two packs, whatever each holds.
        packsCounted = true
        words.removeFirst(size)
        marks.removeFirst(size)
      }
    } else if let (value, used) = Counts.trailing(words, marks) {
      count = value
      words.removeLast(used)
      marks.removeLast(used)
    }
    guard !words.isEmpty else { throw ListError.amountWithoutName(text.trimmedText) }
    if count == nil { Counts.frontTrailingAmount(&words, &marks) }
    if count == nil, Words.startsWithAbbreviatedUnit(words) {
      // "qt half and half", "btl of Baileys": an abbreviation is a unit, never a name, so one.
      words.insert("1", at: 0)
      marks.insert(false, at: 0)
    }

    let (protected, names) = NameNumbers.protect(words, marks)
    let detailed = IngredientLineParser.parseDetailed(protected.joined(separator: " "))
    let line = detailed.line
    var name = NameNumbers.restore(line.name, names)
    if !line.alternatives.isEmpty, !detailed.choicePhrase.isEmpty,
      !line.alternatives.contains(where: { $0.contains(where: { $0.isNumber }) })
    {
      // "veal or beef stock", "butter or margarine": the choice, as written.
      name = NameNumbers.restore(detailed.choicePhrase, names)
    }
    if let kept = Words.keptDescription(of: line, typed: protected) {
      name = NameNumbers.restore(kept, names)
    }
    if let size = line.size, !name.isEmpty { name = size + " " + name }
    if line.quantity == nil, let unit = line.vagueUnit, let last = words.last,
      KitchenUnit.spelled(last) == unit
    {
      // NB: without an amount, a unit word after the name is part of it for a shopper
      // ("cinnamon sticks", "French stick"), where a cook buys cinnamon by the stick.
      name = NameNumbers.restore(Words.withoutVague(words).joined(separator: " "), names)
    }
    if let quantity = line.quantity, quantity.amount == 0, count == nil {
      throw ListError.zeroAmount
    }
    var amount = ItemAmount(line)
    if line.quantity == nil, count == nil,
      Words.letters(name).isEmpty
        || Words.letters(name) == Words.letters(words.joined(separator: " "))
    {
      // NB: with no amount, what the ingredient reader drops that isn't a word stays as typed:
      // "🍕 pizza", "-h", "!!!".
      name = NameNumbers.restore(Words.withoutVague(words).joined(separator: " "), names)
    }
    if Words.startsWithBareUnit(words), line.quantity?.amount == 1 {
      // "Pot Noodle", "tin foil", "can opener": a unit word with no number or "of" is a name.
      amount = nil
      name = NameNumbers.restore(words.joined(separator: " "), names)
    }
    if let top = amount?.maxAmount {
      amount?.amount = top
      amount?.maxAmount = nil
    }
    if let count, packsCounted {
      amount = ItemAmount(amount: count, unit: KitchenUnit(id: "pack"))
    } else if let count {
      amount = Counts.combine(count, with: amount)
    }
    if let pack = amount?.packSize, (try? RecipeAmountRules.checkedPack(pack)) == nil {
      amount?.packSize = nil  // "1 1 1/2-inch slice": a size, but no weight or volume
    }
    name = Words.tidyName(name)
    if name.isEmpty, amount == nil { throw ListError.emptyName }
    guard !name.isEmpty, amount == nil || Words.isName(name) else {
      throw ListError.amountWithoutName(text.trimmedText)
    }
    if let amount { try check(amount) }
    return TypedItem(name: name, amount: amount)
  }

  /// Refuses an amount no shop sells: zero, negative, not a number or past its unit's limit.
  public static func check(_ amount: ItemAmount) throws(ListError) {
    if amount.amount == 0 { throw ListError.zeroAmount }
    // NB: in a unit the stepper has (a count, g, kg, ml, L), said as the stepper says it.
    let stepper: MeasureUnit? =
      if let unit = amount.unit { MeasureUnit(kitchen: unit) } else { .units }
    if let stepper {
      try QuantityRules.checkRange(Quantity(amount: amount.amount, unit: stepper))
    } else {
      guard let unit = amount.unit, amount.amount.isFinite, amount.amount > 0 else {
        throw ListError.recipeAmountOutOfRange(
          KitchenAmountFormat.decimal(amount.amount), limit: limit(amount.unit))
      }
      _ = try RecipeAmountRules.checked(ItemAmount(amount: amount.amount, unit: unit))
    }
    if let pack = amount.packSize { _ = try RecipeAmountRules.checkedPack(pack) }
  }

  private static func limit(_ unit: KitchenUnit?) -> String {
    guard let unit else { return KitchenAmountFormat.decimal(QuantityRules.maximum(for: .units)) }
    return KitchenAmountFormat.decimal(RecipeAmountRules.maximum(for: unit)) + " "
      + unit.label(for: 2)
  }
}

extension String {
  /// The text with spaces at either end dropped, at most 40 characters of it: for messages.
  var trimmedText: String { String(String(trimmingCharacters()).prefix(40)) }
}
