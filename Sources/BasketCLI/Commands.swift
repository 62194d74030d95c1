import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list commands. Each takes its arguments (after the command name) and the context, and
/// returns the exit status; user errors are thrown as `ListError`, bad usage as `UsageError`.
enum Commands {
  /// What runs a command (its `CommandSpec.run`).
  typealias Run = @Sendable ([String], CommandContext) throws -> Int32

  // MARK: - Reading

  static func list(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.list)
    if flags.has("--json") && flags.has("--line") {
      throw UsageError(message: "list takes --json or --line, not both")
    }
    if flags.has("--by-category") && flags.has("--walking-order") {
      throw UsageError(
        message: "list takes --by-category or --walking-order, not both: a shop's walk "
          + "already keeps each category together")
    }
    if flags.has("--by-category") && flags.has("--line") {
      throw UsageError(message: "list takes --by-category or --line, not both")
    }
    if flags.has("--walking-order") {
      if flags.has("--line") {
        throw UsageError(message: "list takes --walking-order or --line, not both")
      }
      return try ShopCommand.walkingOrder(json: flags.has("--json"), context: context)
    }
    let sections: ListSections
    var basket: Basket?
    do {
      basket = try context.openBasket(.reading)
      sections = try basket?.sections() ?? ListSections(toGet: [], gotIt: [])
    } catch let missing as MissingStore where missing.location.source.isDefault {
      // A first run at the default place: nothing to show yet, and nothing is created.
      sections = ListSections(toGet: [], gotIt: [])
    }
    let byCategory = flags.has("--by-category")
    let category: (Item) -> String? = { item in basket?.category(of: item) }
    if flags.has("--line") {
      context.out(ListPrinter.line(sections, style: Style(context: context)) + "\n")
    } else if flags.has("--json") {
      if byCategory {
        let groups = ItemCategory.groups(sections.toGet, category: category)
        context.out(
          try JSONText.encode(GroupedListJSON(sections, groups: groups, category: category))
            + "\n")
      } else {
        context.out(try JSONText.encode(ListJSON(sections, category: category)) + "\n")
      }
    } else {
      let style = Style(context: context)
      context.out(
        ListPrinter.render(
          sections,
          groups: byCategory ? ItemCategory.groups(sections.toGet, category: category) : nil,
          mood: DayMood(date: context.clock.now, timeZone: .current), style: style))
      // The numbers just shown are what ITEM numbers mean until the next list.
      if basket != nil {
        ListNumbers.remember(sections, store: context.store, list: context.list)
      }
    }
    return 0
  }

  static func suggest(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.suggest)
    let basket = try context.openBasket(.existing)
    let chips = try basket.suggestions(for: flags.positional.joined(separator: " "))
    printChips(chips, basket: basket, json: flags.has("--json"), context: context)
    return 0
  }

  static func usuals(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.usuals)
    let basket = try context.openBasket(.existing)
    printChips(try basket.usuals(), basket: basket, json: flags.has("--json"), context: context)
    return 0
  }

  private static func printChips(
    _ chips: [Suggestion], basket: Basket, json: Bool, context: CommandContext
  ) {
    if json {
      struct Chip: Encodable {
        var name: String
        var emoji: String
        var source: Suggestion.Source
      }
      let rows = chips.map {
        Chip(name: $0.name, emoji: basket.classify($0.name).emoji, source: $0.source)
      }
      context.out((try? JSONText.encode(rows)).map { $0 + "\n" } ?? "[]\n")
      return
    }
    let style = Style(context: context)
    for chip in chips {
      let mark = chip.source == .history ? style.dim(" (history)") : ""
      context.out("\(style.emoji(basket.classify(chip.name).emoji))\(chip.name)\(mark)\n")
    }
  }

  static func emoji(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.emoji)
    let classifier = Wiring.classifier
    let names = flags.positional.flatMap(AddTextParser.entries)
    if flags.has("--json") {
      struct Row: Encodable {
        var name: String
        var emoji: String
        var stage: EmojiStage
        var measure: MeasureKind?
        var category: String?
      }
      let rows = names.map { name in
        let found = classifier.classify(name)
        return Row(
          name: name, emoji: found.emoji, stage: found.stage, measure: found.measure,
          category: found.category)
      }
      context.out(try JSONText.encode(rows) + "\n")
    } else {
      for name in names {
        let found = classifier.classify(name)
        context.out("\(found.emoji)  \(name)  (\(found.stage.rawValue))\n")
      }
    }
    return 0
  }

  // MARK: - Changing

  static func add(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.add)
    // Every entry is read and checked before any is stored, so a bad one adds nothing.
    let entries = try flags.positional.flatMap {
      try AddEntry.entries(typed: $0, classifier: Wiring.classifier)
    }
    guard !entries.isEmpty else { throw ListError.emptyName }
    let basket = try context.openBasket(.createIfMissing)
    let results = try basket.add(entries)
    if flags.has("--json") {
      // The items as `list --json` shows them, with what each add did.
      struct Row: Encodable {
        var outcome: String
        var item: ListJSON.ItemJSON
      }
      let rows = results.map {
        Row(
          outcome: $0.outcome.word,
          item: ListJSON.ItemJSON($0.item, category: basket.category(of: $0.item)))
      }
      context.out(try JSONText.encode(rows) + "\n")
      return 0
    }
    let style = Style(context: context)
    for result in results {
      let shown = style.itemLabel(result.item)
      switch result.outcome {
      case .added: context.out("Added \(shown)\n")
      case .bumped: context.out("\(shown) was already on the list: moved it to the top\n")
      case .restored: context.out("Restored \(shown) from Got it\n")
      case .replayed: break
      }
    }
    return 0
  }

  static func check(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try eachItem(arguments, spec: Spec.check, context: context) { basket, item, style in
      let outcome = try basket.check(item.id)
      context.out("Checked off \(style.itemLabel(item))\n")
      if outcome.allDone {
        context.out(style.celebrate("All done! 🎉 Everything's in the basket.") + "\n")
      }
    }
  }

  static func uncheck(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try eachItem(arguments, spec: Spec.uncheck, context: context) { basket, item, style in
      try basket.uncheck(item.id)
      context.out("Back on the list: \(style.itemLabel(item))\n")
    }
  }

  static func remove(_ arguments: [String], context: CommandContext) throws -> Int32 {
    try eachItem(arguments, spec: Spec.remove, context: context) { basket, item, style in
      try basket.remove(item.id)
      context.out("Removed \(style.itemLabel(item))\n")
    }
  }

  static func rename(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.rename)
    let newName = try ListRules.cleanName(flags.positional.dropFirst().joined(separator: " "))
    let basket = try context.openBasket(.existing)
    let item = try ItemReference.resolve(
      flags.positional[0], in: try basket.sections(),
      numbered: ListNumbers.read(store: context.store, list: context.list))
    try basket.rename(item.id, to: newName)
    let renamed = try basket.sections().allItems.first { $0.id == item.id } ?? item
    context.out("Renamed \(item.name) to \(Style(context: context).itemLabel(renamed))\n")
    return 0
  }

  /// `basket note ITEM TEXT...` sets ITEM's note, `basket note ITEM ""` clears it, and
  /// `basket note ITEM` shows it.
  static func note(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.note)
    let text =
      flags.positional.count > 1 ? flags.positional.dropFirst().joined(separator: " ") : nil
    // NB: checked before the store opens, so a refused note touches nothing.
    let note = try text.map { try ItemNote.cleaned($0) }
    let basket = try context.openBasket(.existing)
    let item = try ItemReference.resolve(
      flags.positional[0], in: try basket.sections(),
      numbered: ListNumbers.read(store: context.store, list: context.list))
    let updated = try note.map { try basket.setNote(item.id, $0) } ?? item
    if flags.has("--json") {
      context.out(
        try JSONText.encode(ListJSON.ItemJSON(updated, category: basket.category(of: updated)))
          + "\n")
      return 0
    }
    let label = Style(context: context).itemLabel(updated)
    switch (text, updated.note) {
    case (nil, nil): context.out("\(label) has no note\n")
    case (nil, let shown?): context.out("\(label): \(shown)\n")
    case (_?, nil): context.out("Cleared the note on \(label)\n")
    case (_?, let shown?): context.out("Noted on \(label): \(shown)\n")
    }
    return 0
  }

  /// `basket category ITEM CATEGORY` moves ITEM to another aisle category, remembered for its
  /// name; `basket category ITEM` shows the one it is under.
  static func category(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.category)
    // NB: checked before the store opens, so a refused category touches nothing.
    let wanted = try flags.positional.dropFirst().first.map { try ItemCategory.named($0) }
    let basket = try context.openBasket(.existing)
    let item = try ItemReference.resolve(
      flags.positional[0], in: try basket.sections(),
      numbered: ListNumbers.read(store: context.store, list: context.list))
    let updated = try wanted.map { try basket.setCategory(item.id, $0) } ?? item
    let category = basket.category(of: updated)
    if flags.has("--json") {
      context.out(
        try JSONText.encode(ListJSON.ItemJSON(updated, category: category)) + "\n")
      return 0
    }
    let label = Style(context: context).itemLabel(updated)
    let title = ItemCategory.title(category)
    context.out(wanted == nil ? "\(label): \(title)\n" : "Moved \(label) to \(title)\n")
    return 0
  }

  static func qty(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.qty)
    let basket = try context.openBasket(.existing)
    let item = try ItemReference.resolve(
      flags.positional[0], in: try basket.sections(),
      numbered: ListNumbers.read(store: context.store, list: context.list))
    let style = Style(context: context)
    if flags.has("--clear") {
      guard flags.positional.count == 1 else {
        throw UsageError(message: "qty --clear takes only the item")
      }
      try basket.setQuantity(item.id, nil)
      context.out("Cleared the quantity of \(style.itemLabel(item))\n")
      return 0
    }
    guard flags.positional.count >= 2 else {
      throw UsageError(message: "qty needs an amount, such as: basket qty milk 2 L")
    }
    let updated: Item
    do {
      updated = try basket.setQuantity(
        item.id, amount: flags.positional[1],
        unit: flags.positional.count == 3 ? flags.positional[2] : nil)
    } catch ListError.unknownUnit(let word) {
      throw UsageError(message: ListError.unknownUnit(word).description)
    }
    context.out("Set \(style.itemLabel(updated))\n")
    return 0
  }

  static func clear(_ arguments: [String], context: CommandContext) throws -> Int32 {
    _ = try Flags(arguments, spec: Spec.clear)
    let basket = try context.openBasket(.existing)
    let count = try basket.clearGotIt()
    if count == 0 {
      context.out("Got it is already empty\n")
    } else {
      let noun = count == 1 ? "item" : "items"
      context.out(
        "Cleared \(count) \(noun). Changed your mind? 'basket undo' within \(Int(ListTiming.undoWindow)) seconds.\n"
      )
    }
    return 0
  }

  static func undo(_ arguments: [String], context: CommandContext) throws -> Int32 {
    _ = try Flags(arguments, spec: Spec.undo)
    let basket = try context.openBasket(.existing)
    let count = try basket.undoClear()
    context.out("Brought back \(count) \(count == 1 ? "item" : "items")\n")
    return 0
  }

  // MARK: - Helpers

  /// Resolves every ITEM against one snapshot (so numbers mean what `list` showed), then
  /// applies `body` to each.
  private static func eachItem(
    _ arguments: [String], spec: CommandSpec, context: CommandContext,
    _ body: (Basket, Item, Style) throws -> Void
  ) throws -> Int32 {
    let flags = try Flags(arguments, spec: spec)
    let basket = try context.openBasket(.existing)
    let sections = try basket.sections()
    let numbered = ListNumbers.read(store: context.store, list: context.list)
    let items = try flags.positional.map {
      try ItemReference.resolve($0, in: sections, numbered: numbered)
    }
    var seen = Set<UUID>()
    let style = Style(context: context)
    for item in items where seen.insert(item.id).inserted { try body(basket, item, style) }
    return 0
  }
}

extension ListSections {
  var allItems: [Item] { toGet + gotIt }
}
