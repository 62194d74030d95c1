import BasketKit
import BasketStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket product …`: the household's catalogue of products, and `basket retailer …`.
enum ProductCommand {
  /// The catalogue over the store `basket` uses.
  static func book(over basket: Basket) throws -> ProductBook {
    guard let store = basket.store as? SQLiteStore else {
      throw StoreError.failed("this store keeps no products")
    }
    return ProductBook(
      store: store, shops: store, clock: basket.environment.clock, ids: basket.environment.ids)
  }

  static func book(_ context: CommandContext, _ use: StoreUse) throws -> ProductBook {
    try book(over: try context.openBasket(use))
  }

  // MARK: - Commands

  /// `product add NAME... [--alias A,B] [--code CODE] [--size AMOUNT] [--at PLACE] [--page URL]
  /// [--price PRICE] [--organic] [--diet D,E] [--store-brand] [--json]`
  static func add(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.productAdd)
    let name = try options.name(needing: "a name, such as: basket product add Oat drink")
    let change = ProductChange(
      addAliases: names(options["--alias"]),
      barcode: try options["--code"].map { .set(try PantryCommand.barcode($0)) } ?? .keep,
      packSize: try options["--size"].map { .set(try packSize($0)) } ?? .keep,
      shop: options["--at"].map { .set($0) } ?? .keep,
      page: options["--page"].map { .set($0) } ?? .keep,
      price: try options["--price"].map { .set(try ProductRules.price($0)) } ?? .keep,
      organic: options.has("--organic") ? true : nil,
      addDiets: try diets(options["--diet"]),
      storeBrand: options.has("--store-brand") ? true : nil)
    let product = try book(context, .createIfMissing).add(name, change)
    return try report(product, "Added", options, context)
  }

  /// `product edit PRODUCT [--name NAME] [--alias A,B] [--no-alias A,B] [--code CODE|--no-code]
  /// [--size AMOUNT|--no-size] [--at PLACE|--anywhere] [--page URL|--no-page]
  /// [--price PRICE|--no-price] [--organic|--not-organic] [--diet D|--no-diet D]
  /// [--store-brand|--not-store-brand] [--json]`
  static func edit(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.productEdit)
    let name = try options.name(needing: "a product: its name, an alias or its code")
    func both(_ yes: String, _ no: String) throws -> Bool? {
      if options.has(yes) && options.has(no) {
        throw UsageError(message: "product edit takes \(yes) or \(no), not both")
      }
      return options.has(yes) ? true : options.has(no) ? false : nil
    }
    let change = ProductChange(
      name: options["--name"], addAliases: names(options["--alias"]),
      removeAliases: names(options["--no-alias"]),
      barcode: try options.field("--code", clear: "--no-code", PantryCommand.barcode),
      packSize: try options.field("--size", clear: "--no-size", packSize),
      shop: try options.field("--at", clear: "--anywhere") { $0 },
      page: try options.field("--page", clear: "--no-page") { $0 },
      price: try options.field("--price", clear: "--no-price", ProductRules.price),
      organic: try both("--organic", "--not-organic"), addDiets: try diets(options["--diet"]),
      removeDiets: try diets(options["--no-diet"]),
      storeBrand: try both("--store-brand", "--not-store-brand"))
    guard !change.isEmpty else {
      throw UsageError(
        message:
          "product edit needs a change: --name, --alias, --code, --size, --at, --page, --price, --organic, --diet or --store-brand"
      )
    }
    let product = try book(context, .existing).edit(name, change)
    return try report(product, "Changed", options, context)
  }

  /// Says what `product` is now, after `done` ("Added", "Changed"): as JSON with `--json`.
  private static func report(
    _ product: Product, _ done: String, _ options: ArgumentOptions, _ context: CommandContext
  ) throws -> Int32 {
    try context.answer(
      TripJSON.ProductJSON(product), json: options.has("--json"),
      text: "\(done) \(product.name)\(summary(product)).\n")
  }

  /// `product list [--json]`
  static func list(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.productList)
    let products: [Product] = try readStore(orFresh: []) { try book(context, .existing).list() }
    if flags.has("--json") {
      context.out(try JSONText.encode(products.map(TripJSON.ProductJSON.init)) + "\n")
      return 0
    }
    guard !products.isEmpty else {
      context.out("No products yet. Add one: basket product add NAME --size 1 l --at SHOP\n")
      return 0
    }
    for product in products {
      context.out("\(product.name)\(summary(product))\n")
    }
    return 0
  }

  /// `product show PRODUCT [--json]`
  static func show(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.productShow)
    let name = try options.name(needing: "a product: its name, an alias or its code")
    let product = try book(context, .existing).find(name)
    if options.has("--json") {
      context.out(try JSONText.encode(TripJSON.ProductJSON(product)) + "\n")
      return 0
    }
    let style = Style(context: context)
    var out = style.heading(product.name) + "\n"
    if !product.aliases.isEmpty {
      out += "  Also called: \(product.aliases.joined(separator: ", "))\n"
    }
    if let size = product.packSize { out += "  Pack: \(KitchenAmountFormat.text(size))\n" }
    out += "  Bought at: \(product.shop ?? "anywhere")\n"
    if let price = product.price {
      out += "  Price: \(price.text), noted \(day(price.notedAt)) (not a current price)\n"
    }
    if let code = product.barcode { out += "  Barcode: \(code.digits) (\(code.format.rawValue))\n" }
    if let page = product.page { out += "  Product page: \(page)\n" }
    if !product.tagWords.isEmpty { out += "  Tags: \(product.tagWords.joined(separator: ", "))\n" }
    context.out(out)
    return 0
  }

  /// `product remove PRODUCT`
  static func remove(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.productRemove)
    let name = try options.name(needing: "a product: its name, an alias or its code")
    let product = try book(context, .existing).remove(name)
    context.out("Removed \(product.name) from your products.\n")
    return 0
  }

  // MARK: - Retailers

  /// `retailer [list] [--json]`: the built-in retailers and the household's own.
  static func retailers(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.retailerList)
    let retailers: [Retailer] = try readStore(orFresh: RetailerRules.builtIn) {
      try book(context, .existing).retailers()
    }
    if flags.has("--json") {
      context.out(try JSONText.encode(retailers) + "\n")
    } else {
      for retailer in retailers {
        let mark = retailer.builtIn ? " (built in)" : ""
        context.out("\(retailer.name)\(mark): \(retailer.template)\n")
      }
    }
    return 0
  }

  /// `retailer add NAME TEMPLATE`
  static func addRetailer(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.retailerAdd)
    guard options.words.count >= 2 else {
      throw UsageError(
        message:
          "retailer add needs a name and a search address with {query}, such as: basket retailer add Kroger 'https://www.kroger.com/search?query={query}'"
      )
    }
    let retailer = try book(context, .createIfMissing).addRetailer(
      options.words.dropLast().joined(separator: " "), template: options.words.last!)
    context.out(
      "Added \(retailer.name): items without a product page get a search there, labelled as one.\n"
    )
    return 0
  }

  /// `retailer remove NAME`
  static func removeRetailer(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let options = try ArgumentOptions(arguments, spec: Spec.retailerRemove)
    let name = try options.name(needing: "a retailer's name")
    let retailer = try book(context, .existing).removeRetailer(name)
    context.out("Removed \(retailer.name).\n")
    return 0
  }

  // MARK: - Helpers

  /// " · 1 l · at Lidl · 1.95 (noted 2026-07-06) · organic": what a list line shows.
  static func summary(_ product: Product) -> String {
    var parts: [String] = []
    if let size = product.packSize { parts.append(KitchenAmountFormat.text(size)) }
    if let shop = product.shop { parts.append("at \(shop)") }
    if let price = product.price { parts.append("\(price.text) (noted \(day(price.notedAt)))") }
    parts += product.tagWords
    if !product.aliases.isEmpty { parts.append("aka \(product.aliases.joined(separator: ", "))") }
    return parts.isEmpty ? "" : " · " + parts.joined(separator: " · ")
  }

  /// "2026-07-06".
  static func day(_ date: Date) -> String { String(ISO8601.string(date).prefix(10)) }

  /// "oat milk, oat drink" → ["oat milk", "oat drink"].
  static func names(_ text: String?) -> [String] {
    guard let text else { return [] }
    return text.split(separator: ",").map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    .filter { !$0.isEmpty }
  }

  static func diets(_ text: String?) throws -> Set<Diet> {
    Set(
      try names(text).map { word in
        guard let diet = Diet(word: word) else { throw ProductError.badDiet(word) }
        return diet
      })
  }

  static func packSize(_ text: String) throws -> IngredientQuantity {
    try ProductRules.packSize(text)
  }
}
