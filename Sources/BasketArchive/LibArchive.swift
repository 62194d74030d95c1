import BasketKit
internal import CArchive

/// libarchive, opened on the first archive read or written rather than linked, so that the
/// commands that never touch one (`list`, `add`, `check`) don't load it. Thread-safe: opened
/// once; each archive is used by one thread.
public enum LibArchive {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libarchive.so.13")

  /// Opens the library by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_archive, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "reading and writing archives", library: "libarchive",
      package: "libarchive13", with: basket_archive_load)
  }

  /// Opens the library now, so a command can say at once that it is missing.
  public static func require() throws(MissingLibrary) {
    _ = try loaded.get()
  }

  static func functions() throws -> basket_archive {
    try loaded.get()
  }

  /// libarchive's own words for the last failure on `archive`.
  static func message(_ library: basket_archive, _ archive: OpaquePointer?) -> String {
    guard let archive, let text = library.archive_error_string(archive) else {
      return "unknown error"
    }
    return String(cString: text)
  }
}

/// Why an archive could not be read or written, worded for the household.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not an archive Basket reads (zip, tar, or either with gzip).
  case notAnArchive(String)
  /// The archive is damaged, or an entry in it could not be read; libarchive's words.
  case damaged(String)
  /// An entry inflates past the limit it is held to.
  case tooLarge(limit: Int)
  /// The file could not be made or written.
  case cannotWrite(String)

  public var description: String {
    switch self {
    case .notAnArchive(let why): "it is not a zip or tar archive (\(why))"
    case .damaged(let why): "it is damaged (\(why))"
    case .tooLarge(let limit): "it unpacks to more than \(RecipeLimitError.size(limit))"
    case .cannotWrite(let why): why
    }
  }
}
