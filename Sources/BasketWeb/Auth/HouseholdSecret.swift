#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The household secret kept beside the store file (`<store>.secret`, mode 0600).
public enum HouseholdSecret {
  /// Why the secret file could not be used.
  public struct FileError: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// The secret file's path for a store at `storePath`.
  public static func path(forStore storePath: String) -> String {
    storePath + ".secret"
  }

  /// A new random secret: 20 characters from an alphabet without look-alikes (about 100 bits).
  public static func generate<R: RandomNumberGenerator>(using random: inout R) -> String {
    let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    return String(
      (0..<20).map { _ in alphabet[Int(random.next(upperBound: UInt(alphabet.count)))] })
  }

  /// Reads the secret at `path`, or creates it (mode 0600, never overwriting) with `make()`.
  /// Returns the secret and whether it was just created.
  public static func loadOrCreate(at path: String, make: () -> String) throws(FileError) -> (
    secret: String, created: Bool
  ) {
    if let existing = try readSecret(path) { return (existing, false) }
    let secret = make()
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd < 0 {
      if errno == EEXIST, let existing = try readSecret(path) { return (existing, false) }
      throw FileError(description: "cannot create the secret file \(path): \(errorText())")
    }
    defer { close(fd) }
    let bytes = Array((secret + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      unlink(path)
      throw FileError(description: "cannot write the secret file \(path): \(errorText())")
    }
    return (secret, true)
  }

  private static func readSecret(_ path: String) throws(FileError) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw FileError(description: "cannot read the secret file \(path): \(errorText())")
    }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard count >= 0 else {
      throw FileError(description: "cannot read the secret file \(path): \(errorText())")
    }
    let text =
      String(decoding: buffer[..<count], as: UTF8.self)
      .split(whereSeparator: \.isNewline).first.map { $0.trimmingSpaces() } ?? ""
    guard !text.isEmpty else {
      throw FileError(description: "the secret file \(path) is empty; delete it to make a new one")
    }
    return String(text)
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
