internal import CCrypto

/// Comparison whose running time does not depend on where two byte strings differ.
public enum ConstantTime {
  /// Whether `a` and `b` are equal, compared with libcrypto's `CRYPTO_memcmp` (false
  /// when libcrypto is missing). Only the
  /// lengths (which are public here: fixed-size codes) can shorten the comparison.
  public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    if a.isEmpty { return true }
    guard let crypto = LibCrypto.functions else { return false }
    return a.withUnsafeBytes { left in
      b.withUnsafeBytes { right in
        crypto.CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
      }
    }
  }
}
