internal import CCrypto

#if canImport(Glibc)
  import Glibc
#endif

/// Cryptographically secure random bytes: OpenSSL's `RAND_bytes`, else the kernel's
/// `getrandom`. Callers take this as an injectable `(Int) -> [UInt8]?` so tests can fix it.
public enum SecureRandom {
  /// `count` random bytes, or nil if neither source can supply them.
  public static func bytes(_ count: Int) -> [UInt8]? {
    guard count > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: count)
    if let crypto = LibCrypto.functions, crypto.RAND_bytes(&buffer, Int32(count)) == 1 {
      return buffer
    }
    return kernelBytes(count)
  }

  /// Bytes from `getrandom(2)`, retrying short reads and interruptions.
  static func kernelBytes(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = buffer.withUnsafeMutableBytes { raw in
        getrandom(raw.baseAddress! + filled, count - filled, 0)
      }
      if read < 0 {
        if errno == EINTR { continue }
        return nil
      }
      filled += read
    }
    return buffer
  }
}
