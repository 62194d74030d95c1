import BasketKit
internal import CArchive

#if canImport(Glibc)
  import Glibc
#endif

/// Writes an archive file: a tar gzipped (backups: one file that any `tar` opens, keeping each
/// file's owner-only mode) or a zip (exports, which every system opens). The file is made
/// 0600, never over one that exists. Not thread-safe: one writer, one thread.
public final class ArchiveWriter {
  public enum Format: Sendable {
    case tarGzip
    case zip
  }

  private let opened: LibArchive.Library
  private var library: basket_archive { opened.functions }
  private let archive: OpaquePointer
  private var closed = false
  public let path: String

  /// Starts the archive at `path`.
  ///
  /// - Throws: `MissingLibrary` without libarchive; `ArchiveError.cannotWrite` when something
  ///   is at `path` already or the file can't be made.
  public init(path: String, format: Format) throws {
    opened = try LibArchive.open()
    self.path = path
    // NB: made here, owner-only and exclusive, so libarchive only ever opens our own file.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw ArchiveError.cannotWrite(
        "cannot make \(path): \(String(cString: strerror(errno)))")
    }
    _ = Glibc.close(descriptor)
    guard let archive = opened.functions.archive_write_new() else {
      throw ArchiveError.cannotWrite("libarchive could not start a writer")
    }
    self.archive = archive
    switch format {
    case .tarGzip:
      _ = library.archive_write_set_format_pax_restricted(archive)
      _ = library.archive_write_add_filter_gzip(archive)
    case .zip:
      _ = library.archive_write_set_format_zip(archive)
    }
    guard library.archive_write_open_filename(archive, path) == ARCHIVE_OK else {
      // NB: every property is set, so deinit frees the writer.
      closed = true
      throw ArchiveError.cannotWrite(
        "cannot write \(path): \(LibArchive.message(library, archive))")
    }
  }

  deinit {
    if !closed { _ = library.archive_write_close(archive) }
    _ = library.archive_write_free(archive)
  }

  /// Adds a file named `name` holding `bytes`, with `mode` (0600 for anything private).
  public func add(_ name: String, _ bytes: [UInt8], mode: UInt32 = 0o600, modified: Int64 = 0)
    throws
  {
    try begin(name, size: Int64(bytes.count), mode: mode, modified: modified)
    try writeData(bytes[...])
    guard library.archive_write_finish_entry(archive) >= ARCHIVE_WARN else { throw failure() }
  }

  /// Adds a file named `name` holding what the file at `path` holds, read 64 KiB at a time
  /// (a store of any size costs no more memory than that).
  public func add(
    _ name: String, contentsOf path: String, mode: UInt32 = 0o600, modified: Int64 = 0
  )
    throws
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ArchiveError.cannotWrite("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { _ = Glibc.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw ArchiveError.cannotWrite("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    try begin(name, size: Int64(info.st_size), mode: mode, modified: modified)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var left = Int64(info.st_size)
    while left > 0 {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw ArchiveError.cannotWrite("\(path) changed while it was archived")
      }
      try writeData(chunk[..<min(count, Int(clamping: left))])
      left -= Int64(count)
    }
    guard library.archive_write_finish_entry(archive) >= ARCHIVE_WARN else { throw failure() }
  }

  private func begin(_ name: String, size: Int64, mode: UInt32, modified: Int64) throws {
    guard let entry = library.archive_entry_new() else {
      throw ArchiveError.cannotWrite("libarchive could not make an entry")
    }
    defer { library.archive_entry_free(entry) }
    library.archive_entry_set_pathname_utf8(entry, name)
    library.archive_entry_set_filetype(entry, FileType.regular)
    library.archive_entry_set_perm(entry, mode_t(mode))
    library.archive_entry_set_size(entry, size)
    library.archive_entry_set_mtime(entry, time_t(modified), 0)
    guard library.archive_write_header(archive, entry) >= ARCHIVE_WARN else { throw failure() }
  }

  private func writeData(_ bytes: ArraySlice<UInt8>) throws {
    var rest = bytes
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { buffer in
        library.archive_write_data(archive, buffer.baseAddress, min(1 << 16, buffer.count))
      }
      guard written > 0 else { throw failure() }
      rest = rest.dropFirst(written)
    }
  }

  /// Finishes the archive (its last blocks, the zip's directory, gzip's trailer).
  public func close() throws {
    closed = true
    guard library.archive_write_close(archive) == ARCHIVE_OK else { throw failure() }
  }

  private func failure() -> ArchiveError {
    .cannotWrite("cannot write \(path): \(LibArchive.message(library, archive))")
  }
}
