import BasketKit
internal import CLibXML2

/// libxml2, opened on first use rather than linked, so that commands that never read markup
/// don't load it (it brings ICU). Thread-safe: opened once.
enum LibXML2 {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libxml2.so.2")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_libxml2, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "reading recipe pages", library: "libxml2", package: "libxml2",
      with: basket_libxml2_load)
  }

  /// The functions, or nil when libxml2 is missing.
  static var functions: basket_libxml2? { try? loaded.get() }
}
