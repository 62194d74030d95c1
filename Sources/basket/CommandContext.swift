import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What every command gets from the wiring in main.swift: the environment, the store, output.
struct CommandContext {
  /// The process environment (read once, in main.swift).
  var environment: [String: String]
  /// The resolved store path (from --store, BASKET_STORE or the XDG default).
  var storePath: String
  /// The clock: the system clock, or pinned by BASKET_NOW.
  var clock: AppClock
  /// Whether standard output is a terminal (colour and emoji allowed unless NO_COLOR).
  var stdoutIsTerminal: Bool
  /// Whether standard input is a terminal.
  var stdinIsTerminal: Bool
  /// Opens the store (creating or recovering it; recovery notices go to stderr) and builds a
  /// `Basket` over it. Throws `StoreError` when the store can't be used.
  var openBasket: () throws -> Basket
  var out: (String) -> Void
  var err: (String) -> Void
}

/// Bad usage: printed with a hint to try --help; exit status 2.
struct UsageError: Error {
  var message: String
}
