/// A unit a recipe measures in: one row of `KitchenUnit.table` ("g", "tbsp", "cup", "clove").
///
/// It is identified by its short id, which is also its JSON form. Amounts convert only within a
/// family (mass, volume, length); count-like units (clove, can, pinch) add up only with
/// themselves or a declared synonym ("tin" with "can"). Mass and volume meet only through
/// `FoodDensity`.
public struct KitchenUnit: Hashable, Sendable, CustomStringConvertible {
  public let id: String

  /// The unit with this id, or nil when the table has no such unit.
  public init?(id: String) {
    guard KitchenUnit.rows[id] != nil else { return nil }
    self.id = id
  }

  package init(known id: String) {
    self.id = id
  }

  public var description: String { id }

  public enum Family: String, Sendable, Hashable {
    case mass, volume, length, count
  }

  /// What a unit counts or measures, which decides how readers and buying rules treat an
  /// amount in it. Each row of the table has one; a count unit shares its group's ("tin" is a
  /// pack as "can" is).
  public enum Kind: String, Sendable, Hashable {
    /// Mass, volume and length: amounts that convert within their family (g, ml, cm).
    case measure
    /// What a shop sells a food in, so a pantry's packages can stand for it: a can, a jar, a
    /// packet, a punnet, a pot.
    case pack
    /// Packs or things sold together as one: a case of water, a crate of beer, a tray of eggs.
    case bundle
    /// A part of a food it is counted by, written after the food as well as before it: "2
    /// garlic cloves", "3 celery stalks", "1 fennel bulb", "4 bread slices".
    case part
    /// A piece whose word is also a word of foods' names: "fillet steak", "leaf gelatin",
    /// "stock cube".
    case foodWord
    /// So little that a shop sells a container of it: a pinch, a dash, a drop.
    case smidgen
    /// Any other count: a bunch, a handful, a rasher, a link.
    case other
  }

  var row: KitchenUnitRow { KitchenUnit.rows[id]! }

  public var family: Family { row.family }

  /// What the unit counts or measures (`Kind`).
  public var kind: Kind { row.kind }

  /// How many of the family's base unit (g, ml, cm) one of this unit is; 1 for counts.
  public var baseFactor: Double { row.factor }

  /// The word shown after an amount: "1 cup", "2 cups", "250 g".
  public func label(for amount: Double) -> String {
    amount > 1 || amount == 0 ? row.plural : row.singular
  }

  /// Units that add up with each other: the same unit, a synonym, or the same measured family.
  public func isCompatible(with other: KitchenUnit) -> Bool {
    if family == .count || other.family == .count {
      return row.countGroup == other.row.countGroup
    }
    return family == other.family
  }

  /// `amount` of this unit expressed in `target`, or nil when the two do not convert.
  public func convert(_ amount: Double, to target: KitchenUnit) -> Double? {
    guard isCompatible(with: target) else { return nil }
    return amount * baseFactor / target.baseFactor
  }

  /// Finds the unit a recipe means by `word` ("tablespoons", "Tbs", "gr", "fl. oz").
  /// Case matters only for the one-letter spoon and cup abbreviations: "T" is a tablespoon,
  /// "t" a teaspoon, "c"/"C" a cup.
  public static func spelled(_ word: String) -> KitchenUnit? {
    if let id = caseSensitiveSpellings[word] { return KitchenUnit(known: id) }
    let key = spellingKey(word)
    guard let id = spellings[key] else { return nil }
    return KitchenUnit(known: id)
  }

  /// Lowercased, with dots and repeated spaces dropped: "Fl. Oz." → "fl oz".
  static func spellingKey(_ word: String) -> String {
    // Already a key: lowercase ASCII letters and hyphens, as the ingredient parser's words are.
    if word.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 45 }) { return word }
    var out = ""
    var space = false
    for character in word.lowercased() {
      if character == "." { continue }
      if character == " " {
        space = !out.isEmpty
        continue
      }
      if space { out.append(" ") }
      space = false
      out.append(character)
    }
    return out
  }

  public static let all: [KitchenUnit] = table.map { KitchenUnit(known: $0.id) }

  /// The ids of the units of `kind`: the one place the word lists that name units by id take
  /// them from.
  package static func ids(of kind: Kind) -> Set<String> {
    Set(table.filter { $0.kind == kind }.map { $0.id })
  }

  /// Every way the units of `kind` are written, as `spellingKey`s ("clove", "cloves", "rib",
  /// "ribs"), leaving out the units whose ids are in `leaving`.
  package static func words(of kind: Kind, leaving: Set<String> = []) -> Set<String> {
    var words: Set<String> = []
    for row in table where row.kind == kind && !leaving.contains(row.id) {
      for spelling in [row.id, row.singular, row.plural] + row.spellings {
        words.insert(spellingKey(spelling))
      }
    }
    return words
  }

  static let rows: [String: KitchenUnitRow] = Dictionary(
    uniqueKeysWithValues: table.map { ($0.id, $0) })

  /// Every case-insensitive spelling (as a `spellingKey`) to its unit id.
  package static let spellings: [String: String] = {
    var map: [String: String] = [:]
    for row in table {
      for spelling in [row.id, row.singular, row.plural] + row.spellings {
        map[spellingKey(spelling)] = row.id
      }
    }
    return map
  }()

  /// The first words of the spellings of two words ("fl" of "fl oz"), so a reader tries a
  /// two-word spelling only after one of them.
  package static let twoWordStarts: Set<String> = Set(
    spellings.keys.compactMap { key in
      key.firstIndex(of: " ").map { String(key[..<$0]) }
    })

  package static let caseSensitiveSpellings: [String: String] = [
    "T": "tbsp", "Tb": "tbsp", "TB": "tbsp", "t": "tsp", "c": "cup", "C": "cup",
  ]

  public static let gram = KitchenUnit(known: "g")
  public static let kilogram = KitchenUnit(known: "kg")
  public static let milliliter = KitchenUnit(known: "ml")
  public static let liter = KitchenUnit(known: "l")
  public static let teaspoon = KitchenUnit(known: "tsp")
  public static let tablespoon = KitchenUnit(known: "tbsp")
  public static let cup = KitchenUnit(known: "cup")
  public static let ounce = KitchenUnit(known: "oz")
  public static let pound = KitchenUnit(known: "lb")
}

/// One row of the unit table: what the unit measures, its size and how people write it.
struct KitchenUnitRow: Sendable {
  let id: String
  let family: KitchenUnit.Family
  /// Grams, millilitres or centimetres in one unit; 1 for counts.
  let factor: Double
  let singular: String
  let plural: String
  /// Further case-insensitive spellings and abbreviations (dots are ignored when matching).
  let spellings: [String]
  /// Count-like units with the same group add up ("can" and "tin"); nil outside counts.
  let countGroup: String?
  /// What the unit counts: `.measure` for the measured families, `.other` for a count unless
  /// the row says.
  let kind: KitchenUnit.Kind

  init(
    _ id: String, _ family: KitchenUnit.Family, _ factor: Double, _ singular: String,
    _ plural: String, _ spellings: [String] = [], countGroup: String? = nil,
    kind: KitchenUnit.Kind? = nil
  ) {
    self.id = id
    self.family = family
    self.factor = factor
    self.singular = singular
    self.plural = plural
    self.spellings = spellings
    self.countGroup = family == .count ? (countGroup ?? id) : nil
    self.kind = family == .count ? (kind ?? .other) : .measure
  }
}

#if !hasFeature(Embedded)
  extension KitchenUnit: Codable {
    public init(from decoder: any Decoder) throws {
      let text = try decoder.singleValueContainer().decode(String.self)
      guard let unit = KitchenUnit(id: text) ?? KitchenUnit.spelled(text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "unknown unit \"\(text)\""))
      }
      self = unit
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(id)
    }
  }
#endif
