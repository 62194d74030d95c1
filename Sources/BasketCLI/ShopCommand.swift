import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket shop …`: the household's shops, and `basket list --walking-order`.
enum ShopCommand {
  /// `shop list [--json]`: every shop, the current one marked.
  static func list(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.shopList)
    let (shops, current): ([Shop], UUID?) = try readStore(orFresh: ([], nil)) {
      try context.openShopBook(.existing).all()
    }
    if flags.has("--json") {
      struct Row: Encodable {
        var name: String
        var current: Bool
      }
      context.out(
        try JSONText.encode(shops.map { Row(name: $0.name, current: $0.id == current) }) + "\n")
      return 0
    }
    guard !shops.isEmpty else {
      context.out("No shops yet. Add one: basket shop add NAME\n")
      return 0
    }
    let style = Style(context: context)
    for shop in shops {
      let mark = shop.id == current ? style.bold("* ") : "  "
      context.out("\(mark)\(shop.name)\(shop.id == current ? style.dim(" (current)") : "")\n")
    }
    return 0
  }

  /// `shop add NAME...`: one shop, its name in one or more words; the first becomes current.
  static func add(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.shopAdd)
    let book = try context.openShopBook(.createIfMissing)
    let shop = try book.add(flags.positional.joined(separator: " "))
    let current = try book.current()?.id == shop.id
    context.out("Added \(shop.name)\(current ? ", the current shop" : "").\n")
    return 0
  }

  /// `shop use NAME...`: the current shop for every face, until another is chosen.
  static func use(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let shop = try named(arguments, Spec.shopUse, context) { try $0.use($1) }
    context.out("Shopping at \(shop.name): check-offs teach its walking order.\n")
    return 0
  }

  /// `shop leave`: no current shop, so check-offs teach no shop.
  static func leave(_ arguments: [String], context: CommandContext) throws -> Int32 {
    _ = try Flags(arguments, spec: Spec.shopLeave)
    try context.openShopBook(.existing).leave()
    context.out("No current shop.\n")
    return 0
  }

  /// `shop rename OLD NEW`: what it learnt stays with it (quote names of several words).
  static func rename(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.shopRename)
    let book = try context.openShopBook(.existing)
    let old = try book.find(flags.positional[0])
    let shop = try book.rename(flags.positional[0], to: flags.positional[1])
    context.out("Renamed \(old.name) to \(shop.name); its walking order stays.\n")
    return 0
  }

  /// `shop remove NAME...`: the shop and what it learnt.
  static func remove(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let shop = try named(arguments, Spec.shopRemove, context) { try $0.remove($1) }
    context.out("Removed \(shop.name) and the walking order it learnt.\n")
    return 0
  }

  /// The shop `act` finds or changes in the existing book by the name the words give.
  private static func named(
    _ arguments: [String], _ spec: CommandSpec, _ context: CommandContext,
    _ act: (ShopBook, String) throws -> Shop
  ) throws -> Shop {
    let flags = try Flags(arguments, spec: spec)
    return try act(try context.openShopBook(.existing), flags.positional.joined(separator: " "))
  }

  /// `list --walking-order [--json]`: To get in the walking order of the shop `--shop` names,
  /// or the current one, in stretches of one category; items keep their `list` numbers, so
  /// `basket check 3` still means what `basket list` showed.
  static func walkingOrder(json: Bool, context: CommandContext) throws -> Int32 {
    let book = try context.openShopBook(.existing)
    let named = try context.shop.map(book.find)
    guard let shop = try named ?? book.current() else {
      throw ShopError.unknown("(none chosen)", known: try book.all().shops.map(\.name))
    }
    let toGet = try book.basket.sections().toGet
    let stretches = try book.stretches(of: toGet, in: shop)
    if json {
      struct Stretch: Encodable {
        var category: String?
        var items: [ListJSON.ItemJSON]
      }
      struct Walk: Encodable {
        var shop: String
        var stretches: [Stretch]
      }
      let walk = Walk(
        shop: shop.name,
        stretches: stretches.map {
          Stretch(
            category: $0.category,
            items: $0.items.map { ListJSON.ItemJSON($0, category: book.basket.category(of: $0)) })
        })
      context.out(try JSONText.encode(walk) + "\n")
      return 0
    }
    let style = Style(context: context)
    let numbers = Dictionary(uniqueKeysWithValues: toGet.enumerated().map { ($1.id, $0 + 1) })
    let width = String(numbers.count).count
    var out = style.heading("To get at \(shop.name)") + "\n"
    if stretches.isEmpty { out += style.dim("  Nothing left to get. 🎉") + "\n" }
    for stretch in stretches {
      out += style.dim("  " + stretch.title) + "\n"
      for item in stretch.items {
        let number = String(numbers[item.id] ?? 0)
        let padded = String(repeating: " ", count: max(0, width - number.count)) + number
        out += "    \(padded). \(style.itemLabel(item))\(style.recipesNote(item))\n"
      }
    }
    context.out(out)
    return 0
  }
}
