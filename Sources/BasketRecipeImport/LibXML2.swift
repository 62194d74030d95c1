import BasketKit
internal import CLibXML2

/// libxml2, opened on first use rather than linked, so that commands that never read markup
/// don't load it (it brings ICU). Thread-safe: opened once.
enum LibXML2 {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libxml2.so.2")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_libxml2, MissingLibrary> {
    let table = UnsafeMutablePointer<basket_libxml2>.allocate(capacity: 1)
    defer { table.deallocate() }
    if let failure = basket_libxml2_load(table, soname) {
      return .failure(
        MissingLibrary(
          feature: "reading recipe pages", library: "libxml2", package: "libxml2",
          reason: String(cString: failure)))
    }
    return .success(table.pointee)
  }

  /// The functions, or nil when libxml2 is missing.
  static var functions: basket_libxml2? { try? loaded.get() }
}
