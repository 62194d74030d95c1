import BasketArchive
import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Everything the household keeps, out in open formats (`basket export`) and back in
/// (`basket import`): a folder, or a zip of the same files.
///
///     README.md        what each file is
///     list.json        the list's items, every field (To get and Got it)
///     list.txt         the list as plain text
///     recipes/*.json   one schema.org Recipe (JSON-LD) each
///     pantry.json      what is at home, and the names given to barcodes
///     products.json    the household's products and the retailers it added
///     shops.json       the shops, and which one is current
///     staples.json     the always-have list (null: never changed)
///
/// An import adds only what isn't there: an item, pantry entry, product or shop whose name
/// (folded as names are, `NameKey`) or barcode is already in the store is left as it is, and
/// a recipe with the same title and lines (`RecipeFingerprint`) is skipped; so an export
/// imported twice, or into the store it came from, adds nothing.
public enum HouseholdExport {
  /// The stores an export reads and an import writes; nil for one this store doesn't keep.
  public struct Stores: Sendable {
    public var basket: Basket
    public var recipes: RecipeBook
    public var pantry: (any PantryStore)?
    public var products: (any ProductStore)?
    public var shops: (any ShopStore)?
    public var staples: (any StapleStore)?
    public var plan: (any PlanStore)?

    public init(
      basket: Basket, recipes: RecipeBook, pantry: (any PantryStore)?,
      products: (any ProductStore)?, shops: (any ShopStore)?, staples: (any StapleStore)?,
      plan: (any PlanStore)? = nil
    ) {
      self.plan = plan
      self.basket = basket
      self.recipes = recipes
      self.pantry = pantry
      self.products = products
      self.shops = shops
      self.staples = staples
    }
  }

  /// How many of each thing an export holds, or an import added.
  public struct Counts: Equatable, Sendable, Codable {
    public var items = 0
    public var recipes = 0
    public var pantryEntries = 0
    public var products = 0
    public var shops = 0
    public var plannedMeals = 0

    public init() {}

    /// "12 items, 500 recipes, 4 pantry entries, 3 products and 2 shops" (and ", 2 shops and
    /// 5 planned meals" when there are any).
    public var text: String {
      func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
      }
      var parts = [
        count(items, "item", "items"), count(recipes, "recipe", "recipes"),
        count(pantryEntries, "pantry entry", "pantry entries"),
        count(products, "product", "products"), count(shops, "shop", "shops"),
      ]
      if plannedMeals > 0 { parts.append(count(plannedMeals, "planned meal", "planned meals")) }
      return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
  }

  /// Why an export or import can't go ahead, worded for the household.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
      self.description = description
    }
  }

  // MARK: - Shapes

  struct ListFile: Codable {
    var format = "basket-list"
    var version = 1
    var exportedAt: Date
    /// The household's first list.
    var items: [Item]
    /// Every other live list, in order (absent from exports made before several lists).
    var otherLists: [OtherList]?
  }

  struct OtherList: Codable {
    var name: String
    var items: [Item]
  }

  struct PantryFile: Codable {
    var entries: [PantryEntry]
    var barcodeNames: [String: String]
  }

  struct ProductsFile: Codable {
    var products: [Product]
    var retailers: [Retailer]
  }

  struct ShopsFile: Codable {
    var shops: [Shop]
    var current: String?
  }

  struct PlanFile: Codable {
    struct Meal: Codable {
      var date: String
      /// The recipe's title, as in `recipes/`.
      var recipe: String
      var servings: Int?
    }
    var meals: [Meal]
  }

  struct StaplesFile: Codable {
    var staples: [String]?
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // NB: ISO 8601 with milliseconds (`ISO8601`), as every other JSON Basket writes; the
    // standard strategy drops them, and items added in one second then lose their order.
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(isoText(date))
    }
    return encoder
  }

  /// `date` as ISO 8601 to the nearest millisecond (`ISO8601.string` rounds down, and items
  /// listed a millisecond apart would then swap).
  static func isoText(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    return ISO8601.string(Date(timeIntervalSince1970: (milliseconds + 0.5) / 1000))
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = ISO8601.date(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not an ISO 8601 time: \(text)")
      }
      return date
    }
    return decoder
  }

  /// Runs `body` on `list` (nil: as the store stands).
  static func onList<T>(_ list: ShoppingList?, _ stores: Stores, _ body: () throws -> T) throws -> T
  {
    guard let list, let lists = stores.basket.lists else { return try body() }
    return try lists.store.onList(list.id, body)
  }

  /// Puts an export's `items` on the list in use, skipping any already there; returns how
  /// many went on.
  static func insert(_ items: [Item], into stores: Stores) throws -> Int {
    // The aisle chosen for each item's name (`Item.category`), kept for the names added.
    var chosen: [(key: String, category: String)] = []
    let added = try stores.basket.store.modify { draft -> Int in
      var added = 0
      chosen = []
      // NB: the bottom of the list first, so items listed at the same instant (a pasted
      // list) keep their order, which the store breaks ties of by when they were stored.
      for item in items.reversed() {
        // NB: a file from outside passes the checks a typed item does: a name with something
        // visible in it, a quantity Basket can store (else none), an emoji.
        guard let name = try? ListRules.cleanName(item.name) else { continue }
        let key = NameKey.of(name)
        let there = draft.items(.nameKey(key)).contains { $0.clearedAt == nil }
        guard !there else { continue }
        var copy = item
        copy.name = name
        if let quantity = copy.quantity, !QuantityRules.isStorable(quantity) {
          copy.quantity = nil
        }
        if copy.emoji.isEmpty || copy.emoji.count > 4 {
          copy.emoji = stores.basket.classify(name).emoji
        }
        if draft.item(item.id) != nil { copy.id = stores.basket.environment.ids() }
        copy.clearedAt = nil
        copy.category = nil
        if let category = item.category.flatMap({ try? ItemCategory.named($0) }) {
          chosen.append((key, category))
        }
        draft.insert(copy)
        added += 1
      }
      return added
    }
    for (key, category) in chosen {
      try stores.basket.store.setCategory(category, forNameKey: key)
    }
    return added
  }

  // MARK: - Export

  /// Writes everything in `stores` to `destination`: a new folder (or an empty one), or a new
  /// `.zip` file. Returns what it holds.
  public static func write(_ stores: Stores, to destination: String, now: Date) throws -> Counts {
    var files: [(String, [UInt8])] = []
    func addJSON<Value: Encodable>(_ name: String, _ value: Value) throws {
      files.append((name, try encoder().encode(value).bytes))
    }
    var counts = Counts()
    let lists = try stores.basket.lists?.all() ?? []
    let first = lists.first
    let items = try onList(first, stores) { try stores.basket.sections().allItems }
    var others: [OtherList] = []
    var text = try onList(first, stores) { listText(try stores.basket.sections()) }
    for list in lists.dropFirst() {
      let sections = try onList(list, stores) { try stores.basket.sections() }
      others.append(OtherList(name: list.name, items: sections.allItems))
      text += "\n# \(list.name)\n\n" + listText(sections)
    }
    counts.items = items.count + others.reduce(0) { $0 + $1.items.count }
    try addJSON(
      "list.json",
      ListFile(exportedAt: now, items: items, otherLists: others.isEmpty ? nil : others))
    files.append(("list.txt", Array(text.utf8)))
    var taken = Set<String>()
    for summary in try stores.recipes.all() {
      guard let recipe = try stores.recipes.recipe(summary.id) else { continue }
      let stem = RecipeJSONLD.fileStem(recipe.title, taken: &taken)
      files.append(("recipes/\(stem).json", RecipeJSONLD.value(recipe).encoded() + [0x0A]))
      counts.recipes += 1
    }
    if let pantry = try stores.pantry?.pantry() {
      counts.pantryEntries = pantry.entries.count
      try addJSON(
        "pantry.json", PantryFile(entries: pantry.entries, barcodeNames: pantry.barcodeNames))
    }
    if let catalogue = try stores.products?.catalogue() {
      counts.products = catalogue.products.count
      try addJSON(
        "products.json",
        ProductsFile(products: catalogue.products, retailers: catalogue.retailers))
    }
    if let shops = stores.shops {
      let all = try shops.shops()
      let current = try shops.currentShopID().flatMap { id in all.first { $0.id == id }?.name }
      counts.shops = all.count
      try addJSON("shops.json", ShopsFile(shops: all, current: current))
    }
    if let staples = stores.staples {
      try addJSON("staples.json", StaplesFile(staples: try staples.staples()))
    }
    if let plan = try stores.plan?.plannedMeals() {
      counts.plannedMeals = plan.count
      let meals = plan.map {
        PlanFile.Meal(date: $0.date.description, recipe: $0.recipe.title, servings: $0.servings)
      }
      try addJSON("plan.json", PlanFile(meals: meals))
    }
    files.insert(("README.md", Array(readme(counts, now: now).utf8)), at: 0)
    if destination.lowercased().hasSuffix(".zip") {
      try LibArchive.require()
      let writer = try ArchiveWriter(path: destination, format: .zip)
      let stamp = Int64(now.timeIntervalSince1970)
      do {
        for (name, bytes) in files {
          try writer.add("basket-export/" + name, bytes, mode: 0o600, modified: stamp)
        }
        try writer.close()
      } catch {
        unlink(destination)
        throw error
      }
    } else {
      try writeFolder(destination, files)
    }
    return counts
  }

  private static func writeFolder(_ folder: String, _ files: [(String, [UInt8])]) throws {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw Problem("\(folder) is a file; give a new folder, or a name ending in .zip")
      }
      let listing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      guard listing.isEmpty else {
        throw Problem("\(folder) is not empty; give a new or empty folder (nothing is overwritten)")
      }
    } else {
      guard mkdir(folder, 0o700) == 0 else {
        throw Problem("cannot make \(folder): \(String(cString: strerror(errno)))")
      }
    }
    for (name, bytes) in files {
      let path = folder + "/" + name
      if name.contains("/") {
        let parent = String(path[..<path.lastIndex(of: "/")!])
        if stat(parent, &info) != 0, mkdir(parent, 0o700) != 0 {
          throw Problem("cannot make \(parent): \(String(cString: strerror(errno)))")
        }
      }
      do {
        try HouseholdBackup.writePrivate(path, bytes)
      } catch let problem as HouseholdBackup.Problem {
        throw Problem(problem.description)
      }
    }
  }

  /// The list as plain text: To get, then Got it.
  static func listText(_ sections: ListSections) -> String {
    var text = "To get\n"
    for item in sections.toGet { text += "  [ ] \(label(item))\n" }
    if !sections.gotIt.isEmpty {
      text += "\nGot it\n"
      for item in sections.gotIt { text += "  [x] \(label(item))\n" }
    }
    return text
  }

  private static func label(_ item: Item) -> String {
    item.amountText.map { "\(item.name) (\($0))" } ?? item.name
  }

  static func readme(_ counts: Counts, now: Date) -> String {
    """
    # A Basket export

    Everything this household's Basket kept on \(ISO8601.string(now)), in open formats:
    \(counts.text).

    | file | what it is |
    | --- | --- |
    | `list.json` | the shopping lists: every item (To get and Got it) of the first list with its name, emoji, quantity, when it was added and checked off, the recipes that asked for it, and the aisle (`category`) chosen for its name; `otherLists`: each other list's name and items |
    | `list.txt` | the same lists as plain text: `[ ]` to get, `[x]` got |
    | `recipes/*.json` | one recipe each, as a schema.org `Recipe` in JSON-LD (the format recipe sites publish, which Nextcloud Cookbook, Mealie and Paprika read); ingredient lines as written, a group's heading as a line starting `## ` |
    | `pantry.json` | what is at home: each entry's name, barcode, packages, package size and what is left; and the names given to barcodes |
    | `products.json` | the household's products (name, aliases, barcode, pack size, shop, price with the day it was noted, tags) and the retailers it added |
    | `shops.json` | the shops, and which one is current |
    | `staples.json` | the always-have list (`null`: never changed from the suggestion) |
    | `plan.json` | the week of meals: each planned meal's day, its recipe by title (as in `recipes/`) and the servings it is cooked for (`null`: as written) |

    Times are ISO 8601 in UTC. `basket import` reads this folder (or its zip) back into any
    Basket store, adding only what isn't there yet; `basket recipe import` reads any one
    recipe file. Not included: the walking order each shop learnt, Shopping Trips, the meal
    prep draft and the suggestions' memory (a backup, `basket backup`, keeps everything).

    """
  }

  // MARK: - Import

  /// What an import added, and what it left because it was there already.
  public struct Imported: Equatable, Sendable {
    public var added = Counts()
    public var alreadyThere = Counts()
    /// The recipes' summary (nil when the export holds none).
    public var recipes: LibraryImportSummary?
  }

  /// The largest file of an export read (list.json of a long list, products.json).
  static let fileBytes = 32 << 20

  /// Reads an export at `source` (its folder, or its zip) into `stores`, adding only what
  /// isn't there. `importRecipes` imports the recipes in it (the adapter's library importer,
  /// which reads JSON-LD and keeps each recipe whole).
  public static func read(
    from source: String, into stores: Stores, now: Date,
    importRecipes: (String) throws -> LibraryImportSummary?
  ) throws -> Imported {
    let files = try knownFiles(source)
    guard files["list.json"] != nil || files["README.md"] != nil else {
      throw Problem(
        "\(source) is not a Basket export (it has no list.json); give a folder or zip basket export made"
      )
    }
    var imported = Imported()
    if let bytes = files["list.json"] {
      let list = try decode(ListFile.self, bytes, "list.json")
      let first = try stores.basket.lists?.all().first
      var added = try onList(first, stores) { try insert(list.items, into: stores) }
      var total = list.items.count
      for other in list.otherLists ?? [] {
        // NB: a list of that name is filled in; else it is made (a name Basket can't take
        // puts its items on the first list rather than lose them).
        guard let lists = stores.basket.lists else { break }
        let target =
          (try? lists.named(other.name)) ?? (try? lists.add(other.name)) ?? first
        added += try onList(target, stores) { try insert(other.items, into: stores) }
        total += other.items.count
      }
      imported.added.items = added
      imported.alreadyThere.items = total - added
    }
    if let bytes = files["pantry.json"], let pantry = stores.pantry {
      let file = try decode(PantryFile.self, bytes, "pantry.json")
      let ids = stores.basket.environment.ids
      let added = try pantry.modifyPantry { state -> Int in
        var added = 0
        for entry in file.entries where Self.isUsable(entry) {
          let clash =
            state.entry(key: entry.key) != nil
            || entry.barcode.map { state.entry(barcode: $0) != nil } == true
          guard !clash else { continue }
          var copy = entry
          if state.entries.contains(where: { $0.id == entry.id }) { copy.id = ids() }
          state.entries.append(copy)
          added += 1
        }
        for (key, name) in file.barcodeNames where state.barcodeNames[key] == nil {
          state.barcodeNames[key] = name
        }
        return added
      }
      imported.added.pantryEntries = added
      imported.alreadyThere.pantryEntries = file.entries.count - added
    }
    if let bytes = files["products.json"], let products = stores.products {
      let file = try decode(ProductsFile.self, bytes, "products.json")
      let ids = stores.basket.environment.ids
      let added = try products.modifyCatalogue { catalogue -> Int in
        var added = 0
        for product in file.products
        where !NameText.cleaned(product.name).isEmpty
          && Self.isUsable([product.packSize].compactMap { $0 })
        {
          let clash =
            catalogue.products.contains { $0.key == product.key }
            || product.barcode.map { code in
              catalogue.products.contains { $0.barcode?.key == code.key }
            } == true
          guard !clash else { continue }
          var copy = product
          if catalogue.products.contains(where: { $0.id == product.id }) { copy.id = ids() }
          catalogue.products.append(copy)
          added += 1
        }
        for retailer in file.retailers
        where !catalogue.allRetailers.contains(where: {
          NameKey.of($0.name) == NameKey.of(retailer.name)
        }) {
          catalogue.retailers.append(retailer)
        }
        return added
      }
      imported.added.products = added
      imported.alreadyThere.products = file.products.count - added
    }
    if let bytes = files["shops.json"], let shops = stores.shops {
      let file = try decode(ShopsFile.self, bytes, "shops.json")
      var there = try shops.shops()
      for shop in file.shops where !NameText.cleaned(shop.name).isEmpty {
        guard !there.contains(where: { NameKey.of($0.name) == NameKey.of(shop.name) }) else {
          imported.alreadyThere.shops += 1
          continue
        }
        var copy = shop
        copy.name = NameText.cleaned(shop.name)
        if there.contains(where: { $0.id == shop.id }) { copy.id = stores.basket.environment.ids() }
        try shops.addShop(copy)
        there.append(copy)
        imported.added.shops += 1
      }
      if try shops.currentShopID() == nil, let current = file.current,
        let shop = there.first(where: { NameKey.of($0.name) == NameKey.of(current) })
      {
        try shops.setCurrentShop(shop.id)
      }
    }
    if let bytes = files["staples.json"], let staples = stores.staples,
      try staples.staples() == nil,
      let names = try decode(StaplesFile.self, bytes, "staples.json").staples
    {
      try staples.setStaples(names)
    }
    if let summary = try importRecipes(source) {
      imported.recipes = summary
      imported.added.recipes = summary.imported.count
      imported.alreadyThere.recipes = summary.duplicates.count
    }
    if let bytes = files["plan.json"], let plan = stores.plan {
      let file = try decode(PlanFile.self, bytes, "plan.json")
      let saved = try stores.recipes.all()
      var recipes: [Recipe] = []
      for meal in file.meals {
        // NB: a recipe is found by its title, as the export names it; ids are the store's own.
        guard let summary = saved.first(where: { $0.title == meal.recipe }),
          let recipe = try stores.recipes.recipe(summary.id)
        else { continue }
        recipes.append(recipe)
      }
      let ids = stores.basket.environment.ids
      let meals = file.meals
      let found = recipes
      let added = try plan.modifyPlan { planned -> Int in
        var added = 0
        for meal in meals {
          guard let date = PlanDate(meal.date),
            let recipe = found.first(where: { $0.title == meal.recipe })
          else { continue }
          do {
            try PlanRules.add(
              recipe, on: date, servings: meal.servings, id: ids(), now: now, to: &planned)
            added += 1
          } catch {
            continue  // NB: planned that day already, a full day, or servings out of range.
          }
        }
        return added
      }
      imported.added.plannedMeals = added
      imported.alreadyThere.plannedMeals = meals.count - added
    }
    return imported
  }

  /// Whether a pantry entry from a file has a name and amounts Basket can use.
  static func isUsable(_ entry: PantryEntry) -> Bool {
    !NameText.cleaned(entry.name).isEmpty && entry.packages >= 0 && entry.packages <= 100_000
      && isUsable([entry.packageSize, entry.left].compactMap { $0 })
  }

  /// Whether every amount is a number from 0 to a million (no unit's maximum is past it).
  static func isUsable(_ amounts: [IngredientQuantity]) -> Bool {
    amounts.allSatisfy { amount in
      [amount.amount, amount.maxAmount ?? 0].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1e6 }
    }
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ name: String)
    throws -> T
  {
    do {
      return try decoder().decode(type, from: Data(bytes))
    } catch {
      throw Problem("\(name) can't be read: it is not the JSON basket export writes (\(error))")
    }
  }

  /// The export's own top-level files (README, list, pantry, products, shops, staples) by
  /// name, from its folder or its zip (where they may sit in one folder), each at most
  /// `fileBytes`.
  static func knownFiles(_ source: String) throws -> [String: [UInt8]] {
    let names: Set<String> = [
      "README.md", "list.json", "pantry.json", "products.json", "shops.json", "staples.json",
      "plan.json",
    ]
    var found: [String: [UInt8]] = [:]
    var info = stat()
    guard stat(source, &info) == 0 else { throw Problem("there is nothing at \(source)") }
    if info.st_mode & S_IFMT == S_IFDIR {
      for name in names {
        let path = source + "/" + name
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        guard Int(info.st_size) <= fileBytes else {
          throw Problem("\(path) is larger than an export's file may be")
        }
        if let data = FileManager.default.contents(atPath: path) { found[name] = Array(data) }
      }
      return found
    }
    try LibArchive.require()
    let reader: ArchiveReader
    do {
      reader = try ArchiveReader(path: source, size: Int64(info.st_size))
    } catch {
      throw Problem("\(source) is not a Basket export: \(error)")
    }
    while let entry = try reader.next() {
      let parts = entry.path.split(separator: "/")
      guard entry.kind == .file, parts.count <= 2, !parts.contains(".."),
        !entry.path.hasPrefix("/"), let name = parts.last.map(String.init), names.contains(name)
      else { continue }
      do {
        found[name] = try reader.read(limit: fileBytes)
      } catch {
        throw Problem("\(source)'s \(name) can't be read: \(error)")
      }
    }
    return found
  }
}

extension Data {
  fileprivate var bytes: [UInt8] { Array(self) }
}

extension ListSections {
  fileprivate var allItems: [Item] { toGet + gotIt }
}
