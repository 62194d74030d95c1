import BasketKit
import Testing

@testable import BasketCrypto
@testable import BasketWeb

/// The cryptography comes from OpenSSL's libcrypto (`BasketCrypto`); these vectors check it is
/// wired up right, and that cookies signed by the hand-written code before it still verify.
@Suite struct CryptoTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheFIPS180Vectors(message: String, digest: String) {
    #expect(HMACSHA256.digest(Array(message.utf8))?.hexString == digest)
  }

  /// RFC 4231 test cases 1, 2, 6 (a key longer than the block) and 7.
  @Test(arguments: [
    (
      [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    ),
    (
      Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    ),
    (
      [UInt8](repeating: 0xaa, count: 131),
      Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    ),
    (
      [UInt8](repeating: 0xaa, count: 131),
      Array(
        "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
          .utf8),
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
    ),
  ])
  func hmacMatchesTheRFC4231Vectors(key: [UInt8], message: [UInt8], mac: String) {
    #expect(HMACSHA256.code(key: key, message: message)?.hexString == mac)
  }

  @Test func anEmptyKeyAndMessageStillGiveACode() {
    // HMAC-SHA-256("", "") from Python's hmac module.
    #expect(
      HMACSHA256.code(key: [], message: [])?.hexString
        == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
  }

  @Test(arguments: [
    ([UInt8](), [UInt8](), true), ([1, 2, 3], [1, 2, 3], true), ([1, 2, 3], [1, 2, 4], false),
    ([1, 2, 3], [1, 2], false), ([0], [], false),
  ])
  func constantTimeComparisonAgreesWithEquality(a: [UInt8], b: [UInt8], equal: Bool) {
    #expect(ConstantTime.equal(a, b) == equal)
  }

  @Test func secureRandomGivesFreshBytesOfTheRightLength() throws {
    let first = try #require(SecureRandom.bytes(32))
    let second = try #require(SecureRandom.bytes(32))
    #expect(first.count == 32)
    #expect(first != second)
    #expect(SecureRandom.bytes(0) == [])
    #expect(try #require(SecureRandom.kernelBytes(16)).count == 16)
  }

  /// Signed by the hand-written SHA-256 code (commit 918a359): `basket serve --secret
  /// fixture-household-secret-2026`, then GET /pair?secret=…, kept verbatim.
  static let oldSecret = "fixture-household-secret-2026"
  static let oldCookie =
    "v1.2e18e8370b06b15dfd7747a28b845c6c.4629a9fbeffefa6b01ab09337e5fe773d038faa1e4d1c612e4e37e684b6760b5"

  @Test func aCookieSignedBeforeTheSwitchToOpenSSLStillVerifies() {
    let harness = Harness(mode: .householdSecret(Self.oldSecret))
    let list = harness.send(
      "GET", "/api/v2/list", headers: ["Cookie": "basket_session=\(Self.oldCookie)"])
    #expect(list.status == 200)
    let tampered = Self.oldCookie.dropLast() + "4"
    #expect(
      harness.send("GET", "/api/v2/list", headers: ["Cookie": "basket_session=\(tampered)"])
        .status == 401)
  }

  @Test func theSameNonceIsSignedAsBefore() {
    let policy = AccessPolicy(mode: .householdSecret(Self.oldSecret))
    let nonce: [UInt8] = [
      0x2e, 0x18, 0xe8, 0x37, 0x0b, 0x06, 0xb1, 0x5d, 0xfd, 0x77, 0x47, 0xa2, 0x8b, 0x84, 0x5c,
      0x6c,
    ]
    #expect(policy.sessionValue(nonce: nonce) == Self.oldCookie)
  }
}
