/// A command's flags and positional arguments, checked against what the command accepts.
struct Flags {
  private(set) var flags: Set<String> = []
  private(set) var positional: [String] = []

  /// Reads `arguments` as `spec` allows: its flags (none of which takes a value) and its
  /// count of positional arguments.
  init(_ arguments: [String], spec: CommandSpec) throws {
    try self.init(
      arguments, allowed: spec.switches, positional: spec.positional, command: spec.path)
  }

  private init(
    _ arguments: [String], allowed: Set<String>, positional range: ClosedRange<Int>, command: String
  )
    throws
  {
    var afterDashes = false
    for argument in arguments {
      if !afterDashes, argument == "--" {
        afterDashes = true
      } else if !afterDashes, argument.hasPrefix("--") {
        guard allowed.contains(argument) else {
          throw UsageError(message: "\(command) doesn't take \(argument)")
        }
        flags.insert(argument)
      } else {
        positional.append(argument)
      }
    }
    guard range.contains(positional.count) else {
      let need =
        range.lowerBound == range.upperBound
        ? (range.lowerBound == 0 ? "no arguments" : "\(range.lowerBound) arguments")
        : "at least \(range.lowerBound) argument\(range.lowerBound == 1 ? "" : "s")"
      let over = positional.count > range.upperBound
      throw UsageError(
        message: over
          ? "\(command) takes \(range.upperBound == 0 ? "no arguments" : "at most \(range.upperBound) arguments")"
          : "\(command) needs \(need)")
    }
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }
}
