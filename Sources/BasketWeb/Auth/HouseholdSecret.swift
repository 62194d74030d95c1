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

  /// A household secret needs at least this many characters.
  public static let minimumLength = 8

  /// The secret file's path for a store at `storePath`.
  public static func path(forStore storePath: String) -> String {
    storePath + ".secret"
  }

  static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

  /// A new random secret: 20 characters from an alphabet without look-alikes (about 99 bits),
  /// drawn from `randomBytes` (the system's secure source in production); nil if it fails.
  public static func generate(randomBytes: (Int) -> [UInt8]?) -> String? {
    // NB: Only bytes below the largest multiple of the alphabet's size are used, so every
    // character is equally likely.
    let limit = UInt8(256 / alphabet.count * alphabet.count)
    var characters: [Character] = []
    for _ in 0..<64 {
      guard let bytes = randomBytes(32) else { return nil }
      for byte in bytes where byte < limit && characters.count < 20 {
        characters.append(alphabet[Int(byte) % alphabet.count])
      }
      if characters.count == 20 { return String(characters) }
    }
    return nil
  }

  /// The rule for a secret file: private to its owner, with a secret of at least
  /// `minimumLength` characters on its first line. Returns the secret, or why it can't be used
  /// and how to fix that.
  public static func validate(contents: [UInt8], mode: UInt32, path: String) throws(FileError)
    -> String
  {
    if mode & 0o077 != 0 {
      throw FileError(
        description:
          "the secret file \(path) can be read by other users (mode \(String(mode & 0o777, radix: 8))); make it private with: chmod 600 \(path)"
      )
    }
    let text =
      String(decoding: contents, as: UTF8.self)
      .split(whereSeparator: \.isNewline).first.map { $0.trimmingSpaces() } ?? ""
    guard !text.isEmpty else {
      throw FileError(description: "the secret file \(path) is empty; delete it to make a new one")
    }
    guard text.count >= minimumLength else {
      throw FileError(
        description:
          "the secret in \(path) is shorter than \(minimumLength) characters; write a longer one into it, or delete the file to have one made"
      )
    }
    return String(text)
  }

  /// Reads the secret at `path` (refusing a file others can read, or a short secret), or
  /// creates it (mode 0600, never overwriting) with `make()`. Returns the secret and whether it
  /// was just created.
  public static func loadOrCreate(at path: String, make: () -> String?) throws(FileError) -> (
    secret: String, created: Bool
  ) {
    if let existing = try readSecret(path) { return (existing, false) }
    guard let secret = make() else {
      throw FileError(description: "cannot make a household secret: no secure random source")
    }
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
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw FileError(description: "cannot read the secret file \(path): \(errorText())")
    }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard count >= 0 else {
      throw FileError(description: "cannot read the secret file \(path): \(errorText())")
    }
    return try validate(contents: Array(buffer[..<count]), mode: UInt32(status.st_mode), path: path)
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
