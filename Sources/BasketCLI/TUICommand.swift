import BasketKit
import BasketTUI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket tui`: the interactive terminal app.
func runTUI(_ arguments: [String], context: CommandContext) throws -> Int32 {
  let options = try ArgumentOptions(arguments, spec: Spec.tui)
  if let word = options.words.first {
    throw UsageError(message: "tui takes no arguments (\(word))")
  }
  let reduceMotion = options.has("--reduce-motion")
  let emojiFlag = options["--emoji"]
  let emoji: EmojiMode
  do {
    emoji = try EmojiMode.choose(
      flag: emojiFlag, environment: context.configuration.terminalEnvironment)
  } catch {
    throw UsageError(message: "\(error)")
  }
  guard context.stdinIsTerminal, context.stdoutIsTerminal else {
    context.err("basket: the terminal app needs a terminal; try 'basket list' in a pipe\n")
    return 1
  }
  let recipes = try context.openRecipeBook(.createIfMissing)
  let basket = recipes.basket
  let configuration = TUIConfiguration(
    configuration: context.configuration, reduceMotion: reduceMotion, emoji: emoji,
    timeZone: .current)
  let shops = (basket.store as? any ShopStore).map { ShopBook(store: $0, basket: basket) }
  let plan = (basket.store as? any PlanStore).map {
    PlanBook(store: $0, recipes: recipes, utcOffset: Wiring.utcOffset)
  }
  // The app opens on the list it showed last, unless --list (or BASKET_LIST) names one.
  let remembered = context.store.path + ".tui-list"
  if context.list == nil, let lists = basket.lists,
    let data = FileManager.default.contents(atPath: remembered),
    let id = UUID(uuidString: String(String(decoding: data, as: UTF8.self).prefix(36))),
    try lists.all().contains(where: { $0.id == id })
  {
    lists.store.useList(id)
  }
  let runner = Runner(
    basket: basket, clock: displayClock(context), configuration: configuration, shops: shops,
    recipes: recipes, plan: plan,
    onListShown: { list in
      // NB: a file that can't be written just means the app opens on the first list.
      _ = FileManager.default.createFile(
        atPath: remembered, contents: Data(list.id.uuidString.utf8),
        attributes: [.posixPermissions: 0o600])
    })
  do {
    return try runner.run()
  } catch let error as TerminalError {
    context.err("basket: \(error)\n")
    return 1
  }
}

/// The clock the app animates by. A clock pinned by BASKET_NOW would stop every animation
/// and timer, so the app starts from the pinned time and lets it run on from there.
private func displayClock(_ context: CommandContext) -> AppClock {
  guard context.configuration.pinnedNow != nil else { return context.clock }
  let start = context.clock.now
  let began = ContinuousClock.now
  return AppClock {
    let elapsed = ContinuousClock.now - began
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return start.addingTimeInterval(seconds)
  }
}
