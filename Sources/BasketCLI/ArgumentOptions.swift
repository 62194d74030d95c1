/// A command's arguments: words, flags, and options that take a value (`--size 500g` or
/// `--size=500g`), checked against what the command accepts.
struct ArgumentOptions {
  private(set) var words: [String] = []
  private(set) var flags: Set<String> = []
  private(set) var values: [String: String] = [:]
  /// Every value an option was given, in order, when it is given more than once.
  private(set) var repeated: [String: [String]] = [:]

  /// Reads `arguments` as `spec` allows: its flags, with a value or without. The words are
  /// left to the command, which says what it needs in its own words.
  init(_ arguments: [String], spec: CommandSpec) throws {
    try self.init(
      arguments, flags: spec.switches, values: spec.valueFlags, command: spec.path)
  }

  private init(
    _ arguments: [String], flags allowedFlags: Set<String>, values allowedValues: Set<String>,
    command: String
  ) throws {
    var index = 0
    var afterDashes = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if afterDashes || !argument.hasPrefix("--") {
        words.append(argument)
        continue
      }
      if argument == "--" {
        afterDashes = true
        continue
      }
      let (name, inline) = Self.split(argument)
      if allowedFlags.contains(name), inline == nil {
        flags.insert(name)
      } else if allowedValues.contains(name) {
        if let inline {
          values[name] = inline
        } else {
          guard index < arguments.count else {
            throw UsageError(message: "\(name) needs a value")
          }
          values[name] = arguments[index]
          index += 1
        }
        repeated[name, default: []].append(values[name]!)
      } else {
        throw UsageError(message: "\(command) doesn't take \(name)")
      }
    }
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  subscript(_ option: String) -> String? { values[option] }

  /// Every value `option` was given, in order (`--merge 1 --merge 2`).
  func all(_ option: String) -> [String] { repeated[option] ?? [] }
}
