import Testing

@testable import BasketCLI

/// Parsing and help made from the commands' specs.
@Suite struct CommandSpecTests {
  /// Every spec, subcommands included.
  static let everySpec = Spec.all.flatMap { [$0] + $0.subcommands }

  func usageMessage(_ parse: () throws -> Void) -> String? {
    do {
      try parse()
      return nil
    } catch let error as UsageError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test func anUnknownFlagIsRefusedNamingTheCommand() {
    #expect(
      usageMessage { _ = try Flags(["--bogus"], spec: Spec.list) } == "list doesn't take --bogus")
    #expect(
      usageMessage { _ = try ArgumentOptions(["--bogus"], spec: Spec.planAdd) }
        == "plan add doesn't take --bogus")
    // A flag of another command is refused too: each takes only its own.
    #expect(
      usageMessage { _ = try Flags(["--recent"], spec: Spec.recipeShow) }
        == "recipe show doesn't take --recent")
  }

  @Test func aFlagThatTakesAValueNeedsOne() {
    #expect(
      usageMessage { _ = try ArgumentOptions(["chili", "--on"], spec: Spec.planAdd) }
        == "--on needs a value")
    let options = try? ArgumentOptions(
      ["chili", "--on=2026-07-06", "--servings", "4", "--json"], spec: Spec.planAdd)
    #expect(options?.words == ["chili"])
    #expect(options?["--on"] == "2026-07-06")
    #expect(options?["--servings"] == "4")
    #expect(options?.has("--json") == true)
  }

  /// `recipe add`'s `--skip` and `--with` take every word after them up to the next flag;
  /// `--plain` takes nothing or a name after `=`.
  @Test(arguments: [
    (
      ["Pancakes", "--skip", "eggs", "black pepper", "--servings", "4", "maple"],
      ["Pancakes", "maple"], ["eggs", "black pepper"], [String]()
    ),
    (["Pancakes", "--skip=eggs", "milk"], ["Pancakes", "milk"], ["eggs"], []),
    (
      ["--skip", "a", "--with", "b", "--skip", "c", "d", "Pancakes"], [],
      ["a", "c", "d", "Pancakes"], ["b"]
    ),
    (["--with", "salt", "--json", "Pancakes"], ["Pancakes"], [], ["salt"]),
    (["--skip", "salt", "--", "--odd"], ["--odd"], ["salt"], []),
    (["Pancakes", "--skip", "--with", "water"], ["Pancakes"], [], ["water"]),
    (["Pancakes", "--skip="], ["Pancakes"], [""], []),
  ])
  func aFlagThatTakesWordsTakesThemUpToTheNextFlag(
    arguments: [String], words: [String], skip: [String], with: [String]
  ) throws {
    let options = try ArgumentOptions(arguments, spec: Spec.recipeAdd)
    #expect(options.words == words)
    #expect(options.all("--skip") == skip)
    #expect(options.all("--with") == with)
  }

  @Test func aFlagThatMayTakeAValueIsASwitchWithoutOne() throws {
    let options = try ArgumentOptions(
      ["Pancakes", "--plain=salt", "--plain", "milk", "--plain=2", "--json"],
      spec: Spec.recipeAdd)
    #expect(options.words == ["Pancakes", "milk"])
    #expect(options.has("--plain"))
    #expect(options.all("--plain") == ["salt", "2"])
    #expect(options.has("--json"))
    let one = try ArgumentOptions(["Pancakes", "--plain=salt"], spec: Spec.recipeAdd)
    #expect(!one.has("--plain"))
    #expect(one.all("--plain") == ["salt"])
  }

  @Test func flagsThatTakeWordsRefuseWhatTheSpecDoesNot() {
    #expect(
      usageMessage {
        _ = try ArgumentOptions(["x", "--skip", "a", "--bogus"], spec: Spec.recipeAdd)
      }
        == "recipe add doesn't take --bogus")
    #expect(
      usageMessage { _ = try ArgumentOptions(["x", "--bogus=a"], spec: Spec.recipeAdd) }
        == "recipe add doesn't take --bogus")
    #expect(
      usageMessage { _ = try ArgumentOptions(["x", "--json=yes"], spec: Spec.recipeAdd) }
        == "recipe add doesn't take --json")
    #expect(
      usageMessage { _ = try ArgumentOptions(["x", "--servings"], spec: Spec.recipeAdd) }
        == "--servings needs a value")
    // Another command's flag that takes words is refused too.
    #expect(
      usageMessage { _ = try ArgumentOptions(["x", "--skip", "a"], spec: Spec.recipeCooked) }
        == "recipe cooked doesn't take --skip")
  }

  @Test func positionalArgumentsAreCountedAsTheSpecSays() {
    #expect(
      usageMessage { _ = try Flags(["milk"], spec: Spec.clear) } == "clear takes no arguments")
    #expect(
      usageMessage { _ = try Flags(["milk", "dairy", "more"], spec: Spec.category) }
        == "category takes at most 2 arguments")
    #expect(usageMessage { _ = try Flags([], spec: Spec.add) } == "add needs at least 1 argument")
    #expect(
      usageMessage { _ = try Flags(["old"], spec: Spec.listsRename) }
        == "lists rename needs 2 arguments")
    let flags = try? Flags(["--json", "--", "--odd"], spec: Spec.add)
    #expect(flags?.positional == ["--odd"])
    #expect(flags?.has("--json") == true)
  }

  @Test func everyCommandIsDescribedOnceAndEveryDescriptionRuns() {
    let names = Spec.all.flatMap(\.names)
    #expect(Set(names).count == names.count, "a name is given twice")
    #expect(Set(names) == CommandLineApp.knownCommands)
    for spec in Self.everySpec {
      let flags = spec.flags.map(\.name)
      #expect(Set(flags).count == flags.count, "\(spec.path) lists a flag twice")
      #expect(flags.allSatisfy { $0.hasPrefix("--") && !$0.contains("=") }, "\(spec.path)")
      #expect(!spec.summary.isEmpty, "\(spec.path) has no summary")
    }
    for parent in Spec.all {
      for sub in parent.subcommands {
        #expect(sub.path == parent.name + " " + sub.name)
      }
    }
  }

  @Test func everyGlobalFlagIsReadByTheGlobalOptions() throws {
    for flag in Spec.globalFlags {
      let options = try GlobalOptions(
        parsing: ["list", flag.name] + (flag.takesValue ? ["value"] : []))
      #expect(options.command == "list")
      #expect(options.arguments.isEmpty, "\(flag.name) was left to the command")
    }
  }

  @Test func everySubcommandThatRunsIsDescribed() {
    let tables: [(CommandSpec, [String: Commands.Run])] = [
      (Spec.recipe, Spec.recipe.handlers), (Spec.pantry, Spec.pantry.handlers),
      (Spec.product, Spec.product.handlers),
    ]
    for (spec, table) in tables {
      #expect(Set(table.keys) == Set(spec.subcommands.flatMap(\.names)), "\(spec.path)")
    }
  }

  @Test func everyFlagIsToldInItsHelp() {
    for parent in Spec.all {
      for spec in [parent] + parent.subcommands {
        let help = spec.help ?? parent.help ?? ""
        for flag in spec.flags where flag.name != "--json" || spec.help != nil {
          #expect(help.contains(flag.name), "\(spec.path) --help doesn't tell \(flag.name)")
        }
      }
    }
  }

  @Test func helpIsTheCommandsOrItsParents() {
    #expect(Help.text(for: "add") == Spec.add.help)
    #expect(Help.text(for: "rm") == Spec.remove.help)
    #expect(Help.text(for: "recipe import") == Spec.recipeImport.help)
    #expect(Help.text(for: "recipe ls") == Spec.recipeList.help)
    #expect(Help.text(for: "pantry add") == Spec.pantry.help)
    #expect(Help.text(for: "recipe nonsense") == Spec.recipe.help)
    #expect(Help.text(for: "nonsense") == nil)
    #expect(Help.text(for: nil) == nil)
    #expect(
      Help.text(for: "completion")?.hasPrefix("Usage: basket completion bash|zsh|fish") == true)
  }

  @Test func theOverviewListsEveryCommandInTwoColumns() {
    for entry in Spec.all.flatMap(\.overview) {
      #expect(Help.overview.contains("\n  \(entry.synopsis)"), "\(entry.synopsis)")
    }
    for flag in Spec.globalFlags {
      #expect(Help.overview.contains("\n  \(flag.name)"))
    }
    #expect(
      Help.row("add TEXT...", ["one", "two"])
        == "  add TEXT...              one\n                           two\n")
    #expect(
      Help.row("staples [add|remove NAME...]", ["one"])
        == "  staples [add|remove NAME...]\n                           one\n")
  }
}
