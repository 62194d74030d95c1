#if canImport(Glibc)
  import Glibc
#endif

/// Makes Debian's civetweb (built for OpenSSL 1.1) work with OpenSSL 3.
///
/// civetweb finds OpenSSL with `dlopen("libssl.so")` and fails when one of its 1.1 function
/// names is missing. `libBasketTLSCompat.so` (the `BasketTLSCompat` product, beside the `basket`
/// binary) carries the soname `libssl.so` and supplies that name, so loading it first makes
/// civetweb's look-ups succeed. See `Sources/BasketTLSCompat/shim.c`.
enum OpenSSLCompat {
  static let libraryName = "libBasketTLSCompat.so"

  /// Loads the compatibility library from beside the binary, before civetweb looks for
  /// OpenSSL. Returns nil on success, or why TLS can't work.
  ///
  /// NB: Don't probe libssl with `dlopen("libssl.so")` first: glibc would then answer
  /// civetweb's own `dlopen("libssl.so")` with the real library, and the shim would be bypassed.
  static func prepare(executablePath: String? = currentExecutablePath()) -> String? {
    guard let executablePath, let slash = executablePath.lastIndex(of: "/") else {
      return "cannot find the basket binary's folder to load \(libraryName)"
    }
    let path = executablePath[..<slash] + "/" + libraryName
    guard dlopen(path, RTLD_NOW | RTLD_GLOBAL) != nil else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
      return
        "HTTPS needs \(libraryName) beside the basket binary (\(reason)); build it with 'swift build -c release --product BasketTLSCompat'"
    }
    return nil
  }

  /// The running binary's path, from /proc/self/exe.
  static func currentExecutablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
