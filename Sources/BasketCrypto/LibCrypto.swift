import BasketKit
internal import CCrypto

/// libcrypto, opened on the first signature, digest, comparison or random draw rather than
/// linked, so that commands that use none (`list`, `add`, `check`) don't load it. Thread-safe:
/// opened once.
public enum LibCrypto {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libcrypto.so.3")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_crypto, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "signing and checking secrets", library: "libcrypto",
      package: "libssl3", with: basket_crypto_load)
  }

  /// Opens the library now, so a server can refuse to start without it rather than turn every
  /// household member away later.
  public static func require() throws(MissingLibrary) {
    _ = try loaded.get()
  }

  /// The functions, or nil when the library is missing (each caller then answers "no").
  static var functions: basket_crypto? { try? loaded.get() }
}
