import BasketWeb

/// The options every command takes (`--store`, `--list`, `--shop`, `--help`, `--version`), read from anywhere on
/// the command line, before or after the command, as `git -C` users expect.
///
/// `--` ends option parsing: it and everything after it go to the command untouched, so
/// `basket add -- --store` adds an item called "--store".
struct GlobalOptions: Equatable {
  var store: String?
  /// The shop things are checked off in for this command, instead of the current one.
  var shop: String?
  /// The list this command reads and changes, instead of the household's first.
  var list: String?
  var help = false
  var version = false
  /// The command, if one was given.
  var command: String?
  /// The command's own arguments, in order.
  var arguments: [String] = []

  /// The options of each command that take the next argument as their value, so a value is
  /// never read as a global option (`basket serve --secret --store…`).
  static let commandValueOptions: [String: Set<String>] = ["serve": ServeOptions.valueOptions]

  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        if command == nil { command = remaining.popFirst() }
        self.arguments += ["--"] + remaining
        return
      }
      if let command, Self.commandValueOptions[command]?.contains(argument) == true {
        self.arguments.append(argument)
        if let value = remaining.popFirst() { self.arguments.append(value) }
        continue
      }
      switch argument {
      case "--store":
        try setStore(remaining.popFirst())
      case _ where argument.hasPrefix("--store="):
        try setStore(String(argument.dropFirst("--store=".count)))
      case "--shop":
        try setShop(remaining.popFirst())
      case _ where argument.hasPrefix("--shop="):
        try setShop(String(argument.dropFirst("--shop=".count)))
      case "--list":
        try setList(remaining.popFirst())
      case _ where argument.hasPrefix("--list="):
        try setList(String(argument.dropFirst("--list=".count)))
      case "--help", "-h":
        help = true
      case "--version":
        version = true
      case _ where command != nil:
        self.arguments.append(argument)
      case _ where argument.hasPrefix("-"):
        throw UsageError(message: "unknown option \(argument)")
      default:
        command = argument
      }
    }
  }

  private mutating func setShop(_ name: String?) throws(UsageError) {
    guard let name, !name.isEmpty else { throw UsageError(message: "--shop needs a shop's name") }
    guard shop == nil else { throw UsageError(message: "--shop is given twice") }
    shop = name
  }

  private mutating func setList(_ name: String?) throws(UsageError) {
    guard let name, !name.isEmpty else { throw UsageError(message: "--list needs a list's name") }
    guard list == nil else { throw UsageError(message: "--list is given twice") }
    list = name
  }

  private mutating func setStore(_ path: String?) throws(UsageError) {
    guard let path, !path.isEmpty else { throw UsageError(message: "--store needs a path") }
    guard store == nil else { throw UsageError(message: "--store is given twice") }
    store = path
  }
}
