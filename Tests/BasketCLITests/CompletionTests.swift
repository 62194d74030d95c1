import Foundation
import Testing

@testable import BasketCLI

/// `basket completion bash|zsh|fish`, made from the specs.
@Suite struct CompletionTests {
  static func script(_ shell: String) -> String {
    (try? Completion.script([shell])) ?? ""
  }

  /// Where `program` is on this machine, if it is.
  static func installed(_ program: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + program }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `program` with `arguments`; its status and standard output.
  static func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Writes the script for `shell` to a file of its own.
  static func saved(_ shell: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-completion-\(UUID().uuidString).\(shell)").path
    try Data(script(shell).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: Completion.shells)
  func everyCommandSubcommandAndFlagIsInTheScript(shell: String) {
    let text = Self.script(shell)
    let flagName: (FlagSpec) -> String = { flag in
      shell == "fish" ? "-l \(flag.name.dropFirst(2))" : flag.name
    }
    for spec in Spec.all {
      for name in spec.names { #expect(text.contains(name), "\(shell): \(name)") }
      for sub in spec.subcommands {
        for name in sub.names { #expect(text.contains(name), "\(shell): \(sub.path)") }
        for flag in sub.flags {
          #expect(text.contains(flagName(flag)), "\(shell): \(sub.path) \(flag.name)")
        }
      }
      for flag in spec.flags {
        #expect(text.contains(flagName(flag)), "\(shell): \(spec.path) \(flag.name)")
      }
    }
    for flag in Spec.globalFlags { #expect(text.contains(flagName(flag)), "\(shell)") }
  }

  /// Fish is told which flags need a value: `--skip` takes words, `--plain` may go alone.
  @Test func fishKnowsWhichFlagsNeedAValue() {
    let text = Self.script("fish")
    #expect(text.contains(" -l skip -x -d 'leave these ingredients off'"))
    #expect(text.contains(" -l plain -d 'add the ingredients as written'"))
    #expect(text.contains(" -l servings -x -d 'scale to this many servings'"))
  }

  @Test func aMissingOrUnknownShellIsAUsageError() {
    #expect(throws: UsageError.self) { try Completion.script([]) }
    #expect(throws: UsageError.self) { try Completion.script(["tcsh"]) }
    #expect(throws: UsageError.self) { try Completion.script(["bash", "zsh"]) }
  }

  @Test func theBinaryPrintsAScriptOrRefusesWithUsage() throws {
    let basket = BasketBinary()
    let bash = try basket.run(["completion", "bash"])
    #expect(bash.status == 0)
    #expect(bash.stdout == Self.script("bash"))
    for arguments in [["completion"], ["completion", "tcsh"]] {
      let refused = try basket.run(arguments)
      #expect(refused.status == 2)
      #expect(refused.stderr.hasPrefix("basket: completion "), "\(refused.stderr)")
      #expect(refused.stderr.contains("basket completion --help"))
    }
    #expect(try basket.run(["completion", "--help"]).stdout == Spec.completion.help)
  }

  @Test func theBashScriptIsValidBash() throws {
    let path = try Self.saved("bash")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.run("/bin/bash", ["-n", path]).0 == 0)
  }

  @Test(.enabled(if: installed("zsh") != nil)) func theZshScriptIsValidZsh() throws {
    let path = try Self.saved("zsh")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.run(Self.installed("zsh")!, ["-n", path]).0 == 0)
  }

  @Test(.enabled(if: installed("fish") != nil)) func theFishScriptIsValidFish() throws {
    let path = try Self.saved("fish")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.run(Self.installed("fish")!, ["-n", path]).0 == 0)
  }

  @Test(.enabled(if: installed("fish") != nil)) func fishCompletesCommandsAndFlags() throws {
    let path = try Self.saved("fish")
    defer { try? FileManager.default.removeItem(atPath: path) }
    func offered(_ line: String) throws -> [String] {
      let (status, output) = try Self.run(
        Self.installed("fish")!, ["--no-config", "-c", "source '\(path)'; complete -C '\(line)'"])
      #expect(status == 0)
      return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(try offered("basket li") == ["list", "lists"])
    #expect(try offered("basket recipe im") == ["import"])
    #expect(try offered("basket completion ") == ["bash", "fish", "zsh"])
  }

  /// What bash offers for the words typed after `basket`, the last one being completed.
  static func bashCompletes(_ words: [String]) throws -> [String] {
    let path = try saved("bash")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let quoted = (["basket"] + words).map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source '\(path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
      _basket
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let (status, output) = try run("/bin/bash", ["--norc", "-c", program])
    #expect(status == 0)
    return output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsSubcommandsFlagsAndChoices() throws {
    #expect(try Self.bashCompletes(["li"]) == ["list", "lists"])
    #expect(try Self.bashCompletes(["recipe", "im"]) == ["import"])
    #expect(
      try Self.bashCompletes(["--store", "x.sqlite", "recipe", "import", "--"])
        == ["--json", "--save", "--allow-local", "--help"])
    #expect(try Self.bashCompletes(["list", "--by"]) == ["--by-category"])
    #expect(try Self.bashCompletes(["tui", "--emoji", ""]) == ["modern", "compatible"])
    #expect(try Self.bashCompletes(["recipe", "add", "x", "--skip", ""]) == [])
    #expect(
      try Self.bashCompletes(["recipe", "add", "x", "--skip", "eggs", "milk", "--s"])
        == ["--servings", "--skip"])
    #expect(try Self.bashCompletes(["recipe", "add", "x", "--pl"]) == ["--plain"])
    #expect(try Self.bashCompletes(["completion", "z"]) == ["zsh"])
    #expect(try Self.bashCompletes(["help", "mealp"]) == ["mealprep"])
  }
}
