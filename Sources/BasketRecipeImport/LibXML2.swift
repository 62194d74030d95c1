import BasketKit
internal import CLibXML2

/// libxml2, opened on first use rather than linked, so that commands that never read markup
/// don't load it (it brings ICU). Thread-safe: opened once.
enum LibXML2 {
  /// The functions, or why libxml2 could not be opened.
  static let loaded: Result<basket_libxml2, MissingLibrary> = {
    let table = UnsafeMutablePointer<basket_libxml2>.allocate(capacity: 1)
    defer { table.deallocate() }
    if let failure = basket_libxml2_load(table) {
      return .failure(
        MissingLibrary(
          feature: "reading recipe pages", library: "libxml2", package: "libxml2",
          reason: String(cString: failure)))
    }
    return .success(table.pointee)
  }()

  /// The functions, or nil when libxml2 is missing.
  static var functions: basket_libxml2? { try? loaded.get() }
}
