#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX file operations the store needs, with errors as readable strings.
enum FileSystem {
  enum Status: Equatable {
    case missing
    case regular(size: Int64)
    case notRegular
    case unreadable(String)
  }

  /// The directory holding `path` ("." for a bare file name).
  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
  }

  /// Creates `directory` and any missing parents, each readable and writable by the owner
  /// only (0700, less what the umask removes). Directories that exist are left as they are.
  static func createDirectories(_ directory: String) throws {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw FileError("\(directory) is not a directory")
      }
      return
    }
    guard errno == ENOENT else { throw FileError(lastError()) }
    let parent = parentDirectory(of: directory)
    if parent != directory { try createDirectories(parent) }
    guard mkdir(directory, 0o700) == 0 || errno == EEXIST else { throw FileError(lastError()) }
  }

  /// Creates an empty file at `path`, readable and writable by the owner only (0600, less what
  /// the umask removes), unless something is already there; SQLite then gives the store's
  /// `-wal` and `-shm` files the same permissions.
  static func createPrivateFile(_ path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST { return }
      throw FileError(lastError())
    }
    close(descriptor)
  }

  /// What is at `path`, following symbolic links.
  static func status(of path: String) -> Status {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return errno == ENOENT ? .missing : .unreadable(lastError())
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
    return .regular(size: Int64(info.st_size))
  }

  /// Whether anything, even a dangling symbolic link, is at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The size of the regular file at `path`, or 0 when there is none.
  static func size(of path: String) -> Int64 {
    if case .regular(let size) = status(of: path) { return size }
    return 0
  }

  static func isWritableDirectory(_ path: String) -> Bool {
    access(path, W_OK | X_OK) == 0
  }

  /// Whether this process may write the file at `path`.
  static func isWritable(_ path: String) -> Bool {
    access(path, W_OK) == 0
  }

  /// Removes the file at `path`, if there is one; a failure leaves it there, unreported.
  static func remove(_ path: String) {
    unlink(path)
  }

  /// Up to `count` bytes from the start of the file at `path`.
  static func readPrefix(of path: String, count: Int) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(lastError()) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + filled, count - filled)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw FileError(lastError())
      }
      if got == 0 { break }
      filled += got
    }
    return Array(bytes[..<filled])
  }

  /// Renames `source` to `destination`, which must not exist (the caller checks, under the
  /// directory lock).
  static func move(_ source: String, to destination: String) throws {
    guard rename(source, destination) == 0 else { throw FileError(lastError()) }
  }

  /// Runs `body` holding an exclusive `flock` on `directory`, so that only one process at a time
  /// recovers a store there. If the lock cannot be taken, `body` runs anyway.
  static func withExclusiveLock<T>(onDirectory directory: String, _ body: () throws -> T) rethrows
    -> T
  {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }  // NB: closing the descriptor releases the lock.
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    return try body()
  }

  /// `date` in UTC as a compact ISO 8601 basic timestamp, like 20261130T101500Z.
  static func compactTimestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    func padded(_ value: Int?, _ width: Int) -> String {
      let digits = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(parts.year, 4) + padded(parts.month, 2) + padded(parts.day, 2) + "T"
      + padded(parts.hour, 2) + padded(parts.minute, 2) + padded(parts.second, 2) + "Z"
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }

  struct FileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
