extension CommandSpec {
  /// Runs the command with `arguments` (the words after its name). A first word that names a
  /// subcommand (or an alias) runs that subcommand with the rest; no word, or a flag first,
  /// runs the command's own `run`. Any other first word is bad usage, told with the
  /// subcommands there are.
  func dispatch(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
    if !subcommands.isEmpty, let word = arguments.first, !word.hasPrefix("-") {
      guard let subcommand = subcommand(word) else { throw unknownSubcommand(word) }
      return try subcommand.dispatch(Array(arguments.dropFirst()), context)
    }
    guard let run else {
      let names = subcommands.map(\.name)
      let list =
        names.count > 1
        ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        : names.joined()
      throw UsageError(message: "\(path) needs a command: \(list)")
    }
    return try run(arguments, context)
  }

  /// The error for a first word that names no subcommand. NB: a command that runs without one
  /// may have been given an argument it doesn't take ("lists groceries"), so it says it has no
  /// such subcommand and that none is needed; one that can't is told like an unknown command.
  private func unknownSubcommand(_ word: String) -> UsageError {
    UsageError(
      message: run == nil
        ? "unknown \(path) command \"\(word)\" (\(subcommandNames))"
        : "\(path) has no subcommand \"\(word)\" (\(subcommandNames), or no command)")
  }
}
