import BasketKit

/// Where the store file lives, and which setting chose it.
public struct StoreLocation: Equatable, Sendable {
  public enum Source: Equatable, Sendable {
    /// The `--store` flag.
    case flag
    /// The `BASKET_STORE` environment variable.
    case environment
    /// `$XDG_DATA_HOME/basket/`.
    case dataHome
    /// `$HOME/.local/share/basket/`.
    case home
  }

  public var path: String
  public var source: Source

  public init(path: String, source: Source) {
    self.path = path
    self.source = source
  }

  static let fileName = "basket.sqlite"

  /// Picks the store path: `flag` (the `--store` value) wins, then `BASKET_STORE`, then
  /// `$XDG_DATA_HOME/basket/basket.sqlite`, then `$HOME/.local/share/basket/basket.sqlite`.
  ///
  /// Nothing is created here; opening the store creates the directories.
  public static func resolve(flag: String?, configuration: BasketConfiguration) throws
    -> StoreLocation
  {
    if let flag {
      guard !flag.isEmpty else {
        throw StoreError.cannotOpen(path: flag, reason: "the --store path is empty")
      }
      return StoreLocation(path: flag, source: .flag)
    }
    if let path = configuration.storePath {
      return StoreLocation(path: path, source: .environment)
    }
    if let dataHome = configuration.dataHome {
      return StoreLocation(path: join(dataHome, "basket", fileName), source: .dataHome)
    }
    if let home = configuration.home {
      return StoreLocation(
        path: join(home, ".local/share/basket", fileName), source: .home)
    }
    throw StoreError.cannotOpen(
      path: "~/.local/share/basket/\(fileName)",
      reason: "HOME is not set; pass --store PATH or set BASKET_STORE")
  }

  private static func join(_ parts: String...) -> String {
    var path = ""
    for part in parts {
      if path.isEmpty || path.hasSuffix("/") {
        path += part
      } else {
        path += "/" + part
      }
    }
    return path
  }
}
