#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file argument names, looked at without opening it: opening a FIFO or a device blocks
/// or reads forever, so every command that reads a file asks here first.
enum FileArgument {
  enum Kind: Equatable {
    case missing
    case regular(size: Int)
    case folder
    /// A FIFO, socket or device.
    case other
  }

  static func kind(of path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(size: Int(info.st_size))
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// Checks `path` names a regular file that can be read, and returns its size.
  ///
  /// - Throws: `InputError` saying what `path` is instead (missing, a folder, a FIFO, device
  ///   or socket, unreadable). `wanted` says what to give instead: "a saved page or a text file".
  @discardableResult
  static func readable(_ path: String, wanted: String) throws -> Int {
    switch kind(of: path) {
    case .missing:
      throw InputError(message: "there is no file \(path)")
    case .folder:
      throw InputError(message: "\(path) is a folder; give \(wanted)")
    case .other:
      throw InputError(
        message: "\(path) is not a regular file (a pipe, socket or device); give \(wanted)")
    case .regular(let size):
      guard access(path, R_OK) == 0 else {
        throw InputError(message: "cannot read \(path): permission denied")
      }
      return size
    }
  }
}
