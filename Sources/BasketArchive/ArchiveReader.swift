import BasketKit
internal import CArchive

#if canImport(Glibc)
  import Glibc
#endif

/// One entry of an archive, as its header describes it (nothing of its data is read yet).
public struct ArchiveEntry: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case file
    case folder
    case symbolicLink
    /// A hard link, device, FIFO or socket.
    case other
  }

  /// Its path in the archive, as written ("Recipes/Soup/recipe.json", "../evil.json").
  public var path: String
  public var kind: Kind
  /// The size its header declares once unpacked; nil when the header doesn't say.
  public var declaredSize: Int64?
  public var encrypted: Bool
}

/// Reads a zip or tar archive (either may be gzipped) from a file, one entry at a time, with
/// every entry's data held to a limit: memory is bounded by the largest entry read, never by
/// the archive. Not thread-safe: one reader, one thread.
///
/// NB: only the gzip filter and the zip, tar and (for `Gzip`) raw formats are enabled; none of
/// them runs an outside program.
public final class ArchiveReader {
  private let opened: LibArchive.Library
  private var library: basket_archive { opened.functions }
  private let archive: OpaquePointer
  /// The archive's size on disk, for `progress`.
  public let size: Int64

  /// Opens the archive at `path`.
  ///
  /// - Throws: `MissingLibrary` without libarchive; `ArchiveError.notAnArchive` when the file
  ///   is neither zip nor tar (checked by reading its first header).
  public init(path: String, size: Int64) throws {
    opened = try LibArchive.open()
    guard let archive = opened.functions.archive_read_new() else {
      throw ArchiveError.damaged("libarchive could not start a reader")
    }
    self.archive = archive
    self.size = size
    _ = library.archive_read_support_filter_gzip(archive)
    _ = library.archive_read_support_format_zip(archive)
    _ = library.archive_read_support_format_tar(archive)
    guard library.archive_read_open_filename(archive, path, 1 << 16) == ARCHIVE_OK else {
      // NB: every property is set, so deinit frees the reader.
      throw ArchiveError.notAnArchive(LibArchive.message(library, archive))
    }
  }

  deinit {
    _ = library.archive_read_free(archive)
  }

  /// How far through the archive's bytes reading has come, from 0 to 1.
  public var progress: Double {
    guard size > 0 else { return 1 }
    return min(1, Double(library.archive_filter_bytes(archive, -1)) / Double(size))
  }

  /// The next entry's header, or nil at the end.
  ///
  /// - Throws: `ArchiveError.notAnArchive` when the first header can't be read,
  ///   `.damaged` for a later one.
  public func next() throws -> ArchiveEntry? {
    var entry: OpaquePointer?
    let status = library.archive_read_next_header(archive, &entry)
    if status == ARCHIVE_EOF { return nil }
    guard status >= ARCHIVE_WARN, let entry else {
      let why = LibArchive.message(library, archive)
      throw library.archive_format(archive) == 0
        ? ArchiveError.notAnArchive(why) : ArchiveError.damaged(why)
    }
    let path =
      library.archive_entry_pathname_utf8(entry).map { String(cString: $0) }
      ?? library.archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
    let kind: ArchiveEntry.Kind =
      switch library.archive_entry_filetype(entry) {
      case FileType.regular: .file
      case FileType.folder: .folder
      case FileType.symbolicLink: .symbolicLink
      default: .other
      }
    let declared =
      library.archive_entry_size_is_set(entry) != 0 ? library.archive_entry_size(entry) : nil
    return ArchiveEntry(
      path: path, kind: kind, declaredSize: declared,
      encrypted: library.archive_entry_is_encrypted(entry) > 0)
  }

  /// The current entry's data, at most `limit` bytes.
  ///
  /// - Throws: `ArchiveError.tooLarge` as soon as it holds more (the rest is never unpacked),
  ///   `.damaged` when it can't be unpacked (a broken stream, a bad checksum, encryption).
  public func read(limit: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try readChunk(into: &chunk)
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw ArchiveError.tooLarge(limit: limit) }
      bytes += chunk[..<count]
    }
  }

  /// The next piece of the current entry's data into `chunk`: how many bytes, 0 at its end.
  func readChunk(into chunk: inout [UInt8]) throws -> Int {
    let count = chunk.withUnsafeMutableBytes { buffer in
      library.archive_read_data(archive, buffer.baseAddress, buffer.count)
    }
    guard count >= 0 else { throw ArchiveError.damaged(LibArchive.message(library, archive)) }
    return count
  }
}

extension ArchiveReader {
  /// Writes the current entry's data to the open file `descriptor`, at most `limit` bytes,
  /// 64 KiB at a time (a store of any size costs no more memory than that). Returns how
  /// many bytes were written.
  ///
  /// - Throws: `ArchiveError.tooLarge` past `limit`, `.damaged` when the data can't be
  ///   unpacked, `.cannotWrite` when the file can't take it (a full disk).
  public func copy(to descriptor: Int32, limit: Int64) throws -> Int64 {
    var total: Int64 = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try readChunk(into: &chunk)
      if count == 0 { return total }
      total += Int64(count)
      guard total <= limit else { throw ArchiveError.tooLarge(limit: Int(clamping: limit)) }
      var offset = 0
      while offset < count {
        let written = chunk.withUnsafeBytes { buffer in
          write(descriptor, buffer.baseAddress! + offset, count - offset)
        }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          throw ArchiveError.cannotWrite(String(cString: strerror(errno)))
        }
        offset += written
      }
    }
  }
}

/// One gzip stream (a `.paprikarecipe`, a `.gz` file) unpacked in memory.
public enum Gzip {
  /// Whether `bytes` open as gzip does (1f 8b).
  public static func isGzip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }

  /// The data `bytes` hold, at most `limit` bytes of it.
  ///
  /// - Throws: `ArchiveError.damaged` for a stream that isn't gzip or is cut short or
  ///   corrupt; `.tooLarge` past `limit` (the rest is never unpacked).
  public static func inflate(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
    let opened = try LibArchive.open()
    let library = opened.functions
    // NB: the library stays open until the reader is freed.
    defer { withExtendedLifetime(opened) {} }
    guard isGzip(bytes) else { throw ArchiveError.damaged("it is not gzip data") }
    guard let archive = library.archive_read_new() else {
      throw ArchiveError.damaged("libarchive could not start a reader")
    }
    defer { _ = library.archive_read_free(archive) }
    _ = library.archive_read_support_filter_gzip(archive)
    _ = library.archive_read_support_format_raw(archive)
    // NB: libarchive reads the buffer until the archive is freed, so it gets a copy of its own.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
    defer { buffer.deallocate() }
    buffer.copyBytes(from: bytes)
    guard library.archive_read_open_memory(archive, buffer.baseAddress, buffer.count) == ARCHIVE_OK
    else { throw ArchiveError.damaged(LibArchive.message(library, archive)) }
    var entry: OpaquePointer?
    guard library.archive_read_next_header(archive, &entry) >= ARCHIVE_WARN else {
      throw ArchiveError.damaged(LibArchive.message(library, archive))
    }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { target in
        library.archive_read_data(archive, target.baseAddress, target.count)
      }
      if count == 0 { return out }
      guard count > 0 else { throw ArchiveError.damaged(LibArchive.message(library, archive)) }
      guard out.count + count <= limit else { throw ArchiveError.tooLarge(limit: limit) }
      out += chunk[..<count]
    }
  }
}

/// libarchive's file types (`AE_IFREG`…), which are casts in its header and so not imported.
enum FileType {
  static let regular: UInt32 = 0o100000
  static let folder: UInt32 = 0o040000
  static let symbolicLink: UInt32 = 0o120000
}
