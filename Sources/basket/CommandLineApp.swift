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

/// Global option parsing, wiring and dispatch.
enum CommandLineApp {
  static let version = "0.1.0"

  static func main(
    arguments: [String], environment: [String: String], stdoutIsTerminal: Bool,
    stdinIsTerminal: Bool
  ) -> Int32 {
    var arguments = arguments
    var storeFlag: String?
    // Global options come before the command.
    while let first = arguments.first, first.hasPrefix("-") {
      switch first {
      case "--store":
        guard arguments.count >= 2 else { return usage("--store needs a path") }
        storeFlag = arguments[1]
        arguments.removeFirst(2)
        continue
      case _ where first.hasPrefix("--store="):
        storeFlag = String(first.dropFirst("--store=".count))
      case "--help", "-h":
        write(Help.overview, to: STDOUT_FILENO)
        return 0
      case "--version":
        write("basket \(version)\n", to: STDOUT_FILENO)
        return 0
      default:
        return usage("unknown option \(first)")
      }
      arguments.removeFirst()
    }
    if storeFlag?.isEmpty == true { return usage("--store needs a path") }

    let clock: AppClock
    if let pinned = environment["BASKET_NOW"], !pinned.isEmpty {
      guard let date = ISO8601.date(pinned) else {
        return usage("BASKET_NOW must be an ISO 8601 time such as 2026-11-30T10:00:00Z")
      }
      clock = .frozen(at: date)
    } else {
      clock = .system
    }
    let storePath: String
    do {
      storePath = try StoreLocation.resolve(flag: storeFlag, environment: environment).path
    } catch {
      write("basket: \(error)\n", to: STDERR_FILENO)
      return 1
    }
    let context = CommandContext(
      environment: environment, storePath: storePath, clock: clock,
      stdoutIsTerminal: stdoutIsTerminal, stdinIsTerminal: stdinIsTerminal,
      openBasket: { try openBasket(at: storePath, clock: clock) },
      out: { write($0, to: STDOUT_FILENO) }, err: { write($0, to: STDERR_FILENO) })

    let command = arguments.first
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case nil:
        if stdinIsTerminal && stdoutIsTerminal { return try runTUI([], context: context) }
        return try Commands.list([], context: context)
      case "tui": return try runTUI(rest, context: context)
      case "serve": return try runServe(rest, context: context)
      case "help":
        write(Help.text(for: rest.first) ?? Help.overview, to: STDOUT_FILENO)
        return 0
      default:
        guard let run = Commands.table[command!] else {
          return usage("unknown command \"\(command!)\"")
        }
        if rest.contains("--help") || rest.contains("-h") {
          write(Help.text(for: command!) ?? Help.overview, to: STDOUT_FILENO)
          return 0
        }
        return try run(rest, context)
      }
    } catch let error as UsageError {
      return usage(error.message, command: command)
    } catch let error as ListError {
      write("basket: \(error)\n", to: STDERR_FILENO)
      return 1
    } catch let error as StoreError {
      write("basket: \(error)\n", to: STDERR_FILENO)
      return 1
    } catch {
      write("basket: \(error)\n", to: STDERR_FILENO)
      return 1
    }
  }

  /// Opens (creating or recovering) the store and builds the basket over it.
  static func openBasket(at path: String, clock: AppClock) throws -> Basket {
    let (store, report) = try SQLiteStore.open(at: path, now: clock.now)
    if let movedTo = report.movedAsideTo {
      let reason = report.reason.map { " (\($0))" } ?? ""
      write(
        """
        basket: the store at \(path) could not be read\(reason).
        basket: it was moved aside to \(movedTo) and a fresh store started; \
        \(report.salvagedItems) items and \(report.salvagedMemory) remembered names were salvaged.

        """, to: STDERR_FILENO)
    }
    write(droppedQuantityNotice(report.droppedQuantities), to: STDERR_FILENO)
    return Basket(store: store, environment: Wiring.environment(clock: clock))
  }

  /// One line per quantity the store held that Basket can't use (at most five, then a count).
  static func droppedQuantityNotice(_ dropped: [DroppedQuantity]) -> String {
    var lines = dropped.prefix(5).map { drop in
      "basket: dropped the quantity \"\(drop.stored)\" from \(drop.itemName): the store held an amount Basket can't use\n"
    }
    if dropped.count > 5 {
      lines.append("basket: and from \(dropped.count - 5) more items\n")
    }
    return lines.joined()
  }

  static func usage(_ message: String, command: String? = nil) -> Int32 {
    let help = command.map { "basket \($0) --help" } ?? "basket --help"
    write("basket: \(message)\nTry '\(help)' for more.\n", to: STDERR_FILENO)
    return 2
  }

  /// Writes all of `text` to a file descriptor, retrying short writes.
  static func write(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(fd, buffer.baseAddress, buffer.count)
        #else
          Darwin.write(fd, buffer.baseAddress, buffer.count)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
