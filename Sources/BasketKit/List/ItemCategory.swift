#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item's aisle category, the rule every face uses: the category the household chose for
/// the item's name (`Item.category`), or else the one the classifier gives it; the categories
/// are the supermarket walk's (`SupermarketWalk.categories`).
///
/// To get grouped by category (`groups`) follows the typical walk's order of categories, one
/// group each, with items of no known category last under "Elsewhere". A shop's learnt walking
/// order is a separate view (`ShopBook.toGet(in:)`) and is not changed by it.
public enum ItemCategory {
  /// Every category an item can be moved to, in the walk's order.
  public static var all: [String] { SupermarketWalk.categories }

  /// The category `item` is shown under: the household's choice, else the classifier's; nil
  /// when neither knows one.
  public static func of(_ item: Item, classify: (String) -> Classification) -> String? {
    item.category ?? classify(item.name).category
  }

  /// A category's heading: "dairy" → "Dairy", "cuisines-east-asian" → "Cuisines east asian";
  /// "Elsewhere" for none.
  public static func title(_ category: String?) -> String {
    guard let category else { return "Elsewhere" }
    let words = category.split(separator: "-").joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// The category `raw` names, as typed by the user: one of `all`, any case, spaces around
  /// ignored ("Dairy", " dairy ").
  ///
  /// - Throws: `CategoryError.unknown` for anything else, which lists the known categories.
  public static func named(_ raw: String) throws(CategoryError) -> String {
    let cleaned = NameText.cleaned(raw)
    guard let found = all.first(where: { $0 == cleaned.lowercased() }) else {
      throw .unknown(String(cleaned.prefix(60)))
    }
    return found
  }

  /// What to remember for a name when the household moves its item to `category`: nil (no
  /// choice, so the classifier decides) when that is the classifier's own category anyway.
  public static func choice(_ category: String, classifier: String?) -> String? {
    category == classifier ? nil : category
  }

  /// `items` (To get, in the order shown) grouped by category: groups in the walk's order,
  /// a category the walk doesn't know after those, and "Elsewhere" (no category) last; each
  /// group keeps the items' order. Empty categories have no group.
  public static func groups(_ items: [Item], category: (Item) -> String?) -> [ShopBook.Stretch] {
    var byCategory: [String?: [Item]] = [:]
    var firstSeen: [String?] = []
    for item in items {
      let kind = category(item)
      if byCategory[kind] == nil { firstSeen.append(kind) }
      byCategory[kind, default: []].append(item)
    }
    let walk = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
    func rank(_ kind: String?) -> Int {
      guard let kind else { return all.count + 1 }
      return walk[kind] ?? all.count
    }
    let ordered = firstSeen.enumerated().sorted {
      rank($0.element) != rank($1.element)
        ? rank($0.element) < rank($1.element) : $0.offset < $1.offset
    }.map(\.element)
    return ordered.map { ShopBook.Stretch(category: $0, items: byCategory[$0] ?? []) }
  }
}

/// Why a category was refused; reads as one sentence for the user.
public enum CategoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No category has this name: what was asked.
  case unknown(String)

  public var description: String {
    switch self {
    case .unknown(let name):
      "there is no category \"\(name)\"; the categories are: "
        + ItemCategory.all.joined(separator: ", ")
    }
  }
}
