import BasketKit

/// `basket staples …`: the always-have list, staples a recipe's lines for which stay off the
/// list unless chosen (`Staples`, `LeftOutLines`).
enum StaplesCommand {
  /// The always-have list over the store `basket` uses.
  static func book(over basket: Basket) throws -> StapleBook {
    guard let store = basket.store as? any StapleStore else {
      throw StoreError.failed("this store keeps no always-have list")
    }
    return StapleBook(store: store)
  }

  /// The staples of the store `basket` uses; none when it keeps no list.
  static func staples(of basket: Basket) throws -> Staples {
    try (basket.store as? any StapleStore).map { try StapleBook(store: $0).list() } ?? .none
  }

  /// `staples [list] [--json]`: the list, marked as the suggestion until it is changed.
  static func list(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.staples)
    let staples: Staples = try readStore(orFresh: .suggested) {
      try book(over: try context.openBasket(.existing)).list()
    }
    context.out(try text(staples, json: flags.has("--json"), context: context))
    return 0
  }

  /// `staples add NAME...`
  static func add(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try change(arguments, adding: true, context: context)
  }

  /// `staples remove NAME...`
  static func remove(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try change(arguments, adding: false, context: context)
  }

  /// Adds or removes staples: each argument is one staple (quote a name of several words);
  /// the list is printed after.
  private static func change(_ arguments: [String], adding: Bool, context: CommandContext) throws
    -> Int32
  {
    let flags = try Flags(arguments, spec: adding ? Spec.staplesAdd : Spec.staplesRemove)
    let book = try book(over: try context.openBasket(adding ? .createIfMissing : .existing))
    var staples = try book.list()
    do {
      for name in flags.positional {
        staples = adding ? try book.add(name) : try book.remove(name)
      }
    } catch let error as StapleError {
      throw InputError(message: error.description)
    }
    context.out(try text(staples, json: flags.has("--json"), context: context))
    return 0
  }

  private static func text(_ staples: Staples, json: Bool, context: CommandContext) throws
    -> String
  {
    if json {
      struct Out: Encodable {
        var staples: [String]
        var suggested: Bool
      }
      return try JSONText.encode(Out(staples: staples.names, suggested: !staples.chosen)) + "\n"
    }
    let style = Style(context: context)
    guard !staples.names.isEmpty else {
      return "Nothing on the always-have list: recipes put every line on the list.\n"
    }
    var out = style.heading("Always have") + (staples.chosen ? "" : style.dim(" (suggested)"))
    out += "\n"
    for name in staples.names { out += "  \(name)\n" }
    out += style.dim(
      "Recipes leave these off the list unless you choose them (recipe add --with NAME).")
    return out + "\n"
  }
}
