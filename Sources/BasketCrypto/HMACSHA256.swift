internal import CCrypto

/// HMAC-SHA-256 (RFC 2104) and SHA-256 (FIPS 180-4), computed by OpenSSL's libcrypto.
///
/// Small inputs (secrets, cookie values) are the use here; nothing is cached between calls.
public enum HMACSHA256 {
  /// The 32-byte authentication code of `message` under `key`, or nil if libcrypto fails or is missing.
  public static func code(key: some Collection<UInt8>, message: some Collection<UInt8>)
    -> [UInt8]?
  {
    guard let crypto = LibCrypto.functions else { return nil }
    // NB: never a null key pointer, even for an empty key: OpenSSL 3 refuses it.
    let key = Array(key) + [0]
    let message = Array(message)
    var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let result = key.withUnsafeBytes { keyBytes in
      message.withUnsafeBufferPointer { messageBytes in
        crypto.HMAC(
          crypto.EVP_sha256(), keyBytes.baseAddress, Int32(key.count - 1), messageBytes.baseAddress,
          messageBytes.count, &output, &length)
      }
    }
    guard result != nil, length == 32 else { return nil }
    return Array(output.prefix(32))
  }

  /// The 32-byte SHA-256 digest of `message`, or nil if libcrypto fails or is missing.
  public static func digest(_ message: some Collection<UInt8>) -> [UInt8]? {
    guard let crypto = LibCrypto.functions else { return nil }
    let message = Array(message) + [0]
    var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let status = message.withUnsafeBytes { bytes in
      crypto.EVP_Digest(
        bytes.baseAddress, bytes.count - 1, &output, &length, crypto.EVP_sha256(), nil)
    }
    guard status == 1, length == 32 else { return nil }
    return Array(output.prefix(32))
  }
}
