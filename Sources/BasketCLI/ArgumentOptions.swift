import BasketKit

/// A command's arguments: words, flags, and options that take a value (`--size 500g` or
/// `--size=500g`), checked against what the command accepts.
struct ArgumentOptions {
  /// The command the arguments are for ("pantry edit"), as refusals name it.
  let command: String
  private(set) var words: [String] = []
  private(set) var flags: Set<String> = []
  private(set) var values: [String: String] = [:]
  /// Every value an option was given, in order, when it is given more than once (or takes
  /// several words).
  private(set) var repeated: [String: [String]] = [:]

  /// Reads `arguments` as `spec` allows: its flags, each taking what its `FlagSpec.takes`
  /// says. The words are left to the command, which says what it needs in its own words.
  init(_ arguments: [String], spec: CommandSpec) throws {
    try self.init(
      arguments, takes: Dictionary(spec.flags.map { ($0.name, $0.takes) }) { first, _ in first },
      command: spec.path)
  }

  private init(_ arguments: [String], takes: [String: FlagSpec.Takes], command: String) throws {
    self.command = command
    var index = 0
    var afterDashes = false
    /// The flag taking the words that follow it, until the next flag.
    var collecting: String?
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if afterDashes || !argument.hasPrefix("--") {
        if let collecting {
          record(collecting, argument)
        } else {
          words.append(argument)
        }
        continue
      }
      collecting = nil
      if argument == "--" {
        afterDashes = true
        continue
      }
      let (name, inline) = Self.split(argument)
      switch (takes[name], inline) {
      case (.nothing?, nil), (.optionalValue?, nil):
        flags.insert(name)
      case (.optionalValue?, let inline?), (.words?, let inline?), (.value?, let inline?):
        record(name, inline)
      case (.words?, nil):
        collecting = name
      case (.value?, nil):
        guard index < arguments.count else {
          throw UsageError(message: "\(name) needs a value")
        }
        record(name, arguments[index])
        index += 1
      case (.nothing?, _?), (nil, _):
        throw UsageError(message: "\(command) doesn't take \(name)")
      }
    }
  }

  private mutating func record(_ option: String, _ value: String) {
    values[option] = value
    repeated[option, default: []].append(value)
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  subscript(_ option: String) -> String? { values[option] }

  /// Every value `option` was given, in order (`--merge 1 --merge 2`, `--skip eggs milk`).
  func all(_ option: String) -> [String] { repeated[option] ?? [] }
}

extension ArgumentOptions {
  /// The words as one name ("Oat drink"); with none, a usage error: the command needs `what`.
  func name(needing what: String) throws -> String {
    guard !words.isEmpty else { throw UsageError(message: "\(command) needs \(what)") }
    return words.joined(separator: " ")
  }

  /// What an edit does to one field: sets it to `option`'s value as `read` reads it, clears it
  /// when the flag `clear` is given, or keeps it when neither is.
  func field<T>(_ option: String, clear: String, _ read: (String) throws -> T) throws
    -> PantryField<T>
  {
    if has(clear) {
      guard self[option] == nil else {
        throw UsageError(message: "\(command) takes \(clear) or a value, not both")
      }
      return .clear
    }
    return try self[option].map { .set(try read($0)) } ?? .keep
  }
}
