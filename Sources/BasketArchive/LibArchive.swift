import BasketKit
internal import CArchive

/// libarchive, opened for each archive read or written rather than linked, and closed when
/// that archive is done: the commands that never touch one (`list`, `add`, `check`) don't
/// load it, and a server that packs a snapshot a day doesn't keep it (with the libxml2 and ICU
/// it brings, 1.7 MiB resident) mapped the rest of the day. Thread-safe: each archive holds
/// its own `Library`; the dynamic loader maps the library once while any is open.
public enum LibArchive {
  /// libarchive's functions, open as long as this lives.
  final class Library: Sendable {
    let functions: basket_archive

    init(_ functions: basket_archive) {
      self.functions = functions
    }

    deinit {
      var table = functions
      basket_archive_close(&table)
    }
  }

  /// The library opened now, or why it could not be.
  static var loaded: Result<Library, MissingLibrary> { load("libarchive.so.13") }

  /// Opens the library by its file name.
  static func load(_ soname: String) -> Result<Library, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "reading and writing archives", library: "libarchive",
      package: "libarchive13", with: basket_archive_load
    ).map(Library.init)
  }

  /// Opens the library now (and closes it), so a command can say at once that it is missing.
  public static func require() throws(MissingLibrary) {
    _ = try loaded.get()
  }

  /// The library, open until the value returned goes.
  static func open() throws -> Library {
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
