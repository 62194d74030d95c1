// The `basket` executable, its only file: reads the process's effects (arguments, environment,
// terminal) and hands them to BasketCLI, which wires the store and the core together and
// dispatches to a command.

import BasketCLI
import BasketKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: only the variables the configuration reads, each through getenv: building the whole
// environment into a dictionary was 5 % of a `basket list`.
var environment: [String: String] = [:]
for name in BasketConfiguration.variables {
  if let value = getenv(name) { environment[name] = String(cString: value) }
}
let status = CommandLineApp.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: environment,
  stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
  stdinIsTerminal: isatty(STDIN_FILENO) == 1)
exit(status)
