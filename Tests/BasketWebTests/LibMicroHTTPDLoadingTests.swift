import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

/// LibMicroHTTPD is opened on first use: a missing library is an error naming its Debian package.
@Suite struct LibMicroHTTPDLoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibMicroHTTPD.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let result = LibMicroHTTPD.load("libmicrohttpd-not-installed.so")
    let missing = try #require(result.failure)
    #expect(
      missing.description == "basket serve needs libmicrohttpd: apt-get install libmicrohttpd12")
    #expect(missing.reason.contains("libmicrohttpd-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(LibMicroHTTPD.load("libm.so.6").failure)
    #expect(missing.reason == "MHD_add_response_header")
  }
}
