import BasketKit
import BasketTUI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

private let tuiHelp = """
  Usage: basket tui [--reduce-motion] [--emoji=modern|compatible]

  Opens the interactive terminal app (bare `basket` does too, on a terminal).
  Typing always goes to the add bar; Enter adds. ↑ ↓ select an item, Space ticks it
  off or restores it, Ctrl-Q sets its amount, Ctrl-R renames it, Ctrl-K clears Got it
  and Ctrl-Z undoes that. Press ? in the app for every key; Ctrl-C quits.

  Options:
    --reduce-motion   calm animations instead of sparks and confetti
                      (also: BASKET_REDUCE_MOTION=1)
    --emoji=MODE      modern draws every emoji; compatible shows an older one
                      for emoji newer than Emoji 12.0 (also: BASKET_EMOJI=MODE;
                      default: modern in kitty, WezTerm and Ghostty, else compatible)
    --help            show this help

  Colours follow COLORTERM (truecolor or 24bit for full colour) and NO_COLOR.

  """

/// `basket tui`: the interactive terminal app.
func runTUI(_ arguments: [String], context: CommandContext) throws -> Int32 {
  var reduceMotion = false
  var emojiFlag: String?
  for argument in arguments {
    switch argument {
    case "--reduce-motion": reduceMotion = true
    case let flag where flag.hasPrefix("--emoji="): emojiFlag = String(flag.dropFirst(8))
    case "--help", "-h":
      context.out(tuiHelp)
      return 0
    default:
      throw UsageError(message: "unknown option \(argument) for tui")
    }
  }
  let emoji: EmojiMode
  do { emoji = try EmojiMode.choose(flag: emojiFlag, environment: context.environment) } catch {
    throw UsageError(message: "\(error)")
  }
  guard context.stdinIsTerminal, context.stdoutIsTerminal else {
    context.err("basket: the terminal app needs a terminal; try 'basket list' in a pipe\n")
    return 1
  }
  let basket = try context.openBasket()
  let configuration = TUIConfiguration(
    environment: context.environment, reduceMotion: reduceMotion, emoji: emoji, timeZone: .current)
  let runner = Runner(basket: basket, clock: displayClock(context), configuration: configuration)
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
  guard context.environment["BASKET_NOW"]?.isEmpty == false else { return context.clock }
  let start = context.clock.now
  let began = ContinuousClock.now
  return AppClock {
    let elapsed = ContinuousClock.now - began
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return start.addingTimeInterval(seconds)
  }
}
