#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's "always have" list: staples such as salt, pepper and oil that a recipe
/// asks for and that never go on the list unless chosen (`LeftOutLines`).
///
/// Until the household changes it, the list is the suggested one (`suggested`), shown as such.
public struct Staples: Equatable, Sendable {
  /// The staples, in the order they were added.
  public var names: [String]
  /// Whether the household has changed the list (false: it is the suggestion).
  public var chosen: Bool

  public init(names: [String], chosen: Bool = true) {
    self.names = names
    self.chosen = chosen
  }

  /// The list a household starts from.
  public static let suggested = Staples(names: ["salt", "pepper", "oil"], chosen: false)
  /// No staples: what a face without a store (a one-off `recipe import`) uses.
  public static let none = Staples(names: [])

  public static let nameLimit = 60
  public static let countLimit = 200

  /// Words that make a staple no other food when they come before it: "sea salt" is salt,
  /// "freshly ground black pepper" pepper and "extra virgin olive oil" oil, but "bell pepper"
  /// and "sesame oil" are foods of their own. A fact table of our own.
  public static let plainWords: Set<String> = [
    "kosher", "sea", "table", "fine", "coarse", "flaky", "flake", "rock", "iodized", "black",
    "ground", "freshly", "fresh", "cracked", "coarsely", "finely", "vegetable", "neutral",
    "cooking", "olive", "canola", "sunflower", "rapeseed", "extra", "virgin", "light", "mild",
    "good", "quality", "plain",
  ].reduce(into: []) { $0.insert(NameKey.of($1)) }

  /// The staple `line` asks for, or nil: its food (`PantryMatch.food`) is a staple with only
  /// plain words in front; "salt and pepper" when each of the two is one.
  public func staple(for line: IngredientLine) -> String? {
    let food = PantryMatch.food(line.name.replacing("&", with: " and "))
    let parts = food.split(separator: " ").split { $0 == "and" || $0 == "or" }
    let matched = parts.map { words in names.first { Self.covers($0, words) } }
    guard !matched.isEmpty, matched.allSatisfy({ $0 != nil }) else { return nil }
    return matched.compactMap { $0 }.joined(separator: " and ")
  }

  /// Whether the food in `words` is the staple `name`: its words at the end, plain words before.
  static func covers(_ name: String, _ words: ArraySlice<Substring>) -> Bool {
    let staple = PantryMatch.food(name).split(separator: " ")
    guard !staple.isEmpty, words.count >= staple.count,
      words.suffix(staple.count).elementsEqual(staple)
    else { return false }
    return words.dropLast(staple.count).allSatisfy { plainWords.contains(String($0)) }
  }
}

/// What the staples need from a store.
public protocol StapleStore: Sendable {
  /// The staples as the household left them; nil when it never changed them.
  func staples() throws -> [String]?
  /// Replaces the staples, in one transaction.
  func setStaples(_ names: [String]) throws
}

/// Why a change to the staples was refused, as a one-line reason for the user.
public enum StapleError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyName
  case nameTooLong
  case tooMany
  case alreadyThere(String)
  case notThere(String)

  public var description: String {
    switch self {
    case .emptyName: "a staple needs a name"
    case .nameTooLong: "a staple's name is at most \(Staples.nameLimit) characters"
    case .tooMany: "the always-have list holds at most \(Staples.countLimit) staples"
    case .alreadyThere(let name): "\(name) is already on the always-have list"
    case .notThere(let name): "\"\(name)\" isn't on the always-have list"
    }
  }
}

/// The always-have list over a store: read, add and remove, every rule here.
public struct StapleBook: Sendable {
  public let store: any StapleStore

  public init(store: any StapleStore) {
    self.store = store
  }

  /// The staples: the household's, or the suggestion when it never changed them.
  public func list() throws -> Staples {
    try store.staples().map { Staples(names: $0) } ?? .suggested
  }

  /// Adds `rawName` (tidied: `NameText.cleaned`); returns the list.
  @discardableResult
  public func add(_ rawName: String) throws -> Staples {
    let name = NameText.cleaned(rawName)
    guard !name.isEmpty else { throw StapleError.emptyName }
    guard name.count <= Staples.nameLimit else { throw StapleError.nameTooLong }
    var staples = try list()
    if let same = staples.names.first(where: { NameKey.of($0) == NameKey.of(name) }) {
      throw StapleError.alreadyThere(same)
    }
    guard staples.names.count < Staples.countLimit else { throw StapleError.tooMany }
    staples.names.append(name)
    try store.setStaples(staples.names)
    return Staples(names: staples.names)
  }

  /// Removes the staple named `rawName` (folded as list names are); returns the list.
  @discardableResult
  public func remove(_ rawName: String) throws -> Staples {
    var staples = try list()
    guard let index = staples.names.firstIndex(where: { NameKey.of($0) == NameKey.of(rawName) })
    else { throw StapleError.notThere(String(rawName.prefix(Staples.nameLimit))) }
    staples.names.remove(at: index)
    try store.setStaples(staples.names)
    return Staples(names: staples.names)
  }
}
