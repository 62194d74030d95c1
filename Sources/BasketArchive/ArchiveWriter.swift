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

  private let library: basket_archive
  private let archive: OpaquePointer
  private var closed = false
  public let path: String

  /// Starts the archive at `path`.
  ///
  /// - Throws: `MissingLibrary` without libarchive; `ArchiveError.cannotWrite` when something
  ///   is at `path` already or the file can't be made.
  public init(path: String, format: Format) throws {
    library = try LibArchive.functions()
    self.path = path
    // NB: made here, owner-only and exclusive, so libarchive only ever opens our own file.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw ArchiveError.cannotWrite(
        "cannot make \(path): \(String(cString: strerror(errno)))")
    }
    _ = Glibc.close(descriptor)
    guard let archive = library.archive_write_new() else {
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
    guard let entry = library.archive_entry_new() else {
      throw ArchiveError.cannotWrite("libarchive could not make an entry")
    }
    defer { library.archive_entry_free(entry) }
    library.archive_entry_set_pathname_utf8(entry, name)
    library.archive_entry_set_filetype(entry, FileType.regular)
    library.archive_entry_set_perm(entry, mode_t(mode))
    library.archive_entry_set_size(entry, Int64(bytes.count))
    library.archive_entry_set_mtime(entry, time_t(modified), 0)
    guard library.archive_write_header(archive, entry) >= ARCHIVE_WARN else {
      throw failure()
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        library.archive_write_data(
          archive, buffer.baseAddress! + offset, min(1 << 16, buffer.count - offset))
      }
      guard written > 0 else { throw failure() }
      offset += written
    }
    guard library.archive_write_finish_entry(archive) >= ARCHIVE_WARN else { throw failure() }
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
