import BasketKit
internal import CMicroHTTPD

/// libmicrohttpd, opened when a server starts rather than linked, so that commands that never
/// serve don't load it (it brings GnuTLS and eight more libraries). Thread-safe: opened once.
enum LibMicroHTTPD {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libmicrohttpd.so.12")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_mhd, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "basket serve", library: "libmicrohttpd", package: "libmicrohttpd12",
      with: basket_mhd_load)
  }
}

/// libmicrohttpd's functions. NB: only once `WebServer.start()` found the library (every
/// call is on a started server); without it this stops the program.
var mhd: basket_mhd {
  switch LibMicroHTTPD.loaded {
  case .success(let functions): functions
  case .failure(let missing): fatalError(missing.description)
  }
}
