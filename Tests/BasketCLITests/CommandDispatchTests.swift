import BasketKit
import BasketStore
import Testing

@testable import BasketCLI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dispatch made from the commands' specs: each name and alias, written once in its spec,
/// reaches the handler declared beside it.
@Suite struct CommandDispatchTests {
  /// What a handler wrote, and so which one ran.
  final class Output {
    var text = ""
  }

  /// A context whose store can't be opened: a handler that gets past its parsing stops there.
  static func context(_ output: Output = Output()) -> CommandContext {
    struct NoStore: Error {}
    return CommandContext(
      configuration: BasketConfiguration(),
      store: StoreLocation(path: "/nonexistent/basket.sqlite", source: .flag),
      clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)), stdoutIsTerminal: false,
      stdinIsTerminal: false, openBasket: { _ in throw NoStore() },
      openRecipeBook: { _ in throw NoStore() }, openShopBook: { _ in throw NoStore() },
      shop: nil, list: nil, readInput: { [] }, out: { output.text += $0 }, err: { _ in })
  }

  /// The message of the usage error `body` throws.
  func usageMessage(_ body: () throws -> Int32) -> String? {
    do {
      _ = try body()
      return nil
    } catch let error as UsageError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  /// A made-up command: its own handler and one subcommand, each saying what it was given.
  static let tool = CommandSpec(
    "tool", summary: "a tool",
    subcommands: [
      CommandSpec(
        "tool go", aliases: ["g"], summary: "go",
        run: { arguments, context in
          context.out((["go"] + arguments).joined(separator: " "))
          return 3
        })
    ],
    run: { arguments, context in
      context.out((["tool"] + arguments).joined(separator: " "))
      return 0
    })

  @Test func aSubcommandOrAnAliasRunsItsHandlerWithTheRest() throws {
    for word in ["go", "g"] {
      let output = Output()
      #expect(try Self.tool.dispatch([word, "x", "--y"], Self.context(output)) == 3)
      #expect(output.text == "go x --y", "\(word)")
    }
  }

  @Test func noWordOrAFlagFirstRunsTheCommandsOwnHandler() throws {
    for arguments in [[], ["--json"], ["--json", "go"]] {
      let output = Output()
      #expect(try Self.tool.dispatch(arguments, Self.context(output)) == 0)
      #expect(output.text == (["tool"] + arguments).joined(separator: " "), "\(arguments)")
    }
  }

  @Test func anUnknownSubcommandIsToldWithTheSubcommandsThereAre() {
    #expect(
      usageMessage { try Self.tool.dispatch(["stop"], Self.context()) }
        == "tool has no subcommand \"stop\" (go, or no command)")
    var bare = Self.tool
    bare.run = nil
    #expect(usageMessage { try bare.dispatch([], Self.context()) } == "tool needs a command: go")
    #expect(
      usageMessage { try bare.dispatch(["stop"], Self.context()) }
        == "unknown tool command \"stop\" (go)")
    #expect(
      usageMessage { try Spec.lists.dispatch(["explode"], Self.context()) }
        == "lists has no subcommand \"explode\" (list, add, rename, move, remove, restore, or no command)"
    )
    #expect(
      usageMessage { try Spec.recipe.dispatch([], Self.context()) }
        == "recipe needs a command: import, parse, list, show, search, remove, add, coverage or cooked"
    )
    #expect(
      usageMessage { try Spec.recipe.dispatch(["bake"], Self.context()) }
        == "unknown recipe command \"bake\" (import, parse, list, show, search, remove, add, coverage, cooked)"
    )
  }

  @Test func everyNameAndAliasReachesAHandler() {
    // NB: CommandLineApp answers these two before it reads the environment or finds the store.
    let answeredBeforeTheStore: Set = ["help", "completion"]
    for spec in Spec.all {
      for name in spec.names {
        #expect(Spec.command(name)?.path == spec.path, "\(name)")
      }
      if answeredBeforeTheStore.contains(spec.path) {
        #expect(spec.run == nil && spec.subcommands.isEmpty, "\(spec.path)")
        continue
      }
      #expect(spec.run != nil || !spec.subcommands.isEmpty, "\(spec.path) runs nothing")
      #expect(
        Set(spec.handlers.keys) == Set(spec.subcommands.flatMap(\.names)),
        "a subcommand of \(spec.path) has no handler")
      for subcommand in spec.subcommands {
        #expect(subcommand.subcommands.isEmpty, "\(subcommand.path)")
        for name in subcommand.names {
          #expect(spec.subcommand(name)?.path == subcommand.path, "\(spec.path) \(name)")
        }
      }
    }
    #expect(Spec.command("frobnicate") == nil)
  }

  /// Each handler is reached and reads the flags of its own spec, or of the command or
  /// subcommand it shares a handler with: an unknown flag is refused, naming which.
  @Test func everyHandlerReadsItsOwnSpecsFlags() {
    let flag = "--no-such-flag"
    for spec in Spec.all {
      if spec.run != nil {
        let message = usageMessage { try spec.dispatch([flag], Self.context()) }
        #expect(
          ([spec] + spec.subcommands).map { "\($0.path) doesn't take \(flag)" }.contains(message),
          "\(spec.path): \(message ?? "ran")")
      }
      for subcommand in spec.subcommands {
        for name in subcommand.names {
          let message = usageMessage { try spec.dispatch([name, flag], Self.context()) }
          #expect(
            [subcommand.path, spec.path].map { "\($0) doesn't take \(flag)" }.contains(message),
            "\(spec.path) \(name): \(message ?? "ran")")
        }
      }
    }
  }
}

extension CommandDispatchTests {
  @Test(arguments: [
    (Spec.checkin, ["milk"], "checkin takes no arguments"),
    (Spec.trip, ["status", "x"], "trip status takes no arguments"),
    (Spec.trip, ["accept", "x", "--searches"], "trip accept takes no arguments"),
    (Spec.trip, ["end", "x"], "trip end takes no arguments"),
    (Spec.product, ["ls", "x"], "product list takes no arguments"),
    (Spec.retailer, ["list", "x"], "retailer list takes no arguments"),
  ])
  func aCommandThatTakesNoArgumentsIsToldSoByItsSpec(
    spec: CommandSpec, arguments: [String], message: String
  ) {
    #expect(usageMessage { try spec.dispatch(arguments, Self.context()) } == message)
  }
}

extension CommandSpec {
  /// Its subcommands' handlers, by name and alias: one for every name when each has one.
  var handlers: [String: Commands.Run] {
    var handlers: [String: Commands.Run] = [:]
    for subcommand in subcommands {
      for name in subcommand.names { handlers[name] = subcommand.run }
    }
    return handlers
  }
}
