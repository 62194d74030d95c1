// The `basket` executable: reads the process's effects (arguments, environment, terminal,
// clock), wires the store and the core together, and dispatches to a command.

import BasketKit
import BasketStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let environment = ProcessInfo.processInfo.environment
let status = CommandLineApp.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: environment,
  stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
  stdinIsTerminal: isatty(STDIN_FILENO) == 1)
exit(status)
