/// A system library that an adapter opens on first use is not on this machine. Reads as one
/// sentence naming what needs it and the Debian package that brings it: "reading recipe pages
/// needs libxml2: apt-get install libxml2".
public struct MissingLibrary: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the library is for, as the user asked for it ("reading recipe pages").
  public var feature: String
  /// The library's name ("libxml2").
  public var library: String
  /// The Debian package that installs it ("libxml2").
  public var package: String
  /// What the dynamic loader said (a missing file, or the function it could not find).
  public var reason: String

  public init(feature: String, library: String, package: String, reason: String) {
    self.feature = feature
    self.library = library
    self.package = package
    self.reason = reason
  }

  public var description: String {
    "\(feature) needs \(library): apt-get install \(package)"
  }
}

extension MissingLibrary {
  /// Opens a system library through its adapter's C loader, as every adapter does on first
  /// use: `load` fills a table of the library's functions and answers NULL, or what failed
  /// (the loader's message, or the missing function's name), which becomes the reason.
  public static func open<Table>(
    _ soname: String, feature: String, library: String, package: String,
    with load: (UnsafeMutablePointer<Table>, UnsafePointer<CChar>) -> UnsafePointer<CChar>?
  ) -> Result<Table, MissingLibrary> {
    let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
    defer { table.deallocate() }
    guard let failure = soname.withCString({ load(table, $0) }) else {
      return .success(table.pointee)
    }
    return .failure(
      MissingLibrary(
        feature: feature, library: library, package: package, reason: String(cString: failure)))
  }
}
