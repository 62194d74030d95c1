import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket lists …`: the household's lists (Groceries, Hardware, Party…). Every list command
/// works on one list: `--list NAME` (or `BASKET_LIST`), else the first.
enum ListsCommand {
  /// `lists add NAME...`
  static func add(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try change(arguments, Spec.listsAdd, context) { lists, names in
      let list = try lists.add(names[0])
      return
        "Added the list \(list.name). Add to it with: basket add --list \(quoted(list.name)) ITEM"
    }
  }

  /// `lists rename OLD NEW`
  static func rename(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try change(arguments, Spec.listsRename, context) { lists, names in
      let old = try lists.named(names[0])
      let list = try lists.rename(names[0], to: names[1])
      return "Renamed \(old.name) to \(list.name)."
    }
  }

  /// `lists remove NAME...`: the list and its items wait to be restored.
  static func remove(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try change(arguments, Spec.listsRemove, context) { lists, names in
      let list = try lists.named(names[0])
      let counts = try lists.counts(of: list)
      _ = try lists.remove(names[0])
      let items = counts.toGet + counts.gotIt
      let kept =
        items == 0 ? "" : " Its \(items) \(items == 1 ? "item waits" : "items wait") with it."
      return
        "Removed the list \(list.name).\(kept) Bring it back with: basket lists restore \(quoted(list.name))"
    }
  }

  /// `lists restore NAME...`
  static func restore(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try change(arguments, Spec.listsRestore, context) { lists, names in
      let list = try lists.restore(names[0])
      return "Restored the list \(list.name)."
    }
  }

  static func household(_ basket: Basket) throws -> HouseholdLists {
    guard let lists = basket.lists else {
      throw StoreError.failed("this store keeps one list")
    }
    return lists
  }

  private static func quoted(_ name: String) -> String {
    name.contains(" ") || name.contains("'") ? "\"\(name)\"" : name
  }

  /// `lists [--json]`: each live list with its counts, the one in use marked; removed lists
  /// after.
  static func show(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.lists)
    let basket: Basket
    do {
      basket = try context.openBasket(.existing)
    } catch let missing as MissingStore where missing.location.source.isDefault {
      // A first run at the default place: the list a store starts with, and nothing created.
      if flags.has("--json") {
        context.out(
          #"{"lists":[{"name":"\#(ListsRules.firstListName)","toGet":0,"gotIt":0,"current":true}],"removed":[]}"#
            + "\n")
      } else {
        context.out("▸ \(ListsRules.firstListName)  (empty)\n")
      }
      return 0
    }
    let lists = try household(basket)
    let current = try lists.store.currentList()
    let all = try lists.all()
    let counts = try all.map { try lists.counts(of: $0) }
    let removed = try lists.removed()
    if flags.has("--json") {
      struct Entry: Encodable {
        var id: String
        var name: String
        var toGet: Int
        var gotIt: Int
        var current: Bool
      }
      struct Removed: Encodable {
        var id: String
        var name: String
        var removedAt: String
      }
      struct Out: Encodable {
        var lists: [Entry]
        var removed: [Removed]
      }
      let out = Out(
        lists: zip(all, counts).map { list, count in
          Entry(
            id: list.id.uuidString, name: list.name, toGet: count.toGet, gotIt: count.gotIt,
            current: list.id == current.id)
        },
        removed: removed.map {
          Removed(
            id: $0.id.uuidString, name: $0.name,
            removedAt: ISO8601.string($0.removedAt ?? basket.now))
        })
      context.out(try JSONText.encode(out) + "\n")
      return 0
    }
    let style = Style(context: context)
    var text = ""
    for (list, count) in zip(all, counts) {
      let mark = list.id == current.id ? "▸ " : "  "
      let name = list.id == current.id ? style.bold(list.name) : list.name
      text += "\(mark)\(name)  " + style.dim(describe(count)) + "\n"
    }
    if !removed.isEmpty {
      text +=
        "\n" + style.dim("Removed (basket lists restore NAME): ")
        + removed.map(\.name).joined(separator: ", ") + "\n"
    }
    context.out(text)
    return 0
  }

  static func describe(_ count: ListCounts) -> String {
    switch (count.toGet, count.gotIt) {
    case (0, 0): "(empty)"
    case (let toGet, 0): "\(toGet) to get"
    case (0, let gotIt): "all got (\(gotIt))"
    case (let toGet, let gotIt): "\(toGet) to get, \(gotIt) got"
    }
  }

  /// `lists move NAME POSITION`: 1 is the first.
  static func move(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.listsMove)
    guard let position = Int(flags.positional[1]), position >= 1, position <= ListsRules.maxLists
    else {
      throw UsageError(
        message:
          "lists move takes a list and its new place, 1 for the first (got \"\(flags.positional[1].prefix(20))\")"
      )
    }
    let lists = try household(try context.openBasket(.existing))
    do {
      let list = try lists.move(flags.positional[0], to: position - 1)
      let order = try lists.all().map(\.name)
      context.out("Moved \(list.name): " + order.joined(separator: ", ") + "\n")
    } catch let error as ListsError {
      throw InputError(message: error.description)
    }
    return 0
  }

  private static func change(
    _ arguments: [String], _ spec: CommandSpec, _ context: CommandContext,
    _ body: (HouseholdLists, [String]) throws -> String
  ) throws -> Int32 {
    // NB: a one-name command takes the name unquoted ("lists add Party food").
    let flags = try Flags(arguments, spec: spec)
    let names =
      spec.positional.upperBound == Int.max
      ? [flags.positional.joined(separator: " ")] : flags.positional
    let creates = spec.path == Spec.listsAdd.path
    let lists = try household(try context.openBasket(creates ? .createIfMissing : .existing))
    do {
      context.out(try body(lists, names) + "\n")
    } catch let error as ListsError {
      throw InputError(message: error.description)
    }
    return 0
  }
}
