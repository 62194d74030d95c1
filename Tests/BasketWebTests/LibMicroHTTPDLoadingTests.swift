import BasketKit
import Testing

@testable import BasketWeb

/// LibMicroHTTPD is opened on first use: a missing library is an error naming its Debian package.
@Suite struct LibMicroHTTPDLoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibMicroHTTPD.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let result = LibMicroHTTPD.load("libmicrohttpd-not-installed.so")
    let missing = try #require(Self.failure(result))
    #expect(
      missing.description == "basket serve needs libmicrohttpd: apt-get install libmicrohttpd12")
    #expect(missing.reason.contains("libmicrohttpd-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(Self.failure(LibMicroHTTPD.load("libm.so.6")))
    #expect(missing.reason == "MHD_add_response_header")
  }

  static func failure<T>(_ result: Result<T, MissingLibrary>) -> MissingLibrary? {
    if case .failure(let missing) = result { return missing }
    return nil
  }
}
