import BasketKit
internal import CCurl

/// libcurl, opened on the first fetch rather than linked, so that commands that never fetch
/// don't load it (it brings GnuTLS, Kerberos and LDAP). Thread-safe: opened once.
enum LibCurl {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libcurl.so.4")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_curl, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "fetching recipe pages by their address", library: "libcurl",
      package: "libcurl4", with: basket_curl_load)
  }
}
