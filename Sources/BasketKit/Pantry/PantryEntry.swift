#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something the household has at home: "Milk, 2 × 1 L, 1.5 L left".
///
/// Its identity is its name folded as list names are (`NameKey.of`), or its barcode's
/// `key`: the pantry never holds two entries with either in common.
public struct PantryEntry: Identifiable, Equatable, Hashable, Sendable, Codable {
  public var id: UUID
  public var name: String
  public var barcode: Barcode?
  /// How many packages are at home (0 when used up).
  public var packages: Int
  /// What `packages` count, as the household said it: the things themselves ("3 onions") or
  /// packs by their word ("2 cans"); nil when nothing was said ("3 packages").
  public var counting: PantryCounting?
  /// The size of one package ("1 L", "500 g", "6" for a box of six); nil when not known.
  public var packageSize: IngredientQuantity?
  /// How much is left in all, when recorded; nil: not recorded (see `onHand`).
  public var left: IngredientQuantity?
  public var note: String?
  public var updatedAt: Date

  public init(
    id: UUID, name: String, barcode: Barcode? = nil, packages: Int = 1,
    counting: PantryCounting? = nil, packageSize: IngredientQuantity? = nil,
    left: IngredientQuantity? = nil, note: String? = nil, updatedAt: Date
  ) {
    self.id = id
    self.name = name
    self.barcode = barcode
    self.packages = packages
    self.counting = counting
    self.packageSize = packageSize
    self.left = left
    self.note = note
    self.updatedAt = updatedAt
  }

  /// `NameKey.of(name)`: the entry's identity by name.
  public var key: String { NameKey.of(name) }

  /// How much is at home: what is left when recorded, else the packages times their size;
  /// nil when neither is known.
  public var onHand: IngredientQuantity? {
    if let left { return left }
    guard let size = packageSize else { return nil }
    return IngredientQuantity(amount: (Double(packages) * size.amount).tidy, unit: size.unit)
  }

  /// Whether nothing is left.
  public var isUsedUp: Bool {
    if let onHand { return onHand.amount <= 0 }
    return packages <= 0
  }

  /// "2 × 1 L, 1.5 L left", "3" (onions), "2 cans", "3 packages", "used up".
  public var stockText: String {
    if isUsedUp { return "used up" }
    var parts: [String] = []
    if let size = packageSize {
      parts.append("\(packages) × \(KitchenAmountFormat.text(size))")
    } else {
      parts.append(PantryCounting.text(packages, counting))
    }
    if let left { parts.append("\(KitchenAmountFormat.text(left)) left") }
    return parts.joined(separator: ", ")
  }
}

/// What a pantry entry's packages count when the household said: the things themselves ("3
/// onions": 3) or packs by their word ("2 cans"). An entry with no word counts packages.
public enum PantryCounting: Equatable, Hashable, Sendable, Codable {
  case things
  case packs(KitchenUnit)

  /// How a whole count typed or bought in `unit` is counted: no unit counts things, a counting
  /// word ("cans", "bunches") counts by it; "package" says nothing more, and masses and
  /// volumes don't count.
  public init?(unit: KitchenUnit?) {
    guard let unit else {
      self = .things
      return
    }
    guard unit.family == .count, unit.id != "package" else { return nil }
    self = .packs(unit)
  }

  /// As stored and sent: "thing", or the pack's unit id ("can").
  public var id: String {
    switch self {
    case .things: "thing"
    case .packs(let unit): unit.id
    }
  }

  /// The counting stored as `id`, or nil for a word this build doesn't know.
  public init?(id: String) {
    if id == "thing" {
      self = .things
    } else if let unit = KitchenUnit(id: id), let counting = PantryCounting(unit: unit) {
      self = counting
    } else {
      return nil
    }
  }

  /// "3" (things), "2 cans", "1 package" / "3 packages" (nothing said).
  public static func text(_ packages: Int, _ counting: PantryCounting?) -> String {
    switch counting {
    case .things: String(packages)
    case .packs(let unit):
      KitchenAmountFormat.text(IngredientQuantity(amount: Double(packages), unit: unit))
    case nil: packages == 1 ? "1 package" : "\(packages) packages"
    }
  }

  public init(from decoder: any Decoder) throws {
    let id = try decoder.singleValueContainer().decode(String.self)
    guard let counting = PantryCounting(id: id) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "\"\(id)\" is not a way to count packages (thing, can, jar, …)"))
    }
    self = counting
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}

/// A check-in offer: something checked off on the list that could go into the pantry.
public struct CheckinOffer: Identifiable, Equatable, Hashable, Sendable, Codable {
  public enum State: String, Equatable, Hashable, Sendable, Codable {
    /// Offered and not decided: `checkin` shows it again ("not yet").
    case pending
    case accepted
    case skipped
  }

  /// The list item's id: an item is offered once per check-off.
  public var id: UUID
  /// The item's name: what the entry is called if accepted.
  public var name: String
  /// What goes in: the item's amount, when it has one it can be counted in.
  public var amount: IngredientQuantity?
  /// How many packages go in when the amount doesn't say (1).
  public var packages: Int
  /// The size of each package, for packs of a size ("5 cans (14 oz)"); nil otherwise.
  public var packageSize: IngredientQuantity?
  /// The recipes the item was bought for.
  public var recipes: [RecipeReference]
  /// When the item was checked off.
  public var checkedAt: Date
  public var state: State
  /// When it was offered, or last decided.
  public var at: Date

  public init(
    id: UUID, name: String, amount: IngredientQuantity?, packages: Int = 1,
    packageSize: IngredientQuantity? = nil, recipes: [RecipeReference] = [], checkedAt: Date,
    state: State = .pending, at: Date
  ) {
    self.id = id
    self.name = name
    self.amount = amount
    self.packages = packages
    self.packageSize = packageSize
    self.recipes = recipes
    self.checkedAt = checkedAt
    self.state = state
    self.at = at
  }

  /// Whether `amount` only counts the packages ("3 cans", "2"), so the pantry gets packages
  /// (cloves and other counted things go in as an amount left).
  public var counted: Bool {
    guard let amount, packageSize == nil else { return false }
    return PantryCoverage.countsPackages(amount.unit)
  }

  /// "5 × 400 g", "3 cans", "2 L", "1 package".
  public var amountText: String {
    if let packageSize { return "\(packages) × \(KitchenAmountFormat.text(packageSize))" }
    return amount.map(KitchenAmountFormat.text)
      ?? (packages == 1 ? "1 package" : "\(packages) packages")
  }
}

/// The whole pantry as a store holds it: small enough to read and write in one transaction.
public struct PantryState: Equatable, Sendable {
  public var entries: [PantryEntry]
  /// Names the household gave to barcodes, by `Barcode.key`: remembered after the entry goes.
  public var barcodeNames: [String: String]
  public var offers: [CheckinOffer]

  public init(
    entries: [PantryEntry] = [], barcodeNames: [String: String] = [:], offers: [CheckinOffer] = []
  ) {
    self.entries = entries
    self.barcodeNames = barcodeNames
    self.offers = offers
  }

  /// The entry whose name folds to `key`.
  public func entry(key: String) -> PantryEntry? { entries.first { $0.key == key } }

  /// The entry with this barcode (in any of its forms).
  public func entry(barcode: Barcode) -> PantryEntry? {
    entries.first { $0.barcode?.key == barcode.key }
  }
}

/// What the pantry needs from a store. The SQLite store in `BasketStore` implements it; tests
/// use `InMemoryPantryStore` from `BasketTestSupport`.
public protocol PantryStore: Sendable {
  /// The pantry as it is now.
  func pantry() throws -> PantryState
  /// Runs `body` over the pantry inside one write transaction and stores what it left; nothing
  /// is written when it throws.
  func modifyPantry<T: Sendable>(_ body: @Sendable (inout PantryState) throws -> T) throws -> T
}

/// Why a pantry action was refused. Each case reads as a one-line reason for the user.
public enum PantryError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyName
  case nameTooLong(Int)
  case unknownEntry(String)
  case ambiguous(String, candidates: [String])
  case nameTaken(String)
  case barcodeTaken(code: String, by: String)
  case otherCode(entry: String, code: String)
  case unnamedCode(String)
  case badAmount(String)
  /// An amount, or a total, past its unit's limit: it and the limit, as text.
  case overLimit(String, limit: String)
  case badPackages(String)
  case incomparable(entry: String, has: String, given: String)
  case noAmountRecorded(String)
  case unknownOffer(String)

  public var description: String {
    switch self {
    case .emptyName: "a pantry entry needs a name"
    case .nameTooLong(let limit): "a pantry entry's name is at most \(limit) characters"
    case .unknownEntry(let reference): "there is nothing called \"\(reference)\" in the pantry"
    case .ambiguous(let reference, let candidates):
      "\"\(reference)\" could be \(candidates.joined(separator: " or ")); say which"
    case .nameTaken(let name): "the pantry already has \(name)"
    case .barcodeTaken(let code, let name): "the code \(code) is already \(name)'s"
    case .otherCode(let name, let code):
      "\(name) has the code \(code); to change it: basket pantry edit \(name) --code CODE"
    case .unnamedCode(let code):
      "the code \(code) is new to this pantry: give it a name (there is no product database)"
    case .badAmount(let text):
      "\"\(text)\" isn't an amount: a number and a unit, such as 500 g, 1.5 l, 2 cups or 6"
    case .overLimit(let text, let limit):
      "\(text) is more than the pantry keeps of one thing (at most \(limit))"
    case .badPackages(let text): "packages are a whole number from 0 to 9999, not \"\(text)\""
    case .incomparable(let entry, let has, let given):
      "\(entry) is counted in \(has), and \(given) can't be counted with it (no conversion is known)"
    case .noAmountRecorded(let name):
      "Basket doesn't know how much \(name) is left; record it with --left AMOUNT"
    case .unknownOffer(let reference): "nothing waiting to check in is called \"\(reference)\""
    }
  }
}
