import BasketStore

/// Whether a command may start a new list when there is no store yet. Only the commands that
/// put things on the list do (`add`, the terminal app, `serve`); the others need a list, so a
/// mistyped `--store` path is reported instead of silently becoming an empty store.
enum StoreUse {
  case existing
  /// An existing store, for a command that only reads it (`list`): a current store is read
  /// through one read-only connection (see `SQLiteStore.openForReading`).
  case reading
  case createIfMissing
}

/// There is no store where one was expected; nothing was created. Exit status 1.
struct MissingStore: Error, CustomStringConvertible {
  var location: StoreLocation

  var description: String {
    switch location.source {
    case .flag:
      "there is no list at \(location.path); check the --store path ('basket add' starts a list)"
    case .environment:
      "there is no list at \(location.path); check BASKET_STORE ('basket add' starts a list)"
    case .dataHome, .home:
      "there is no list yet at \(location.path); 'basket add ITEM' starts one"
    }
  }
}

extension StoreLocation.Source {
  /// The platform's data directory rather than a path the user gave.
  var isDefault: Bool { self == .dataHome || self == .home }
}

/// What `read` gets from the store, or `fresh` on a first run: with no store yet at the default
/// place, a command that reads shows what a new store would hold, and creates nothing. A store
/// missing where the user pointed (`--store`, `BASKET_STORE`) is still an error.
func readStore<T>(orFresh fresh: @autoclosure () -> T, _ read: () throws -> T) throws -> T {
  do {
    return try read()
  } catch let missing as MissingStore where missing.location.source.isDefault {
    return fresh()
  }
}
