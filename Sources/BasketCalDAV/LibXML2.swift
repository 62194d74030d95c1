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
      soname, feature: "CalDAV", library: "libxml2", package: "libxml2", with: basket_libxml2_load)
  }

  /// The functions, or nil when libxml2 is missing.
  static var functions: basket_libxml2? { try? loaded.get() }
}

/// libxml2's functions. NB: only after `CalDAVLibraries.require()` succeeded (the faces check
/// it before any CalDAV request); without libxml2 this stops the program.
var xml: basket_libxml2 {
  switch LibXML2.loaded {
  case .success(let functions): functions
  case .failure(let missing): fatalError(missing.description)
  }
}
