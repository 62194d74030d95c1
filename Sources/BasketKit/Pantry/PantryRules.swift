#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What to put in the pantry: a name or a barcode (or both), and how much.
public struct PantryAddition: Equatable, Sendable {
  public var name: String?
  public var barcode: Barcode?
  public var packages: Int
  /// What the packages count, when said ("3 onions", "2 cans"): see `PantryEntry.counting`.
  public var counting: PantryCounting?
  public var packageSize: IngredientQuantity?
  /// How much comes in, when it is known apart from the package size ("1.5 l").
  public var amount: IngredientQuantity?
  public var note: String?

  public init(
    name: String? = nil, barcode: Barcode? = nil, packages: Int = 1,
    counting: PantryCounting? = nil, packageSize: IngredientQuantity? = nil,
    amount: IngredientQuantity? = nil, note: String? = nil
  ) {
    self.name = name
    self.barcode = barcode
    self.packages = packages
    self.counting = counting
    self.packageSize = packageSize
    self.amount = amount
    self.note = note
  }
}

/// A field an edit sets, clears or leaves.
public enum PantryField<Value: Equatable & Sendable>: Equatable, Sendable {
  case keep
  case set(Value)
  case clear
}

/// Changes to one pantry entry.
public struct PantryEdit: Equatable, Sendable {
  public var name: String?
  public var barcode: PantryField<Barcode>
  public var packages: Int?
  public var packageSize: PantryField<IngredientQuantity>
  public var left: PantryField<IngredientQuantity>
  public var note: PantryField<String>

  public init(
    name: String? = nil, barcode: PantryField<Barcode> = .keep, packages: Int? = nil,
    packageSize: PantryField<IngredientQuantity> = .keep,
    left: PantryField<IngredientQuantity> = .keep, note: PantryField<String> = .keep
  ) {
    self.name = name
    self.barcode = barcode
    self.packages = packages
    self.packageSize = packageSize
    self.left = left
    self.note = note
  }
}

/// What an add did: a new entry, or stock added to the entry that has the name or code.
public struct PantryAddResult: Equatable, Sendable {
  public enum Outcome: String, Equatable, Sendable {
    case added
    case merged
  }

  public var outcome: Outcome
  public var entry: PantryEntry
  /// The entry before the add, for a merge.
  public var before: PantryEntry?
}

/// What taking an amount out did.
public struct PantryUseResult: Equatable, Sendable {
  public var entry: PantryEntry
  public var before: PantryEntry
  /// What was taken; nil for "used up".
  public var taken: IngredientQuantity?
  /// True when more was taken than the pantry recorded (it is now used up).
  public var ranOut: Bool
}

/// The pantry's rules, as pure functions over a `PantryState`.
public enum PantryRules {
  public static let maxNameLength = 120
  public static let maxPackages = 9999
  public static let maxNoteLength = 500

  /// `raw` tidied into an entry name (`NameText.cleaned`).
  public static func name(_ raw: String) throws(PantryError) -> String {
    let name = NameText.cleaned(raw)
    guard !name.isEmpty else { throw .emptyName }
    guard name.count <= maxNameLength else { throw .nameTooLong(maxNameLength) }
    return name
  }

  /// Adds `addition`: to the entry with its barcode, else the one with its name, else as a
  /// new entry. A code with no name takes the name the household gave it before. A name given
  /// with a code is remembered for that code.
  public static func add(
    _ addition: PantryAddition, id: UUID, now: Date, to state: inout PantryState
  ) throws -> PantryAddResult {
    guard (0...maxPackages).contains(addition.packages) else {
      throw PantryError.badPackages(String(addition.packages))
    }
    let given = try addition.name.map { raw throws(PantryError) in try name(raw) }
    var existing: PantryEntry?
    if let code = addition.barcode { existing = state.entry(barcode: code) }
    let resolvedName: String
    if let given {
      resolvedName = given
      if existing == nil {
        existing = state.entry(key: NameKey.of(given))
        if let code = addition.barcode, let other = existing?.barcode, other.key != code.key {
          // NB: the name's entry is another product: a second code for it would make the
          // code lead to the wrong entry later, so the code is not taken over.
          throw PantryError.otherCode(entry: existing!.name, code: other.digits)
        }
      }
    } else if let entry = existing {
      resolvedName = entry.name
    } else if let code = addition.barcode, let remembered = state.barcodeNames[code.key] {
      resolvedName = remembered
      existing = state.entry(key: NameKey.of(remembered))
    } else {
      throw addition.barcode.map { PantryError.unnamedCode($0.digits) } ?? .emptyName
    }
    if let code = addition.barcode, given != nil || state.barcodeNames[code.key] == nil {
      state.barcodeNames[code.key] = existing?.name ?? resolvedName
    }
    guard var entry = existing else {
      let entry = PantryEntry(
        id: id, name: resolvedName, barcode: addition.barcode, packages: addition.packages,
        counting: addition.counting, packageSize: addition.packageSize, left: addition.amount,
        note: try note(addition.note), updatedAt: now)
      try PantryAmount.checkLimit(entry.onHand)
      state.entries.append(entry)
      return PantryAddResult(outcome: .added, entry: entry)
    }
    let before = entry
    try stock(
      &entry, packages: addition.packages, size: addition.packageSize,
      amount: addition.amount)
    // NB: an entry keeps the word it counts in; one that never said (or ran out) takes the
    // word this stock came in, so "3 onions" added to "onions" stays a count of onions.
    if before.isUsedUp || before.counting == nil, addition.counting != nil {
      entry.counting = addition.counting
    }
    if entry.barcode == nil { entry.barcode = addition.barcode }
    if let note = try note(addition.note) { entry.note = note }
    entry.updatedAt = now
    replace(entry, in: &state)
    return PantryAddResult(outcome: .merged, entry: entry, before: before)
  }

  /// Adds `packages` (of `size`, or the entry's own size) and `amount` to an entry's stock.
  /// A used-up entry starts again from what came in; an entry whose amount was never
  /// recorded stays unrecorded; packages of no known size make a recorded total unknown.
  static func stock(
    _ entry: inout PantryEntry, packages: Int, size: IngredientQuantity?,
    amount: IngredientQuantity?
  ) throws(PantryError) {
    let size = entry.packageSize ?? size
    let before = entry
    entry.packages = min(maxPackages, entry.packages + packages)
    entry.packageSize = size
    if before.isUsedUp {
      try PantryAmount.checkLimit(amount)
      entry.left = amount
      return
    }
    if before.left == nil, amount == nil {  // the packages carry the stock
      try PantryAmount.checkLimit(entry.onHand)
      return
    }
    guard let onHand = before.onHand else { return }
    let added =
      amount
      ?? size.map { IngredientQuantity(amount: (Double(packages) * $0.amount).tidy, unit: $0.unit) }
    guard let added else {
      entry.left = nil
      return
    }
    guard let (sum, _) = AmountArithmetic.sum(onHand.itemAmount, added.itemAmount, food: entry.name)
    else {
      throw .incomparable(
        entry: entry.name, has: unitName(onHand.unit), given: KitchenAmountFormat.text(added))
    }
    let total = IngredientQuantity(sum)
    try PantryAmount.checkLimit(total)
    entry.left = total
  }

  /// Applies `edit` to the entry with `id`.
  public static func edit(_ id: UUID, _ edit: PantryEdit, now: Date, in state: inout PantryState)
    throws -> PantryEntry
  {
    guard var entry = state.entries.first(where: { $0.id == id }) else {
      throw PantryError.unknownEntry(id.uuidString.lowercased())
    }
    if let raw = edit.name {
      let renamed = try name(raw)
      if let other = state.entry(key: NameKey.of(renamed)), other.id != id {
        throw PantryError.nameTaken(other.name)
      }
      entry.name = renamed
    }
    switch edit.barcode {
    case .keep: break
    case .clear: entry.barcode = nil
    case .set(let code):
      if let other = state.entry(barcode: code), other.id != id {
        throw PantryError.barcodeTaken(code: code.digits, by: other.name)
      }
      entry.barcode = code
    }
    if let packages = edit.packages {
      guard (0...maxPackages).contains(packages) else {
        throw PantryError.badPackages(String(packages))
      }
      entry.packages = packages
    }
    entry.packageSize = edit.packageSize.applied(to: entry.packageSize)
    entry.left = edit.left.applied(to: entry.left)
    if case .set(let left) = edit.left, edit.packages == nil, entry.packages == 0, left.amount > 0 {
      // Something is left again, so at least one package is at home.
      let size = perPackage(entry, in: left.unit) ?? left.amount
      entry.packages = max(1, Int((left.amount / max(size, 1e-9) - 1e-9).rounded(.up)))
    }
    try PantryAmount.checkLimit(entry.onHand)
    entry.note = try note(edit.note.applied(to: entry.note))
    entry.updatedAt = now
    if let code = entry.barcode, edit.name != nil || edit.barcode != .keep {
      state.barcodeNames[code.key] = entry.name
    }
    replace(entry, in: &state)
    return entry
  }

  /// Takes `amount` out of the entry with `id`, or uses it up (`amount` nil). The package
  /// count follows what is left when the package size is known.
  ///
  /// - Throws: `PantryError.incomparable` when the amount can't be counted against what the
  ///   entry holds, `.noAmountRecorded` when it holds no amount to take from.
  public static func use(
    _ id: UUID, amount: IngredientQuantity?, now: Date, in state: inout PantryState
  ) throws -> PantryUseResult {
    guard var entry = state.entries.first(where: { $0.id == id }) else {
      throw PantryError.unknownEntry(id.uuidString.lowercased())
    }
    let before = entry
    var ranOut = false
    if let amount {
      if let onHand = entry.onHand {
        switch AmountArithmetic.remainder(
          of: onHand.itemAmount, after: amount.itemAmount, food: entry.name)
        {
        case .incomparable:
          throw PantryError.incomparable(
            entry: entry.name, has: unitName(onHand.unit), given: KitchenAmountFormat.text(amount))
        case .covered:
          entry.left = IngredientQuantity(amount: 0, unit: onHand.unit)
          entry.packages = 0
          ranOut =
            !(abs(onHand.itemAmount.amount - amount.amount) < 1e-9 && onHand.unit == amount.unit)
        case .buy(let rest):
          entry.left = IngredientQuantity(amount: rest.amount, unit: onHand.unit)
          if let perPackage = perPackage(entry, in: onHand.unit), perPackage > 0 {
            entry.packages = Int((rest.amount / perPackage - 1e-9).rounded(.up))
          }
        }
      } else if amount.unit == nil, entry.packageSize == nil,
        amount.amount == amount.amount.rounded()
      {
        let taking = Int(amount.amount)
        ranOut = taking > entry.packages
        entry.packages = max(0, entry.packages - taking)
      } else {
        throw PantryError.noAmountRecorded(entry.name)
      }
    } else {
      entry.left = entry.onHand.map { IngredientQuantity(amount: 0, unit: $0.unit) }
      entry.packages = 0
    }
    entry.updatedAt = now
    replace(entry, in: &state)
    return PantryUseResult(entry: entry, before: before, taken: amount, ranOut: ranOut)
  }

  /// Removes the entry with `id`; its barcode keeps the name it was given.
  @discardableResult
  public static func remove(_ id: UUID, in state: inout PantryState) -> PantryEntry? {
    guard let index = state.entries.firstIndex(where: { $0.id == id }) else { return nil }
    return state.entries.remove(at: index)
  }

  /// The entries as listed: by name, ignoring case.
  public static func sorted(_ entries: [PantryEntry]) -> [PantryEntry] {
    entries.sorted {
      let (a, b) = ($0.name.lowercased(), $1.name.lowercased())
      return a != b ? a < b : $0.id.uuidString < $1.id.uuidString
    }
  }

  /// The entry `reference` names: its number in the sorted list, its barcode (any form), its
  /// name (folded), or the unique start of one.
  public static func find(_ reference: String, in entries: [PantryEntry]) throws -> PantryEntry {
    let wanted = reference.trimmingCharacters()
    let sorted = sorted(entries)
    if wanted.count <= 4, let number = Int(wanted), sorted.indices.contains(number - 1) {
      return sorted[number - 1]
    }
    if let code = try? Barcode(String(wanted)),
      let entry = entries.first(where: {
        $0.barcode?.key == code.key
      })
    {
      return entry
    }
    let key = NameKey.of(String(wanted))
    if let exact = sorted.first(where: { $0.key == key }) { return exact }
    let start = NameKey.folded(String(wanted))
    let starting = start.isEmpty ? [] : sorted.filter { NameKey.folded($0.name).hasPrefix(start) }
    guard let only = starting.first else { throw PantryError.unknownEntry(String(wanted)) }
    guard starting.count == 1 else {
      throw PantryError.ambiguous(String(wanted), candidates: starting.prefix(5).map(\.name))
    }
    return only
  }

  /// Entries matching `text`: every word starts a word of the name or note (folded, singular
  /// or as written), or the digits start the barcode (any form). Sorted by name.
  public static func search(_ text: String, in entries: [PantryEntry]) -> [PantryEntry] {
    let digits = text.filter { !($0 == " " || $0 == "-") }
    if digits.count >= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return sorted(
        entries.filter { entry in
          guard let code = entry.barcode else { return false }
          return code.digits.hasPrefix(digits) || code.key.hasPrefix(digits)
        })
    }
    let terms = RecipeSearch.terms(text)
    guard !terms.isEmpty else { return [] }
    return sorted(
      entries.filter { entry in
        RecipeSearch.matches(terms, words: RecipeSearch.words(in: [entry.name, entry.note ?? ""]))
      })
  }

  /// One package of `entry` in `unit`, when its size is known and converts.
  static func perPackage(_ entry: PantryEntry, in unit: KitchenUnit?) -> Double? {
    guard let size = entry.packageSize else { return nil }
    switch (size.unit, unit) {
    case (nil, nil): return size.amount
    case (let from?, let to?):
      return FoodDensity.convert(size.amount, from: from, to: to, food: entry.name)
    default: return nil
    }
  }

  static func replace(_ entry: PantryEntry, in state: inout PantryState) {
    guard let index = state.entries.firstIndex(where: { $0.id == entry.id }) else { return }
    state.entries[index] = entry
  }

  static func note(_ raw: String?) throws(PantryError) -> String? {
    guard let raw else { return nil }
    let note = raw.split(whereSeparator: \.isNewline).joined(separator: " ")
      .trimmingCharacters()
    return note.isEmpty ? nil : String(note.prefix(maxNoteLength))
  }

  /// "ml", "g", "cups", "a plain count": what an amount is counted in, for messages.
  static func unitName(_ unit: KitchenUnit?) -> String {
    unit.map { $0.label(for: 2) } ?? "a plain count"
  }
}

extension PantryField {
  func applied(to value: Value?) -> Value? {
    switch self {
    case .keep: value
    case .set(let new): new
    case .clear: nil
    }
  }
}

extension PantryAddition {
  /// What was typed in a pantry's add field, read as the list and recipes read amounts
  /// (`IngredientLineParser`): "3 onions" is 3 of onions, "2 x 400 g chopped tomatoes" 2
  /// packages of 400 g, "2 (14-oz) cans tomatoes" 2 of 14 oz, "1 kg flour" one of 1 kg, and
  /// "milk" one of milk. A describing word before the name stays in it ("chopped tomatoes").
  /// A count that isn't whole ("1.5 onions") is what is left of one package.
  public init(typed text: String, barcode: Barcode? = nil, note: String? = nil) {
    var line = IngredientLineParser.parse(text)
    // "7up", "3-in-1 cleaner": a number glued to a word that is no unit is part of the name,
    // as the add bar reads it (`AddTextParser`).
    if let first = text.split(whereSeparator: \.isWhitespace).first, first.first?.isNumber == true,
      first.contains(where: \.isLetter), line.quantity?.unit == nil,
      AddTextParser.quantity(wholly: String(first)) == nil
    {
      line = IngredientLine(text: text, name: text)
    }
    var name = line.name.isEmpty ? text : line.name
    if let preparation = line.preparation,
      text.lowercased().contains("\(preparation) \(line.name)".lowercased())
    {
      name = "\(preparation) \(line.name)"
    }
    var packages = 1
    var counting: PantryCounting?
    var size: IngredientQuantity?
    var left: IngredientQuantity?
    if let quantity = line.quantity, quantity.maxAmount == nil, quantity.amount > 0 {
      if quantity.unit == nil || quantity.unit?.family == .count {
        if quantity.amount == quantity.amount.rounded(), quantity.amount <= 999 {
          packages = Int(quantity.amount)
          counting = PantryCounting(unit: quantity.unit)
        } else {
          left = quantity
        }
        size = line.packSize
      } else {
        size = quantity
      }
    }
    self.init(
      name: String(name.trimmingCharacters()), barcode: barcode, packages: packages,
      counting: counting, packageSize: size, amount: left, note: note)
  }
}
