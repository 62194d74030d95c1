#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Ingredient lines under one heading ("For the sauce"); the heading is nil for the main list.
public struct IngredientGroup: Equatable, Hashable, Sendable, Codable {
  @Nullable public var heading: String? = nil
  public var ingredients: [IngredientLine]

  public init(heading: String? = nil, ingredients: [IngredientLine]) {
    self.heading = heading
    self.ingredients = ingredients
  }
}

/// A recipe: what was imported, and when it was saved and last opened once it is in the library.
///
/// The pantry and meal prep read `ingredients`; the review edits lines in place by their
/// position in `ingredientGroups`.
public struct Recipe: Equatable, Hashable, Sendable {
  /// Set once saved in the library; nil for a recipe only being reviewed.
  public var id: UUID?
  public var title: String
  /// Where it came from: the page address, when known.
  public var source: String?
  /// How much it makes, tidied: "4 servings", "24 cookies".
  public var yields: String?
  /// The number of servings the amounts are for; scaling starts from it.
  public var servings: Int?
  /// Minutes.
  public var prepTime: Int?
  public var cookTime: Int?
  public var totalTime: Int?
  public var ingredientGroups: [IngredientGroup]
  /// The method, one step a string.
  public var instructions: [String]
  public var image: String?
  /// Set when the reader is unsure of what it read from a page (no markup and a weak
  /// structure, or a page whose list disagrees with its markup); nil when it is sure.
  public var doubt: RecipeDoubt?
  public var savedAt: Date?
  public var lastOpenedAt: Date?

  public init(
    id: UUID? = nil, title: String, source: String? = nil, yields: String? = nil,
    servings: Int? = nil, prepTime: Int? = nil, cookTime: Int? = nil, totalTime: Int? = nil,
    ingredientGroups: [IngredientGroup] = [], instructions: [String] = [], image: String? = nil,
    doubt: RecipeDoubt? = nil, savedAt: Date? = nil, lastOpenedAt: Date? = nil
  ) {
    self.id = id
    self.title = title
    self.source = source
    self.yields = yields
    self.servings = servings
    self.prepTime = prepTime
    self.cookTime = cookTime
    self.totalTime = totalTime
    self.ingredientGroups = ingredientGroups
    self.instructions = instructions
    self.image = image
    self.doubt = doubt
    self.savedAt = savedAt
    self.lastOpenedAt = lastOpenedAt
  }

  /// What it makes when that isn't servings ("4 cups", "1 loaf", "24 cookies"), read from
  /// `yields`; nil for servings ("Serves 4") or no yield. Scaled in its own words.
  public var yield: RecipeYield? {
    guard let found = yields.flatMap(RecipeYield.read), found.noun != nil else { return nil }
    return found
  }

  /// Every ingredient line, in order, across the groups.
  public var ingredients: [IngredientLine] { ingredientGroups.flatMap(\.ingredients) }
}

extension Recipe: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, yields, servings, yield, prepTime, cookTime, totalTime, ingredientGroups
    case ingredients, instructions, source, image, doubt, savedAt, lastOpenedAt
  }

  /// The recipe's JSON shape, the one the web app reads (`yield` is `{"amount", "unit"}` for a
  /// yield that isn't servings, else null; it is read back from `yields`): `id`, `savedAt` and
  /// `lastOpenedAt` appear only once saved (timestamps as `ISO8601` text); every other key is
  /// always present, null when unknown (`doubt` is null when the reader is sure).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id.map { $0.uuidString.lowercased() }, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(yields, forKey: .yields)
    try container.encode(servings, forKey: .servings)
    try container.encode(yield.map(RecipeYieldJSON.init), forKey: .yield)
    try container.encode(prepTime, forKey: .prepTime)
    try container.encode(cookTime, forKey: .cookTime)
    try container.encode(totalTime, forKey: .totalTime)
    try container.encode(ingredientGroups, forKey: .ingredientGroups)
    try container.encode(ingredients, forKey: .ingredients)
    try container.encode(instructions, forKey: .instructions)
    try container.encode(source, forKey: .source)
    try container.encode(image, forKey: .image)
    try container.encode(doubt, forKey: .doubt)
    try container.encodeIfPresent(savedAt.map(ISO8601.string), forKey: .savedAt)
    try container.encodeIfPresent(lastOpenedAt.map(ISO8601.string), forKey: .lastOpenedAt)
  }

  /// Reads the same shape; when `ingredientGroups` is absent, `ingredients` becomes one group.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(UUID.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    yields = try container.decodeIfPresent(String.self, forKey: .yields)
    servings = try container.decodeIfPresent(Int.self, forKey: .servings)
    prepTime = try container.decodeIfPresent(Int.self, forKey: .prepTime)
    cookTime = try container.decodeIfPresent(Int.self, forKey: .cookTime)
    totalTime = try container.decodeIfPresent(Int.self, forKey: .totalTime)
    if let groups = try container.decodeIfPresent([IngredientGroup].self, forKey: .ingredientGroups)
    {
      ingredientGroups = groups
    } else {
      let lines = try container.decodeIfPresent([IngredientLine].self, forKey: .ingredients) ?? []
      ingredientGroups = lines.isEmpty ? [] : [IngredientGroup(ingredients: lines)]
    }
    instructions = try container.decodeIfPresent([String].self, forKey: .instructions) ?? []
    source = try container.decodeIfPresent(String.self, forKey: .source)
    image = try container.decodeIfPresent(String.self, forKey: .image)
    doubt = try container.decodeIfPresent(RecipeDoubt.self, forKey: .doubt)
    savedAt = try Self.date(container, .savedAt)
    lastOpenedAt = try Self.date(container, .lastOpenedAt)
  }

  private static func date(
    _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) throws -> Date? {
    guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let date = ISO8601.date(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "not an ISO 8601 time: \(text)")
    }
    return date
  }
}

/// A yield that isn't servings, as the recipe JSON writes it: `{"amount": 24, "unit": "cookies"}`.
struct RecipeYieldJSON: Encodable {
  var amount: Double
  var unit: String

  init(_ yield: RecipeYield) {
    amount = yield.measure
    unit = yield.noun ?? "servings"
  }
}
