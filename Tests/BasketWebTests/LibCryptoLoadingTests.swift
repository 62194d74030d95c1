import BasketKit
import BasketTestSupport
import Testing

@testable import BasketCrypto

/// libcrypto is opened on first use: a missing library is an error naming its Debian package,
/// and the signing, digest and comparison that need it answer "no" rather than crash.
@Suite struct LibCryptoLoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibCrypto.loaded.get()
    try LibCrypto.require()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let missing = try #require(LibCrypto.load("libcrypto-not-installed.so").failure)
    #expect(
      missing.description == "signing and checking secrets needs libcrypto: apt-get install libssl3"
    )
    #expect(missing.reason.contains("libcrypto-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(LibCrypto.load("libm.so.6").failure)
    #expect(missing.reason == "ASN1_INTEGER_set_uint64")
  }
}
