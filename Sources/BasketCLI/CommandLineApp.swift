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
package enum CommandLineApp {
  static let version = "0.1.0"

  package static func main(
    arguments: [String], environment: [String: String], stdoutIsTerminal: Bool,
    stdinIsTerminal: Bool
  ) -> Int32 {
    let options: GlobalOptions
    do {
      options = try GlobalOptions(parsing: arguments)
    } catch {
      return usage(error.message)
    }
    let command = options.command
    let spec = command.flatMap(Spec.command)
    if let command, spec == nil {
      return usage("unknown command \"\(command)\"")
    }
    if options.version {
      write("basket \(version)\n", to: STDOUT_FILENO)
      return 0
    }
    if options.help || command == "help" {
      var topic = command == "help" ? options.arguments.first : command
      let rest = command == "help" ? Array(options.arguments.dropFirst()) : options.arguments
      if let command = topic, let subcommand = rest.first, !subcommand.hasPrefix("-") {
        topic = "\(command) \(subcommand)"
      }
      write(Help.text(for: topic) ?? Help.overview, to: STDOUT_FILENO)
      return 0
    }
    if command == "completion" {
      do {
        write(try Completion.script(options.arguments), to: STDOUT_FILENO)
        return 0
      } catch {
        return usage(error.message, command: command)
      }
    }

    let configuration: BasketConfiguration
    do {
      configuration = try BasketConfiguration(environment: environment)
    } catch {
      return usage(error.message)
    }
    let clock = configuration.pinnedNow.map(AppClock.frozen(at:)) ?? .system
    let store: StoreLocation
    do {
      store = try StoreLocation.resolve(flag: options.store, configuration: configuration)
    } catch {
      write("basket: \(error)\n", to: STDERR_FILENO)
      return 1
    }
    let list = options.list ?? configuration.listName
    /// The store opened for `use`, with the list over it.
    let opened = { (use: StoreUse) throws -> (SQLiteStore, Basket) in
      let sqlite = try openStore(
        at: store, clock: clock, use: use, shop: options.shop, list: list)
      let environment = Wiring.environment(clock: clock, region: configuration.region)
      return (sqlite, Basket(store: sqlite, environment: environment))
    }
    let context = CommandContext(
      configuration: configuration, store: store, clock: clock,
      stdoutIsTerminal: stdoutIsTerminal, stdinIsTerminal: stdinIsTerminal,
      openBasket: {
        try openBasket(
          at: store, clock: clock, use: $0, shop: options.shop, list: list,
          region: configuration.region)
      },
      openRecipeBook: { use in
        let (sqlite, basket) = try opened(use)
        return RecipeBook(store: sqlite, basket: basket)
      },
      openShopBook: { use in
        let (sqlite, basket) = try opened(use)
        return ShopBook(store: sqlite, basket: basket)
      },
      shop: options.shop, list: list,
      readInput: { readAll(STDIN_FILENO) },
      out: { write($0, to: STDOUT_FILENO) }, err: { write($0, to: STDERR_FILENO) })

    let rest = options.arguments
    do {
      guard let spec else {
        if stdinIsTerminal && stdoutIsTerminal { return try runTUI(rest, context: context) }
        return try Commands.list(rest, context: context)
      }
      return try spec.dispatch(rest, context)
    } catch let error as UsageError {
      return usage(error.message, command: command)
    } catch {
      write("basket: \(error)\n", to: STDERR_FILENO)
      return 1
    }
  }

  /// Every command name, aliases included. NB: a start looks its command up with
  /// `Spec.command`, which makes no more specs than it needs; this makes them all.
  static var knownCommands: Set<String> { Set(Spec.all.flatMap(\.names)) }

  /// Opens the store and builds the basket over it. A store that does not exist yet is
  /// started (and the user told where) only when `use` allows it; otherwise nothing is
  /// created, not even its directory.
  static func openBasket(
    at location: StoreLocation, clock: AppClock, use: StoreUse, shop: String? = nil,
    list: String? = nil, region: ShopRegion = .us
  ) throws -> Basket {
    Basket(
      store: try openStore(at: location, clock: clock, use: use, shop: shop, list: list),
      environment: Wiring.environment(clock: clock, region: region))
  }

  /// Opens the store as `openBasket` does (recovery notices on stderr); with `shop`, things
  /// checked off through it are checked off in that shop (`--shop`); with `list`, the list
  /// read and changed is that one (`--list`, `BASKET_LIST`).
  static func openStore(
    at location: StoreLocation, clock: AppClock, use: StoreUse, shop: String? = nil,
    list: String? = nil
  ) throws -> SQLiteStore {
    let path = location.path
    let isNew = isAbsentOrEmpty(path)
    if isNew, use != .createIfMissing { throw MissingStore(location: location) }
    if SQLiteStore.isReadOnly(at: path) {
      // NB: read as it is: reading commands work, and a change says the store is read-only.
      let store = try SQLiteStore.openReadOnly(at: path)
      if let shop { store.checkOffIn(try ShopRules.find(shop, in: store.shops()).id) }
      if let list { try useList(list, in: store) }
      return store
    }
    let (store, report) =
      use == .reading
      ? try SQLiteStore.openForReading(at: path, now: clock.now)
      : try SQLiteStore.open(at: path, now: clock.now)
    if isNew { write("Started a new list at \(path)\n", to: STDERR_FILENO) }
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
    if let shop { store.checkOffIn(try ShopRules.find(shop, in: store.shops()).id) }
    if let list { try useList(list, in: store) }
    return store
  }

  /// Points `store` at the live list `name` names for this process.
  private static func useList(_ name: String, in store: SQLiteStore) throws {
    do {
      store.useList(try ListsRules.live(name, in: try store.lists()).id)
    } catch let error as ListsError {
      throw InputError(message: error.description)
    }
  }

  /// Whether there is no store at `path` yet: nothing there, or an empty file.
  private static func isAbsentOrEmpty(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR }
    return info.st_mode & S_IFMT == S_IFREG && info.st_size == 0
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

  /// Reads a file descriptor to its end (stopping past `RecipeFiles.maximumBytes`).
  static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= RecipeFiles.maximumBytes {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    return bytes
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
