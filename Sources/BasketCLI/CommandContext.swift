import BasketKit
import BasketStore

/// What every command gets from the wiring in CommandLineApp: settings, the store, output.
struct CommandContext {
  /// The settings from the environment (read once, in CommandLineApp).
  var configuration: BasketConfiguration
  /// Where the store is (from --store, BASKET_STORE or the XDG default).
  var store: StoreLocation
  /// The clock: the system clock, or pinned by BASKET_NOW.
  var clock: AppClock
  /// Whether standard output is a terminal (colour and emoji allowed unless NO_COLOR).
  var stdoutIsTerminal: Bool
  /// Whether standard input is a terminal.
  var stdinIsTerminal: Bool
  /// Opens the store (recovery notices go to stderr) and builds a `Basket` over it. Throws
  /// `StoreError` when the store can't be used, `MissingStore` when there is none and the
  /// command may not start one.
  var openBasket: (StoreUse) throws -> Basket
  /// Opens the store like `openBasket` and builds the recipe library over it.
  var openRecipeBook: (StoreUse) throws -> RecipeBook
  /// Opens the store like `openBasket` and builds the household's shops over it.
  var openShopBook: (StoreUse) throws -> ShopBook
  /// The shop `--shop` named for this command, if any.
  var shop: String?
  /// The list `--list` (or `BASKET_LIST`) named for this command, if any.
  var list: String?
  /// Reads all of standard input.
  var readInput: () -> [UInt8]
  var out: (String) -> Void
  var err: (String) -> Void
}

extension CommandContext {
  /// A command's answer about the one thing it read or changed: `value` as JSON when `json`
  /// (`--json` was given), else `text`. The exit status, 0.
  func answer<Value: Encodable>(_ value: Value, json: Bool, text: @autoclosure () -> String)
    throws -> Int32
  {
    if json {
      out(try JSONText.encode(value) + "\n")
    } else {
      out(text())
    }
    return 0
  }
}
