import BasketKit
internal import CICal

/// libical, opened on first use rather than linked, so that commands that never speak CalDAV
/// don't load it. Thread-safe: opened once.
enum LibICal {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libical.so.3")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_libical, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "CalDAV", library: "libical", package: "libical3", with: basket_libical_load)
  }
}

/// libical's functions. NB: only after `CalDAVLibraries.require()` succeeded (the faces check
/// it before any CalDAV request); without libical this stops the program.
var ical: basket_libical {
  switch LibICal.loaded {
  case .success(let functions): functions
  case .failure(let missing): fatalError(missing.description)
  }
}

/// The system libraries CalDAV opens on first use: libical for tasks, libxml2 for WebDAV.
public enum CalDAVLibraries {
  /// Opens both (once); throws the first that is missing. Call before any other CalDAV work.
  public static func require() throws(MissingLibrary) {
    _ = try LibICal.loaded.get()
    _ = try LibXML2.loaded.get()
  }
}
