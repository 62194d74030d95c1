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
