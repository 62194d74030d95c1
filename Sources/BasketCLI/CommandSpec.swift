/// What a flag's value or a command's arguments are, so completions offer the right things.
package enum ValueKind: Sendable, Equatable {
  case file
  case directory
  /// One of a few words (a shell's name, an emoji mode).
  case choice([String])
  /// A list item: the number `list` showed, or a name.
  case item
  /// A saved recipe: its id or title.
  case recipe
  /// A list's, shop's, product's or staple's name.
  case name
  case date
  case number
  /// Free text (an item to add, a search).
  case text
}

/// One flag a command takes: `--json`, or `--servings N` when it takes a value.
package struct FlagSpec: Sendable, Equatable {
  /// Which words a flag takes as its value.
  package enum Takes: Sendable, Equatable {
    /// None: `--json`.
    case nothing
    /// The next word, or the one after `=`: `--size 500g`, `--size=500g`.
    case value
    /// Every word after it up to the next flag (`--skip eggs milk`), or the one after `=`;
    /// it may be given again.
    case words
    /// None, or the one after `=`, which may be given again: `--plain`, `--plain=salt`.
    case optionalValue
  }

  package var name: String
  /// What its value is; nil when it takes none.
  package var value: ValueKind?
  package var summary: String
  package var takes: Takes

  /// A flag that takes nothing when `value` is nil, else the next word unless `takes` says.
  package init(
    _ name: String, _ value: ValueKind? = nil, _ summary: String = "", takes: Takes? = nil
  ) {
    self.name = name
    self.value = value
    self.summary = summary
    self.takes = takes ?? (value == nil ? .nothing : .value)
  }

  /// Whether the word after it is its value (what completions offer there).
  package var takesValue: Bool { takes == .value || takes == .words }

  static let json = FlagSpec("--json", nil, "print JSON for scripts")
}

/// One line (or a few) of `basket --help`'s command table: "add TEXT..." and what it does.
package struct OverviewEntry: Sendable, Equatable {
  package var synopsis: String
  package var summary: [String]

  package init(_ synopsis: String, _ summary: String...) {
    self.synopsis = synopsis
    self.summary = summary
  }
}

/// The one description of a command: its name, the flags and arguments it takes, its help,
/// its subcommands and what runs it. Parsing (`Flags`, `ArgumentOptions`), dispatch
/// (`dispatch`), `--help` and the shell completions are all made from it, so a name or a flag
/// is declared in one place.
package struct CommandSpec: Sendable {
  /// The words that name it after `basket`: "add", "recipe import".
  package var path: String
  package var aliases: [String]
  /// What it does, in a few words (completion menus).
  package var summary: String
  /// Its lines in `basket --help`'s table; none for a command told with another.
  package var overview: [OverviewEntry]
  package var flags: [FlagSpec]
  /// How many arguments that are not flags it takes.
  package var positional: ClosedRange<Int>
  /// What those arguments are.
  package var argument: ValueKind?
  package var subcommands: [CommandSpec]
  /// Its `--help` text; a subcommand without one shows its parent's.
  package var help: String?
  /// What runs it, given its arguments; for a command with subcommands, what runs when none
  /// is named. Nil for a command that must be given a subcommand, and for `help` and
  /// `completion`, which `CommandLineApp` answers before it reads the environment.
  var run: Commands.Run?

  init(
    _ path: String, aliases: [String] = [], summary: String, overview: [OverviewEntry] = [],
    flags: [FlagSpec] = [], positional: ClosedRange<Int> = 0...0, argument: ValueKind? = nil,
    subcommands: [CommandSpec] = [], help: String? = nil, run: Commands.Run? = nil
  ) {
    self.path = path
    self.aliases = aliases
    self.summary = summary
    self.overview = overview
    self.flags = flags
    self.positional = positional
    self.argument = argument
    self.subcommands = subcommands
    self.help = help
    self.run = run
  }

  /// The last word of its path: "import" for "recipe import".
  package var name: String { String(path.split(separator: " ").last ?? "") }

  /// Its name and aliases.
  package var names: [String] { [name] + aliases }

  /// The flags that take no value.
  package var switches: Set<String> { Set(flags.filter { $0.takes == .nothing }.map(\.name)) }

  /// "list, add, remove": its subcommands' names, for a message.
  package var subcommandNames: String { subcommands.map(\.name).joined(separator: ", ") }

  /// The subcommand called `word` (or by an alias).
  package func subcommand(_ word: String) -> CommandSpec? {
    subcommands.first { $0.names.contains(word) }
  }
}
